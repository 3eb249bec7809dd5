#!/usr/bin/env bash
# Installs the Debian packages, builds everything and runs the whole test suite (CTest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
