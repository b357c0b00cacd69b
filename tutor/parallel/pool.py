"""Many independent tasks (games, say) run by a pool of processes, their results in task order."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from .workers import ignore_interrupts

T = TypeVar("T")


def in_order(work: Callable[[int], T], tasks: int, jobs: int) -> Iterator[T]:
    """``work(0)``, ``work(1)``, ... ``work(tasks - 1)`` in order, the same whatever ``jobs``; with ``jobs`` > 1
    from a pool of processes that leave Ctrl-C to this one.  ``work`` must then reach the processes by pickling
    (a module-level function, or a ``partial`` of one)."""
    if jobs == 1:
        yield from map(work, range(tasks))
        return
    with ProcessPoolExecutor(jobs, initializer=ignore_interrupts) as pool:
        yield from pool.map(work, range(tasks), chunksize=max(1, min(16, tasks // (8 * jobs))))
