"""The learner's moves reviewed in a worker process while the round goes on: the same review as at the round's end,
and no worker left behind (docs/review.md, issue 23)."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
import time
from concurrent.futures import wait
from pathlib import Path

import pytest
from shell_helpers import kept_games, open_shell, shell_process

from tutor.content.presets import variant
from tutor.parallel.pool import background, stop_now
from tutor.play.game import Ply
from tutor.play.review import Ready, Reviewed, last_review_turn, review_move, review_round, review_turns
from tutor.play.table_game import Settings, TableGame
from tutor.shell import review_screen
from tutor.shell.commands import dispatch
from tutor.shell.play import GameRun
from tutor.shell.review_screen import MoveReviews
from tutor.shell.state import Shell

WORLDS = 4
GAME = "play round level=greedy seed=5"
"""A one-round game whose review marks moves (the learner playing each turn's first legal move)."""


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", WORLDS)


def played_round(seed: int) -> list[Ply]:
    """A classic two-player round, the learner (seat 0) playing greedy against greedy."""
    game = TableGame(Settings(variant("classic"), 2, "greedy", seed, kind="round"))
    game.begin_round()
    while not game.round_over:
        game.push(game.computer_move() if not game.learner_to_move else game.view().legal_moves()[0])
    return game.current.plies


def test_the_move_just_played_is_sent_when_the_review_would_judge_it() -> None:
    plies = played_round(3)
    judged = dict(review_turns(plies, 0))
    for end in range(1, len(plies) + 1):
        last = end - 1
        expected = (last, judged[last]) if last in judged else None
        assert last_review_turn(plies[:end], 0) == expected
    assert last_review_turn([], 0) is None


def test_each_move_reviewed_alone_and_sent_through_a_pipe_is_the_rounds_review(
        monkeypatch: pytest.MonkeyPatch) -> None:
    plies = played_round(3)
    whole = review_round(plies, 0, worlds=WORLDS, seed=7)
    alone = {index: review_move(plies[index], 0, index, turn, seed=7, worlds=WORLDS)
             for index, turn in review_turns(plies, 0)}
    assert whole.marks and len(alone) == len(whole.moves) > len(whole.marks)
    sent = {index: pickle.loads(pickle.dumps(found)) for index, found in alone.items()}  # as from a worker
    assert [found[0] for found in sent.values() if found] == list(whole.moves)
    assert [found[1] for found in sent.values() if found and found[1]] == list(whole.marks)

    half = set(list(sent)[::2])

    def every_other(index: int, left: float | None) -> Reviewed | None:
        return sent[index] if index in half else None  # the others made by review_round

    assert review_round(plies, 0, worlds=WORLDS, seed=7, ready=every_other) == whole
    monkeypatch.setattr("tutor.play.review.review_move", None)  # every move ready: none is reviewed here
    assert review_round(plies, 0, worlds=WORLDS, seed=7, ready=lambda index, left: sent[index]) == whole


def wait_for_worker(shell: Shell) -> None:
    """Until the worker has finished the reviews sent to it (so that a test does not depend on its speed)."""
    assert isinstance(shell.activity, GameRun)
    wait([future for *_, future in shell.activity.background._sent.values()])


def worker_reviews(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ply indices whose review the round's end takes from the worker, as they are taken."""
    taken: list[int] = []
    original = MoveReviews.ready

    def ready(self: MoveReviews, plies: list[Ply], seed: int) -> Ready:
        made = original(self, plies, seed)

        def counted(index: int, left: float | None) -> Reviewed | None:
            found = made(index, left)
            if found is not None:
                taken.append(index)
            return found

        return counted

    monkeypatch.setattr(MoveReviews, "ready", ready)
    return taken


def round_end(shell: Shell, moves: int | None = None) -> str:
    """The learner's first legal move each turn (``moves`` of them, else to the round's end), the worker's reviews
    awaited after each; the last reply."""
    said = ""
    run = shell.activity
    assert isinstance(run, GameRun)
    while not run.game.round_over and moves != 0:
        pos = run.position
        said = dispatch(shell, pos.notation(pos.generate()[0])).text
        wait_for_worker(shell)
        moves = None if moves is None else moves - 1
    return said


def reference(home: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The round's end as reviewed with no worker."""
    with monkeypatch.context() as m, open_shell(home) as shell:
        m.setattr(review_screen, "BACKGROUND", False)
        dispatch(shell, GAME)
        return round_end(shell)


def test_the_round_end_says_the_same_with_the_moves_reviewed_by_a_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = reference(tmp_path / "here", monkeypatch)
    taken = worker_reviews(monkeypatch)
    with open_shell(tmp_path / "worker") as shell:
        dispatch(shell, GAME)
        said = round_end(shell)
        run = shell.activity
        assert isinstance(run, GameRun) and run.reviewed is not None
        moves = len(run.reviewed[1].moves)
    assert "marked" in said and said == expected
    assert len(taken) >= moves - 1 > 0  # all but perhaps the last move, sent as the round ended


def test_a_resumed_round_and_a_round_whose_worker_died_are_reviewed_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = reference(tmp_path / "here", monkeypatch)
    with open_shell(tmp_path / "resumed") as shell:
        dispatch(shell, GAME)
        round_end(shell, moves=3)
        shell.activity = None  # the shell leaves, its worker's reviews with it
    with open_shell(tmp_path / "resumed") as shell:
        dispatch(shell, "resume")
        assert round_end(shell) == expected
    with open_shell(tmp_path / "killed") as shell:
        before = set(multiprocessing.active_children())
        dispatch(shell, GAME)
        round_end(shell, moves=3)
        [worker] = set(multiprocessing.active_children()) - before
        os.kill(worker.pid or 0, signal.SIGKILL)
        worker.join()
        assert round_end(shell) == expected


def test_no_worker_is_left_when_the_round_ends_the_learner_resigns_or_leaves(tmp_path: Path) -> None:
    before = set(multiprocessing.active_children())  # other tests' processes, if any

    def workers() -> int:
        return len(set(multiprocessing.active_children()) - before)

    with open_shell(tmp_path) as shell:
        dispatch(shell, "play players=3 level=greedy seed=4")
        round_end(shell, moves=1)
        assert workers() == 1
        round_end(shell)
        assert workers() == 0
        dispatch(shell, "next")
        round_end(shell, moves=1)
        assert workers() == 1
        shell.activity = None
        assert workers() == 0
        dispatch(shell, "resume")
        round_end(shell, moves=1)
        assert workers() == 1
        dispatch(shell, "resign yes")
        assert workers() == 0
        dispatch(shell, "play round level=greedy seed=5")
        round_end(shell, moves=1)
        assert workers() == 1
    assert workers() == 0  # open_shell ends the activity, as the tutor does when it closes


def test_the_worker_leaves_ctrl_c_to_the_shell() -> None:
    pool = background()
    try:
        assert pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN
    finally:
        stop_now(pool)


def children(pid: int) -> set[int]:
    """The processes ``pid`` started, still running (Linux)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


def running(pid: int) -> bool:
    """Whether process ``pid`` runs (not ended, nor ended and waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_shell_killed_mid_round_leaves_no_worker_and_every_move_saved(tmp_path: Path) -> None:
    proc = shell_process(tmp_path, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(GAME + "\n")
        proc.stdin.flush()
        for _ in range(3):
            while "Type your move" not in (line := proc.stdout.readline()):
                assert line, "the shell ended early"
            [saved] = kept_games(tmp_path)
            pos = saved.game.view().position()
            proc.stdin.write(pos.notation(pos.generate()[0]) + "\n")
            proc.stdin.flush()
        while "Type your move" not in (line := proc.stdout.readline()):
            assert line, "the shell ended early"
        workers = children(proc.pid)
        assert len(workers) == 1
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    for _ in range(200):  # the kernel ends the worker with the shell: wait until it has (10 s at most)
        if not any(running(worker) for worker in workers):
            break
        time.sleep(0.05)
    assert not any(running(worker) for worker in workers)
    assert sum(p.seat == 0 for p in kept_games(tmp_path)[0].game.current.plies) == 3


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_during_the_rounds_review_says_the_round_and_analysis_queues_its_positions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Ctrl-C while the round's end reviewed the learner's moves said only "Stopped. Nothing saved so far is lost.":
    the round's score and result were never shown, and its marked positions never joined the review queue (nor did
    ``analysis``, which made the review again, queue them). The round's end is said without the review, with how to
    have it; ``analysis`` then reviews the round as its end would have, and queues its positions."""
    reviewed = review_screen.reviewed_round
    stops = iter([True])

    def stopped(*args: object, **kwargs: object) -> object:
        if next(stops, False):
            raise KeyboardInterrupt
        return reviewed(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("tutor.shell.play.reviewed_round", stopped)
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, GAME if lang == "en" else GAME.replace("play round level=", "spiele runde stufe="))
        run = shell.activity
        assert isinstance(run, GameRun)
        while not run.game.round_over:
            pos = run.position
            said = dispatch(shell, pos.notation(pos.generate()[0])).text
        assert shell.ui.message("play.review_stopped") in said
        assert shell.ui.message("play.type_after_game") in said  # the round's end said, to its last line
        assert shell.progress.review_queue() == []
        analysis = dispatch(shell, "analysis" if lang == "en" else "besprechung").text
        queued = shell.progress.review_queue()
        assert queued and shell.ui.message("review.added_puzzles", n=len(queued)) in analysis
        assert dispatch(shell, "analysis").text == dispatch(shell, "analysis").text  # once: kept, not queued again
    assert [g.key for g in kept_games(tmp_path)]
