#!/usr/bin/env bash
# The paper sweep (sweep/configs/paper-xy.json, 1,050 scenes, default flags) with the bundled
# baseline in process against the same weights served from PyTorch eager through the persistent
# range-image worker (models/external/squeezeseg_eager.json; issue 34's 1.2x target). Runs
# alternate, each into a fresh run directory (nothing cached), and the medians are compared in the
# same session. Then every scene x class row of the last pair is compared (Python's sqlite3).
#
# Usage: bench/paper_sweep_worker.sh BLINDSPOT [WORK_DIR] [RUNS]   (default RUNS: 3)
set -euo pipefail
cli=$(realpath "$1")
work=$(realpath -m "${2:-/tmp/blindspot-paper-worker}")
runs=${3:-3}
src=$(cd "$(dirname "$0")/.." && pwd)
config="$src/sweep/configs/paper-xy.json"
worker="external:$src/models/external/squeezeseg_eager.json"
rm -rf "$work"
mkdir -p "$work"
seconds() {  # RUN_DIR [--model M]: wall seconds of one sweep
    local start end
    start=$(date +%s.%N)
    "$cli" sweep "$config" -o "$@" >/dev/null 2>"$1.log" || { cat "$1.log" >&2; exit 1; }
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
native=() eager=()
for i in $(seq 1 "$runs"); do
    native+=("$(seconds "$work/native-$i")")
    eager+=("$(seconds "$work/eager-$i" --model "$worker")")
    echo "run $i: in process ${native[-1]} s, persistent worker ${eager[-1]} s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
n=$(median "${native[@]}") e=$(median "${eager[@]}")
echo "median: in process $n s, persistent worker $e s, ratio $(echo "scale=3; $e / $n" | bc)"
/usr/bin/python3 - "$work/native-$runs" "$work/eager-$runs" <<'PY'
import sqlite3, sys
def rows(run):
    db = sqlite3.connect(f"file:{run}/results.sqlite?mode=ro", uri=True)
    return dict(((s, c), (tp, fp, fn)) for s, c, tp, fp, fn in
                db.execute("SELECT scene_id, class, tp, fp, fn FROM scene_class"))
a, b = rows(sys.argv[1]), rows(sys.argv[2])
differ = [k for k in a if a[k] != b.get(k)]
print(f"rows: {len(a)} in process, {len(b)} through the worker, {len(differ)} differ")
for k in differ[:20]:
    print("  ", k, a[k], b.get(k))
PY
