#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader (issue 19): builds the libFuzzer targets with clang
# (ASan + UBSan, build-fuzz/) and runs each one for SECONDS (default 60), JOBS at a time
# (default: the number of cores), starting from the committed seeds in tests/fuzz/corpus/.
#
#   scripts/fuzz.sh [SECONDS] [--runs N] [--jobs J] [--only TARGET] [--out DIR] [-- FLAGS...]
#
# FLAGS after -- go to every libFuzzer run as they are (e.g. -- -detect_leaks=0, which the long
# fuzz_weights run needs: see docs/reliability.md).
#
# --runs N stops a target after N executions even if SECONDS are left. New corpus entries and
# findings go to DIR (default fuzz-out/): DIR/corpus/TARGET/, DIR/findings/TARGET/ (crash-*,
# leak-*, timeout-*, oom-*), DIR/logs/TARGET.log. Prints executions, coverage and findings per
# target; exits 1 if any target found anything. A finding becomes a regression test by copying
# its input to tests/fuzz/regressions/TARGET/ (CTest replays those in every build).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60 runs=-1 jobs=$(nproc) only="" out=fuzz-out extra=""
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --) shift; extra="$*"; break ;;
        [0-9]*) seconds=$1; shift ;;
        *) echo "fuzz.sh: unknown argument $1 (expected SECONDS, --runs N, --jobs J, --only TARGET, --out DIR, -- FLAGS)" >&2; exit 2 ;;
    esac
done

if [ ! -f build-fuzz/build.ninja ]; then
    CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS=-g1 -DBLINDSPOT_FUZZ=ON >/dev/null
fi
# Quiet on success; on failure the compiler output is what CI must show.
cmake --build build-fuzz --target fuzz_targets >"${TMPDIR:-/tmp}/fuzz-build.$$.log" 2>&1 ||
    { cat "${TMPDIR:-/tmp}/fuzz-build.$$.log" >&2; echo "fuzz.sh: the fuzz build failed" >&2; exit 1; }

targets=$(sed -n '/^set(FUZZ_TARGETS/,/)/p' tests/fuzz/CMakeLists.txt | tr -d '()' | tr ' ' '\n' |
    grep '^fuzz_' || true)
[ -z "$only" ] || targets=$only
mkdir -p "$out/logs"

fuzz_one() {
    local t=$1
    mkdir -p "$out/corpus/$t" "$out/findings/$t"
    # The results store's seed is a whole SQLite file; other inputs stay small.
    build-fuzz/tests/fuzz/"$t" "$out/corpus/$t" "tests/fuzz/corpus/$t" \
        -max_total_time="$seconds" -runs="$runs" -timeout=20 -rss_limit_mb=2560 \
        -print_final_stats=1 -artifact_prefix="$out/findings/$t/" $extra >"$out/logs/$t.log" 2>&1 || true
}
# Third-party suppressions only (tests/sanitizers); UBSan findings abort like ASan's. An
# allocation over 256 MB from a fuzz input (at most a few kB) is a finding; it fails in ASan instead of reaching
# libFuzzer's malloc limit (which would also fire inside the loaders' probe child).
export ASAN_OPTIONS=${ASAN_OPTIONS:-max_allocation_size_mb=256}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-suppressions=$PWD/tests/sanitizers/ubsan.supp:print_stacktrace=1:halt_on_error=1}
export -f fuzz_one
export out seconds runs extra
printf '%s\n' $targets | xargs -P "$jobs" -I{} bash -c 'fuzz_one {}'

printf '%-20s %12s %8s %7s %8s %7s %s\n' target executions exec/s edges features corpus findings
found=0
for t in $targets; do
    log=$out/logs/$t.log
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -1)
    rate=$(awk '/stat::average_exec_per_sec:/ {print $2}' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
    # libFuzzer also writes slow-unit-* (a unit over -report_slow_units, 10 s) there: a note, not
    # a failure; an input slower than -timeout is a timeout-* finding.
    n=$(find "$out/findings/$t" -type f ! -name 'slow-unit-*' | wc -l)
    found=$((found + n))
    printf '%-20s %12s %8s %7s %8s %7s %s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
        "${corp:-?}" "$n"
done
# CI keeps nothing but this output, so each finding is shown in full: what the sanitizer or
# libFuzzer said, and the input itself (base64; a few kB at most) to replay it with.
for f in $(find "$out/findings" -type f | sort); do
    t=$(basename "$(dirname "$f")")
    echo "== $f ($(stat -c %s "$f") bytes)" >&2
    grep -E 'ERROR|SUMMARY|Slowest unit|terminate|what\(\)' "$out/logs/$t.log" | head -20 >&2 || true
    base64 -w 100 "$f" | head -100 >&2
done
[ "$found" -eq 0 ] || { echo "fuzz.sh: $found finding(s) under $out/findings" >&2; exit 1; }
