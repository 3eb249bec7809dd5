#!/usr/bin/env bash
# Report test in a real browser: a tiny sweep scored by the bundled baseline, its report loaded by
# headless Chromium (from Debian). Passes when the page's image check (index.html records
# data-images="decoded/total" on <body> after load) says every image decoded, and a screenshot
# was taken (WORK_DIR/screenshot.png).
#   usage: report_in_browser.sh BLINDSPOT_CLI SOURCE_DIR WORK_DIR
set -euo pipefail
cli="$1"
src="$2"
work="$3"
rm -rf "$work"
mkdir -p "$work"
cat >"$work/tiny.json" <<'JSON'
{"name": "browser-test", "lidar": "hdl64e", "sampler": {"type": "grid"},
 "dimensions": {"car_model": {"value": "sedan"}, "x": {"values": [8, 16]}, "y": {"values": [-2, 2]},
   "background": {"values": ["urban-01"]}, "color": {"values": ["white", "black"]}}}
JSON
"$cli" sweep "$work/tiny.json" -o "$work/run" --jobs 2 --model "$src/models/checkpoints/baseline" 2>/dev/null
"$cli" report "$work/run" -o "$work/report" --worst 4

chromium="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chromium" ]; then
    echo "FAIL: chromium is not installed (scripts/install-deps.sh installs it)"
    exit 1
fi
flags=(--headless --no-sandbox --disable-gpu --disable-background-networking
    --user-data-dir="$work/profile" --virtual-time-budget=5000)
page="file://$work/report/index.html"
dom="$(timeout 120 "$chromium" "${flags[@]}" --dump-dom "$page" 2>/dev/null)"
state="$(grep -o 'data-images="[0-9]*/[0-9]*"' <<<"$dom" | head -n 1 || true)"
expected="$(grep -o '<img ' "$work/report/index.html" | wc -l)"
echo "images in the page: $expected; browser says: ${state:-nothing (page script did not run)}"
if [ "$expected" -lt 5 ] || [ "$state" != "data-images=\"$expected/$expected\"" ]; then
    echo "FAIL: not every image decoded"
    exit 1
fi
timeout 120 "$chromium" "${flags[@]}" --window-size=1400,2400 --screenshot="$work/screenshot.png" \
    "$page" >/dev/null 2>&1
size="$(stat -c %s "$work/screenshot.png" 2>/dev/null || echo 0)"
echo "screenshot: $work/screenshot.png ($size bytes)"
[ "$size" -gt 10000 ] || { echo "FAIL: no screenshot"; exit 1; }
echo PASS
