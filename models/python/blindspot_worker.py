"""Serve a network to blindspot from Python (docs/models.md, "A persistent worker").

    import sys
    sys.path.insert(0, "/usr/share/blindspot/python")   # or build/share/blindspot/python
    from blindspot_worker import serve

    def predict(points):      # (N, 4) float32: x, y, z (m, ISO 8855 sensor frame), remission
        return labels         # (N,) integers: the ids CMD.json's "prediction_ids" names

    serve(predict)

serve() speaks both of blindspot's protocols for `--model external:CMD.json`:
- per batch ("protocol": "per-batch", the default): the last argument is a batch directory; the
  batch is predicted and the process exits;
- persistent ("protocol": "persistent"): no directory argument; the process reads one request per
  line on standard input and answers each with one line on standard output, until standard input
  closes. blindspot starts it once per sweep worker, so weights, CUDA and imports load once.

    request:  {"batch": "/dev/shm/blindspot-external-.../", "frames": ["000000", "000001"]}
    reply:    {"batch": "<the same>", "done": true, "compute_s": 0.0123}
              {"batch": "<the same>", "error": "what went wrong"}

A batch directory holds velodyne/NNNNNN.bin (float32 x, y, z, remission per point) and, when
CMD.json asks for them, labels/NNNNNN.label; the worker writes predictions/NNNNNN.label (uint32 per
point, in the .bin's order, the id in the low 16 bits). Anything the network prints goes to
standard error (blindspot's worker log): standard output carries only the replies. Each worker
sees BLINDSPOT_WORKER (0, 1, ...) and whatever CMD.json's "worker_env" gives it, such as
CUDA_VISIBLE_DEVICES, to pick its device.
"""
import json
import os
import sys
import time

import numpy as np


def read_points(batch, frame):
    """The frame's points, (N, 4) float32."""
    path = os.path.join(batch, "velodyne", frame + ".bin")
    return np.fromfile(path, dtype="<f4").reshape(-1, 4)


def write_labels(batch, frame, labels, points):
    labels = np.asarray(labels).reshape(-1)
    if labels.shape[0] != points.shape[0]:
        raise ValueError(f"frame {frame}: {labels.shape[0]} labels for {points.shape[0]} points")
    out = os.path.join(batch, "predictions")
    os.makedirs(out, exist_ok=True)
    labels.astype("<u4").tofile(os.path.join(out, frame + ".label"))


def frames_of(batch):
    return sorted(f[:-4] for f in os.listdir(os.path.join(batch, "velodyne")) if f.endswith(".bin"))


def predict_batch(predict, batch, frames):
    """Runs predict on every frame; returns the seconds spent inside predict."""
    compute_s = 0.0
    for frame in frames:
        points = read_points(batch, frame)
        start = time.perf_counter()
        labels = predict(points)
        compute_s += time.perf_counter() - start
        write_labels(batch, frame, labels, points)
    return compute_s


def serve(predict, argv=None):
    """Answers blindspot's requests with predict(points) -> labels; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and os.path.isdir(argv[-1]):
        predict_batch(predict, argv[-1], frames_of(argv[-1]))
        return 0
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    sys.stdout = sys.stderr  # a stray print must not become a reply
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        batch = request["batch"]
        try:
            frames = request.get("frames") or frames_of(batch)
            reply = {"batch": batch, "done": True,
                     "compute_s": predict_batch(predict, batch, frames)}
        except Exception as error:  # the batch fails, the worker stays up for the next one
            reply = {"batch": batch, "error": f"{type(error).__name__}: {error}"}
        replies.write(json.dumps(reply) + "\n")
    return 0
