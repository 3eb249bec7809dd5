"""Fault campaign (issue 19): every writing command survives kill -9 and a full disk.

  fault_campaign.py kill BLINDSPOT WORK [--kills N] [--seed S] [--only CMD[,CMD...]]
  (the suite runs a sample, 3 kills a command with a fresh seed that it prints first;
   scripts/fault-campaign.sh runs the full campaign: 20 kills a command, seed 19)
  fault_campaign.py diskfull BLINDSPOT WORK [--only CMD[,CMD...]]

kill: per command, a reference run, then N kill -9 at seeded random moments (uniform over the
reference's wall time). After each kill the same command runs again (train with --resume); every
5 kills, after the last kill, and whenever a re-run finishes before its kill, the finished output
is compared with the reference: identical store rows (wall-clock columns aside), byte-identical files, no extra files.

diskfull (root: mounts tmpfs): per command, the output goes to a tmpfs too small for it. The
command must exit non-zero with one line naming a file on that tmpfs, and leave no temporary and
no file that differs from the reference (nothing half-written). Remounted read-only, the re-run
fails the same way. After the tmpfs grows, the same command completes and equals the reference. Exit 77 (CTest skip) where mounting is not allowed.
"""
import argparse
import filecmp
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time

VOLATILE = {"seconds", "started_at", "finished_at"}  # wall-clock columns of the store
TINY = """{"name": "faults-tiny", "lidar": "squeezeseg-front", "sampler": {"type": "grid"},
 "dimensions": {"car_model": {"value": "sedan"}, "x_m": {"values": [8, 12, 16]},
  "y_m": {"values": [-2, 2]}, "background": {"value": "urban-01"}}}
"""


def run(cli, args, check=True):
    p = subprocess.run([cli] + args, capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit(f"FAIL: blindspot {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    return p


def store_rows(path):
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    out = {}
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name"):
        cur = db.execute(f'SELECT * FROM "{table}"')
        keep = [i for i, d in enumerate(cur.description) if d[0] not in VOLATILE]
        out[table] = sorted(repr(tuple(r[i] for i in keep)) for r in cur.fetchall())
    db.close()
    return out


# SQLite's own side files: a reader (this script) may leave -wal and -shm behind; rows are compared.
# A sweep's lock (RUN/sweep.lock, docs/results-store.md) is no result: it names its last holder's
# pid and start time, which differ from run to run.
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal", "sweep.lock")


def files_under(root):
    found = set()
    for d, _, names in os.walk(root):
        for n in names:
            if not n.endswith(SQLITE_SIDE_FILES):
                found.add(os.path.relpath(os.path.join(d, n), root))
    return found


def differences(ref, out):
    """What differs between two outputs (directories), or [] when they are identical."""
    a, b = files_under(ref), files_under(out)
    diffs = [f"missing {f}" for f in sorted(a - b)] + [f"extra {f}" for f in sorted(b - a)]
    for f in sorted(a & b):
        if f.endswith("results.sqlite"):
            if store_rows(os.path.join(ref, f)) != store_rows(os.path.join(out, f)):
                diffs.append(f"store rows differ in {f}")
        elif not filecmp.cmp(os.path.join(ref, f), os.path.join(out, f), shallow=False):
            diffs.append(f"bytes differ in {f}")
    return diffs


class Command:
    """One command of the campaign: args(out, again) builds its arguments for output dir `out`."""

    def __init__(self, name, args):
        self.name, self.args = name, args


def commands(work):
    data = os.path.join(work, "data")
    return [
        Command("sweep", lambda out, again: ["sweep", f"{data}/tiny.json", "-o", out]),
        Command("merge", lambda out, again: ["merge", f"{data}/shard0", f"{data}/shard1", "-o", out]),
        Command("export", lambda out, again: ["export", f"{data}/run", "--selection",
                                              f"{data}/selection.json", "--backgrounds",
                                              "urban-02,urban-03", "-o", out]),
        Command("generate", lambda out, again: ["generate", "--scans", "12", "--backgrounds",
                                                "urban-01", "--lidar", "squeezeseg-front",
                                                "-o", out]),
        Command("train", lambda out, again: ["train", "--data", f"{data}/train", "--val",
                                             f"{data}/train", "--epochs", "3", "--batch", "2",
                                             "--crop-cols", "32", "--threads", "1", "--quiet",
                                             "-o", out] + (["--resume"] if again else [])),
        Command("report", lambda out, again: ["report", f"{data}/run", "-o", out]),
    ]


def prepare(cli, work, names):
    """The inputs of the commands in `names`, and only those."""
    data = os.path.join(work, "data")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(data)
    with open(f"{data}/tiny.json", "w") as f:
        f.write(TINY)
    if names & {"export", "report"}:
        run(cli, ["sweep", f"{data}/tiny.json", "-o", f"{data}/run"])
    if "merge" in names:
        for i in (0, 1):
            run(cli, ["sweep", f"{data}/tiny.json", "--shard", f"{i}/2",
                      "-o", f"{data}/shard{i}"])
    if "export" in names:
        run(cli, ["select", f"{data}/run", "--below", "0.95", "-o", f"{data}/selection.json"])
    if "train" in names:
        run(cli, ["generate", "--scans", "4", "--backgrounds", "urban-02", "--lidar",
                  "squeezeseg-front", "--seed", "7", "-o", f"{data}/train"])


def reference(cli, cmd, work):
    out = os.path.join(work, "ref", cmd.name)
    start = time.monotonic()
    run(cli, cmd.args(out, False))
    return out, time.monotonic() - start


def kill_campaign(cli, work, cmd, kills, rng):
    ref, seconds = reference(cli, cmd, work)
    print(f"{cmd.name}: uninterrupted run {seconds:.1f} s", flush=True)
    out = os.path.join(work, "out", cmd.name)
    landed = compared = 0
    fresh = True
    while landed < kills:
        if fresh:
            shutil.rmtree(out, ignore_errors=True)
        delay = rng.uniform(0.0, seconds)
        p = subprocess.Popen([cli] + cmd.args(out, not fresh), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        time.sleep(delay)
        if p.poll() is None:
            p.kill()
            p.wait()
            landed += 1
            fresh = False
            if landed % 5 and landed < kills:
                continue
            run(cli, cmd.args(out, True))  # the re-run that completes
        elif p.returncode != 0:
            sys.exit(f"FAIL: {cmd.name} re-run exited {p.returncode}: {p.stderr.read().strip()}")
        diffs = differences(ref, out)
        if diffs:
            sys.exit(f"FAIL: {cmd.name} after kill {landed}: " + "; ".join(diffs[:5]))
        compared += 1
        fresh = True
    print(f"{cmd.name}: {landed} kill -9 at seeded moments in 0..{seconds:.1f} s, "
          f"{compared} finished re-runs identical to the uninterrupted run")


def mount_tmpfs(path, size_bytes):
    os.makedirs(path, exist_ok=True)
    opts = f"size={max(size_bytes, 4096)}"
    if os.path.ismount(path):
        return subprocess.run(["mount", "-o", f"remount,{opts}", path]).returncode == 0
    return subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", path]).returncode == 0


def tree_bytes(root):
    return sum(os.path.getsize(os.path.join(root, f)) for f in files_under(root))


def disk_full(cli, work, cmd):
    ref, _ = reference(cli, cmd, work)
    mnt = os.path.join(work, "full", cmd.name)
    if not mount_tmpfs(mnt, tree_bytes(ref) // 3):
        return False
    try:
        out = os.path.join(mnt, "out")
        p = run(cli, cmd.args(out, False), check=False)
        lines = [l for l in p.stderr.splitlines() if l.startswith("error:")]
        if p.returncode == 0 or len(lines) != 1 or mnt not in lines[0]:
            sys.exit(f"FAIL: {cmd.name} on a full disk: exit {p.returncode}, stderr {p.stderr!r}")
        partial = [f for f in files_under(out) if ".tmp." in f]
        partial += [f"{f} (differs)" for f in files_under(out) & files_under(ref)
                    if not f.endswith("results.sqlite") and
                    not filecmp.cmp(os.path.join(ref, f), os.path.join(out, f), shallow=False)]
        if partial:
            sys.exit(f"FAIL: {cmd.name} left half-written files: {partial[:5]}")
        # The same file system read-only: again one line naming a file or directory on it.
        subprocess.run(["mount", "-o", "remount,ro", mnt], check=True)
        p = run(cli, cmd.args(out, True), check=False)
        ro = [l for l in p.stderr.splitlines() if l.startswith("error:")]
        if p.returncode == 0 or len(ro) != 1 or mnt not in ro[0]:
            sys.exit(f"FAIL: {cmd.name} on a read-only disk: exit {p.returncode}, stderr {p.stderr!r}")
        subprocess.run(["mount", "-o", "remount,rw", mnt], check=True)
        mount_tmpfs(mnt, 4 * tree_bytes(ref) + (64 << 20))
        run(cli, cmd.args(out, True))
        diffs = differences(ref, out)
        if diffs:
            sys.exit(f"FAIL: {cmd.name} re-run after disk full: " + "; ".join(diffs[:5]))
        print(f"{cmd.name}: disk full -> {lines[0]}\n    read-only -> {ro[0]}\n"
              f"    re-run with space: identical to the uninterrupted run")
    finally:
        subprocess.run(["umount", mnt])
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["kill", "diskfull"])
    ap.add_argument("cli")
    ap.add_argument("work")
    ap.add_argument("--kills", type=int, default=20)
    # No seed: a fresh one, printed first, so every suite run samples other moments and a failing
    # one can be repeated exactly with --seed.
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    if a.mode == "diskfull" and os.geteuid() != 0:
        print("SKIP: mounting a tmpfs needs root")
        return 77
    if a.seed is None:
        a.seed = int.from_bytes(os.urandom(4), "little")
    if a.mode == "kill":
        print(f"fault campaign: seed {a.seed}, {a.kills} kills a command "
              f"(repeat with --seed {a.seed} --kills {a.kills})", flush=True)
    chosen = [c for c in commands(a.work) if not a.only or c.name in a.only.split(",")]
    if not chosen:
        sys.exit(f"FAIL: --only {a.only}: expected a comma-separated list of "
                 f"{','.join(c.name for c in commands(a.work))}")
    prepare(a.cli, a.work, {c.name for c in chosen})
    rng = random.Random(a.seed)
    for cmd in chosen:
        if a.mode == "kill":
            kill_campaign(a.cli, a.work, cmd, a.kills, rng)
        elif not disk_full(a.cli, a.work, cmd):
            print("SKIP: cannot mount a tmpfs here")
            return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
