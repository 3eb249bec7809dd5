#!/usr/bin/env bash
# The history of nights (issue 17): five nights of one config, the fifth with a regression
# planted in 3 map cells. `history add` records them, `history report` draws the trend page,
# headless Chromium loads it: 5 points per class, exactly the 3 planted cells listed as
# regressed, every image decoded. `report --gate-history` exits 6 on the fifth night and 0 on
# the fourth.
#   usage: history_in_browser.sh BLINDSPOT_CLI SOURCE_DIR WORK_DIR
set -euo pipefail
cli="$1"
src="$2"
work="$3"
rm -rf "$work"
mkdir -p "$work"
cat >"$work/night.json" <<'JSON'
{"name": "history-test", "lidar": "hdl64e", "sampler": {"type": "grid"},
 "dimensions": {"car_model": {"value": "sedan"}, "x": {"values": [8, 12, 16]}, "y": {"values": [-2, 2]},
   "background": {"values": ["urban-01", "urban-02", "urban-03"]}}}
JSON
"$cli" sweep "$work/night.json" -o "$work/run" --jobs 2 2>/dev/null

# The metrics are computed from TP/FP/FN. Nights 1-4 jitter every class's FP by a few points;
# night 5 misses half of the true positives of every scene in the cells (x 8, y -2), (x 12, y 2)
# and (x 16, y -2).
for k in 1 2 3 4 5; do
    cp -r "$work/run" "$work/night$k"
    /usr/bin/python3 - "$work/night$k/results.sqlite" "$k" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
k = int(sys.argv[2])
db.execute("UPDATE scene_class SET fp = fp + ?", (k,))
if k == 5:
    planted = [(8, -2), (12, 2), (16, -2)]
    for x, y in planted:
        db.execute("UPDATE scene_class SET fn = fn + tp / 2, tp = tp - tp / 2 WHERE "
                   "scene_id IN (SELECT scene_id FROM scene WHERE x_m = ? AND y_m = ?)", (x, y))
db.commit()
PY
    "$cli" report "$work/night$k" -o "$work/report$k" --worst 2 >/dev/null
    "$cli" history add "$work/night$k" --store "$work/history.sqlite" --label "2026-11-2$k" \
        --report "$work/report$k"
done
"$cli" history report "$work/history.sqlite" -o "$work/page" --fail-on-drop 0.1

chromium="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$chromium" ] || { echo "FAIL: chromium is not installed (scripts/install-deps.sh)"; exit 1; }
flags=(--headless --no-sandbox --disable-gpu --disable-background-networking
    --user-data-dir="$work/profile" --virtual-time-budget=5000)
page="file://$work/page/index.html"
dom="$(timeout 120 "$chromium" "${flags[@]}" --dump-dom "$page" 2>/dev/null)"
state="$(grep -o 'data-images="[0-9]*/[0-9]*"' <<<"$dom" | head -n 1 || true)"
echo "images: ${state:-none (the page script did not run)}"
[ "$state" = 'data-images="5/5"' ] || { echo "FAIL: expected 5 decoded nightly maps"; exit 1; }
classes=$(grep -o 'class="point" data-class="[^"]*"' <<<"$dom" | sort | uniq -c)
echo "points per class:"
echo "$classes"
[ -n "$classes" ] || { echo "FAIL: no points"; exit 1; }
if awk '$1 != 5 {bad = 1} END {exit !bad}' <<<"$classes"; then
    echo "FAIL: expected 5 points per class"
    exit 1
fi
cells=$(grep -o 'class="regressed" data-x="[^"]*" data-y="[^"]*"' <<<"$dom" |
    sed -E 's/.*data-x="([^"]*)" data-y="([^"]*)"/\1,\2/' | sort | tr '\n' ' ')
echo "regressed cells: $cells"
[ "$cells" = "12,2 16,-2 8,-2 " ] || { echo "FAIL: expected exactly 12,2 16,-2 8,-2"; exit 1; }
grep -q "href=\"../report5/index.html\"" <<<"$dom" || { echo "FAIL: no link to night 5's report"; exit 1; }

set +e
"$cli" report "$work/night4" -o "$work/gate4" --gate-history "$work/history.sqlite" --window 3 \
    --fail-on-drop 0.1 >"$work/gate4.txt"
rc4=$?
"$cli" report "$work/night5" -o "$work/gate5" --gate-history "$work/history.sqlite" --window 4 \
    --fail-on-drop 0.1 >"$work/gate5.txt" 2>&1
rc5=$?
set -e
grep -i gate "$work/gate4.txt" "$work/gate5.txt"
[ $rc4 -eq 0 ] || { echo "FAIL: night 4 failed its gate (exit $rc4)"; exit 1; }
[ $rc5 -eq 6 ] || { echo "FAIL: night 5 passed its gate (exit $rc5, expected 6)"; exit 1; }
timeout 120 "$chromium" "${flags[@]}" --window-size=1280,1600 --screenshot="$work/screenshot.png" \
    "$page" >/dev/null 2>&1 || true
echo PASS
