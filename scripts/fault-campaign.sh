#!/usr/bin/env bash
# The full fault campaign (issue 19, docs/reliability.md): 20 kill -9 at seeded moments during each
# writing command (sweep, merge, export, generate, train, report), seed 19, then the full-disk and
# read-only campaign (root only; skipped otherwise). The suite runs a 4-kill sample of the first
# with a fresh seed it prints (Faults.KillNineAnywhere); this is the whole of it.
# About 5 minutes on 2 cores.
#   usage: scripts/fault-campaign.sh [KILLS] [SEED]      env: BLINDSPOT_CLI (build/bin/blindspot)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
kills=${1:-20} seed=${2:-19}
cli="${BLINDSPOT_CLI:-$root/build/bin/blindspot}"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
work="$root/out/fault-campaign"
start=$SECONDS
/usr/bin/python3 "$root/tests/app/fault_campaign.py" kill "$cli" "$work/kill" \
    --kills "$kills" --seed "$seed"
rc=0
/usr/bin/python3 "$root/tests/app/fault_campaign.py" diskfull "$cli" "$work/disk" || rc=$?
[ "$rc" -eq 0 ] || [ "$rc" -eq 77 ] || exit "$rc"
echo "fault-campaign: passed in $((SECONDS - start)) s ($kills kills a command, seed $seed)"
