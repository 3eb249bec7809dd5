#!/usr/bin/env bash
# The .deb from CPack, unpacked into a temporary root, runs from another directory: it finds its
# cars, configs and baseline under ROOT/usr/share/blindspot, not in the source tree.
# Usage: deb_install.sh BUILD_DIR SOURCE_DIR WORK_DIR [SANITIZERS]
set -euo pipefail
build=$1 source=$2 work=$3 sanitizers=${4:-}
rm -rf "$work" && mkdir -p "$work/pkg" "$work/root" "$work/elsewhere"
(cd "$build" && cpack -G DEB -B "$work/pkg" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/pkg/blindspot_*.deb)
dpkg-deb --info "$deb" | grep -E "Package|Version|Depends" | cut -c1-160
dpkg-deb -x "$deb" "$work/root"
cli="$work/root/usr/bin/blindspot"
if [ -n "$sanitizers" ]; then
    # ASan and UBSan compile each source file's path into their reports; the release build, which
    # is the one packaged, checks that no source path is compiled in.
    echo "sanitizer build ($sanitizers): source-path check left to the release build"
elif grep -a -q -F "$source" "$cli"; then
    echo "FAIL: the installed binary contains the source path $source"; exit 1
fi
for d in cars configs examples models/baseline; do
    [ -e "$work/root/usr/share/blindspot/$d" ] || { echo "FAIL: no share/blindspot/$d"; exit 1; }
done
cd "$work/elsewhere"
env -u BLINDSPOT_DATA_DIR "$cli" lidar --list
cat > two.json <<'JSON'
{"name": "two", "lidar": "hdl64e", "sampler": {"type": "grid"},
 "dimensions": {"x_m": {"values": [8, 14]}, "background": {"value": "urban-01"}}}
JSON
env -u BLINDSPOT_DATA_DIR "$cli" sweep two.json -o run
scenes=$(/usr/bin/python3 -c "import sqlite3; print(sqlite3.connect('run/results.sqlite').execute('select count(*) from scene_class where class = \"car\" and iou is not null').fetchone()[0])")
[ "$scenes" = 2 ] || { echo "FAIL: expected 2 scored scenes, got $scenes"; exit 1; }
# A data directory elsewhere is used for every kind of data when BLINDSPOT_DATA_DIR says so.
if BLINDSPOT_DATA_DIR="$work/nowhere" "$cli" sweep two.json -o run2 2>err.txt; then
    echo "FAIL: a missing BLINDSPOT_DATA_DIR was not noticed"; exit 1
fi
grep -q "nowhere" err.txt
echo "deb install: OK ($scenes scenes scored from $(pwd))"
