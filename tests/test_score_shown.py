"""The score a position shows: what a scoreboard at the table says at that moment (docs/formats.md, "The score
shown"): the match points before the round (the position's ``scores:``) with what the round has scored at once, on
every screen, and a personal puzzle saved before this convention (version 1) read as it was meant."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from shell_helpers import open_shell

from tutor.core.position import Position
from tutor.loading.positions import load_position, position_to_data
from tutor.shell.commands import dispatch
from tutor.shell.lesson import LessonRun
from tutor.shell.puzzle import PuzzleRun
from tutor.teaching.personal import FORMAT, PREFIX, VERSION, personal_puzzle, puzzle_id

WORDS = {"en": ("Score: ", "you", "review"), "de": ("Punkte: ", "du", "wiederholen")}


def score_line(screen: str) -> str:
    """The score line of a position on ``screen`` (English or German)."""
    return next(line for line in screen.splitlines() if line.startswith(("Score:", "Punkte:")))


@pytest.mark.parametrize("lang, shown", [
    ("en", ["Score: Player 1: 2 · Player 2: 2 (target 21)", "Score: Player 1: −4 · Player 2: 2 (target 5)"]),
    ("de", ["Punkte: Spieler 1: 2 · Spieler 2: 2 (Ziel 21)", "Punkte: Spieler 1: −4 · Spieler 2: 2 (Ziel 5)"]),
])
def test_a_michigan_lesson_shows_the_sweeps_and_fines_already_scored(tmp_path: Path, lang: str,
                                                                    shown: list[str]) -> None:
    """Step 6: Player 1 swept twice (2 points each) and paid one fine (2 points), Player 2 swept once: 2 to 2, not
    the 0 to 0 of before the round.  Step 8 (rounds to 5): two fines against one sweep, −4 to 2."""
    with open_shell(tmp_path, lang) as shell:
        lesson = next(lesson for lesson in shell.catalog.lessons if lesson.id == "michigan")
        for index, score in zip((5, 7), shown):
            assert score_line(LessonRun(shell, lesson, start=index).show()).startswith(score + " · ")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("puzzle, score", [("endgame-michigan-1-6", "Player 1: −2 · you: 0"),
                                           ("endgame-sudden-death-1-1", "Player 1: 5 · you: 2")])
def test_a_collection_puzzle_shows_what_the_round_has_scored_at_once(tmp_path: Path, lang: str, puzzle: str,
                                                                     score: str) -> None:
    """Michigan: the learner's one sweep (2) against their fine (−2), Player 1's fine; sudden death: the point cards
    each side took (the 10♦, 2♠ and aces score the moment they are taken).  Both showed 0 to 0."""
    label, you, _ = WORDS[lang]
    with open_shell(tmp_path, lang) as shell:
        screen = dispatch(shell, f"puzzle {puzzle}").text
    want = score.replace("Player", "Spieler").replace("you", you) if lang == "de" else score
    assert score_line(screen).startswith(label + want + " (")


def michigan_position() -> Position:
    """A Michigan position in a match at 5 to 7 before the round, where the learner (seat 0) has paid a fine and
    the other side swept once and paid a fine: the table shows 3 to 7."""
    return load_position("""
variant: michigan
hands: [[10S, 8S, 2D], [JC, 5D, 10H]]
table: [4D, 9S]
captured: [[4H, 4C], [2H, 2C, 7H, 7D, 7C]]
sweeps: [0, 1]
penalties: [1, 1]
scores: [5, 7]
stock: 30
last_capturer: 1
""", "test")


def personal(pos: Position, version: int) -> str:
    """The data of a personal puzzle of ``pos`` (its scores written as they are) of ``version``: 2D played."""
    moves = [pos.notation(m) for m in pos.generate()]
    return json.dumps({"format": FORMAT, "version": version, "made": "2026-11-29", "rating": 800,
                       "position": position_to_data(pos), "played": "2D", "grade": "blunder", "loss": 4.0,
                       "themes": ["sweep"], "moves": [{"move": m, "value": -float(i)} for i, m in enumerate(moves)],
                       "accepted": moves[:1]})


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_personal_puzzle_saved_with_the_shown_score_keeps_it(tmp_path: Path, lang: str) -> None:
    """Version 1 stored the score the game showed (3 to 7); version 2 stores the match points before the round
    (5 to 7), as every position does.  Both, kept in the progress file, show 3 to 7 (not 1 to 7, nor 5 to 7), and
    make the same puzzle, with the id version 1 gave it."""
    label, you, review = WORDS[lang]
    before = michigan_position()
    shown = before.copy()
    shown.scores = [3, 7]
    old_key = json.dumps([position_to_data(shown), "2D"], sort_keys=True).encode()
    old_id = PREFIX + hashlib.sha1(old_key).hexdigest()[:12]
    assert puzzle_id(before, "2D") == old_id
    for data in (personal(shown, 1), personal(before, VERSION)):
        puzzle = personal_puzzle(old_id, data)
        assert puzzle is not None and puzzle.position.scores == [5, 7]
        with open_shell(tmp_path / str(json.loads(data)["version"]), lang) as shell:
            shell.progress.add_personal_puzzles({old_id: data}, 800.0, now=shell.clock())
            screen = dispatch(shell, review).text
            assert isinstance(shell.activity, PuzzleRun) and shell.activity.puzzle.id == old_id
        assert score_line(screen).startswith(f"{label}{you}: 3 · ")
        assert " 7 (" in score_line(screen)
