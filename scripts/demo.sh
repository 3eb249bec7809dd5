#!/usr/bin/env bash
# The main job: installs the Debian packages, builds, then scans a generated urban street with two
# target cars (KITTI HDL-64E) into out/demo/scene, and the hand-made example street into
# out/demo/street, and runs the demo sweep (90 scenes: a car at 5..45 m in clear air and in fog,
# scored by the bundled SqueezeSeg baseline) into out/demo/sweep, and records a 10 s drive with
# traffic into out/demo/drive. The report's map is range x fog: where the network stops finding
# the car.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
bin=build/bin/blindspot
$bin lidar --preset hdl64e | tail -n 1
$bin scene --background urban-01 --car sedan:x=9,y=-2,yaw=0,color=red --car suv:x=15,y=3,yaw=180,color=black \
    --lidar hdl64e --camera -o out/demo/scene
$bin scan scenes/examples/street.json --lidar hdl64e -o out/demo/street
# The demo sweep: a sedan ahead in clear air and four fogs on two backgrounds, scored by the
# bundled baseline checkpoint (models/checkpoints/baseline, the default --model).
$bin sweep sweep/configs/demo-fog.json -o out/demo/sweep
$bin export-csv out/demo/sweep -o out/demo/sweep/results.csv
echo "demo: wrote $(pwd)/out/demo (bev.png for a quick look; scan.pcd and scene.ply open in CloudCompare/MeshLab)"
# A 10 s drive through the town with traffic, in the KITTI odometry layout (docs/drive.md).
$bin drive drive/configs/demo.json -o out/demo/drive --no-progress
$bin report out/demo/sweep -o out/demo/report --dims x_m,weather
