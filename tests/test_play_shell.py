"""Games against the computer in the shell: commands, what the learner may see, a round through the real
session on a pipe, and a game resumed after its process was killed."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from shell_helpers import game_run, kept_games, open_shell, play_first_moves

from tutor.play.review import review_round
from tutor.render import Renderer
from tutor.shell.commands import dispatch, farewell, welcome
from tutor.shell.game_text import game_words, played_text
from tutor.shell.lesson import LessonRun
from tutor.shell.play import GameRun
from tutor.shell.review_screen import hint_advice
from tutor.shell.session import TutorSession
from tutor.shell.state import Shell
from tutor.shell.toolbar import toolbar_text
from tutor.storage.game_store import summary_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def quick_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review after each round with few worlds keeps these tests fast (the review's own: test_review.py)."""
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_WORLDS", 4)


def learner_line(shell: Shell) -> str:
    """A move the learner may play now, typed in notation: the first legal one its seat sees."""
    pos = game_run(shell).position
    return pos.notation(pos.generate()[0])


def unseen_cards(shell: Shell) -> set[str]:
    """The cards the learner cannot know now (the other hands and the stock), as the screen would show them."""
    game = game_run(shell).game
    pos = game.position
    hidden = [c for s in range(pos.players) if s != game.learner for c in pos.hands[s]] + list(pos.stock or [])
    return {shell.ui.card(c) for c in hidden}


def play_round_by_dispatch(shell: Shell) -> list[str]:
    """The learner's lines to the end of the round; every reply checked to show no unseen card."""
    lines = []
    while not game_run(shell).game.round_over:
        line = learner_line(shell)
        lines.append(line)
        reply = dispatch(shell, line).text
        assert not any(card in reply for card in unseen_cards(shell)), reply
        assert len(lines) < 60
    return lines


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_match_is_played_round_after_round_and_saved_after_every_move(tmp_path: Path, players: int) -> None:
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, f"play players={players} level=greedy seed=12").text
        assert "A new match of Classic Cassino" in said and "(target 21)" in said  # the round: the toolbar's
        assert not any(card in said for card in unseen_cards(shell))
        zeros = ":".join(["0"] * (3 if players == 3 else 2))
        assert toolbar_text(shell).startswith(f" Round 1, {zeros} vs greedy · ")
        play_round_by_dispatch(shell)
        game = game_run(shell).game
        [saved] = kept_games(tmp_path)
        assert [r.moves for r in saved.game.rounds] == [r.moves for r in game.rounds]
        assert saved.game.current.score == game.current.score
        said = dispatch(shell, "next").text
        assert "Round 2" in said and len(game.rounds) == 2
        while not game.over:
            if game.round_over:
                dispatch(shell, "next")
            else:
                play_round_by_dispatch(shell)
        assert kept_games(tmp_path)[0].finished is not None
        assert "the match" in dispatch(shell, "show").text
        assert "won" in dispatch(shell, "games").text or "lost" in dispatch(shell, "games").text


def test_the_end_of_a_round_shows_its_score_and_a_one_round_game_its_result(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round seed=4 level=greedy")
        dispatch(shell, learner_line(shell))
        dispatch(shell, "undo")
        while not game_run(shell).game.round_over:
            said = dispatch(shell, learner_line(shell)).text
        assert "Round score:" in said and "Total:" in said
        last = game_run(shell).game.current.plies[-1]
        left = last.before.table_after(last.move)[0]
        residue = any(line.startswith(("You took last and so take the cards left", "Player 2 took last and so takes"))
                      for line in said.splitlines())
        assert residue == bool(left or last.before.table_after(last.move)[1])
        assert "the round" in said and "It counts as practice" in said
        finished = shell.activity
        following = dispatch(shell, "next").text  # the game is over: next goes on to the next step
        assert shell.activity is not finished and "wins the round" not in following


@pytest.mark.parametrize(("lang", "play"), [
    ("en", "play round target=11 claim=true forced_capture=true seed=4 level=greedy"),
    ("de", "spiele runde target=11 claim=true forced_capture=true startwert=4 stufe=Raffer"),
])
def test_a_one_round_games_name_leaves_out_the_options_of_a_match(tmp_path: Path, lang: str, play: str) -> None:
    """A one-round game has no target to reach or claim: its first line named it "Classic Cassino with changes:
    match (to 11 points) and claiming the target (allowed)", and so did its round's head, the games list and the
    resign question, while "claim" said a one-round game has nothing to claim. The option of a round stays; a match
    of the same options names them all."""
    ui = Renderer(lang)
    match, claim, capture = (ui.message(f"options.{name}") for name in ("target", "claim", "forced_capture"))
    with open_shell(tmp_path, lang) as shell:
        said = [dispatch(shell, play).text, dispatch(shell, "show").text, dispatch(shell, "games").text,
                dispatch(shell, "resign").text]
        for text in said:
            assert match not in text and claim not in text, text
        assert all(capture in text for text in said[1:]), said
        dispatch(shell, "yes" if lang == "en" else "ja")
        started = dispatch(shell, play.replace(" round ", " ").replace(" runde ", " ")).text
        assert match in started and claim in started, started


@pytest.mark.parametrize(("lang", "play", "last"), [
    ("en", "play round seed=4 level=greedy", "Type “next” to go on, or “play” for a new game."),
    ("en", "play michigan-5 seed=2 level=greedy", "Type “next” to go on, or “play” for a new game."),
    ("de", "spiele runde startwert=4 stufe=Raffer",
     "Tippe „weiter“, um weiterzumachen, oder „spiele“ für ein neues Spiel."),
])
def test_the_end_of_a_games_last_round_says_what_to_type_next(tmp_path: Path, lang: str, play: str, last: str) -> None:
    """The last round's end (a one-round game's, a match's) closes, as every other round's end does with "next",
    on what the learner may type now."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, play)
        game = game_run(shell).game
        while not game.over:
            if game.round_over:
                dispatch(shell, "next")
                continue
            said = dispatch(shell, learner_line(shell)).text
        assert said.splitlines()[-1] == last, said


def test_mistyped_and_illegal_moves_get_the_puzzles_answers(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play seed=3")
        said = dispatch(shell, "xx").text
        assert "is not a card" in said and "for example" in said
        pos = game_run(shell).position
        wrong = next(c for c in pos.variant.deck_cards if c not in pos.hands[pos.to_move])
        assert "hand" in dispatch(shell, str(wrong)).text
        assert len(game_run(shell).game.current.plies) <= 1, "nothing was played"


@pytest.mark.parametrize(("lang", "start", "not_a_card"), [
    ("en", "play seed=3", "“{}” is not a card"), ("en", "puzzle", "“{}” is not a card"),
    ("de", "spiele startwert=3", "„{}“ ist keine Karte"), ("de", "aufgabe", "„{}“ ist keine Karte"),
])
@pytest.mark.parametrize(("typed", "token"), [
    ("9X x 3H", "9X"), ("9X", "9X"), ("9X b9 3H", "9X"), ("9Xx3H", "9X"), ("QC x 9Z+3H", "9Z"),
])
def test_a_mistyped_card_is_the_one_named(tmp_path: Path, lang: str, start: str, not_a_card: str, typed: str,
                                          token: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, start)
        activity = shell.activity
        said = dispatch(shell, typed).text
        assert said.startswith(not_a_card.format(token)), said
        assert ("for example" if lang == "en" else "zum Beispiel") in said
        assert shell.activity is activity, "the puzzle or game goes on"


@pytest.mark.parametrize(("lang", "start", "typed", "said"), [
    ("en", "play seed=3", "1S", "“1S” is not a card: the ace is written A, like AS."),
    ("en", "puzzle", "7S x 1d", "“1d” is not a card: the ace is written A, like AD."),
    ("en", "play seed=3", "7S x 1", "“1” is not a card: the ace is written A."),
    ("de", "spiele startwert=3", "1P", "„1P“ ist keine Karte: Das Ass schreibt man A, etwa AP."),
    ("de", "aufgabe", "1S", "„1S“ ist keine Karte: Das Ass schreibt man A, etwa AP."),
    ("de", "spiele startwert=3", "7P x 1kr", "„1kr“ ist keine Karte: Das Ass schreibt man A, etwa AKr."),
])
def test_an_ace_typed_as_1_is_told_how_the_ace_is_written(tmp_path: Path, lang: str, start: str, typed: str,
                                                           said: str) -> None:
    """``1S`` was read as the ace of spades (``1`` no rank of the notation: rules.md, Cards), so a learner who meant
    another card, or did not know the notation, played the ace unawares or was told the ace is not in the hand."""
    with open_shell(tmp_path, lang, symbols=False) as shell:
        dispatch(shell, start)
        activity = shell.activity
        reply = dispatch(shell, typed).text
        assert reply.startswith(said + "\n"), reply
        assert ("for example" if lang == "en" else "zum Beispiel") in reply
        assert shell.activity is activity, "the puzzle or game goes on"


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "play clasic", "“clasic” is not a setting of “play”: did you mean “classic”?"),
    ("en", "play round royl players=3", "“royl” is not a setting of “play”: did you mean “royal”?"),
    ("de", "spiele clasic", "„clasic“ ist keine Einstellung von „spiele“: Meintest du „classic“?"),
])
def test_a_mistyped_preset_gets_the_nearest_one(tmp_path: Path, lang: str, typed: str, said: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        answer = dispatch(shell, typed).text
        assert answer.startswith(said) and shell.activity is None
    with open_shell(tmp_path, lang) as shell:  # nothing near: no guess
        assert "xyzzy" in dispatch(shell, "play xyzzy").text and "?" not in dispatch(shell, "play xyzzy").text


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "play royal draw", "“royal” and “draw” are two variants: name one, for example “play draw”."),
    ("de", "spiele royal draw players=3", "„royal“ und „draw“ sind zwei Varianten: Nenne eine, zum Beispiel "
                                          "„spiele draw“."),
])
def test_two_variants_named_are_refused_not_the_last_played(tmp_path: Path, lang: str, typed: str, said: str) -> None:
    """``play royal draw`` played Draw without a word (the last preset named won); the same one twice is one."""
    with open_shell(tmp_path, lang) as shell:
        assert dispatch(shell, typed).text == said and shell.activity is None
        dispatch(shell, "play round royal royal")
        assert isinstance(shell.activity, GameRun) and shell.activity.game.settings.variant.preset == "royal"


def test_undo_taken_moves_and_what_is_refused_outside_a_game(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        assert "works in a game" in dispatch(shell, "undo").text
        assert "works in a game" in dispatch(shell, "taken").text
        assert "No game" in dispatch(shell, "resume").text
        assert "no games yet" in dispatch(shell, "games").text
        dispatch(shell, "play seed=3")
        assert "nothing to take back" in dispatch(shell, "undo").text
        listed = dispatch(shell, "moves").text
        assert listed.startswith("Your legal moves:")
        before = game_run(shell).position.hands[0]
        dispatch(shell, learner_line(shell))
        assert "taken back" in dispatch(shell, "undo").text
        assert game_run(shell).position.hands[0] == before and game_run(shell).game.practice
        assert "Taken so far" in dispatch(shell, "taken").text
        assert "no solution" in dispatch(shell, "solution").text


def test_the_taken_cards_answer_to_the_glossarys_german_words_too(tmp_path: Path) -> None:
    """``genommen`` shows the cards taken; so do ``eingenommen`` and ``einnahmen``, the words the German screens use
    for them (docs/glossary.md)."""
    with open_shell(tmp_path, "de") as shell:
        dispatch(shell, "spiel seed=3")
        shown = dispatch(shell, "genommen").text
        assert shown and dispatch(shell, "eingenommen").text == shown == dispatch(shell, "Einnahmen").text


def test_one_game_at_a_time_offered_at_start_resumed_or_resigned(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play royal players=3 seed=8")
        dispatch(shell, learner_line(shell))
        moves = game_run(shell).game.current.moves
    with open_shell(tmp_path) as shell:
        assert "type “resume”" in welcome(shell)
        assert "is not finished" in dispatch(shell, "play").text
        said = dispatch(shell, "resume").text
        assert "Going on with your game of Royal Cassino" in said
        assert game_run(shell).game.current.moves == moves
        assert "You resigned" in dispatch(shell, "resign yes").text
        assert "resume" not in welcome(shell)
        assert "A new match" in dispatch(shell, "play").text
        assert "resigned" in dispatch(shell, "games").text


RESUME_N = {  # resume, games, resign yes, import, what an import of an unfinished game adds, a finished game's words
    "en": ("resume", "games", "resign yes", "games import", "Type “resume 2” to go on with it.", "Game 1 is over"),
    "de": ("fortsetzen", "partien", "aufgeben ja", "partien import", "Tippe „fortsetzen 2“, um es weiterzuspielen.",
           "Spiel 1 ist zu Ende"),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resume_n_goes_on_with_any_unfinished_game_of_the_list(tmp_path: Path, lang: str) -> None:
    """An unfinished game imported beside the game in progress could not be played until that one was over:
    ``resume`` takes the game in progress. ``resume N`` goes on with game N, each with its own moves."""
    resume, games, resign, import_, go_on, over = RESUME_N[lang]
    shared = tmp_path / "shared.json"
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round seed=52 level=greedy")
        dispatch(shell, f"{games} export 1 {shared}")
        dispatch(shell, learner_line(shell))  # game 1 goes on: the file holds it as it was
        first = game_run(shell).game.current.moves
        said = dispatch(shell, f"{import_} {shared}").text
        assert said.endswith(go_on)
        assert f"{resume} N" in dispatch(shell, games).text
        dispatch(shell, f"{resume} 2")
        second = game_run(shell).game.current.moves
        assert game_run(shell).saved.key == 2 and len(second) < len(first)
        dispatch(shell, learner_line(shell))  # game 2 goes on, saved as game 2
        second = game_run(shell).game.current.moves
        dispatch(shell, f"{resume} 1")
        assert game_run(shell).saved.key == 1 and game_run(shell).game.current.moves == first
        dispatch(shell, resign)
        assert dispatch(shell, f"{resume} 1").text.startswith(over)
        assert dispatch(shell, f"{resume} 3").text == shell.ui.message("play.no_such_game", number=3)
        assert dispatch(shell, f"{resume} one").text == shell.ui.message("play.resume_usage")
        huge = "9" * 30  # more digits than any game's number: no such game, as for 3, not the usage
        assert dispatch(shell, f"{resume} {huge}").text == shell.ui.message("play.no_such_game", number=huge)
        assert dispatch(shell, f"{games} export {huge} {tmp_path / 'x.json'}").text == shell.ui.message(
            "play.no_such_game", number=huge)
        assert dispatch(shell, resume).text.split("\n")[0] == shell.ui.message(
            "play.resumed", **game_words(shell.ui, summary_of(game_run(shell).saved)))
        assert game_run(shell).saved.key == 2 and game_run(shell).game.current.moves == second
    assert [saved.game.over for saved in sorted(kept_games(tmp_path), key=lambda s: s.key or 0)] == [True, False]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resume_n_of_a_game_another_window_holds_says_to_type_resume_n_again(tmp_path: Path, lang: str) -> None:
    """``resume 2`` of a game another window plays said to type “resume” here again, which goes on with the game
    open here (game 1), not game 2; it says “resume 2”."""
    resume, import_ = RESUME_N[lang][0], RESUME_N[lang][3]
    shared = tmp_path / "shared.json"
    with open_shell(tmp_path, lang) as first, open_shell(tmp_path, lang) as second:
        dispatch(first, "play round seed=52 level=greedy")
        dispatch(first, f"games export 1 {shared}")
        dispatch(first, learner_line(first))  # game 1 goes on: the file's game is another
        dispatch(first, f"{import_} {shared}")
        dispatch(first, f"{resume} 2")
        dispatch(second, f"{resume} 1")
        dispatch(second, learner_line(second))
        assert (game_run(first).saved.key, game_run(second).saved.key) == (2, 1)
        said = " ".join(dispatch(second, f"{resume} 2").text.split())
        assert said.endswith({"en": "and type “resume 2” here again.",
                              "de": "und tippe hier wieder „fortsetzen 2“."}[lang]), said
        said = dispatch(second, resume).text
        assert said.startswith({"en": "Going on with your game", "de": "Weiter mit deinem Spiel"}[lang]), said
        assert game_run(second).saved.key == 1


@pytest.mark.parametrize(("lang", "resume"), [("en", "resume"), ("de", "fortsetzen")])
def test_a_game_resumed_after_a_crash_says_the_moves_since_the_learners_last(tmp_path: Path, lang: str,
                                                                             resume: str) -> None:
    """The computers' replies to the learner's last move (a pile grown) are said again, then the table."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play players=3 seed=17")
        for _ in range(3):
            said = dispatch(shell, learner_line(shell)).text
        moves, table = said.split("\n\n")[:2]  # the learner's move and the two replies, then the table
    with open_shell(tmp_path, lang) as shell:  # a new shell on the same progress, as after kill -9
        resumed = dispatch(shell, resume).text
    assert len(moves.splitlines()) == 3 and moves in resumed
    assert resumed.index(moves) < resumed.index(table.splitlines()[0])


@pytest.mark.parametrize(("lang", "resume", "saved"), [
    ("en", "type “resume”", "Your game is saved"), ("de", "Tippe beim nächsten Mal „fortsetzen“", "Dein Spiel ist")])
def test_leaving_with_a_game_open_says_how_to_resume_it(tmp_path: Path, lang: str, resume: str, saved: str) -> None:
    """``quit`` and the end of piped input say the game left open is saved and what goes on with it."""
    import io

    from tutor.shell.app import run_script

    with open_shell(tmp_path, lang) as shell:
        out = io.StringIO()
        run_script(shell, io.StringIO("play round seed=3\n"), out)  # the input ends with the game open
        said = " ".join(out.getvalue().split())  # as wrapped to the width
        assert said.endswith(" ".join(dispatch(shell, "quit").text.split()))
        assert resume in dispatch(shell, "quit").text and saved in dispatch(shell, "quit").text
        dispatch(shell, "resign yes")
        assert resume not in dispatch(shell, "quit").text


RESIGN = {  # the command, its question's end, a yes, the reply to a no, what resigning says
    "en": ("resign", "[y/N]", "y", "Not resigned: your game is kept as it was.", "You resigned: the game is lost."),
    "de": ("aufgeben", "[j/N]", "j", "Nicht aufgegeben: Dein Spiel bleibt, wie es war.",
           "Du hast aufgegeben: Das Spiel ist verloren."),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resign_asks_first_and_the_next_line_answers(tmp_path: Path, lang: str) -> None:
    """No, an empty line, or any other line (a move, a command: it then runs) keeps the game; yes resigns it, as
    ``resign yes`` does at once."""
    resign, asked, yes, kept, resigned = RESIGN[lang]
    with open_shell(tmp_path, lang) as shell:
        assert dispatch(shell, resign).text == shell.ui.message("play.no_game")
        assert not dispatch(shell, yes).text.startswith(resigned)  # nothing was asked
        dispatch(shell, "play round seed=1 level=greedy" if lang == "en" else "spiele runde startwert=1 stufe=greedy")
        run = game_run(shell)
        for answer in ("", "n", "nein", "no"):
            question = dispatch(shell, resign).text
            assert question.endswith(asked) and ("Classic Cassino" in question or "Klassisches Cassino" in question)
            assert dispatch(shell, answer).text == kept and not run.game.over
        plies = len(run.game.current.plies)
        dispatch(shell, resign)
        said = dispatch(shell, learner_line(shell)).text  # a move instead of an answer: it is played
        assert said.startswith(kept + "\n") and len(run.game.current.plies) > plies and not run.game.over
        assert dispatch(shell, yes).text != resigned and not run.game.over  # the question was answered
        dispatch(shell, resign.upper())
        assert dispatch(shell, yes.upper()).text.startswith(resigned) and run.game.over
        dispatch(shell, "play round seed=2 level=greedy" if lang == "en" else "spiele runde startwert=2 stufe=greedy")
        assert dispatch(shell, f"{resign} {'yes' if lang == 'en' else 'ja'}").text.startswith(resigned)
        assert game_run(shell).game.over
        dispatch(shell, "play round seed=3" if lang == "en" else "spiele runde startwert=3")
        assert dispatch(shell, f"{resign} maybe").text == shell.ui.message("play.resign_usage")
        assert not game_run(shell).game.over


@pytest.mark.parametrize(("lang", "lost", "practice"), [
    ("en", "It ends now and counts as lost.", "It ends now, lost; as you took a move back, it counts only as practice."),
    ("de", "Sie endet dann sofort und zählt als verloren.",
     "Sie endet dann sofort als verloren; da du einen Zug zurückgenommen hast, zählt sie nur als Übung."),
])
def test_the_resign_question_says_a_practice_game_counts_as_practice(tmp_path: Path, lang: str, lost: str,
                                                                     practice: str) -> None:
    """After an undo the game counts as practice, and resigning it says so; the question said "counts as lost"."""
    resign, asked, _, kept, _ = RESIGN[lang]
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round seed=1 level=greedy" if lang == "en" else "spiele runde startwert=1 stufe=greedy")
        assert lost in dispatch(shell, resign).text and practice not in dispatch(shell, "n").text
        dispatch(shell, learner_line(shell))
        dispatch(shell, "undo" if lang == "en" else "zurück")
        assert game_run(shell).game.practice
        question = dispatch(shell, resign).text
        assert practice in question and lost not in question and question.endswith(asked)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "It ends now, lost; as you took a move back, it counts only as practice from round 2 on."),
    ("de", "Sie endet dann sofort als verloren; da du einen Zug zurückgenommen hast, zählt sie ab Runde 2 nur als "
           "Übung."),
])
def test_the_resign_question_says_from_which_round_the_game_is_practice(tmp_path: Path, lang: str, said: str) -> None:
    """A match whose first move taken back was in round 2 is practice from round 2 on (``practice_from``): round 1
    still counts.  The question to resign it said it counted only as practice, the whole of it."""
    resign = RESIGN[lang][0]
    with open_shell(tmp_path, lang) as shell:
        play_first_moves(shell, "target=61 seed=3 level=greedy", round_only=True)
        dispatch(shell, "next" if lang == "en" else "weiter")
        dispatch(shell, learner_line(shell))
        dispatch(shell, "undo" if lang == "en" else "zurück")
        assert game_run(shell).game.practice_from == 2
        assert said in " ".join(dispatch(shell, resign).text.split())


def resigning_session(tmp_path: Path, lang: str, keys: str) -> tuple[list[str], bool, str]:
    """A session at the real prompt that starts a greedy round and is then sent ``keys``: what it said, whether the
    game is over, and the words of leaving."""
    said: list[str] = []
    play = "play round seed=1 level=greedy" if lang == "en" else "spiele runde startwert=1 stufe=greedy"
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        pipe.send_text(f"{play}\r{keys}")
        assert TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), say=said.append).run() == 0
        return said, game_run(shell).game.over, farewell(shell)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resign_asks_at_the_prompt_too(tmp_path: Path, lang: str) -> None:
    """At the real prompt: Enter on the question keeps the game, the answer yes resigns it."""
    resign, asked, yes, kept, resigned = RESIGN[lang]
    said, over, _ = resigning_session(tmp_path, lang, f"{resign}\r\r{resign}\r{yes}\r\x04")
    questions = [i for i, text in enumerate(said) if text.endswith(asked)]
    assert len(questions) == 2 and said[questions[0] + 1] == kept and said[questions[1] + 1].startswith(resigned)
    assert over


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_or_ctrl_d_at_the_question_cancels_it(tmp_path: Path, lang: str) -> None:
    """Ctrl-C (or Ctrl-D) at resign's question drops it, saying the game is kept: a "y" typed after it answers
    nothing (it resigned the game), and the session goes on until a Ctrl-D with no question leaves."""
    resign, asked, yes, kept, resigned = RESIGN[lang]
    said, over, bye = resigning_session(tmp_path, lang, f"{resign}\r\x03{yes}\r{resign}\r\x04{yes}\r\x04")
    questions = [i for i, text in enumerate(said) if text.endswith(asked)]
    assert len(questions) == 2 and all(said[i + 1] == kept for i in questions)
    assert not over and not any(text.startswith(resigned) for text in said)
    assert said[-1] == bye  # the last Ctrl-D, at no question, leaves


def test_after_resigning_or_finishing_game_commands_say_no_game_is_in_progress(tmp_path: Path) -> None:
    """All but ``taken``, which shows the cards taken in the last round (it said no game was in progress)."""
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play round seed=1 level=greedy")
        line = learner_line(shell)
        dispatch(shell, line)
        played = len(game_run(shell).game.current.plies)
        dispatch(shell, "resign yes")
        for typed in ("undo", "hint", "moves", f"explain {line}", line):  # explain said "In a game, hint…"
            said = dispatch(shell, typed).text
            over = "This game is over: there is nothing more to play in it. Type “next” to go on, “play”"
            assert said.startswith(over), (typed, said)
        # the cards taken in the game's last round can still be looked at beside its score
        assert dispatch(shell, "taken").text.startswith("Taken in the last round:\n  You: ")
        assert len(game_run(shell).game.current.plies) == played and not game_run(shell).game.practice
        dispatch(shell, "lang de")
        assert "Dieses Spiel ist vorbei: Darin gibt es nichts mehr" in dispatch(shell, "zurück").text
        assert dispatch(shell, "genommen").text.startswith("In der letzten Runde eingenommen:\n  Du: ")


def test_moves_between_rounds_and_before_resume_say_what_to_type(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play seed=5 level=greedy")
        play_round_by_dispatch(shell)
        assert dispatch(shell, "moves").text == "Round 1 is over. Type “next” for the next round."
    with open_shell(tmp_path) as shell:
        assert "type “resume”" in dispatch(shell, "moves").text
        dispatch(shell, "resume")
        assert "Round 1 is over" in dispatch(shell, "moves").text


@pytest.mark.parametrize(("lang", "hint", "said"), [
    ("en", "hint", "Your game is waiting: type “resume” to go on with it; then “hint” asks the advisor."),
    ("de", "tipp", "Dein Spiel wartet: Tippe „fortsetzen“, um weiterzuspielen; dann fragt „tipp“ den Berater."),
])
def test_a_hint_before_resume_says_to_resume_the_game(tmp_path: Path, lang: str, hint: str, said: str) -> None:
    """Before "resume", "hint" said "“hint” needs an open lesson or puzzle", as if a game had none, where "moves",
    "taken" and "undo" name "resume"; with no game waiting it still says so."""
    with open_shell(tmp_path, lang) as shell:
        assert dispatch(shell, hint).text == shell.ui.message("shell.no_activity_for", command=hint)
        dispatch(shell, "play seed=5 level=greedy")
    with open_shell(tmp_path, lang) as shell:
        assert dispatch(shell, hint).text == said
        dispatch(shell, "resume")
        assert dispatch(shell, hint).text != said


@pytest.mark.parametrize(("lang", "drawn", "last", "dealt"), [
    ("en", " and draws a card.", " and draw the last card of the stock.", "New hands are dealt"),
    ("de", " und zieht eine Karte.", " und ziehst die letzte Karte des Talons.", "Neue Karten werden gegeben"),
])
def test_in_draw_cassino_each_move_is_followed_by_its_draw_in_the_order_of_play(
        tmp_path: Path, lang: str, drawn: str, last: str, dealt: str) -> None:
    """Each player draws a card after their move, said in the move's line.  The draws were said together under the
    turn's moves: where the stock ran out, "You play 6♦ (trail)." / "Player 2 plays 4♦ x 4♥ (…)." / "You draw a card
    from the stock, which is now used up." read as though the learner drew after Player 2's move, who drew none."""
    with open_shell(tmp_path, lang=lang) as shell:
        said = dispatch(shell, "play round draw players=3 level=random seed=5").text
        moves = [line for line in said.splitlines() if " plays " in line or " spielt " in line]
        assert len(moves) == 2 and all(line.endswith(drawn) for line in moves), said
        while not game_run(shell).game.round_over:
            said = dispatch(shell, learner_line(shell)).text
            assert dealt not in said
            moves = said.split("\n\n")[0].splitlines()
            if moves[0].endswith(last):
                break
            assert len(moves) == 3 and moves[0].endswith(drawn.replace("draws", "draw").replace("zieht", "ziehst"))
            assert all(line.endswith(drawn) for line in moves[1:]), said
        else:
            pytest.fail("the stock was not used up")
        assert not any(" draw" in line or " zieh" in line for line in moves[1:3]), said  # the stock used up


def test_after_each_match_round_the_standing_and_on_resume_the_rounds_score(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play players=4 level=greedy seed=31 target=11")
        while not game_run(shell).game.round_over:
            said = dispatch(shell, learner_line(shell)).text
        mine, theirs = game_run(shell).game.scores
        standing = f"Match: you and Player 3: {mine} · Players 2 and 4: {theirs} (to 11 points)."
        total = f"Total: you and Player 3: {mine} · Players 2 and 4: {theirs} (of"
        lines = said.splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith(total))
        assert lines[at + 1] == standing  # the standing under the score, before the review
        assert said.endswith("\nType “next” for the next round.")
    with open_shell(tmp_path, lang="de") as shell:
        said = dispatch(shell, "fortsetzen").text
        assert "Klassisches Cassino (Partie: bis 11 Punkte)" in said and "Rundenwertung" in said
        assert f"Partie: du und Spieler 3: {mine} · Spieler 2 und 4: {theirs} (bis 11 Punkte)." in said
        hands = [line for line in said.splitlines() if " · eingenommen: " in line]
        assert hands[0].startswith("Deine Hand: keine Karten") and len(hands) == 4, "seat order once nobody is to move"


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Player 3 (your partner) took last and so takes the cards left on the table ("),
    ("de", "Spieler 3 (dein Partner) hat zuletzt eingenommen und bekommt darum die Karten, die noch auf dem Tisch"
           " liegen ("),
])
def test_cards_left_on_the_table_go_to_your_partner_named_once(tmp_path: Path, lang: str, words: str) -> None:
    """The German line named the partner twice: "Spieler 3 (dein Partner) bekommt die Karten, die noch auf dem
    Tisch liegen (…): Spieler 3 (dein Partner) hat zuletzt eingenommen"."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round players=4 level=greedy seed=47")  # a round the partner ends taking last
        while not game_run(shell).game.round_over:
            said = dispatch(shell, learner_line(shell)).text
        end = game_run(shell).game.position
        assert end.last_capturer == 2
        line = next(line for line in said.splitlines() if shell.ui.player_name(end, 0, 2) in line)
        assert line.startswith(words) and line.count(shell.ui.seat_name(2)) == 1, line


def test_bad_play_settings_say_what_is_allowed(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        assert "players=2|3|4" in dispatch(shell, "play chess").text
        assert "Levels:" in dispatch(shell, "play level=wizard").text
        assert "from 2 to 4" in dispatch(shell, "play players=5").text
        assert "whole number" in dispatch(shell, "play seed=²").text
        assert "target" in dispatch(shell, "play target=banana").text.lower()
        assert shell.activity is None
        said = dispatch(shell, "play round target=11 level=Zufallsspieler").text
        assert "A new one-round game of Classic Cassino: 2 players" in said and "random" in said
        assert "to 11 points" not in said  # a one-round game has no target
        assert "(target" not in said and "Score: you: 0 · Player 2: 0 · stock" in said


@pytest.mark.parametrize(("lang", "play"), [("en", "play"), ("de", "spiele")])
def test_a_bad_option_of_play_is_told_in_the_shells_words(tmp_path: Path, lang: str, play: str) -> None:
    """``play target=[`` said "--set takes OPTION=VALUE, like target=11 …": the shell has no --set. The rules'
    refusals of an option, written for the command line ("option target takes a whole number, not abc"), are
    sentences in the shell, as its other answers are."""
    with open_shell(tmp_path, lang) as shell:
        said = dispatch(shell, f"{play} target=[").text
        assert "--set" not in said and "OPTION=" in said, said
        for typed in ("target=abc", "foo=1", "target=0"):
            said = dispatch(shell, f"{play} round {typed}").text
            assert said[0].isupper() and said.endswith("."), said
        assert shell.activity is None


def test_a_game_in_german(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        said = dispatch(shell, "spiele runde spieler=4 stufe=raffer seed=2").text
        assert "Eine neue Runde" in said and "du und Spieler 3 gegen Spieler 2 und 4" in said
        assert "4 Spieler, du gegen die Stufe „Raffer“" in said and said.count("Klassisches Cassino") == 1
        play_round_by_dispatch(shell)
        said = dispatch(shell, "zeige").text
        assert "gewinn" in said or "unentschieden" in said
        assert "Spieler" in dispatch(shell, "partien").text


@pytest.mark.parametrize(("lang", "start", "example"), [
    ("en", "play round players=3 level=greedy seed=6", r"such as “([^”]+)”"),
    ("de", "spiele runde spieler=3 stufe=raffer seed=6", r"etwa „([^“]+)“"),
])
def test_the_prompts_example_is_a_legal_move_of_the_position_shown(tmp_path: Path, lang: str, start: str,
                                                                   example: str) -> None:
    """The prompt's example move is one the learner may play in the position above it, in the letters the learner
    types (German ones in German): typed back, it is played, move after move to the round's end."""
    letters = Renderer(lang, symbols=False)
    with open_shell(tmp_path, lang=lang) as shell:
        said, shown = dispatch(shell, start).text, set()
        while not game_run(shell).game.round_over:
            typed = re.findall(example, said)[-1]
            pos = game_run(shell).position
            move = pos.parse_move(typed)
            assert move in pos.generate() and typed == letters.move(pos, move), said
            shown.add(typed)
            said = dispatch(shell, typed).text
        assert len(shown) > 3, shown


def test_the_games_list_names_a_broken_file_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "bad.json").write_text('{"format": "something else"}', encoding="utf-8")
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, "games").text
    assert f"{folder / 'bad.json'}: cannot be read: not a saved game" in said


# ---- the real session, and a killed process ---------------------------------------------------------


@pytest.mark.slow
def test_a_whole_round_through_the_real_session_on_a_pipe(tmp_path: Path) -> None:
    with open_shell(tmp_path / "dry") as shell:  # the same seed plays the same: find the learner's lines
        dispatch(shell, "play round level=club seed=31")
        lines = ["play round level=club seed=31", *play_round_by_dispatch(shell)]
        expected = game_run(shell).game.current.score
    said: list[str] = []
    with open_shell(tmp_path / "real") as shell, create_pipe_input() as pipe:
        pipe.send_text("".join(line + "\r" for line in lines[:-1]) + "taken\r" + lines[-1] + "\r" + "quit\r")
        session = TutorSession(shell, colour=True, input=pipe, output=DummyOutput(), say=said.append)
        assert session.run() == 0
        game = game_run(shell).game
    assert game.over and game.current.score == expected
    assert any("Round score:" in text for text in said)
    assert "Taken so far" in said[-3] and "saved" in said[-1]


def read_until(proc: subprocess.Popen[str], marker: str) -> str:
    """The process's output up to a line holding ``marker``."""
    assert proc.stdout is not None
    seen = []
    while True:
        line = proc.stdout.readline()
        assert line, "the shell ended early:\n" + "".join(seen)
        seen.append(line)
        if marker in line:
            return "".join(seen)


@pytest.mark.slow
def test_a_game_killed_mid_match_is_resumed_with_every_move_played(tmp_path: Path) -> None:
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "1000"}
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "--lang", "en"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert proc.stdin is not None
    try:
        proc.stdin.write("play players=3 level=club seed=17\n")
        proc.stdin.flush()
        read_until(proc, "Type your move")
        for _ in range(4):
            [saved] = kept_games(tmp_path)
            game = saved.game
            pos = game.view().position()
            proc.stdin.write(pos.notation(pos.generate()[-1]) + "\n")
            proc.stdin.flush()
            read_until(proc, "Type your move")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    played = kept_games(tmp_path)[0].game
    assert sum(p.seat == 0 for p in played.current.plies) == 4
    run = subprocess.run([sys.executable, "-m", "tutor", "--lang", "en"], input="resume\ntaken\nquit\n",
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "is waiting" in run.stdout and "Going on with your game" in run.stdout
    resumed = kept_games(tmp_path)[0].game
    assert resumed.current.moves[: len(played.current.moves)] == played.current.moves
    assert [r.moves for r in resumed.rounds[:-1]] == [r.moves for r in played.rounds[:-1]]


def test_tab_completes_the_settings_of_play_and_the_cards_of_the_learners_hand(tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from tutor.shell.completer import TutorCompleter

    def completions(shell: Shell, text: str) -> list[str]:
        return [c.text for c in TutorCompleter(shell).get_completions(Document(text), CompleteEvent())]

    with open_shell(tmp_path) as shell:
        assert {"round", "royal"} <= set(completions(shell, "play ro"))
        assert "players=" in completions(shell, "play p")
        dispatch(shell, "play seed=3")
        hand = {shell.ui.typed_card(c) for c in game_run(shell).position.hands[0]}
        assert hand <= set(completions(shell, ""))


def test_hint_asks_the_advisor_from_the_learners_view_only(tmp_path: Path) -> None:
    """The learner (seat 1) moves first: swapping the cards it cannot see gives the same hint."""
    from test_play import swap_hidden

    from tutor.content.presets import variant
    from tutor.core.round import deal_round
    from tutor.play.table_game import Settings, TableGame
    from tutor.storage.games import SavedGame

    setup = Settings(variant("classic"), 2, "greedy", 5, learner=1)
    start = deal_round(setup.variant, 2, 0, setup.round_seed(0), [0, 0])
    swapped = swap_hidden(start, 1, random.Random(5))
    assert swapped.hands[0] != start.hands[0] or swapped.stock != start.stock
    hints = []
    with open_shell(tmp_path) as shell:
        for dealt in (start, swapped):
            game = TableGame(setup)
            game.begin_round(dealt)
            saved = SavedGame.new(game, shell.clock())
            shell.progress.games.add(saved, shell.clock())  # as the shell adds a game before it is played
            run = GameRun(shell, saved)
            hints.append(run.hint())
        best = hint_advice(game).best
        assert hints[0] == hints[1]
        assert f"would play {shell.ui.move(start, best)}." in hints[0] and "The next best" in hints[0]
        game.play(best)
        while not game.round_over:
            game.play(game.view().legal_moves()[0])
        assert run.hint().startswith("Round 1 is over.")


@pytest.mark.parametrize(("lang", "play", "hint", "over"), [
    ("en", "play level=greedy seed=4", "hint", "Round 1 is over. Type “next” for the next round."),
    ("de", "spiele stufe=Raffer startwert=4", "tipp", "Runde 1 ist vorbei. Tippe „weiter“ für die nächste Runde."),
])
def test_a_hint_at_a_rounds_end_says_the_round_is_over_as_moves_does(tmp_path: Path, lang: str, play: str, hint: str,
                                                                     over: str) -> None:
    """Between the rounds of a match the learner has no move to be advised on: ``hint`` says that the round is over
    and how to go on, as ``moves`` does, not that it is another player's turn."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, play)
        while not game_run(shell).game.round_over:
            dispatch(shell, learner_line(shell))
        assert not game_run(shell).game.over
        assert dispatch(shell, hint).text == over == dispatch(shell, "moves").text


def hinted_move(shell: Shell, hint: str) -> str:
    """The move ``hint`` recommends, as the learner would type it."""
    pos = game_run(shell).position
    [move] = [m for m in pos.generate() if f" {shell.ui.move(pos, m)}." in hint]
    return pos.notation(move)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 13), (4, 8)])
def test_a_round_played_by_the_hints_gets_no_mark_in_the_review(tmp_path: Path, players: int, seed: int) -> None:
    """The hint gives the advice the review judges the move by: following every hint, no move is marked.  The
    review counts none of those moves as the learner's, and so praises none (it praised the round)."""
    with open_shell(tmp_path) as shell:
        dispatch(shell, f"play round players={players} level=club seed={seed}")
        game = game_run(shell).game
        while not game.round_over:
            hint = dispatch(shell, "hint").text
            if players == 2:  # one place for the unseen cards: the last deal's other hand, or the stock
                one_way = game.position.stock_size == 0 or not game.position.hands[1]
                assert ("Averaged over 4 random draws" in hint) != one_way and "Averaged over 1 " not in hint
                if game.position.stock_size == 0:
                    assert "Every card is known now" in hint
            reply = dispatch(shell, hinted_move(shell, hint)).text
        review = review_round(game.current.plies, game.learner, worlds=4, seed=game.current.seed)
        assert review.moves and all(m.played == m.best for m in review.moves) and review.marks == ()
        assert "Well played" not in reply and " was an " not in reply and " was a " not in reply
        assert "Played after a hint and not counted as yours: move" in reply and " reviewed" not in reply, reply


def test_the_expert_level_plays_in_the_shell(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, "play round level=expert seed=1").text
        assert "you against the “expert” level" in said and "Player 2 plays" in said
        dispatch(shell, learner_line(shell))
        assert len(game_run(shell).game.current.plies) == 3


def test_computers_stopped_by_ctrl_c_play_on_at_the_next_line(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        dispatch(shell, "play players=3 level=greedy seed=4")
        game = game_run(shell).game
        pos = game_run(shell).position
        game.push(pos.generate()[0])  # the learner's move pushed, the computers' replies interrupted
        said = dispatch(shell, "7S x 7D").text
        assert "Player 2 plays" in said and "Player 3 plays" in said and game.learner_to_move
        assert kept_games(tmp_path)[0].game.current.moves == game.current.moves


def test_ctrl_d_leaves_with_the_goodbye_that_quit_says(tmp_path: Path) -> None:
    for lang in ("en", "de"):
        said: list[str] = []
        with open_shell(tmp_path / lang, lang=lang) as shell, create_pipe_input() as pipe:
            pipe.send_text("play round seed=3\r\x04")
            session = TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), say=said.append)
            assert session.run() == 0
            assert said[-1] == dispatch(shell, "quit").text
            assert said[-1].startswith(shell.ui.message("shell.bye") + "\n"), "a game is open: how to resume it"
        assert kept_games(tmp_path / lang), "the game was saved"


@pytest.mark.parametrize(("lang", "next_word", "quoted", "course"), [
    ("en", "next", "“next”", "The course goes on in its order"),
    ("de", "weiter", "„weiter“", "Der Kurs geht in seiner Reihenfolge weiter")])
def test_next_after_a_game_over_goes_on_to_the_next_step(tmp_path: Path, lang: str, next_word: str, quoted: str,
                                                          course: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "play round seed=4 level=greedy")
        game = shell.activity
        resigned = dispatch(shell, "resign yes" if lang == "en" else "aufgeben ja").text
        assert game_run(shell).game.over and quoted in resigned
        assert quoted in dispatch(shell, "7S").text  # a move after the end says so too
        following = dispatch(shell, next_word).text
        assert course in following
        assert isinstance(shell.activity, LessonRun) and shell.activity is not game


@pytest.mark.parametrize(("lang", "play", "undo", "added"), [
    ("en", "play level=greedy seed=1", "undo", r"Your review queue gets (\d+) new position"),
    ("de", "spiele stufe=greedy startwert=1", "zurück", r"Deine Wiederholungen bekommen (\d+) neue Stellung"),
])
def test_a_round_end_taken_back_and_played_again_adds_no_position_and_no_evidence_twice(
        tmp_path: Path, lang: str, play: str, undo: str, added: str) -> None:
    """The round's last move taken back and played again: its marked positions, queued and said at the first end,
    are not said again as new, nor queued twice; its moves, evidence of the skills at the first end, are not
    evidence again (each skill keeps its evidence and its rating)."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, play)
        said = ""
        while not game_run(shell).game.round_over:
            line = learner_line(shell)
            said = dispatch(shell, line).text
        found = re.search(added, said)
        assert found is not None, said
        queued = [item.puzzle_id for item in shell.progress.review_queue()]
        assert len(queued) == int(found[1]) > 0
        skills = shell.progress.skills()
        assert sum(s.evidence for s in skills) > 0
        dispatch(shell, undo)
        assert not game_run(shell).game.round_over
        again = dispatch(shell, line).text
        assert game_run(shell).game.round_over and re.search(added, again) is None, again
        assert [item.puzzle_id for item in shell.progress.review_queue()] == queued
        assert shell.progress.skills() == skills


@pytest.mark.parametrize(("lang", "play", "in_hand", "rank_in_hand"), [
    ("en", "play seed=5", "{named} is in your hand, not on the table.", "There is no card of rank {rank} on the table: {named} is in"),
    ("de", "spiele startwert=5", "{named} hast du auf der Hand, nicht auf dem Tisch.",
     "Auf dem Tisch liegt keine Karte vom Rang {rank}: {named} hast du auf der Hand."),
])
def test_a_card_of_the_hand_named_as_on_the_table_is_said_to_be_in_the_hand(tmp_path: Path, lang: str, play: str,
                                                                          in_hand: str, rank_in_hand: str) -> None:
    """``7S x 7H`` with 7H in the learner's hand: the words say it is in the hand, not on the table (by its card or
    its rank), for a capture and a build; nothing is played."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, play)
        run = game_run(shell)
        pos, ui = run.position, shell.ui
        named, played = [c for c in pos.hands[0] if not c.is_face][:2]
        assert named.rank != played.rank and all(c.rank != named.rank for c in pos.table_cards())
        plies = len(run.game.current.plies)
        rank = ui.typed_move(str(named))[:-1]
        for typed in (f"{played} x {named}", f"{played} b{named.rank_index + played.rank_index} {named}"):
            said = dispatch(shell, ui.typed_move(typed)).text
            assert said.startswith(in_hand.format(named=ui.card(named))), (typed, said)
        said = dispatch(shell, ui.typed_move(f"{played} x ") + rank).text
        assert said.startswith(rank_in_hand.format(rank=rank, named=ui.card(named))), said
        assert len(run.game.current.plies) == plies, "nothing was played"


@pytest.mark.parametrize(("lang", "play", "said"), [
    ("en", "play", "; it is played as Royal Cassino with changes: sweeps (2 points each) and match (to 11 points)."),
    ("de", "spiele", "; gespielt wird Royal-Cassino mit Änderungen: Kehren (je 2 Punkte) und Partie (bis 11 Punkte)."),
])
def test_a_game_not_finished_names_its_variant_without_brackets_in_brackets(tmp_path: Path, lang: str, play: str,
                                                                            said: str) -> None:
    """A variant with changes has brackets of its own: the line names it last, not inside the sentence's brackets
    ("Dein Spiel (Royal-Cassino mit Änderungen: Partie (bis 11 Punkte)) gegen …")."""
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, f"{play} royal target=11 sweep_points=2 seed=8")
    with open_shell(tmp_path, lang) as shell:
        text = dispatch(shell, play).text
    assert said in text, text
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        assert depth <= 1, text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key", ["play.resumed", "play.resign_ask", "play.offer_resume", "play.offer_held",
                                 "strength.next_why_resume"])
def test_a_variant_with_changes_is_never_put_in_brackets_of_a_sentence(lang: str, key: str) -> None:
    """German put a game's variant in the sentence's brackets, and a variant with changes has its own: "Dein Spiel
    (Royal-Cassino (Ziel ansagen: erlaubt)) gegen …" (a walk through games with claims)."""
    from tutor.content.presets import variant as preset
    from tutor.shell.variant_words import variant_label

    ui = Renderer(lang)
    variant = variant_label(ui, preset({"preset": "royal", "claim": True, "target": 11}))
    assert "(" in variant
    said = ui.message(key, variant=variant, level="club", started=datetime(2026, 12, 5, tzinfo=timezone.utc),
                      between=False, round=2, score="3:1", pid=1, kind="match", here=True, practice=None)
    depth = 0
    for char in said:
        depth += {"(": 1, ")": -1}.get(char, 0)
        assert depth <= 1, said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_computers_stopped_by_ctrl_c_play_on_at_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     lang: str) -> None:
    """Ctrl-C stops the computers before the learner's turn: the screen said "Type your move (such as “7S x 7D”)",
    a move the learner does not hold, "next" said "it is your move", and "hint" and "moves" that it is not: nothing
    said how to go on. Now the screen says the others are to move, and "next" lets them play on to the learner's
    turn, saying every move since the learner's last (the stop said none: the first computer's move was left
    unsaid)."""
    ui = Renderer(lang)
    real = GameRun.playing

    def stopped(self: GameRun, turn: object) -> list[object]:
        self.game.push(self.game.computer_move())
        raise KeyboardInterrupt  # Ctrl-C after the first computer's move

    with open_shell(tmp_path, lang) as shell:
        monkeypatch.setattr(GameRun, "playing", stopped)
        with pytest.raises(KeyboardInterrupt):
            dispatch(shell, "play players=4 level=greedy seed=4" if lang == "en" else
                     "spiele spieler=4 stufe=greedy startwert=4")
        monkeypatch.setattr(GameRun, "playing", real)
        game = game_run(shell).game
        assert len(game.current.plies) == 1 and not game.learner_to_move  # the premise: the others are to move
        shown = dispatch(shell, "show" if lang == "en" else "zeige").text
        your_move = ui.message("play.your_move", example="X").split("X")[0]
        assert your_move not in shown and ui.message("play.others_to_move") in shown
        said = dispatch(shell, "next" if lang == "en" else "weiter").text
        assert game.learner_to_move and len(game.current.plies) == 3
        assert ui.message("play.finish_round") not in said and your_move in said
        for ply in game.current.plies:
            assert played_text(ui, ply, game.learner) in said
