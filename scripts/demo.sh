#!/usr/bin/env bash
# The main job: installs the Debian packages, builds, and ray-casts a labelled demo scan of the
# example street with the KITTI HDL-64E preset into out/demo.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
build/sweep/blindspot lidar --preset hdl64e | tail -n 1
build/sweep/blindspot scan scenes/examples/street.json --lidar hdl64e -o out/demo
echo "demo: wrote $(pwd)/out/demo (open scan.pcd or scan.ply in CloudCompare/MeshLab)"
