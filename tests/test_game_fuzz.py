"""Any saved-game document, however wrong, goes through the old games folder, ``games import``, ``games``,
``resume`` and ``replay`` as a game or as one line, and the tutor goes on working (issue 22, cases 3, 4 and 16)."""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from shell_helpers import Clock
from test_game_store import short_game

from tutor.cli.main import EXIT_CRASHED, main
from tutor.content.course import Catalog
from tutor.loading import load_catalog
from tutor.shell.commands import dispatch, welcome
from tutor.shell.play import GameRun
from tutor.shell.state import Shell
from tutor.storage import Progress

CRASHED = "Something went wrong on our side"
BIG = "@BIG@"
"""Stands for an integer of 5,000 digits, which Python's json cannot write (nor, by default, read)."""
DELETE = object()

TOP = ["format", "version", "id", "started", "updated", "finished", "variant", "preset", "players", "learner",
       "levels", "seed", "kind", "practice", "practice_from", "resigned", "scores", "result", "rounds"]
ROUND = ["seed", "dealer", "start", "moves", "score"]
START = ["variant", "players", "to_move", "dealer", "hands", "table", "stock", "scores", "captured"]
ODD = ["0001-01-01T00:00:00", "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "2026-02-30T00:00:00",
       "1969-12-31T23:59:59+00:00", "", "\x1b]0;title\x07", "../../../made/by/id", "/tmp/OUTSIDE", "a\x00b", "x" * 300,
       BIG, -1, 2**32, 2**64, 1.5, True, None, [], {}, "KS", ["KS"], [[]], {"build": ["5D", "3S"], "owner": 1}]
JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=8)
VALUES = st.sampled_from(ODD) | JSON | st.just(DELETE)
CHANGE = st.tuples(st.sampled_from(["top", "round", "start", "move"]), st.sampled_from(TOP + ROUND + START), VALUES)


@cache
def catalog() -> Catalog:
    return load_catalog()


@contextmanager
def west_of_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Etc/GMT+12")  # local time 12 hours behind UTC: year 1 cannot be shown here
    time.tzset()
    try:
        yield
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def changed(changes: list[tuple[str, str, Any]]) -> str:
    """The short game's document with ``changes``, as JSON text."""
    data = json.loads(short_game())
    for where, key, value in changes:
        rounds = data.get("rounds")
        first = rounds[0] if isinstance(rounds, list) and rounds and isinstance(rounds[0], dict) else None
        target: Any = {"top": data, "round": first, "start": first.get("start") if first else None,
                       "move": first.get("moves") if first else None}[where]
        if isinstance(target, list) and target:
            target[len(key) % len(target)] = None if value is DELETE else value
        elif isinstance(target, dict):
            if value is DELETE:
                target.pop(key, None)
            else:
                target[key] = value
    return json.dumps(data).replace(json.dumps(BIG), "9" * 5_000)


def one_line(text: str, marker: str) -> None:
    """The line holding ``marker`` says all there is to say about the document: nothing follows it of its own."""
    assert CRASHED not in text, text
    for line in text.splitlines():
        if marker in line:
            assert len(line) < 600, line


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                HealthCheck.too_slow])
@given(changes=st.lists(CHANGE, min_size=1, max_size=3))
@example(changes=[("top", "rounds", [])])  # a game whose first round was never dealt: dealt on resuming
def test_any_document_is_a_game_or_one_line_and_the_tutor_keeps_working(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        changes: list[tuple[str, str, Any]]) -> None:
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)
    home = Path(tempfile.mkdtemp(dir=tmp_path))
    text = changed(changes)
    (home / "games").mkdir()
    (home / "games" / "g.json").write_text(text, encoding="utf-8")
    copy = home / "copy.json"
    copy.write_text(text, encoding="utf-8")
    with west_of_utc(monkeypatch):
        with Progress.open(home / "progress.sqlite3") as progress:
            shell = Shell(catalog(), progress, "en", clock=Clock())
            assert CRASHED not in welcome(shell)
            one_line(dispatch(shell, "games").text, "cannot be read")
            said = dispatch(shell, "resume").text
            one_line(said, "cannot be read")
            if isinstance(shell.activity, GameRun) and shell.activity.game.learner_to_move:
                pos = shell.activity.position
                said = dispatch(shell, pos.notation(pos.generate()[0])).text
                assert CRASHED not in said and "could not be saved" not in said
            said = dispatch(shell, f"games import {copy}").text
            one_line(said, "Nothing was added")
            one_line(dispatch(shell, "games").text, "cannot be read")
            assert "Goodbye" in dispatch(shell, "quit").text
            shell.activity = None  # as when the learner leaves: a game's review worker ends
        capsys.readouterr()
        monkeypatch.setenv("CASSINO_TUTOR_HOME", str(home))
        for target in (str(copy), "1", "2"):
            status = main(["replay", target, "--lang", "en"])
            out, err = capsys.readouterr()
            assert status in (0, 2) and status != EXIT_CRASHED, err
            assert (status == 0) == (err == "") and err.count("\n") <= 1, err
