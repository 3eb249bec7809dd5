#!/usr/bin/env bash
# The committed seed corpus is our writers' output: fuzz_make_corpus writes it again and every
# seed it writes is byte-identical to the committed one (numpy's and torch's seeds are not ours).
set -euo pipefail
maker=$1 src=$2 out=$3
rm -rf "$out"
"$maker" "$src" "$out"
n=0
for f in $(cd "$out" && find . -type f | sort); do
    cmp "$out/$f" "$src/tests/fuzz/corpus/$f" || { echo "FAIL: $f differs from the committed seed"; exit 1; }
    n=$((n + 1))
done
echo "$n seeds identical to tests/fuzz/corpus"
