"""A game ``games import`` brought in is studied beside the learner's own (tutor/storage/game_store.py,
``GameStore.waiting``): plain ``resume``, ``next``, the welcome and the dashboard go on with the game last played
here, and an imported game is played here only once ``resume N`` takes it; until then it stops no ``play``."""

from __future__ import annotations

from pathlib import Path

import pytest
from shell_helpers import classic_course_done, game_run, open_shell
from test_play_shell import learner_line

from tutor.shell.commands import dispatch, welcome
from tutor.shell.game_text import game_words

WORDS = {"en": {"play": "play", "resume": "resume", "next": "next", "progress": "progress", "games": "games"},
         "de": {"play": "spiele", "resume": "fortsetzen", "next": "weiter", "progress": "fortschritt",
                "games": "partien"}}


def flat(text: str) -> str:
    return " ".join(text.split())


def shared_game(tmp_path: Path, lang: str) -> Path:
    """A file of an unfinished game of another learner's, saved after the learner's own game was (a minute on)."""
    path, w = tmp_path / "shared.json", WORDS[lang]
    with open_shell(tmp_path / "friend", lang) as shell:
        shell.clock.advance(1 / 1440)  # type: ignore[attr-defined]
        dispatch(shell, f"{w['play']} seed=9 level=greedy")
        dispatch(shell, learner_line(shell))
        dispatch(shell, f"{w['games']} export 1 {path}")
    return path


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resume_next_the_welcome_and_the_dashboard_go_on_with_the_learners_game_not_one_imported_since(
        tmp_path: Path, lang: str) -> None:
    """An unfinished game imported after the learner's own was saved, and saved later than it: plain ``resume``
    opened the imported game, though the welcome named the learner's and the import said "type resume 2".  Each of
    them now names, and goes on with, the learner's game; ``resume 2`` opens the imported one, which from then on
    is the game last played here, and the one ``resume`` goes on with."""
    home, w = tmp_path / "home", WORDS[lang]
    with open_shell(home, lang) as shell:
        classic_course_done(shell)
        dispatch(shell, f"{w['play']} seed=3 level=greedy")
        dispatch(shell, learner_line(shell))
        mine = game_run(shell).saved.key
    path = shared_game(tmp_path, lang)
    with open_shell(home, lang) as shell:
        said = flat(dispatch(shell, f"{w['games']} import {path}").text)
        assert (f"“{w['resume']} 2”" if lang == "en" else f"„{w['resume']} 2“") in said
        waiting = shell.progress.games.waiting(shell.clock())
        assert waiting is not None and waiting.key == mine == 1
        reason = flat(shell.ui.message("strength.next_why_resume", **game_words(shell.ui, waiting)))
        assert reason in flat(welcome(shell)) and reason in flat(dispatch(shell, w["progress"]).text)
        dispatch(shell, w["next"])
        assert game_run(shell).saved.key == mine
        shell.activity = None
        dispatch(shell, w["resume"])
        assert game_run(shell).saved.key == mine
        shell.activity = None
        shell.clock.advance(1 / 1440)  # type: ignore[attr-defined]
        dispatch(shell, f"{w['resume']} 2")
        assert game_run(shell).saved.key == 2
    with open_shell(home, lang) as shell:
        shell.clock.advance(2 / 1440)  # type: ignore[attr-defined]
        dispatch(shell, w["resume"])
        assert game_run(shell).saved.key == 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_play_starts_a_new_game_when_the_only_game_waiting_is_imported(tmp_path: Path, lang: str) -> None:
    """A game brought in for study stopped ``play``: "Your game … is not finished … then play starts a new one",
    though the learner had never played it.  Now ``play`` starts a new game, and the imported one waits for
    ``resume 1``, which plain ``resume`` names; once taken up here it is the game in progress, and ``play`` says so."""
    home, w = tmp_path / "home", WORDS[lang]
    path = shared_game(tmp_path, lang)
    with open_shell(home, lang) as shell:
        dispatch(shell, f"{w['games']} import {path}")
        said = dispatch(shell, w["resume"]).text
        assert said == shell.ui.message("play.imported_waits", number=1) != shell.ui.message("play.nothing_to_resume")
        assert (f"“{w['resume']} 1”" if lang == "en" else f"„{w['resume']} 1“") in said
        dispatch(shell, f"{w['play']} round seed=5 level=greedy")
        assert game_run(shell).saved.key == 2
        shell.clock.advance(1 / 1440)  # type: ignore[attr-defined]
        dispatch(shell, f"{w['resume']} 1")
        assert game_run(shell).saved.key == 1
        shell.activity = None
        waiting = shell.progress.games.waiting(shell.clock())
        assert waiting is not None and waiting.key == 1
        assert dispatch(shell, f"{w['play']} seed=6").text == shell.ui.message("play.in_progress",
                                                                                 **game_words(shell.ui, waiting))


def test_a_game_of_the_old_folder_is_the_learners_own_and_still_waits(tmp_path: Path) -> None:
    """An earlier version's game, read from the old ``games/`` folder at the first start, was the learner's own
    game in progress: it goes on waiting for ``resume``, though read from a file as an imported game is."""
    old = tmp_path / "home" / "games" / "20261129-120000-abcdef.json"
    old.parent.mkdir(parents=True)
    with open_shell(tmp_path / "before") as shell:
        dispatch(shell, "play round seed=9 level=greedy")
        dispatch(shell, f"games export 1 {old}")
    with open_shell(tmp_path / "home") as shell:
        assert shell.progress.imported.imported == 1
        waiting = shell.progress.games.waiting(shell.clock())
        assert waiting is not None and waiting.key == 1
        assert flat(shell.ui.message("play.offer_resume", **game_words(shell.ui, waiting))) in flat(welcome(shell))
