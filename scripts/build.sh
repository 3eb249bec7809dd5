#!/usr/bin/env bash
# Configures and builds blindspot (Release, Ninja, ccache) into ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
