"""Independent tasks shared out over the machine's cores, for the solver's long searches.

:func:`share_out` runs tasks ``0 .. n-1`` in this process and in helper
processes forked from it: a helper starts as a copy of this process, so it
knows everything worked out so far (the search's transposition table, say)
without anything being sent to it.  Each process takes the next task not yet
taken, so the cores stay busy however uneven the tasks are.  Results come back
by pipe when a helper has no task left.

Nothing is lost when a helper fails: a task whose result does not come back
is run again here.  Ctrl-C stops the helpers with this process, and a helper
whose parent is gone stops.  Where processes cannot be forked (Windows; macOS,
where forking is unsafe), or with one worker, every task runs here, in order.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TypeVar

from tutor.core.search import Share

T = TypeVar("T")

MOST_WORKERS = 4
"""The most processes :func:`usable_cores` offers: each helper holds its own search tables."""

LOCK_WAIT = 10.0
"""Seconds to wait for the next task's number (taken in microseconds): longer means a helper died holding it."""


def usable_cores() -> int:
    """The cores this process may run on (at most :data:`MOST_WORKERS`), or 1 where forking is not used."""
    if not can_fork():
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        cores = os.cpu_count() or 1
    return max(1, min(cores, MOST_WORKERS))


def ignore_interrupts() -> None:
    """In a pool's worker: Ctrl-C is the main process's to handle, and the worker just stops with the pool; a
    SIGTERM or SIGHUP ends it at once, whatever handler of the main process's a fork copied (the shell's leaves)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def background_worker(parent: int) -> None:
    """In a background pool's worker: Ctrl-C is the main process's (``parent``) to handle, and the worker stops
    when that process dies, killed or not, rather than wait for work that never comes."""
    ignore_interrupts()
    _stop_with_parent()
    if os.getppid() != parent:  # it died before the kernel was told to stop this one with it
        os._exit(1)


def can_fork() -> bool:
    """Whether helpers can be forked safely here."""
    return sys.platform != "darwin" and "fork" in multiprocessing.get_all_start_methods()


def sharing(workers: int) -> Share | None:
    """What the solver is given to share a long search over ``workers`` processes (None: one process)."""
    if workers < 2 or not can_fork():
        return None

    def share(tasks: int, run: Callable[[int], T]) -> dict[int, T]:
        return share_out(tasks, run, workers)

    return share


def share_out(tasks: int, run: Callable[[int], T], workers: int) -> dict[int, T]:
    """``run(i)`` for every task ``i`` below ``tasks``, over ``workers`` processes (this one included).

    Each process keeps its own state between the tasks it runs: ``run`` may
    learn from one task for the next, but must give the same result wherever
    it runs.
    """
    helpers = min(workers, tasks) - 1
    if helpers < 1 or not can_fork():
        return {i: run(i) for i in range(tasks)}
    context = multiprocessing.get_context("fork")
    counter = context.Value("i", 0)
    lock = counter.get_lock()
    parent = os.getpid()

    def take() -> dict[int, T]:
        """Run tasks until none is left; their results by task."""
        done: dict[int, T] = {}
        while True:
            if os.getpid() != parent and os.getppid() != parent:
                os._exit(1)  # the parent was killed: nobody waits for the results
            if not lock.acquire(timeout=LOCK_WAIT):
                return done  # a helper died holding it: the parent runs what is left
            i = counter.value
            counter.value = i + 1
            lock.release()
            if i >= tasks:
                return done
            done[i] = run(i)

    started: list[tuple[multiprocessing.process.BaseProcess, Connection]] = []
    try:
        for _ in range(helpers):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(target=_helper, args=(take, send), daemon=True)
            started.append((process, receive))
            # Ctrl-C waits until the helper is on the list, so that it is stopped with the others
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                process.start()
            except OSError:  # no memory or no process slot left: go on with the helpers there are
                started.pop()
                receive.close()
                break
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
                send.close()
        results = take()
        for helper, receive in started:
            try:
                results.update(receive.recv())
            except (EOFError, OSError):  # the helper failed: its tasks are run again below
                pass
            helper.join()
    finally:
        for helper, receive in started:
            if helper.is_alive():  # interrupted here: the helpers stop too
                helper.terminate()
                helper.join()
            receive.close()
    for i in range(tasks):
        if i not in results:
            results[i] = run(i)
    return results


def _helper(take: Callable[[], dict[int, T]], send: Connection) -> None:
    """A helper process: run tasks, send back their results, and leave.

    Ctrl-C is the parent's to handle (it stops its helpers), and the helper
    stops when its parent dies.  It leaves by ``os._exit``: the exit
    handlers and buffers it shares with the parent are the parent's.  A failure
    sends nothing; the parent runs those tasks again.
    """
    try:
        ignore_interrupts()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        _stop_with_parent()
        send.send(take())
        send.close()
    except BaseException:
        os._exit(1)
    os._exit(0)


def _stop_with_parent() -> None:
    """On Linux, have the kernel stop this helper the moment its parent dies
    (elsewhere, or if that fails, it stops at its next task)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except (AttributeError, OSError):
            pass
