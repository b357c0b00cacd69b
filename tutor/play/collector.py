"""The garbage collector set for the playouts, which make and drop many small objects."""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000
"""New container objects between two collections of the youngest generation (the interpreter's default: 700)."""


def tune_collector() -> None:
    """Leave the objects made so far (modules, the course, templates) out of later collections, and collect the
    youngest generation less often.

    Advice and reviews play many short playouts, whose lists and tuples are freed by their reference counts;
    the default thresholds still collected every 700 of them and, in a running shell, walked the course's tens
    of thousands of objects at each full collection: 8.7% of a profile of Draw reviews, about 5% of their CPU
    time (``benchmarks/bench_review.py --default-gc``; docs/review.md, "The garbage collector").  Called once a
    process has loaded what it keeps.
    """
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, 10, 10)
