"""The bottom toolbar fits the terminal in both languages and shows nothing that needs explaining (issue 14)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from shell_helpers import open_shell, play_first_moves

from tutor.content.presets import preset_names
from tutor.play.players import LEVELS
from tutor.shell.commands import dispatch, lookup, typed_command
from tutor.shell.game_text import game_words, score_text
from tutor.shell.keys import FUNCTION_KEYS
from tutor.shell.play import GameRun
from tutor.shell.toolbar import toolbar_text
from tutor.storage.game_store import summary_of


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [60, 80, 120])
def test_the_toolbar_fits_and_keeps_f1(tmp_path: Path, lang: str, width: int) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        shell.width = lambda: width
        for line in ("", "learn builds", "next", "puzzle", "streak"):
            if line:
                dispatch(shell, line)
            text = toolbar_text(shell)
            assert len(text) == width, text
            assert ("F1 help" if lang == "en" else "F1 Hilfe") in text
            assert "?" not in text and "EN" not in text and "DE" not in text


def test_a_wide_toolbar_names_the_variant_in_the_learners_language(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        shell.width = lambda: 120
        dispatch(shell, "puzzle")
        text = toolbar_text(shell)
        assert "Klassisches Cassino" in text and "classic" not in text
        assert "F4 Züge" in text and "Wertungszahl etwa " in text


@pytest.mark.parametrize(("lang", "play", "players", "level"), [("en", "play", "players", "level"),
                                                               ("de", "spiele", "spieler", "stufe")])
def test_a_game_toolbar_fits_80_columns_and_shows_the_level(tmp_path: Path, lang: str, play: str, players: str,
                                                            level: str) -> None:
    """The longest preset name against the longest level, three players (the longest score), at 80 columns: at the
    start, and with two-digit and negative scores (as Michigan's penalties make them)."""
    with open_shell(tmp_path, lang=lang) as shell:
        shell.width = lambda: 80
        ui = shell.ui
        preset = max(preset_names(), key=lambda p: len(ui.message(f"presets.{p}")))
        level_name = max((ui.message(f"levels.{name}") for name in LEVELS), key=len)
        dispatch(shell, f"{play} {preset} {players}=3 {level}={level_name} seed=1")
        run = shell.activity
        assert isinstance(run, GameRun)
        for scores in ([0, 0, 0], [-12, 21, 19], [-12, -21, -19], [-48, 21, -19]):
            run.game.match.scores[:] = scores  # the match as it stands before its round: the toolbar reads it
            text = toolbar_text(shell)
            assert len(text) == 80, text
            shown = ":".join(f"−{-p}" if p < 0 else str(p) for p in scores)
            assert f", {shown} " in text and level_name in text and "…" not in text, text
            assert ("F1 help" if lang == "en" else "F1 Hilfe") in text


@pytest.mark.parametrize(("lang", "play", "players", "level"), [("en", "play", "players", "level"),
                                                               ("de", "spiele", "spieler", "stufe")])
def test_a_negative_score_reads_with_a_minus_sign_not_a_dash(tmp_path: Path, lang: str, play: str, players: str,
                                                            level: str) -> None:
    """Michigan to 5 with four players: moves played at random until a penalty puts a side below zero: the toolbar,
    the match standing and the position's score line write it with a minus sign, and the toolbar's scores are not
    joined by a dash."""
    rng = random.Random(5)
    with open_shell(tmp_path, lang=lang) as shell:
        shell.width = lambda: 120
        dispatch(shell, f"{play} michigan-5 {players}=4 {level}=random seed=3")
        run = shell.activity
        assert isinstance(run, GameRun)
        while min(run.game.scores) >= 0 and not run.game.round_over:
            pos = run.position
            dispatch(shell, run.ui.typed_move(pos.notation(rng.choice(pos.generate()))))
        scores = run.game.scores
        assert min(scores) < 0, scores
        joined = ":".join(f"−{-p}" if p < 0 else str(p) for p in scores)
        text, standing = toolbar_text(shell), score_text(shell.ui, run.game)
        shown = next(line for line in run.show().splitlines() if line.startswith(("Score:", "Punkte:")))
        assert (f", {joined} " in text, "-2" in text or "–" in text) == (True, False), text
        for line in (standing, shown):
            assert (f": −{-min(scores)}" in line, "-2" in line) == (True, False), line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_key_is_named_by_the_word_that_types_its_command(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        shell.width = lambda: 80
        dispatch(shell, "puzzle")
        named = dict(re.findall(r"\b(F\d) (\w+)", toolbar_text(shell)))
        assert set(named) == {key.upper() for key in FUNCTION_KEYS}
        for key, word in named.items():
            typed = lookup(word)
            assert typed is not None and typed.name == FUNCTION_KEYS[key.lower()], (key, word)
            assert word.lower() == typed_command(shell, typed.name)


@pytest.mark.parametrize(("lang", "play", "resign", "over"), [
    ("en", "play level=greedy seed=3", "resign\ny", " Game over: resigned vs greedy "),
    ("de", "spiele stufe=greedy startwert=3", "aufgeben\nj", " Spielende: aufgegeben gegen Raffer "),
])
def test_after_resigning_the_toolbar_shows_no_game_in_progress(tmp_path: Path, lang: str, play: str, resign: str,
                                                               over: str) -> None:
    """A game resigned after a move: the toolbar says the game is over, not its round and score as if in play."""
    with open_shell(tmp_path, lang=lang) as shell:
        shell.width = lambda: 80
        dispatch(shell, play)
        run = shell.activity
        assert isinstance(run, GameRun)
        pos = run.position
        dispatch(shell, pos.notation(pos.generate()[0]))
        in_play = toolbar_text(shell)
        for line in resign.splitlines():  # the command, then the answer to its question
            dispatch(shell, line)
        text = toolbar_text(shell)
        assert run.game.over and shell.activity is run
        assert text.startswith(over) and in_play.split(",")[0] not in text, (in_play, text)


@pytest.mark.parametrize(("lang", "after", "then"), [("en", " After round 1, ", " Round 2, "),
                                                     ("de", " Nach Runde 1, ", " Runde 2, ")])
def test_between_rounds_the_toolbar_says_after_which_round_the_game_waits(tmp_path: Path, lang: str, after: str,
                                                                        then: str) -> None:
    """A match whose first round is over, the next not dealt: the toolbar says "after round 1", as the line offering
    to resume it says; once the next round is dealt, its number."""
    with open_shell(tmp_path, lang=lang) as shell:
        shell.width = lambda: 80
        run = play_first_moves(shell, "level=random seed=2", round_only=True)
        assert run.game.round_over and not run.game.over
        text = toolbar_text(shell)
        said = shell.ui.message("play.offer_resume", **game_words(shell.ui, summary_of(run.saved)))
        assert text.startswith(after) and after.strip(" ,").lower() in said.lower(), (text, said)
        dispatch(shell, "next" if lang == "en" else "weiter")
        assert not run.game.round_over and toolbar_text(shell).startswith(then), toolbar_text(shell)


def test_a_one_round_games_toolbar_names_its_variant_as_the_game_does(tmp_path: Path) -> None:
    """A one-round game has no target: its first line no longer names "match (to 11 points)", and the toolbar's
    variant named it still (the position's variant, not the game's)."""
    with open_shell(tmp_path) as shell:
        shell.width = lambda: 160
        dispatch(shell, "play round target=11 forced_capture=true seed=4 level=greedy")
        text = toolbar_text(shell)
        assert "Classic Cassino (capturing:" in text and "11 points" not in text, text
