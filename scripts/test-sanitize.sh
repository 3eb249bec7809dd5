#!/usr/bin/env bash
# CI's second stage (issue 19), after scripts/test.sh: the sanitizer suite in a build with
# AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/), then every libFuzzer target for
# FUZZ_SECONDS (default 20) from its seed corpus (build-fuzz/, clang). Any sanitizer report fails.
# The sanitizer suite is every GoogleTest test, every fuzz target's replay and the end-to-end
# tests whose code paths no unit test reaches; docs/reliability.md lists which run where.
# Third-party findings we cannot fix go in tests/sanitizers/*.supp, one reason per entry.
# About 26 minutes on 2 cores with a cold ccache (build 12, suite 7.6, fuzzing 6.5; README, "Set up").
set -euo pipefail
cd "$(dirname "$0")/.."
supp=$PWD/tests/sanitizers
stage_start=$SECONDS
summary="test-sanitize.sh:"
stage_done() {
    summary+=" $1 $((SECONDS - stage_start)) s;"
    echo "test-sanitize.sh: $1 took $((SECONDS - stage_start)) s"
    stage_start=$SECONDS
}
trap 'echo "$summary"' EXIT
# -O2 with line tables only (-g1): optimised enough for the ray-casting tests, with a line number
# in every report, and faster to compile than full debug information. Only what the stage runs is
# built (the benches are not).
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DBLINDSPOT_SANITIZE=address,undefined >/dev/null
cmake --build build-asan --target blindspot blindspot_tests blindspot_model_tests fuzz_replay \
    fuzz_make_corpus store_openers_stress
stage_done "sanitizer build"
# max_allocation_size_mb: the weights regression that declares 32 GB must fail its allocation in
# the probe's child at once on a machine with more memory than ours, not zero 32 GB first.
# intercept_tls_get_addr=0: the CLI dlopen()s LibTorch's half, whose thread-local storage is
# dynamic; LeakSanitizer's tracking of such blocks takes some of them for an old glibc's layout and
# crashes now and then at exit ("Tracer caught signal 11", google/sanitizers#1322). Without it the
# blocks are ordinary heap chunks reached through each thread's DTV, so they are still scanned.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0:max_allocation_size_mb=4096:intercept_tls_get_addr=0"
export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="suppressions=$supp/ubsan.supp:print_stacktrace=1:halt_on_error=1"
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" --timeout 1500
stage_done "sanitizer suite"
scripts/fuzz.sh "${FUZZ_SECONDS:-20}"
stage_done "fuzz build and run"
