#!/usr/bin/env bash
# Car returns against fog density and paint colour with the physical LiDAR model: one sedan at
# x = 30 m (ego frame) on urban-01, HDL-64E. Prints a Markdown table (docs/weather.md).
#   usage: scripts/weather-table.sh [X_M]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="$root/build/bin/blindspot"
x="${1:-30}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
colors=(white silver red blue black)
printf '| fog alpha [1/m] (visibility) |'
for c in "${colors[@]}"; do printf ' %s |' "$c"; done
printf '\n|---|'
for c in "${colors[@]}"; do printf -- '---|'; done
printf '\n'
for a in 0 0.005 0.01 0.02 0.03 0.06; do
    if [ "$a" = 0 ]; then vis="clear"; else vis="$(awk -v a="$a" 'BEGIN{printf "%.0f m", log(20)/a}')"; fi
    printf '| %s (%s) |' "$a" "$vis"
    for c in "${colors[@]}"; do
        n="$("$cli" scene --background urban-01 --car "sedan:x=$x,y=0,yaw=0,color=$c" --physical \
            --weather "fog:$a" -o "$tmp/s" | sed -n 's/^  car 0 sedan: \([0-9]*\) points.*/\1/p')"
        printf ' %s |' "$n"
    done
    printf '\n'
done
