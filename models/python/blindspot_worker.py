"""Serve a network to blindspot from Python (docs/models.md, "A persistent worker").

    import sys
    sys.path.insert(0, "/usr/share/blindspot/python")   # or build/share/blindspot/python
    from blindspot_worker import serve

    def predict(points):      # (N, 4) float32: x, y, z (m, ISO 8855 sensor frame), remission
        return labels         # (N,) integers: the ids CMD.json's "prediction_ids" names

    serve(predict)

A range-image network (CMD.json "input": "range_image" and "model_card") gets each frame as the
card's normalised input instead, and answers per image cell:

    def predict(image):       # (C, H, W) float32, exactly what blindspot's own network is fed
        return classes        # (H, W) integers: indices into the card's classes

    serve(predict, input="range_image")

With batched=True predict takes a whole request at once: points as a list of arrays (and returns
a list), range images stacked as (B, C, H, W) (and returns (B, H, W)): one forward pass a batch.

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
point, in the .bin's order, the id in the low 16 bits). For range images it holds
range_image/NNNNNN.npy, and predictions/NNNNNN.label holds a uint32 class index per cell, row-major. Anything the network prints goes to
standard error (blindspot's worker log): standard output carries only the replies. Each worker
sees BLINDSPOT_WORKER (0, 1, ...) and whatever CMD.json's "worker_env" gives it, such as
CUDA_VISIBLE_DEVICES, to pick its device.
"""
import ctypes
import json
import os
import sys
import time

import numpy as np


def keep_buffers_on_heap():
    """glibc's malloc gives blocks above 128 kB (a 0.5 MB frame, a stacked batch) fresh mmap()s
    and unmaps them on free, so every batch page-faults its frames in again: on the machines
    this was measured on, 21 of 24 ms a batch of 8 (docs/models.md). A 1 GB threshold keeps them
    on the heap, as blindspot does for itself (core/base/HeapBuffers.hpp). No-op off glibc."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(-3, 1 << 30)  # M_MMAP_THRESHOLD
        libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD
    except (OSError, AttributeError):
        pass


def read_points(batch, frame):
    """The frame's points, (N, 4) float32."""
    path = os.path.join(batch, "velodyne", frame + ".bin")
    return np.fromfile(path, dtype="<f4").reshape(-1, 4)


def read_image(batch, frame):
    """The frame's range image, (C, H, W) float32."""
    return np.load(os.path.join(batch, "range_image", frame + ".npy"))


def write_labels(batch, frame, labels, count):
    labels = np.asarray(labels).reshape(-1)
    if labels.shape[0] != count:
        raise ValueError(f"frame {frame}: {labels.shape[0]} labels for {count} points or cells")
    out = os.path.join(batch, "predictions")
    os.makedirs(out, exist_ok=True)
    labels.astype("<u4").tofile(os.path.join(out, frame + ".label"))


FOLDERS = {"points": ("velodyne", ".bin"), "range_image": ("range_image", ".npy")}


def frames_of(batch, input="points"):
    folder, ext = FOLDERS[input]
    names = os.listdir(os.path.join(batch, folder))
    return sorted(f[:-len(ext)] for f in names if f.endswith(ext))


def predict_batch(predict, batch, frames, input="points", batched=False):
    """Runs predict on every frame (or once on all of them); returns the seconds inside predict."""
    if input not in FOLDERS:
        raise ValueError(f"input {input!r}: expected 'points' or 'range_image'")
    if not os.path.isdir(os.path.join(batch, FOLDERS[input][0])):
        raise ValueError(f"the batch holds no {FOLDERS[input][0]}/: does CMD.json's \"input\" "
                         f"say {input!r}?")
    read = read_points if input == "points" else read_image
    data = [read(batch, frame) for frame in frames]
    start = time.perf_counter()
    if not batched:
        labels = [predict(d) for d in data]
    elif input == "points":
        labels = list(predict(data))
    else:
        labels = list(predict(np.stack(data)))
    compute_s = time.perf_counter() - start
    if len(labels) != len(frames):
        raise ValueError(f"{len(labels)} answers for {len(frames)} frames")
    for frame, d, answer in zip(frames, data, labels):
        write_labels(batch, frame, answer, d.shape[0] if input == "points" else
                     d.shape[1] * d.shape[2])
    return compute_s


def serve(predict, argv=None, input="points", batched=False):
    """Answers blindspot's requests with predict(points or image) -> labels; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    keep_buffers_on_heap()
    if argv and os.path.isdir(argv[-1]):
        predict_batch(predict, argv[-1], frames_of(argv[-1], input), input, batched)
        return 0
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", buffering=1)
    sys.stdout = sys.stderr  # a stray print must not become a reply
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        batch = request["batch"]
        try:
            frames = request.get("frames") or frames_of(batch, input)
            reply = {"batch": batch, "done": True,
                     "compute_s": predict_batch(predict, batch, frames, input, batched)}
        except Exception as error:  # the batch fails, the worker stays up for the next one
            reply = {"batch": batch, "error": f"{type(error).__name__}: {error}"}
        replies.write(json.dumps(reply) + "\n")
    return 0
