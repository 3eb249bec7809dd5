#!/usr/bin/python3
"""A network that costs nothing (every point "road"), served through blindspot_worker.serve: what
`bench infer --external-only` times with it is the external protocol's own overhead per batch."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "models",
                                "python"))
from blindspot_worker import serve  # noqa: E402

sys.exit(serve(lambda points: np.full(len(points), 40, dtype=np.uint32)))
