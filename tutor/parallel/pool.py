"""Many independent tasks (games, say) run by a pool of processes, their results in task order."""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Generator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar, cast

from .workers import background_worker, can_fork, ignore_interrupts

T = TypeVar("T")

STOP_WAIT = 1.0
"""Seconds a stopped worker is given to end before it is killed."""


def cores_available() -> int:
    """The cores this process may run on (``os.sched_getaffinity`` where the platform has it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def in_order(work: Callable[[int], T], tasks: int, jobs: int) -> Generator[T, None, None]:
    """``work(0)``, ``work(1)``, ... ``work(tasks - 1)`` in order, the same whatever ``jobs``; with ``jobs`` > 1
    from a pool of processes that leave Ctrl-C to this one.  ``work`` must then reach the processes by pickling
    (a module-level function, or a ``partial`` of one).

    When the results stop being read before the end (Ctrl-C, an error, the caller gives up), the workers are
    stopped at once, their tasks unfinished: the pool does not wait for them."""
    if jobs == 1:
        yield from map(work, range(tasks))
        return
    pool = ProcessPoolExecutor(jobs, initializer=ignore_interrupts)
    finished = False
    try:
        yield from pool.map(work, range(tasks), chunksize=max(1, min(16, tasks // (8 * jobs))))
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:
            stop_now(pool)


def background() -> ProcessPoolExecutor:
    """A pool of one worker process for work done while the learner plays on: Ctrl-C is this process's, and the
    worker stops when this process dies, even killed.  Forked where that is safe (the worker starts at once, a copy
    of this process); end it with :func:`stop_now` (a task still running is not waited for)."""
    context = multiprocessing.get_context("fork") if can_fork() else None
    return ProcessPoolExecutor(1, mp_context=context, initializer=background_worker, initargs=(os.getpid(),))


def stop_now(pool: ProcessPoolExecutor) -> None:
    """The pool's queued tasks cancelled and its workers ended now, killed if they do not stop within
    :data:`STOP_WAIT` seconds."""
    workers = list((pool._processes or {}).values())  # the executor has no public way to end running tasks
    manager = cast("threading.Thread | None", pool._executor_manager_thread)  # typeshed mistypes it
    for worker in workers:
        worker.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.join(STOP_WAIT)
        if worker.is_alive():
            worker.kill()
            worker.join()
    if manager is not None:
        # The pool's own thread reaps the ended workers too; until it has, a worker it reaped first can still
        # look alive here.
        manager.join(STOP_WAIT)
