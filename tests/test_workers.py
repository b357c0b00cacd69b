"""Tasks shared out over forked helpers: every result, wherever it ran, and no helper left behind."""

from __future__ import annotations

import multiprocessing
import multiprocessing.process
import os
import signal
import time

import pytest

from tutor.parallel.workers import can_fork, share_out, sharing, usable_cores

needs_fork = pytest.mark.skipif(not can_fork(), reason="helpers are forked only where forking is safe")


def test_one_worker_runs_every_task_here_in_order() -> None:
    ran: list[int] = []

    def run(i: int) -> int:
        ran.append(i)
        return i * i

    assert share_out(5, run, 1) == {i: i * i for i in range(5)}
    assert ran == [0, 1, 2, 3, 4]


@needs_fork
def test_helpers_share_the_tasks_and_every_result_comes_back() -> None:
    parent = os.getpid()

    def run(i: int) -> tuple[int, int]:
        time.sleep(0.02)  # long enough that the helper surely takes some
        return i * i, os.getpid()

    results = share_out(20, run, 2)
    assert sorted(results) == list(range(20))
    assert all(square == i * i for i, (square, _) in results.items())
    pids = {pid for _, pid in results.values()}
    assert parent in pids and len(pids) == 2
    assert multiprocessing.active_children() == []


@needs_fork
def test_a_failing_helper_loses_nothing() -> None:
    parent = os.getpid()

    def run(i: int) -> tuple[int, int]:
        if os.getpid() != parent:
            raise MemoryError("a helper fails")
        time.sleep(0.01)
        return i + 1, os.getpid()

    results = share_out(8, run, 3)
    assert results == {i: (i + 1, parent) for i in range(8)}
    assert multiprocessing.active_children() == []


@needs_fork
def test_an_interrupt_stops_the_helpers() -> None:
    parent = os.getpid()

    def run(i: int) -> int:
        if os.getpid() == parent and i >= 2:
            raise KeyboardInterrupt
        time.sleep(0.05)
        return i

    with pytest.raises(KeyboardInterrupt):
        share_out(50, run, 2)
    assert multiprocessing.active_children() == []


@needs_fork
def test_ctrl_c_while_a_helper_starts_stops_it_too(monkeypatch: pytest.MonkeyPatch) -> None:
    start = multiprocessing.process.BaseProcess.start

    def start_then_ctrl_c(process: multiprocessing.process.BaseProcess) -> None:
        start(process)
        os.kill(os.getpid(), signal.SIGINT)  # the moment after the fork

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "start", start_then_ctrl_c)
    # Ctrl-C as a process started in the foreground gets it: one started in the background ignores SIGINT
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    with pytest.raises(KeyboardInterrupt):
        try:
            share_out(50, lambda i: time.sleep(0.05), 2)
        finally:
            signal.signal(signal.SIGINT, previous)
    assert multiprocessing.active_children() == []


def test_sharing_needs_two_workers_and_fork() -> None:
    assert sharing(1) is None
    share = sharing(2)
    assert (share is not None) == can_fork()
    if share is not None:
        assert share(3, lambda i: i * 10) == {0: 0, 1: 10, 2: 20}


def test_no_tasks_and_fewer_tasks_than_workers() -> None:
    assert share_out(0, lambda i: i, 4) == {}
    assert share_out(1, lambda i: -i, 4) == {0: 0}


def test_usable_cores_is_at_least_one() -> None:
    assert usable_cores() >= 1
    if not can_fork():
        assert usable_cores() == 1
