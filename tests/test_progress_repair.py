"""A hand-edited progress file that passes SQLite's checks but holds wrong values: repaired, copied first (issue 15)."""

from __future__ import annotations

import io
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from shell_helpers import open_shell, right_answer

from tutor.cli.main import main
from tutor.shell.commands import dispatch, welcome
from tutor.storage import Progress
from tutor.storage.rating_policy import LEARNER_START

T0 = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)


def edited(path: Path, *statements: str) -> None:
    """A file with two attempts (one failed, so a review is due), then edited by hand with ``statements``."""
    with Progress.open(path) as progress:
        progress.record_attempt("p1", ["sums"], 900, True, 0, now=T0)
        progress.record_attempt("p2", ["pairing"], 800, False, 0, now=T0 + timedelta(minutes=1))
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def test_a_rating_of_text_is_dropped_and_the_learner_starts_again(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    edited(path, "UPDATE learner SET rating = 'abc'")
    with Progress.open(path) as progress:
        assert progress.repair is not None and progress.repair.places == ("learner.rating",)
        assert progress.learner_rating().rating == LEARNER_START.rating
        assert len(progress.theme_stats()) == 2, "the attempts are kept"
        backup = progress.repair.backup
    kept = sqlite3.connect(backup)
    assert kept.execute("SELECT rating FROM learner").fetchone() == ("abc",)
    kept.close()
    with Progress.open(path) as progress:
        assert progress.repair is None, "repaired once, the file is right"


def test_a_due_date_that_is_no_date_falls_due_now(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    edited(path, "UPDATE review SET due_at = 'not a date'")
    with Progress.open(path) as progress:
        assert progress.repair is not None and progress.repair.reset == 1 and progress.repair.dropped == 0
        assert progress.due_reviews(datetime.now(timezone.utc) + timedelta(seconds=1)) == ["p2"]


@pytest.mark.parametrize("statement", [
    "UPDATE attempt SET at = 'yesterday' WHERE puzzle_id = 'p1'",
    "UPDATE attempt SET learner_after = 'x' WHERE puzzle_id = 'p1'",
    "UPDATE puzzle SET deviation = 'wide' WHERE id = 'p1'",
    "UPDATE attempt SET hints = 'many'",
    "INSERT INTO best_streak (id, length) VALUES (1, 'long')",
    "INSERT INTO lesson (id, step, touched_at) VALUES ('table', 'two', 'now')",
    # values past what Glicko-2's arithmetic takes: each was a crash report at the start, or at the next rating
    "UPDATE learner SET deviation = 0", "UPDATE learner SET volatility = -1", "UPDATE learner SET volatility = 1e-300",
    "UPDATE puzzle SET rating = 1e9", "UPDATE learner SET rating = -1e7",
    "UPDATE learner SET deviation = 1e300",  # squared as the idle days grow it: OverflowError
    "UPDATE review SET puzzle_id = NULL WHERE puzzle_id = 'p2'",  # a key of text SQLite lets be NULL
])
def test_the_shell_opens_any_edited_file_and_says_what_it_repaired(tmp_path: Path, statement: str) -> None:
    edited(tmp_path / "progress.sqlite3", statement)
    with open_shell(tmp_path) as shell:
        assert shell.progress.repair is not None
        text = welcome(shell)
        assert text.startswith("The progress file held values the tutor does not write")
        assert str(shell.progress.repair.backup) in text
        for line in ("progress", "puzzle", "review", "streak", "lessons"):
            assert "Something went wrong" not in dispatch(shell, line).text


@pytest.mark.parametrize("statement", [
    "UPDATE skill SET volatility = -1", "UPDATE skill SET deviation = 0", "UPDATE skill SET deviation = 1e300",
    "UPDATE skill_evidence SET rating_after = 1e308",  # 'progress': the trend's decimal overflowed
    "UPDATE skill_evidence SET difficulty = -1e9",
])
def test_an_edited_skill_is_repaired_and_every_screen_shows(tmp_path: Path, statement: str) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "learn table")
        for _ in range(4):
            dispatch(shell, right_answer(shell))  # evidence of the skills the steps teach
    edited(tmp_path / "progress.sqlite3", statement)
    with open_shell(tmp_path) as shell:
        assert shell.progress.repair is not None
        for line in ("progress", "next", "learn table", "next", "puzzle", "lessons"):
            assert "Something went wrong" not in dispatch(shell, line).text
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize(("edit", "lines"), [
    ("UPDATE game SET version = 'x'", ("resume", "hint", "undo")),  # a save's version + 1
    ("UPDATE game SET players = 'x'", ("puzzle", "streak", "games")),  # the player counts puzzles are chosen by
])
def test_a_game_summary_a_hand_edit_broke_fails_no_command(tmp_path: Path, edit: str, lines: tuple[str, ...]) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round seed=53 level=greedy")
    edited(tmp_path / "progress.sqlite3", edit)
    with open_shell(tmp_path) as shell:
        for line in lines:
            assert "Something went wrong" not in dispatch(shell, line).text, line
    assert not (tmp_path / "reports").exists()


DEEP = "[" * 100_000 + "]" * 100_000
"""JSON nested deeper than Python reads: its RecursionError was no reader's ValueError."""


@pytest.mark.parametrize("statement", [
    "UPDATE game SET scores = :deep",  # the list of games
    "UPDATE game SET result = :deep",
    "UPDATE game SET variant = :deep",
    "UPDATE game SET problem = :deep",
    "UPDATE game SET data = :deep",  # the list, and the import's look for the same game
    "INSERT INTO game_review (game_id, round, data) VALUES (1, 1, :deep)",  # the playing strength
    "INSERT INTO puzzle_helped (holder, puzzle_id, held_at, themes, rating, skills, hints) "
    "VALUES ('1@elsewhere', 'sums-1', '2024-03-01T09:00:00+00:00', :deep, 800, :deep, 1)",  # the start
    "INSERT INTO personal_puzzle (id, made_at, data) VALUES ('game-000000000000', '2024-03-01T09:00:00+00:00', :deep);"
    "INSERT INTO review (puzzle_id, due_at) VALUES ('game-000000000000', '2024-03-01T09:00:00+00:00')",  # the start
])
def test_json_a_hand_edit_nested_too_deep_is_a_value_that_cannot_be_read_not_a_crash_report(
        tmp_path: Path, statement: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "progress.sqlite3"
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        dispatch(shell, f"games export 1 {tmp_path / 'game.json'}")
    conn = sqlite3.connect(path)
    for one in statement.split(";"):
        conn.execute(one, {"deep": DEEP} if ":deep" in one else {})
    conn.commit()
    conn.close()
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO(f"games\nprogress\ngames import {tmp_path / 'game.json'}\nquit\n"))
    assert main(["--lang", "en"]) == 0
    said = capsys.readouterr()
    assert "Something went wrong" not in said.out + said.err and not (tmp_path / "reports").exists()
    assert main(["replay"]) in (0, 2) and not (tmp_path / "reports").exists()


def test_a_right_file_is_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    edited(path)
    with Progress.open(path) as progress:
        assert progress.repair is None
    assert [p.name for p in tmp_path.iterdir() if "repair" in p.name] == []


def test_the_copy_before_a_repair_is_never_written_through_a_link_in_its_place(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A symbolic link left where the copy goes, pointing to a file not there yet: the copy was written through it,
    outside the data folder (``Path.exists`` is False for such a link)."""
    from tutor.storage import database

    now = datetime(2026, 12, 5, 10, 0, 0, tzinfo=timezone.utc)
    monkeypatch.setattr(database, "utc", lambda moment: now)  # the copy's time (database.copy_before)
    home, outside = tmp_path / "home", tmp_path / "outside"
    home.mkdir()
    outside.mkdir()
    path = home / "progress.sqlite3"
    edited(path, "UPDATE learner SET rating = 'abc'")
    (home / "progress.sqlite3.before-repair-20261205-100000").symlink_to(outside / "copy.sqlite3")
    with Progress.open(path) as progress:
        assert progress.repair is not None
        assert progress.repair.backup == home / "progress.sqlite3.before-repair-20261205-100000-2"
    assert list(outside.iterdir()) == []
