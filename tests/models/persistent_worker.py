#!/usr/bin/python3
"""A persistent external worker (issue 34): started once per sweep worker, a JSON line per batch.

1. models/external/pointwise_torch.json serves the point-wise example as an eager PyTorch network
   through models/python/blindspot_worker.py. Its 20-scene sweep's scene x class rows equal those
   of the per-batch NumPy example (pointwise.json), with one job and with two (two workers, each
   told its BLINDSPOT_WORKER and its worker_env value).
2. Faults: a worker that dies on its third batch is restarted and the batch retried, and the sweep
   ends with the same rows; a worker that hangs and one that prints garbage each stop the sweep
   with one line naming CMD.json, the scene and the cause, with no scene half-written.
3. A sweep killed with SIGKILL leaves no worker behind (its input closes), and the resumed sweep
   starts new workers and ends with the same rows.

usage: persistent_worker.py BLINDSPOT SOURCE_DIR WORKDIR
"""
import json
import os
import signal
import subprocess
import sys
import time

# The 20-scene sweep, its rows and the one-line error check of the per-batch protocol's test.
from external_predictor import CONFIG, expect_one_line, fresh_work_dir, rows

# A worker around the shipped example that misbehaves as MODE says (argv[1]).
FAULTY = r'''
import os, sys, time
sys.path.insert(0, sys.argv[2])
import blindspot_worker
mode, batches = sys.argv[1], [0]
inner = blindspot_worker.predict_batch
def predict_batch(predict, batch, frames, *rest):
    batches[0] += 1
    with open(os.environ["MARKS"], "a") as f:
        f.write(f"{os.getpid()} worker {os.environ['BLINDSPOT_WORKER']} "
                f"device {os.environ.get('DEVICE', '-')} batch {batches[0]}\n")
    if mode == "crash-third" and batches[0] == 3:
        os._exit(3)
    if mode == "hang":
        time.sleep(3600)
    if mode == "garbage":
        os.write(1, b"hello from a worker that prints to stdout\n")
    if mode == "slow":
        time.sleep(0.3)
    return inner(predict, batch, frames, *rest)
blindspot_worker.predict_batch = predict_batch
import numpy as np
ids = np.array([40, 10, 50], dtype=np.uint32)
def predict(points):
    n = (points[:, 2] - np.float32(-1.04)) * np.float32(1.0 / 0.86)
    logits = np.stack([n * np.float32(-4.0) + np.float32(-2.5), n * np.float32(0.0),
                       n * np.float32(4.0) + np.float32(-4.0)], axis=1)
    return ids[np.argmax(logits, axis=1)]
sys.exit(blindspot_worker.serve(predict, []))
'''


def sweep(blindspot, config, run_dir, model, jobs=1, check=True):
    p = subprocess.run([blindspot, "sweep", config, "-o", run_dir, "--model", model, "--batch",
                        "4", "--jobs", str(jobs)], capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit(f"FAIL: sweep --model {model} exited {p.returncode}: {p.stderr.strip()}")
    return p


def faulty_spec(work, source, mode, timeout_s=600):
    script = os.path.join(work, "faulty_worker.py")
    with open(script, "w") as f:
        f.write(FAULTY)
    path = os.path.join(work, mode + ".json")
    spec = {"command": ["/usr/bin/python3", script, mode, os.path.join(source, "models", "python")],
            "protocol": "persistent", "learning_map": "semantickitti", "timeout_s": timeout_s,
            "worker_env": {"DEVICE": ["cuda:0", "cuda:1"]}}
    with open(path, "w") as f:
        json.dump(spec, f)
    return "external:" + path


def marks(work):
    path = os.path.join(work, "marks.txt")
    lines = open(path).read().splitlines() if os.path.exists(path) else []
    os.remove(path) if lines else None
    return lines


def workers_alive(script_name):
    p = subprocess.run(["pgrep", "-f", script_name], capture_output=True, text=True)
    return [pid for pid in p.stdout.split() if pid]


def main():
    blindspot, source, work = sys.argv[1], sys.argv[2], sys.argv[3]
    config = fresh_work_dir(work, CONFIG)
    os.environ["MARKS"] = os.path.join(work, "marks.txt")
    example = os.path.join(source, "models", "external")

    # 1. Eager PyTorch through the persistent worker equals the per-batch NumPy command.
    sweep(blindspot, config, os.path.join(work, "per-batch"),
          "external:" + os.path.join(example, "pointwise.json"))
    reference = rows(os.path.join(work, "per-batch"))
    assert len({r[0] for r in reference}) == 20
    for jobs in (1, 2):
        run = os.path.join(work, f"torch-jobs{jobs}")
        sweep(blindspot, config, run, "external:" + os.path.join(example, "pointwise_torch.json"),
              jobs)
        assert rows(run) == reference, f"--jobs {jobs}: rows differ"
    print("eager PyTorch, persistent, jobs 1 and 2: rows equal to the per-batch command")

    # Each worker is told its index and its worker_env value; one start per worker.
    run = os.path.join(work, "two-workers")
    sweep(blindspot, config, run, faulty_spec(work, source, "well"), jobs=2)
    seen = marks(work)
    pids = {line.split()[0] for line in seen}
    assert {line.split(" batch ")[0].split(" ", 1)[1] for line in seen} == {
        "worker 0 device cuda:0", "worker 1 device cuda:1"}, seen
    assert len(pids) == 2 and len(seen) == 5, seen  # 5 batches of 4 scenes, 2 processes
    assert rows(run) == reference

    # 2. Faults.
    run = os.path.join(work, "crash-third")
    sweep(blindspot, config, run, faulty_spec(work, source, "crash-third"))
    seen = marks(work)
    # 5 batches: the first worker dies on batch 3, its successor takes batches 3..5 as its own
    # 1..3 and dies on batch 5, and a third finishes it.
    assert len({line.split()[0] for line in seen}) == 3, seen
    assert rows(run) == reference
    print("a worker dying on its third batch: restarted, batch retried, rows equal")

    for mode, cause in (("hang", "no reply within 2 s"),
                        ("garbage", "a reply that is not this batch's")):
        run = os.path.join(work, mode)
        p = sweep(blindspot, config, run, faulty_spec(work, source, mode, timeout_s=2),
                  check=False)
        expect_one_line(p, mode + ".json", "scene", cause)
        assert len(marks(work)) == 2  # the batch was tried by two workers
        assert rows(run) == [], "no scene may be stored from a failed batch"
        assert not workers_alive("faulty_worker.py " + mode), "a worker outlived the sweep"

    # 3. kill -9 in the middle: no worker left behind; the resumed sweep finishes the set.
    run = os.path.join(work, "killed")
    spec = faulty_spec(work, source, "slow")
    proc = subprocess.Popen([blindspot, "sweep", config, "-o", run, "--model", spec, "--batch",
                             "4"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and len(marks_peek(work)) < 2:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    for _ in range(100):
        if not workers_alive("faulty_worker.py slow"):
            break
        time.sleep(0.05)
    assert not workers_alive("faulty_worker.py slow"), "the worker outlived a killed sweep"
    marks(work)
    sweep(blindspot, config, run, spec)
    assert rows(run) == reference
    print("killed with SIGKILL: the worker exited with it; the resumed sweep equals the reference")
    print("PASS")


def marks_peek(work):
    path = os.path.join(work, "marks.txt")
    return open(path).read().splitlines() if os.path.exists(path) else []


if __name__ == "__main__":
    main()
