#!/usr/bin/env bash
# Installs the Debian packages, builds everything and runs the whole test suite (CTest), printing
# how long each stage took. On 2 cores: about 10 minutes with a cold ccache once the packages are
# installed, of which the build takes about 4.9 and the suite 5.3 (docs/setup.md). The quick
# loop is `ctest --test-dir build -L unit`; the labels are listed in docs/reliability.md.
set -euo pipefail
cd "$(dirname "$0")/.."
stage_start=$SECONDS
summary="test.sh:"
stage_done() {
    summary+=" $1 $((SECONDS - stage_start)) s;"
    echo "test.sh: $1 took $((SECONDS - stage_start)) s"
    stage_start=$SECONDS
}
trap 'echo "$summary"' EXIT
scripts/install-deps.sh
stage_done install
scripts/build.sh
stage_done build
ctest --test-dir build --output-on-failure -j "$(nproc)"
stage_done tests
