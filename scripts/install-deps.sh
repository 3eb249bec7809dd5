#!/usr/bin/env bash
# Installs every Debian package blindspot needs. Idempotent: apt-get skips what is present.
# Usage: scripts/install-deps.sh   (as root, or with sudo available)
set -euo pipefail

packages=(
    build-essential cmake ninja-build ccache pkg-config
    libembree-dev libeigen3-dev libopencv-dev nlohmann-json3-dev libcli11-dev
    libgtest-dev libsqlite3-dev libassimp-dev libboost-dev libyaml-cpp-dev libzstd-dev zstd
    libnanoflann-dev
    libtorch-dev python3-torch python3-numpy python3-pandas python3-open3d
    chromium
    slurm-wlm munge python3-yaml
    clang-14 libclang-rt-14-dev
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#packages[@]} packages present"
    exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
