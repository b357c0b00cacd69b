"""A round's review that the tutor never finished (killed, or stopped by Ctrl-C and left) is made at the next start,
as the round's end makes it: its evidence recorded, its marked positions queued, its review kept; nothing twice."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from shell_helpers import kept_games, open_shell, play_first_moves

from tutor.shell.catch_up import catch_up
from tutor.shell.commands import dispatch, welcome
from tutor.shell.play import GameRun
from tutor.storage import Progress

WORLDS = 4
"""Few worlds keep the tests fast."""
SETTINGS = "round level=greedy seed=6"


class Killed(BaseException):
    """The process ends here, as under ``kill -9``: nothing after it runs, no handler sees it."""


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", WORLDS)


def killed_at_review(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-round game played to its end in the shell of ``home``, the process killed as the review at the
    round's end begins."""

    def kill(*args: object, **kwargs: object) -> None:
        raise Killed

    with monkeypatch.context() as patch, open_shell(home) as shell:
        patch.setattr("tutor.shell.play.reviewed_round", kill)
        with pytest.raises(Killed):
            play_first_moves(shell, SETTINGS)


def rows(home: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(home / "progress.sqlite3") as conn:
        return conn.execute(query).fetchall()


def test_a_review_killed_at_the_rounds_end_is_made_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    killed_at_review(tmp_path, monkeypatch)
    game = kept_games(tmp_path)[0]
    assert game.game.over  # the last move was saved before the review began
    assert rows(tmp_path, "SELECT game_id, round FROM review_pending") == [(game.key, 1)]
    assert rows(tmp_path, "SELECT count(*) FROM skill_evidence") == [(0,)]
    with open_shell(tmp_path) as shell:
        said = catch_up(shell)
        assert f"round 1 of game {game.key} was cut short" in " ".join(said.split())
        assert rows(tmp_path, "SELECT count(*) FROM review_pending") == [(0,)]
        kept = rows(tmp_path, "SELECT game_id, round FROM game_review")
        assert kept == [(game.key, 1)]
        evidence = rows(tmp_path, "SELECT count(*) FROM skill_evidence WHERE source = 'game'")[0][0]
        assert isinstance(evidence, int) and evidence > 0
        assert catch_up(shell) == ""  # made once
    with open_shell(tmp_path) as shell:
        assert catch_up(shell) == ""
        assert rows(tmp_path, "SELECT count(*) FROM skill_evidence WHERE source = 'game'")[0][0] == evidence


def test_the_review_made_at_the_start_is_the_one_the_rounds_end_makes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same evidence and the same queued positions as a round's end that was not killed."""
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    whole.mkdir()
    killed.mkdir()
    with open_shell(whole) as shell:
        play_first_moves(shell, SETTINGS)
    killed_at_review(killed, monkeypatch)
    with open_shell(killed) as shell:
        catch_up(shell)
    # each game's id is new (its time and a random part): the items are compared without it
    evidence = "SELECT skill, substr(ref, instr(ref, '/')), score, weight FROM skill_evidence ORDER BY id"
    queued = "SELECT data FROM personal_puzzle ORDER BY id"
    assert rows(killed, evidence) == rows(whole, evidence) != []
    assert rows(killed, queued) == rows(whole, queued) != []
    assert rows(killed, "SELECT count(*) FROM review") == rows(whole, "SELECT count(*) FROM review")
    assert rows(killed, "SELECT data FROM game_review") == rows(whole, "SELECT data FROM game_review")
    assert rows(whole, "SELECT count(*) FROM review_pending") == [(0,)]


def test_a_review_stopped_by_ctrl_c_and_left_is_made_at_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch, open_shell(tmp_path) as shell:
        patch.setattr("tutor.shell.play.reviewed_round", interrupt)
        run = play_first_moves(shell, SETTINGS)
        assert isinstance(run, GameRun) and run.stopped == 1
    assert rows(tmp_path, "SELECT round FROM review_pending") == [(1,)]
    with open_shell(tmp_path) as shell:
        shell.caught_up = catch_up(shell)
        assert "was cut short last time" in " ".join(welcome(shell).split())
        assert "cut short" not in welcome(shell)  # said once
    assert rows(tmp_path, "SELECT count(*) FROM review_pending") == [(0,)]


def test_analysis_after_ctrl_c_leaves_nothing_pending(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    with open_shell(tmp_path) as shell:
        with monkeypatch.context() as patch:
            patch.setattr("tutor.shell.play.reviewed_round", interrupt)
            play_first_moves(shell, SETTINGS)
        dispatch(shell, "analysis")
    assert rows(tmp_path, "SELECT count(*) FROM review_pending") == [(0,)]
    assert rows(tmp_path, "SELECT round FROM game_review") == [(1,)]


def test_a_round_taken_back_has_no_review_pending_or_kept(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = play_first_moves(shell, "match level=greedy seed=6 target=21", round_only=True)
        assert rows(tmp_path, "SELECT round FROM game_review") == [(1,)]
        dispatch(shell, "undo")
        assert not run.game.round_over
        assert rows(tmp_path, "SELECT count(*) FROM game_review") == [(0,)]
        assert rows(tmp_path, "SELECT count(*) FROM review_pending") == [(0,)]


def test_a_pending_round_with_nothing_to_review_is_dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    killed_at_review(tmp_path, monkeypatch)
    key = kept_games(tmp_path)[0].key
    with sqlite3.connect(tmp_path / "progress.sqlite3") as conn:
        conn.execute("INSERT INTO review_pending (game_id, round) VALUES (?, 2)", (key,))  # no such round
    with open_shell(tmp_path) as shell:
        said = catch_up(shell)
    assert said.count("cut short") == 1
    assert rows(tmp_path, "SELECT count(*) FROM review_pending") == [(0,)]


def test_the_tutor_started_on_a_killed_review_says_it_made_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    killed_at_review(tmp_path, monkeypatch)
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path), "CASSINO_TUTOR_CACHE": ""}
    done = subprocess.run([sys.executable, "-m", "tutor"], input="quit\n", capture_output=True, text=True, env=env,
                          timeout=120, check=True)
    assert "was cut short last time; it is made now" in " ".join(done.stdout.split())
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        assert progress.games.pending_reviews(kept_games(tmp_path)[0].started) == []
