"""Every shell command through ``dispatch``, without a terminal."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from deals import personal_data
from shell_helpers import open_shell, play_first_moves, right_answer, wrong_answer

from tutor.content.course import QuestionStep, TextStep, WhyStep
from tutor.content.skills import SKILLS
from tutor.core.cards import ALL_CARDS
from tutor.shell.challenge_text import TRIES
from tutor.shell.commands import dispatch, welcome
from tutor.shell.lesson import LessonRun
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.registry import COMMANDS, lookup, typed_command
from tutor.shell.state import Shell
from tutor.shell.streak import StreakRun, streak_order
from tutor.storage import Progress


def say(shell, line: str) -> str:  # type: ignore[no-untyped-def]
    reply = dispatch(shell, line)
    assert not reply.quit
    return reply.text


def open_puzzle(shell) -> PuzzleRun:  # type: ignore[no-untyped-def]
    """Start the next puzzle; its run."""
    say(shell, "puzzle")
    run = shell.activity
    assert isinstance(run, PuzzleRun)
    return run


def finish_lesson(shell, mistakes: int = 0) -> str:  # type: ignore[no-untyped-def]
    text = ""
    wrong: str | None = None
    for _ in range(200):
        activity = shell.activity
        if isinstance(activity, LessonRun) and activity.done:
            return text
        if mistakes:
            wrong = wrong_answer(shell, but=wrong)  # another wrong answer: the same typed again is no mistake
            if wrong is not None and not activity.solved:
                say(shell, wrong)
                mistakes -= 1
                continue
        text = say(shell, right_answer(shell))
    raise AssertionError("the lesson did not end")


def test_a_lesson_is_recorded_at_the_shells_time(tmp_path: Path) -> None:
    """A lesson's completion and the skill evidence of its steps are dated by the shell's clock, as a game's and a
    puzzle's are: the next step compares them (a lesson repeated since a step was missed)."""
    with open_shell(tmp_path) as shell:
        shell.clock.advance(-30)  # type: ignore[attr-defined]
        first = shell.catalog.lessons[0]
        say(shell, f"learn {first.id}")
        finish_lesson(shell)
        (record,) = [r for r in shell.progress.lessons() if r.lesson_id == first.id]
        assert record.completed_at == shell.clock()
        times = {shell.progress.evidence_time(skill, "lesson", f"{first.id}/{step + 1}")
                 for skill in SKILLS for step in range(len(first.steps))} - {None}
        assert times == {shell.clock()}


def test_help_lists_every_command_and_explains_one(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        text = say(shell, "help")
        for name in COMMANDS:
            assert (name in text) == (name != "claim"), name  # claims only in a game that allows them
        assert "lesson" in say(shell, "help learn")
        assert "no command" in say(shell, "help frobnicate")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_starts_every_commands_text_in_its_column_or_under_a_usage_too_wide_for_it(tmp_path: Path,
                                                                                     lang: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        rows = say(shell, "help").split("\n")[1:-1]
        start = 25 if lang == "en" else 27  # two spaces, the usage's column, one space
        for row, after in zip(rows, rows[1:] + [""], strict=True):
            if not row.startswith("  ") or row.startswith("   "):
                continue  # a row's text going on
            usage = row[2:start].rstrip()
            if row[start - 1] == " " and row[start] != " " and "  " not in usage:
                continue  # the text in its column, after the usage
            assert "  " not in row.strip(), row  # the usage alone, not run into its text
            assert after.startswith("    ") and not after.startswith("     "), (row, after)


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "hepl", "“hepl” is not a command (did you mean “help”?), and no lesson or puzzle is open"),
    ("en", "rule", "“rule” is not a command (did you mean “rules”?)"),
    ("en", "help plya", "There is no command “plya”. Did you mean “play”? Commands: help,"),
    ("de", "lektion", "„lektion“ ist kein Befehl (meintest du „lektionen“?), und es ist keine Lektion"),
    ("de", "spiel runde", "„spiel runde“ ist kein Befehl (meintest du „spiele“?)"),
    ("de", "hilfe spiel", "Den Befehl „spiel“ gibt es nicht. Meintest du „spiele“? Befehle: hilfe,"),
    # the nearest word may be the other language's; the suggestion is the command in the learner's
    ("de", "clear", "„clear“ ist kein Befehl (meintest du „lerne“?)"),
    ("de", "hilfe clear", "Den Befehl „clear“ gibt es nicht. Meintest du „lerne“?"),
    ("en", "lektion", "“lektion” is not a command (did you mean “lessons”?)"),
    ("en", "help lernen", "There is no command “lernen”. Did you mean “learn”?"),
])
def test_a_mistyped_command_gets_the_nearest_one(tmp_path: Path, lang: str, typed: str, said: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        assert said in say(shell, typed)


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "learn tabel", "There is no lesson “tabel”. Did you mean “table”? Lessons: table,"),
    ("de", "lerne tisc", "Eine Lektion „tisc“ gibt es nicht. Meintest du „tisch“? Lektionen: tisch,"),
    ("en", "puzzle sumss", "“sumss” is neither a puzzle nor a theme. Did you mean “sums”? Themes:"),
    ("de", "aufgabe summn", "„summn“ ist weder eine Aufgabe noch ein Thema. Meintest du „summen“? Themen:"),
    # a mistyped puzzle id: the nearest id, in either language (a theme's name was all it could suggest)
    ("en", "puzzle royal-1-99", "“royal-1-99” is neither a puzzle nor a theme. Did you mean the puzzle “royal-1-9”?"),
    ("de", "aufgabe endgame-1-33", "„endgame-1-33“ ist weder eine Aufgabe noch ein Thema. Meintest du die Aufgabe "
                                   "„endgame-1-3“?"),
    ("en", "rules biulds", "There is no rules topic or preset “biulds”. Did you mean “builds”? Topics:"),
    ("de", "regeln wertng", "Ein Regelthema oder eine Variante „wertng“ gibt es nicht. Meintest du „wertung“? Themen:"),
])
def test_a_mistyped_lesson_theme_or_rules_topic_gets_the_nearest_one(tmp_path: Path, lang: str, typed: str,
                                                                     said: str) -> None:
    """As a mistyped command does; ``lerne tisc`` listed every lesson without pointing at ``tisch``."""
    with open_shell(tmp_path, lang) as shell:
        assert said in " ".join(say(shell, typed).split())
        far = say(shell, typed.split()[0] + " xyzzy")
        assert "mean" not in far and "Meintest" not in far


@pytest.mark.parametrize(("lang", "typed"), [("en", "xyzzy"), ("en", "7S x 7H"), ("de", "help frobnicate")])
def test_a_word_near_no_command_gets_no_suggestion(tmp_path: Path, lang: str, typed: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        text = say(shell, typed)
        assert ("not a command" in text or "no command" in text or "gibt es nicht" in text) and "mean" not in text
        assert "meintest" not in text.lower()


@pytest.mark.parametrize(("lang", "start", "typed", "said"), [
    ("en", "", "replay 2", "type “cassino-tutor replay 2” there (after “quit”, or in another window)"),
    ("en", "play round seed=1 level=greedy", "REPLAY", "type “cassino-tutor replay N” there"),
    ("de", "", "replay 3", "Tippe dort „cassino-tutor replay 3“ (nach „ende“ oder in einem anderen Fenster)"),
    ("de", "spiele runde startwert=1 stufe=greedy", "replay x", "Tippe dort „cassino-tutor replay N“"),
])
def test_replay_typed_in_the_tutor_says_where_it_is_typed_not_play(tmp_path: Path, lang: str, start: str, typed: str,
                                                                   said: str) -> None:
    """``games`` says "“cassino-tutor replay N” shows game N again"; typed in the tutor, "replay 2" got "did you
    mean “play”?" (which starts a new game); it now says where ``replay`` is a command, and nothing changes."""
    with open_shell(tmp_path, lang) as shell:
        if start:
            say(shell, start)
        activity = shell.activity
        text = " ".join(say(shell, typed).split())
        assert said in text and "play”?" not in text and "spiele“?" not in text, text
        assert shell.activity is activity


@pytest.mark.parametrize(("lang", "start", "said"), [
    ("en", "puzzle", {"hitn": "hint", "solutoin": "solution", "lösng": "solution", "shwo": "show"}),
    ("en", "learn table", {"hitn": "hint", "nxet": "next"}),
    ("en", "play round seed=1 level=greedy", {"hitn": "hint", "udno": "undo"}),
    ("de", "aufgabe", {"tpp": "tipp", "hitn": "tipp", "solutoin": "lösung", "zeig": "zeige"}),
    ("de", "lerne tisch", {"weitr": "weiter"}),
    ("de", "spiele runde startwert=1 stufe=greedy", {"zurüc": "zurück", "tpp": "tipp"}),
])
def test_a_mistyped_command_in_a_puzzle_lesson_or_game_gets_the_nearest_one(tmp_path: Path, lang: str, start: str,
                                                                             said: dict[str, str]) -> None:
    """As outside (``pzzle``: did you mean “puzzle”?), in the learner's words, rather than "“hitn” is not a card";
    what is open stays as it was, and a word near no command gets no suggestion."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, start)
        activity = shell.activity
        for typed, near in said.items():
            assert say(shell, typed) == shell.ui.message("shell.near_command", word=typed, near=near)
        assert shell.activity is activity and not shell.progress.attempted_puzzles()
        if isinstance(activity, LessonRun):
            assert activity.mistakes == 0
        far = say(shell, "xyzzy")  # "is not a card" (a lesson's text step: there is nothing to answer)
        assert "mean" not in far and "Meintest" not in far, far


@pytest.mark.parametrize(("lang", "start"), [("en", "puzzle"), ("de", "aufgabe"), ("en", "play round seed=1"),
                                             ("de", "spiele runde startwert=1")])
def test_a_word_that_is_no_card_and_near_no_command_points_to_help(tmp_path: Path, lang: str, start: str) -> None:
    """``score`` in a game (or ``ergebnis``) was told only what a card and a move are: the learner who meant a
    command is told it is none either, and where the commands are listed; a mistyped card (``9x``) is not."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, start)
        for word in ("score", "ergebnis"):
            text = say(shell, word)
            assert text.startswith(shell.ui.message("typos.not_a_card", token=word).split(":")[0]), text
            assert text.endswith("\n" + shell.ui.message("shell.no_command_either", word=word)), text
        assert "help" not in say(shell, "9x") and "hilfe" not in say(shell, "9x")


@pytest.mark.parametrize(("lang", "start", "typed"), [
    ("en", "puzzle", "six of spades"), ("en", "play round seed=1", "Six  of Spades"), ("en", "puzzle", "king of hearts"),
    ("de", "aufgabe", "sechs Pik"), ("de", "spiele runde startwert=1", "König von Herz"),
])
def test_a_line_of_words_gets_the_form_of_a_move_not_a_fragment_called_no_card(tmp_path: Path, lang: str, start: str,
                                                                               typed: str) -> None:
    """``six of spades`` was told "“si” is not a card" (the x of "six" read as a capture's): a line of words, none a
    card, is told it is words, then the form a move takes and an example, as any mistyped move is."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, start)
        activity = shell.activity
        text = say(shell, typed)
        words = " ".join(typed.split())
        assert text.startswith(shell.ui.message("shell.words_not_move", text=words) + "\n"), text
        assert ("for example" if lang == "en" else "zum Beispiel") in text
        assert "“si”" not in text and "is not a card" not in text and "ist keine Karte" not in text
        assert shell.activity is activity and not shell.progress.attempted_puzzles()
        single = say(shell, typed.split()[0])  # one word is a mistyped card, as before
        assert single.startswith(shell.ui.message("typos.not_a_card", token=typed.split()[0]).split(":")[0]), single


@pytest.mark.parametrize(("lang", "start"), [("en", "puzzle"), ("de", "aufgabe"),
                                             ("en", "play round seed=1 level=greedy")])
@pytest.mark.parametrize("word", ["take", "nimm", "x", "b8"])
def test_a_move_word_first_says_a_move_is_typed_as_its_cards(tmp_path: Path, lang: str, start: str,
                                                             word: str) -> None:
    """``take 7C`` said "“take” is not a card"; it is no mistyped ``taken`` either: the card played comes first, and
    the form of a move follows with its example."""
    with open_shell(tmp_path, lang) as shell:
        say(shell, start)
        text = say(shell, f"{word} 7C")
        assert text.startswith(shell.ui.message("typos.word_first", token=word)), text
        assert ("for example “7S x 3H+4D”" if lang == "en" else "zum Beispiel „7P x 3H+4Ka“") in text


def test_lessons_lists_the_course(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        text = say(shell, "lessons")
        for lesson in shell.catalog.lessons:
            assert lesson.id in text and lesson.title.en in text
        # the course's order, which "next" may leave for the weakest skill: not said to be the learner's next step
        assert f"next in the course: “learn {shell.catalog.lessons[0].id}”" in text and "for you" not in text


def test_a_perfect_lesson_earns_three_stars(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        first = shell.catalog.lessons[0]
        assert first.title.en in say(shell, f"learn {first.id}")
        end = finish_lesson(shell)
        assert "★★★" in end
        assert shell.progress.lesson_stars() == {first.id: 3}


def test_mistakes_cost_stars(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        lesson = next(l for l in shell.catalog.lessons if len(l.steps) > 3)
        say(shell, f"learn {lesson.id}")
        finish_lesson(shell, mistakes=3)
        assert shell.progress.lesson_stars()[lesson.id] == 1


@pytest.mark.parametrize("typed", ["typo", "absent", "legal"])
def test_explain_in_a_lesson_is_a_hint_only_when_it_explains_a_move(tmp_path: Path, typed: str) -> None:
    """``explain`` of a legal move tells something of the answer and costs a star as a hint does; a typo, or a card
    not in the hand, tells nothing and costs nothing, as it is no wrong answer either."""
    with open_shell(tmp_path) as shell:
        first = shell.catalog.lessons[0]
        say(shell, f"learn {first.id}")
        while shell.activity.challenge is None:
            say(shell, right_answer(shell))
        pos = shell.activity.challenge.position
        absent = next(card for card in ALL_CARDS if card not in pos.hands[pos.to_move])
        text = {"typo": "9Z x 9H", "absent": str(absent), "legal": pos.notation(pos.generate()[0])}[typed]
        assert say(shell, f"explain {text}")
        finish_lesson(shell)
        assert shell.progress.lesson_stars()[first.id] == (3 if typed != "legal" else 2)


def test_next_starts_the_first_lesson_then_goes_on(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        say(shell, "next")
        assert isinstance(shell.activity, LessonRun)
        assert shell.activity.lesson == shell.catalog.lessons[0]
        finish_lesson(shell)
        say(shell, "next")
        assert isinstance(shell.activity, LessonRun)
        assert shell.activity.lesson == shell.catalog.lessons[1]


def test_a_lesson_resumes_at_the_step_reached(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        lesson = shell.catalog.lessons[0]
        say(shell, f"learn {lesson.id}")
        say(shell, right_answer(shell))
        reached = shell.activity.index  # type: ignore[union-attr]
        assert reached >= 1
    with open_shell(tmp_path) as shell:
        assert lesson.id in say(shell, "show")  # the welcome proposes to continue it
        text = say(shell, f"learn {lesson.id}")
        assert str(reached + 1) in text
        assert shell.activity.index == reached  # type: ignore[union-attr]


def test_a_second_shell_a_step_behind_on_a_lesson_does_not_undo_what_the_first_saved(tmp_path: Path) -> None:
    """Two windows on one data folder, the same lesson open in both: the first went on to its first question and
    made a mistake there; 'next' in the second, still at step 1, saved step 2 with no mistake over it, so that the
    lesson resumed a step back with the mistake forgotten (a star more).  What is saved never goes back now."""
    with open_shell(tmp_path) as one, open_shell(tmp_path) as two:
        lesson = one.catalog.lessons[0]
        say(two, f"learn {lesson.id}")
        run = to_first_question(one, lesson.id)
        wrong = wrong_answer(one)
        assert wrong is not None
        say(one, wrong)
        saved = (run.index, 1, 0)
        assert run.index >= 2 and one.progress.lesson_resume(lesson.id) == saved
        say(two, "next")
        assert two.progress.lesson_resume(lesson.id) == saved
    with open_shell(tmp_path) as shell:
        say(shell, f"learn {lesson.id}")
        resumed = shell.activity
        assert isinstance(resumed, LessonRun) and (resumed.index, resumed.mistakes, resumed.hints) == saved


def to_first_question(shell: Shell, lesson: str) -> LessonRun:
    """``lesson`` opened and gone through to its first step that asks."""
    say(shell, f"learn {lesson}")
    run = shell.activity
    assert isinstance(run, LessonRun)
    while run.solved:
        say(shell, "next")
    return run


def test_a_step_over_is_not_asked_again_after_a_restart(tmp_path: Path) -> None:
    """A step whose answer was shown, left before "next": the restart asked it again, and a right answer then, the
    answer seen, counted as the step solved at the first try.  Now the lesson resumes at the step after it; and
    where that was the last step, the lesson is finished, with the stars its mistakes leave."""
    with open_shell(tmp_path) as shell:
        lesson = shell.catalog.lessons[0]
        assert isinstance(lesson.steps[-1], QuestionStep)  # the last step asks
        run = to_first_question(shell, lesson.id)
        asked = run.index
        assert "answer" in say(shell, "solution")
    with open_shell(tmp_path) as shell:
        assert f"step {asked + 2}" in say(shell, f"learn {lesson.id}")
        run = shell.activity
        assert isinstance(run, LessonRun) and run.index == asked + 1
        while run.index < len(lesson.steps) - 1 or not run.solved:
            say(shell, right_answer(shell) if run.index < len(lesson.steps) - 1 else "solution")
    with open_shell(tmp_path) as shell:
        said = say(shell, f"learn {lesson.id}")
        assert f"step {len(lesson.steps)}" not in said and "Answer with" not in said, said
        assert shell.progress.lesson_stars() == {lesson.id: 2}  # two answers shown: two mistakes


def test_a_lesson_done_again_and_left_resumes_with_its_slips(tmp_path: Path) -> None:
    """A lesson done, opened again (as ``next`` does for a weak skill), a wrong answer and a hint given at a step,
    then the tutor left: opened again, it started at step 1 with no slip, the mistake and the hint saved forgotten
    (the step could then be answered right after the hint, for three stars).  Now it resumes where it was left."""
    with open_shell(tmp_path) as shell:
        lesson = shell.catalog.lessons[0]
        say(shell, f"learn {lesson.id}")
        finish_lesson(shell, mistakes=1)
        assert shell.progress.lesson_stars() == {lesson.id: 2}
        say(shell, f"learn {lesson.id}")  # done: it starts afresh
        run = shell.activity
        assert isinstance(run, LessonRun) and run.index == 0
        while run.solved:
            say(shell, "next")
        wrong = wrong_answer(shell)
        assert wrong is not None
        say(shell, wrong)
        say(shell, "hint")
        left = (run.index, run.mistakes, run.hints)
        assert left[0] > 0 and left[1:] == (1, 1)
    with open_shell(tmp_path) as shell:
        said = say(shell, f"learn {lesson.id}")
        run = shell.activity
        assert isinstance(run, LessonRun) and (run.index, run.mistakes, run.hints) == left, said
        assert f"step {left[0] + 1}" in said.split("\n")[0]
        finish_lesson(shell)
        assert shell.progress.lesson_stars() == {lesson.id: 2}


def open_steps(shell):  # type: ignore[no-untyped-def]
    """Every step of the course that asks something, open in the shell in turn (each then answered right)."""
    for lesson in shell.catalog.lessons:
        say(shell, f"learn {lesson.id}")
        run = shell.activity
        assert isinstance(run, LessonRun)
        while not run.done:
            if not run.solved:
                yield run.step
            say(shell, right_answer(shell))


def test_why_and_question_steps_check_the_answer(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        kinds: set[type] = set()
        for step in open_steps(shell):
            if isinstance(step, WhyStep):
                kinds.add(WhyStep)
                assert "number" in say(shell, "banana")
                assert "number" in say(shell, "²")  # a digit to str.isdigit, not to int()
            if isinstance(step, QuestionStep):
                kinds.add(QuestionStep)
                assert "number" in say(shell, "many")
                assert "number" in say(shell, "²") and "number" in say(shell, "9" * 5000)
                assert "is too high" in say(shell, wrong_answer(shell) or "")  # one more than the answer
        assert kinds, "the course has no why or question steps to try"


def test_puzzle_solved_first_time_raises_the_rating(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        text = say(shell, "puzzle")
        run = shell.activity
        assert isinstance(run, PuzzleRun) and run.puzzle.id not in text  # the id waits for the end
        before = shell.progress.learner_rating().rating
        answer = say(shell, right_answer(shell))
        assert "Solved" in answer
        assert shell.progress.learner_rating().rating > before
        assert shell.progress.solved_puzzles() == {run.puzzle.id}


def test_a_failed_puzzle_comes_back_for_review(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_puzzle(shell)
        wrong = wrong_answer(shell)
        assert wrong is not None
        before = shell.progress.learner_rating().rating
        text = say(shell, wrong)
        assert "solution" in text
        assert shell.progress.learner_rating().rating < before
        assert "Nothing is due" in say(shell, "review")
        shell.clock.advance(2)  # type: ignore[attr-defined]
        text = say(shell, "review")
        assert run.puzzle.id not in text and "Review" in text


def test_puzzle_by_id_and_by_theme(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        last = shell.catalog.puzzles[-1]
        say(shell, f"puzzle {last.id}")
        assert shell.activity.puzzle == last  # type: ignore[union-attr]
        theme = shell.catalog.themes()[0]
        say(shell, f"puzzle {theme}")
        assert theme in shell.activity.puzzle.themes  # type: ignore[union-attr]
        assert "neither a puzzle nor a theme" in say(shell, "puzzle nosuchthing")


def test_hint_gives_the_puzzles_hints_in_order(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if p.hints)
        say(shell, f"puzzle {puzzle.id}")
        assert say(shell, "hint") == puzzle.hints[0].en
        say(shell, "lang de")
        if len(puzzle.hints) > 1:
            assert say(shell, "tipp") == puzzle.hints[1].de


def test_solution_and_explain(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_puzzle(shell)
        pos = run.challenge.position
        best = run.challenge.accepted()
        explained = say(shell, f"explain {pos.notation(best[0])}")
        assert explained
        assert "ZZ" not in explained
        text = say(shell, "solution")
        for move in best:
            assert shell.ui.move(pos, move) in text
        assert not shell.progress.solved_puzzles()  # seeing the solution is not solving it


def test_typed_moves_without_anything_open_and_typos(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        assert "not a command" in say(shell, "7S x 7C")
        say(shell, "puzzle")
        text = say(shell, "7S x x")
        assert "for example" in text


@pytest.mark.parametrize(("lang", "typed", "english"), [("en", "explain", "explain"), ("de", "erkläre", "explain"),
                                                        ("de", "tipp", "hint"), ("de", "besprechung", "analysis")])
def test_a_command_that_needs_something_open_says_so_by_its_own_name(tmp_path: Path, lang: str, typed: str,
                                                                      english: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        text = say(shell, typed)
        assert f"„{typed}“" in text or f"“{typed}”" in text, text
        assert lang == "en" or f"„{english}“" not in text
        assert "for example" not in text and "zum Beispiel" not in text


def test_lang_switches_and_is_remembered(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        assert "Deutsch" in say(shell, "lang de")
        assert "Befehle" in say(shell, "hilfe")
        assert say(shell, "lang") == "Sprachen: en (Englisch), de (Deutsch); jetzt de. Zum Beispiel: sprache en"
    assert shell.progress is not None
    with open_shell(tmp_path, lang="en") as again:
        assert again.progress.get_setting("lang") == "de"


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "lang fr", "There is no language “fr”. Languages: en (English), de (German); now en."),
    ("en", "lang", "Languages: en (English), de (German); now en."),
    ("de", "sprache FR", "Die Sprache „FR“ gibt es nicht. Sprachen: en (Englisch), de (Deutsch); jetzt de."),
])
def test_a_language_the_tutor_lacks_is_named_with_those_it_has(tmp_path: Path, lang: str, typed: str,
                                                               said: str) -> None:
    """``lang fr`` said "Languages: en|de (now en)", not that there is no French."""
    with open_shell(tmp_path, lang) as shell:
        assert say(shell, typed).startswith(said)
        assert shell.lang == lang and shell.progress.get_setting("lang") is None


def test_show_progress_rules_and_quit(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        assert "Welcome" in say(shell, "show")
        assert "rating" in say(shell, "progress").lower()
        assert say(shell, "rules")
        reply = dispatch(shell, "quit")
        assert reply.quit and "saved" in reply.text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_command_answers_in_both_languages(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        say(shell, "puzzle")
        for name in COMMANDS:
            if name in ("quit", "lang"):
                continue
            assert dispatch(shell, name).text.strip(), name


def test_streak_rises_until_the_first_mistake_and_keeps_the_best(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        text = say(shell, "streak")
        assert "best streak: 0" in text
        run = shell.activity
        ratings = [run.puzzle.rating]  # type: ignore[union-attr]
        for _ in range(2):
            say(shell, right_answer(shell))
            ratings.append(run.puzzle.rating)  # type: ignore[union-attr]
        assert ratings == sorted(ratings)
        assert "No hints" in say(shell, "hint")
        wrong = wrong_answer(shell)
        assert wrong is not None
        assert "ends at 2" in say(shell, wrong)
        assert shell.progress.best_streak() == 2
        say(shell, "streak")
        say(shell, wrong_answer(shell) or "")
        assert shell.progress.best_streak() == 2  # a shorter streak keeps the best


def test_a_streak_left_unfinished_keeps_its_length_as_the_best(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        say(shell, "streak")
        say(shell, right_answer(shell))
        say(shell, right_answer(shell))
        say(shell, "lessons")  # the learner turns to something else: the streak of 2 was never broken
        say(shell, "puzzle")
        assert shell.progress.best_streak() == 2
        assert "best 2" in say(shell, "progress")
        say(shell, "streak")
        say(shell, right_answer(shell))
        assert "A new best" not in say(shell, wrong_answer(shell) or "")  # 1 does not beat 2
        say(shell, "streak")
        for _ in range(3):
            say(shell, right_answer(shell))
        assert "A new best!" in say(shell, wrong_answer(shell) or "")
        assert shell.progress.best_streak() == 3


@pytest.mark.parametrize(("lang", "praise", "best"), [("en", "A new best", "Your best: 3."),
                                                     ("de", "Neuer Bestwert", "Dein Bestwert: 3.")])
@pytest.mark.parametrize("mine", [2, 3])
def test_a_streak_beaten_or_tied_meanwhile_in_another_window_is_no_new_best(tmp_path: Path, lang: str, praise: str,
                                                                            best: str, mine: int) -> None:
    """Two windows on one data folder: a streak begun when the best was 0 ended at 2, after the other window's streak
    had reached 3; it said "A new best!", judged against the best when it began.  Ended at 3, a tie with the other
    window's best, it said so too, though in one window a streak that only equals the best says "Your best: 3."."""
    with open_shell(tmp_path, lang) as shell, open_shell(tmp_path, lang) as other:
        say(shell, "streak")
        say(other, "streak")
        for _ in range(3):
            say(other, right_answer(other))
        for _ in range(mine):
            say(shell, right_answer(shell))
        said = " ".join(say(shell, wrong_answer(shell) or "").split())
        assert praise not in said and best in said, said
        assert shell.progress.best_streak() == 3
        say(other, wrong_answer(other) or "")
        say(shell, "streak")
        for _ in range(4):
            say(shell, right_answer(shell))
        said = " ".join(say(shell, wrong_answer(shell) or "").split())
        assert praise in said, said  # one that beats it is


def test_a_streaks_solve_is_kept_with_its_length_in_one_write(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A solve in a streak wrote the attempt, then the best streak in a second transaction: killed or stopped by
    Ctrl-C between the two, the puzzle was kept solved and the streak it made was not.  Here every write after the
    attempt's is stopped, as a kill would stop it."""
    with open_shell(tmp_path) as shell:
        say(shell, "streak")
        answer = right_answer(shell)
        progress = shell.progress
        writes = 0
        first_write = progress._write

        def stopped_after_one():  # type: ignore[no-untyped-def]
            nonlocal writes
            writes += 1
            if writes > 1:
                raise KeyboardInterrupt
            return first_write()

        monkeypatch.setattr(progress, "_write", stopped_after_one)
        try:
            say(shell, answer)
        except KeyboardInterrupt:
            pass
        monkeypatch.undo()
        assert len(progress.solved_puzzles()) == 1
        assert progress.best_streak() == 1


def test_themes_have_names_in_both_languages_and_are_typed_in_either(tmp_path: Path) -> None:
    from tutor.content.course import THEMES
    from tutor.render import Renderer

    for lang in ("en", "de"):
        names = [Renderer(lang).message(f"themes.{t}") for t in THEMES]
        assert len(set(names)) == len(THEMES) and all(" " not in n for n in names)
    with open_shell(tmp_path, lang="de") as shell:
        text = say(shell, "aufgabe summen")
        run = shell.activity
        assert isinstance(run, PuzzleRun) and "sums" in run.puzzle.themes
        assert "summen" not in text.splitlines()[0]  # the themes wait for the end of the puzzle
        assert "summen" in say(shell, "lösung")
        say(shell, "aufgabe sums")
        assert "sums" in shell.activity.puzzle.themes  # type: ignore[union-attr]


def test_an_illegal_move_in_a_puzzle_is_explained_but_not_counted(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_puzzle(shell)
        pos = run.challenge.position
        missing = next(c for c in pos.variant.deck_cards if c not in pos.hands[pos.to_move])
        assert "hand" in say(shell, f"{missing} x 7C")
        assert not shell.progress.attempted(run.puzzle.id)
        say(shell, right_answer(shell))
        assert shell.progress.solved_puzzles() == {run.puzzle.id}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_values_of_moves_line_up(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        for puzzle in ("keep-the-nine", shell.catalog.puzzles[0].id):
            say(shell, f"puzzle {puzzle}")
            say(shell, "solution")
            rows = say(shell, "moves").splitlines()[1:]
            assert len(rows) >= 3
            assert len({len(row) for row in rows}) == 1, rows  # the values end in one column
            assert all(row[-1] != " " for row in rows)


@pytest.mark.parametrize(("lang", "label"), [("en", "trail"), ("de", "Ablegen")])
def test_a_puzzles_moves_label_each_trail_as_a_games_do(tmp_path: Path, lang: str, label: str) -> None:
    """A trail is the card alone: every list of legal moves says so, open or solved, puzzle or game."""
    with open_shell(tmp_path, lang=lang) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if not p.line and any(
            m.kind == "trail" for m in p.position.generate()))
        pos = puzzle.position
        trails = [shell.ui.move(pos, m) for m in pos.generate() if m.kind == "trail"]
        say(shell, f"puzzle {puzzle.id}")
        for listing in (say(shell, "moves"), (say(shell, "solution"), say(shell, "moves"))[1]):
            rows = [row.strip(" ✓") for row in listing.splitlines()[1:]]
            for trail in trails:
                assert any(row.startswith(f"{trail} ({label})") for row in rows), (trail, rows)
            assert all(f"({label})" not in row for row in rows if " " in row.split(f" ({label})")[0])


@pytest.mark.parametrize(("lang", "words"), [("en", "The lesson “{}” teaches this: type “learn builds”."),
                                             ("de", "Das lehrt die Lektion „{}“: Tippe „lerne bauten“.")])
def test_a_missed_puzzle_names_the_lesson_that_teaches_it_until_it_is_done(tmp_path: Path, lang: str,
                                                                          words: str) -> None:
    """A classic puzzle is open before its lessons: missed, it names the first lesson not done that teaches its
    themes; not once that lesson is done, nor when it is solved."""
    with open_shell(tmp_path, lang=lang) as shell:
        catalog = shell.catalog
        puzzle = next(p for p in catalog.puzzles if not p.line and not p.variant.changed_options()
                      and p.position.players == 2 and catalog.lessons_teaching(p.themes)[0].id == "builds")
        said = words.format(shell.ui.text(catalog.lessons_teaching(["building"])[0].title))
        say(shell, f"puzzle {puzzle.id}")
        assert said in say(shell, "solution")
        shell.progress.record_lesson("builds", 3)
        say(shell, f"puzzle {puzzle.id}")
        assert said.split(": ")[-1] not in say(shell, "solution")  # the builds lesson is no longer named
    with open_shell(tmp_path / "solver", lang=lang) as shell:
        say(shell, f"puzzle {puzzle.id}")
        assert said not in say(shell, right_answer(shell))


@pytest.mark.parametrize(("lang", "word", "said"), [("en", "exit", "Goodbye"), ("en", "EXIT", "Goodbye"),
                                                   ("de", "beenden", "Auf Wiedersehen"), ("de", "exit", "Auf Wiedersehen")])
@pytest.mark.parametrize("doing", ["", "learn table", "puzzle"])
def test_exit_leaves_as_quit_does_wherever_it_is_typed(tmp_path: Path, lang: str, word: str, said: str,
                                                       doing: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        if doing:
            say(shell, doing)
        reply = dispatch(shell, word)
        assert reply.quit and said in reply.text


def test_a_mistake_before_quitting_still_counts_for_the_stars(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        say(shell, "learn sums")
        while wrong_answer(shell) is None:
            say(shell, right_answer(shell))
        assert "Try again" in say(shell, wrong_answer(shell) or "")
    with open_shell(tmp_path) as shell:  # quit and come back
        say(shell, "learn sums")
        run = shell.activity
        assert isinstance(run, LessonRun) and run.mistakes == 1
        text = ""
        while not run.done:
            text = say(shell, right_answer(shell))
        assert shell.progress.lesson_stars()["sums"] == 2
        assert "(1 mistake, 0 hints" in text and "No mistakes" not in text


def test_why_hints_rule_out_wrong_choices_once_and_never_the_last(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        for step in open_steps(shell):
            if isinstance(step, WhyStep) and len(step.choices) >= 3:
                hints = [say(shell, "hint") for _ in range(len(step.choices) + 1)]
                ruled_out = [h for h in hints if h.startswith("Not this rule")]
                assert len(ruled_out) == len(step.choices) - 2 == len(set(ruled_out))
                assert all(".." not in h for h in hints)
                return
        raise AssertionError("the course has no why step with three choices")


def test_a_question_on_cards_gets_a_hint_about_cards(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        say(shell, "learn table")
        run = shell.activity
        assert isinstance(run, LessonRun)
        while not (isinstance(run.step, QuestionStep) and run.step.ask == "cards" and not run.solved):
            say(shell, right_answer(shell))
        hint = say(shell, "hint")
        assert "Count the cards" in hint and "scoring table" not in hint


def test_next_goes_on_after_a_streak_ends(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        say(shell, "streak")
        ended = say(shell, "solution")
        assert "The streak ends" in ended and "“next” to go on" in ended
        text = say(shell, "next")
        assert "streak is over" not in text
        assert isinstance(shell.activity, (LessonRun, PuzzleRun)) and not isinstance(shell.activity, StreakRun)


@pytest.mark.parametrize(("lang", "why"), [("en", "A streak puzzle cannot be skipped"),
                                         ("de", "Eine Aufgabe der Serie lässt sich nicht überspringen")])
def test_next_in_an_open_streak_says_why_the_puzzle_stays(tmp_path: Path, lang: str, why: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        shown = say(shell, "streak")
        run = shell.activity
        assert isinstance(run, StreakRun)
        text = say(shell, "next")
        assert shell.activity is run and not run.over and run.count == 0
    assert text.startswith(why)
    assert run.show() in text and run.show() in shown  # the same puzzle, shown again


def test_a_streak_says_what_each_puzzle_does_to_the_rating(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        say(shell, "streak")
        for _ in range(2):
            before = round(shell.progress.learner_rating().rating)
            text = say(shell, right_answer(shell))
            after = round(shell.progress.learner_rating().rating)
            assert f"Your rating: {before} → {after}" in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_puzzle_that_depends_on_taken_cards_shows_them(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        puzzle = shell.catalog.puzzle("all-tens-seen")
        text = say(shell, "puzzle all-tens-seen")
        for pile in puzzle.position.captured or []:
            assert " ".join(shell.ui.card(c) for c in sorted(pile)) in text


def test_a_puzzles_id_and_title_wait_for_its_end(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        titled = [p for p in shell.catalog.puzzles if p.title is not None][:6]
        assert titled
        for puzzle in titled:
            assert puzzle.title is not None
            opened = say(shell, f"puzzle {puzzle.id}")
            assert puzzle.id not in opened and puzzle.title.en not in opened
            assert puzzle.id not in shell.activity.title()  # type: ignore[union-attr]
            say(shell, "solution")
            shown = say(shell, "show")
            assert puzzle.id in shown and puzzle.title.en in shown


def test_hints_end_instead_of_repeating(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        puzzle = next(p for p in shell.catalog.puzzles
                      if p.hints and p.hints[-1].claim is not None and p.hints[-1].claim.key == "play_card"
                      and not p.line)
        say(shell, f"puzzle {puzzle.id}")
        given = [say(shell, "hint") for _ in puzzle.hints]
        assert given == [h.en for h in puzzle.hints]
        after = [say(shell, "hint") for _ in range(3)]
        assert all("last hint" in text for text in after)
        assert not any(text.startswith("Think about your") for text in after)


def test_a_puzzle_without_a_card_hint_names_the_card_once(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        puzzle = next(p for p in shell.catalog.puzzles
                      if not any(h.claim is not None and h.claim.key == "play_card" for h in p.hints)
                      and not p.line)
        say(shell, f"puzzle {puzzle.id}")
        for _ in puzzle.hints:
            say(shell, "hint")
        assert say(shell, "hint").startswith("Think about your")
        assert "last hint" in say(shell, "hint")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_explain_does_not_skip_a_puzzles_hint(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if p.id == "stealing-1-1")
        say(shell, f"puzzle {puzzle.id}")
        say(shell, "explain 9S x [8S+AS]")  # help, counted as such, but not one of the puzzle's hints
        assert say(shell, "hint") == puzzle.hints[0].get(lang)
        assert shell.activity.hints == 2  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("how", ["answer", "explain"])
def test_a_hint_does_not_say_again_what_a_wrong_move_leaves(tmp_path: Path, lang: str, how: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if p.id == "stealing-1-1")
        threat = puzzle.hints[1]
        assert threat.claim is not None and threat.claim.key == "safe_threat"
        assert dict(threat.claim.params)["move"] == "10S x 10C [7H+3D]"
        say(shell, f"puzzle {puzzle.id}")
        told = say(shell, f"{'' if how == 'answer' else 'explain '}10S x 10C [7H+3D]")
        assert "A♠ 8♠" in told  # the shortfall says what the move leaves
        given = [say(shell, "hint") for _ in puzzle.hints[1:]]
    assert given == [h.get(lang) for h in [puzzle.hints[0], *puzzle.hints[2:]]]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("wrong", "card_tried"), [("AS x AC", True), ("5H x 3D+AC+AD", False)])
def test_the_card_hint_knows_the_card_was_played_already(tmp_path: Path, lang: str, wrong: str,
                                                          card_tried: bool) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if p.id == "aces-1-4")
        last = puzzle.hints[-1]
        assert last.claim is not None and last.claim.key == "play_card"
        say(shell, f"puzzle {puzzle.id}")
        say(shell, wrong)
        given = [say(shell, "hint") for _ in puzzle.hints]
        again = shell.ui.message("shell.hint_card_again", card=shell.ui.card(puzzle.solution[0].card))
    assert given[:-1] == [h.get(lang) for h in puzzle.hints[:-1]]
    assert given[-1] == (again if card_tried else last.get(lang))


def test_a_puzzle_without_a_card_hint_says_the_card_was_played_already(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        puzzle = next(p for p in shell.catalog.puzzles if p.id == "two-tens-at-once")
        assert not any(h.claim is not None and h.claim.key == "play_card" for h in puzzle.hints)
        say(shell, f"puzzle {puzzle.id}")
        say(shell, "10S x 7D+3S")  # the right card, taking too little
        given = [say(shell, "hint") for _ in range(len(puzzle.hints) + 1)]
    assert given[-1] == "Your 10♠ is the card to play, but not the way you played it: what else can it do?"


@pytest.mark.parametrize(("lang", "threat"), [
    ("en", "Holding a 9, the next player would take A♣ 8♣ and sweep the table: two points."),
    ("de", "Hält der nächste Spieler eine 9, nimmt er A♣ 8♣ ein und räumt den Tisch ab (eine Kehre): zwei Punkte."),
])
def test_the_last_miss_of_a_safe_puzzle_says_what_the_move_leaves_as_the_first_did(tmp_path: Path, lang: str,
                                                                                  threat: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        say(shell, "puzzle lone-eight")
        first = say(shell, "2D")
        last = say(shell, "AC")
        assert shell.activity.over  # type: ignore[union-attr]
    assert "2♦ 8♣" in first
    assert threat in " ".join(last.split())
    said = last.splitlines()
    assert said.index(next(l for l in said if l.startswith(threat[:12]))) < next(
        i for i, l in enumerate(said) if "K♥" in l)  # what the move leaves, before the best move


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_after_a_missed_puzzle_says_it_was_missed_and_gives_the_answer(tmp_path: Path, lang: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        ui = shell.ui
        solved_word = ui.message("shell.no_hint_needed")
        for end in ("miss", "solution"):
            run = open_puzzle(shell)
            pos = run.challenge.position
            answer = [ui.move(pos, m) for m in run.challenge.accepted()]
            if end == "miss":
                wrong = None
                for _ in range(2):
                    wrong = wrong_answer(shell, but=wrong)
                    assert wrong is not None
                    say(shell, wrong)
            else:
                say(shell, "solution")
            assert run.over and not run.solved
            said = say(shell, "hint")
            assert said != solved_word and said == ui.message("shell.hint_puzzle_missed", moves=answer)
            assert all(move in said for move in answer)
        say(shell, "next")
        say(shell, right_answer(shell))
        assert shell.activity.solved  # type: ignore[union-attr]
        assert say(shell, "hint") == solved_word


def test_a_streak_leaves_out_the_puzzles_tried_lately_as_puzzle_does(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        first = streak_order(shell, None)[0]
        say(shell, f"puzzle {first.id}")
        say(shell, "solution")  # the answer of the streak's easiest puzzle is on the screen
        say(shell, "streak")
        run = shell.activity
        assert isinstance(run, StreakRun)
        assert first.id not in [p.id for p in run.order] and run.puzzle.id != first.id
        assert not set(p.id for p in run.order) & shell.progress.recent_puzzles(30, shell.clock() - timedelta(days=1))
        say(shell, wrong_answer(shell) or "")
        assert shell.progress.best_streak() == 0


def test_a_puzzle_solved_after_its_answer_was_shown_counts_as_helped(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        run = open_puzzle(shell)
        say(shell, "solution")
        text = say(shell, f"puzzle {run.puzzle.id}")  # given again at once, by its id
        assert "rated" in text
        said = say(shell, right_answer(shell))
        assert said.startswith("Solved with help")
        assert [s.solved for s in shell.progress.theme_stats()] == [0] * len(run.puzzle.themes)
        assert shell.progress.dashboard([], None, shell.clock()).streaks.current == 0


SKIPPED_AS_MISSED = {"en": "“next” once more skips it, as missed: you asked for help.",
                     "de": "ein zweites „weiter“ überspringt sie als verfehlt: Du hast dir helfen lassen."}


@pytest.mark.parametrize(("leaving", "lang"), [("quit", "en"), ("skip", "en"), ("skip", "de")])
def test_a_puzzle_left_after_a_hint_counts_as_missed(tmp_path: Path, leaving: str, lang: str) -> None:
    """A hint taken, then the puzzle left unanswered (the tutor quit, or the puzzle skipped by ``next``): nothing
    was recorded, the puzzle came back as never tried, and solved then it counted as solved without help, for the
    rating, the theme and the skills.  Now leaving it after a hint records the miss its answer would have been (and
    the puzzle comes back for review)."""
    following = "next" if lang == "en" else "weiter"
    with open_shell(tmp_path, lang) as shell:
        assert SKIPPED_AS_MISSED["en"] not in shell.ui.message("shell.puzzle_open")
        say(shell, "puzzle")
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        puzzle = run.puzzle
        say(shell, "hint")
        if leaving == "skip":
            assert say(shell, following).endswith(SKIPPED_AS_MISSED[lang])
            say(shell, following)
    with open_shell(tmp_path) as shell:
        attempts = shell.progress.dashboard([], None, shell.clock()).summary.puzzles_attempted
        assert attempts == 1 and puzzle.id in shell.progress.recent_puzzles(5, shell.clock() - timedelta(days=1))
        assert shell.progress.learner_rating().rating < 800
        assert [(s.solved, s.attempts) for s in shell.progress.theme_stats()] == [(0, 1)] * len(puzzle.themes)
        assert puzzle.id in shell.progress.due_reviews(shell.clock() + timedelta(days=2))


@pytest.mark.parametrize(("lang", "due", "following"), [
    ("en", "1 failed puzzle and 2 positions from your games are due for review", "Your next lesson is “{title}”"),
    ("de", "1 verfehlte Aufgabe und 2 Stellungen aus deinen Spielen sind zur Wiederholung fällig",
     "Deine nächste Lektion ist „{title}“"),
])
def test_the_welcome_counts_failed_puzzles_and_positions_from_games_apart(
        tmp_path: Path, lang: str, due: str, following: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        progress, catalog = shell.progress, shell.catalog
        start = dispatch(shell, "show").text
        assert catalog.lessons[0].title.get(lang) in start and ("Start with" in start or "Beginne mit" in start)
        done = [lesson.id for lesson in catalog.lessons[:2]]
        for lesson in done:
            progress.record_lesson(lesson, 3, now=shell.clock())
        puzzle = catalog.puzzles[0]
        progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, False, 0, now=shell.clock())
        data = personal_data([1.0, 0.5, -7.0, -8.0, -8.0, -8.0, -8.0], 1)  # data that loads: one that does not is
        progress.add_personal_puzzles({"game-0000000000a1": data, "game-0000000000a2": data}, 800,  # never due
                                      now=shell.clock())
        shell.clock.advance(2)  # type: ignore[attr-defined]
        text = dispatch(shell, "show").text.replace("\n", " ")
        after = catalog.next_lesson(set(done))
        assert after is not None and after.id not in done
        assert due in text and following.format(title=after.title.get(lang)) in text
        assert "Start with" not in text and "Beginne mit" not in text
        assert due in dispatch(shell, "progress").text.replace("\n    ", " ")


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Puzzles: 0 solved of 1 tried; 1 due for review now"),
    ("de", "Aufgaben: 0 von 1 gelöst; 1 jetzt zur Wiederholung fällig"),
])
def test_the_dashboards_puzzle_line_counts_the_puzzles_due_not_the_positions_from_games(
        tmp_path: Path, lang: str, line: str) -> None:
    """One puzzle tried and missed, two positions of a game due: the puzzle line said "3 due" of 1 tried (walk of
    the learner model); the positions are said under "what next"."""
    with open_shell(tmp_path, lang=lang) as shell:
        progress = shell.progress
        puzzle = shell.catalog.puzzles[0]
        progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, False, 0, now=shell.clock())
        data = personal_data([1.0, 0.5, -7.0, -8.0, -8.0, -8.0, -8.0], 1)
        progress.add_personal_puzzles({"game-0000000000a1": data, "game-0000000000a2": data}, 800,
                                      now=shell.clock())
        shell.clock.advance(2)  # type: ignore[attr-defined]
        text = dispatch(shell, "progress").text
        assert line in text.splitlines()
        progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, True, 0, now=shell.clock())  # reviewed
        puzzles = next(row for row in dispatch(shell, "progress").text.splitlines() if row.startswith(line[:8]))
        assert puzzles.endswith(("tried", "gelöst"))  # not "the next review is on" a day past, the positions due


@pytest.mark.parametrize(("lang", "first", "again"), [
    ("en", "Welcome to cassino-tutor!", "Welcome back to cassino-tutor!"),
    ("de", "Willkommen bei cassino-tutor!", "Willkommen zurück bei cassino-tutor!"),
])
def test_the_welcome_greets_a_returning_learner_as_one(tmp_path: Path, lang: str, first: str, again: str) -> None:
    """A new learner is welcomed; one who has opened a lesson (even without answering a step) or played is
    welcomed back."""
    with open_shell(tmp_path / "lesson", lang=lang) as shell:
        assert welcome(shell).splitlines()[0] == first
        say(shell, f"{'learn' if lang == 'en' else 'lerne'} {shell.lesson_name(shell.catalog.lessons[0].id)}")
    with open_shell(tmp_path / "lesson", lang=lang) as shell:
        assert welcome(shell).splitlines()[0] == again
    with open_shell(tmp_path / "puzzle", lang=lang) as shell:
        puzzle = shell.catalog.puzzles[0]
        shell.progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, True, 0, now=shell.clock())
        assert welcome(shell).splitlines()[0] == again


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "next 3", "“next” takes nothing after it: type “next” alone."),
    ("de", "weiter jetzt", "Hinter „weiter“ kommt nichts: Tippe nur „weiter“."),
    ("en", "analysis 3", "“analysis” takes nothing after it: type “analysis” alone."),
    ("de", "Besprechung 2", "Hinter „besprechung“ kommt nichts: Tippe nur „besprechung“."),
])
def test_a_command_that_takes_nothing_refuses_what_follows_it_instead_of_ignoring_it(
        tmp_path: Path, lang: str, typed: str, said: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        assert dispatch(shell, typed).text == said
        assert shell.activity is None  # nothing was opened either


@pytest.mark.parametrize(("lang", "command", "word"), [
    ("de", "analysis", "besprechung"), ("de", "taken", "genommen"), ("de", "undo", "zurück"),
    ("de", "hint", "tipp"), ("de", "solution", "lösung"), ("de", "moves", "züge"), ("en", "besprechung", "analysis"),
])
def test_a_command_that_cannot_run_here_is_named_as_the_learner_types_it(
        tmp_path: Path, lang: str, command: str, word: str) -> None:
    """A German screen names the German command, whichever word was typed (and an English one the English)."""
    with open_shell(tmp_path, lang=lang) as shell:
        said = dispatch(shell, command).text
    assert f"„{word}“" in said if lang == "de" else f"“{word}”" in said, said


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "help play junk", "play [round] [PRESET] [KEY=VALUE…]  (spiele)"),
    ("de", "hilfe besprechung jetzt", "besprechung  (analysis)"),
    ("de", "hilfe spielen quatsch", "Den Befehl „spielen“ gibt es nicht."),
])
def test_help_reads_the_first_word_after_it(tmp_path: Path, lang: str, typed: str, said: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        assert said in dispatch(shell, typed).text


@pytest.mark.parametrize(("lang", "words"), [("en", "Your rating"), ("de", "Deine Wertungszahl")])
def test_a_rating_change_is_the_difference_of_the_ratings_shown(tmp_path: Path, lang: str, words: str) -> None:
    pattern = re.compile(rf"{words}: (\d+) → (\d+) \(([+−]\d+)\)")  # a fall with a true minus sign: (−174)
    seen = 0
    with open_shell(tmp_path, lang) as shell:
        say(shell, "puzzle")
        for _ in range(12):
            found = pattern.search(say(shell, wrong_answer(shell) or "solution"))
            if found is not None:
                before, after, change = (int(g.replace("−", "-")) for g in found.groups())
                assert change == after - before, found.group(0)
                seen += 1
            say(shell, "solution")
            say(shell, "next")
    assert seen >= 10


@pytest.mark.parametrize(("lang", "rules", "royal", "builds"), [("en", "rules", "royal", "builds"),
                                                                 ("de", "regeln", "Royal-Cassino", "bauten")])
def test_rules_of_a_preset_named_outside_a_game_are_that_presets(tmp_path: Path, lang: str, rules: str,
                                                                 royal: str, builds: str) -> None:
    """``rules royal`` outside a game said there is no rules topic "royal": a user asking for the rules of a preset
    gets them (the contents, or a topic, with the preset before or after it, by its id or its name); a misspelled
    preset is pointed at, and a misspelled topic after a preset too."""
    from tutor.content.presets import variant
    from tutor.sheets import rules_text
    with open_shell(tmp_path, lang) as shell:
        contents = rules_text(variant("royal"), 2, lang, None, named="royal")
        section = rules_text(variant("royal"), 2, lang, "builds")
        assert contents is not None and contents != rules_text(variant("classic"), 2, lang, None)
        assert shell.ui.message("presets.royal") in contents.splitlines()[0]
        assert f"{rules} royal{'”' if lang == 'en' else '“'} " in contents  # to read a topic of royal, not classic's
        assert say(shell, f"{rules} {royal}") == contents
        assert say(shell, f"{rules} royal {builds}") == say(shell, f"{rules} {builds} royal") == section
        assert say(shell, f"{rules} {builds}") == rules_text(variant("classic"), 2, lang, "builds")
        for typed, near in (("roayl", "royal"), ("michgan", "michigan"), (f"royal {builds[:-1]}", builds)):
            said = " ".join(say(shell, f"{rules} {typed}").split())
            assert f"“{near}”?" in said or f"„{near}“?" in said, said
            assert ("classic, classic-take-or-add, royal" in said) == (" " not in typed), said
    with open_shell(tmp_path / "game", lang) as shell:
        say(shell, "play round draw seed=1")
        assert say(shell, f"{rules} royal") == contents  # asked by name: that preset's, not the game's
        assert say(shell, f"{rules}") == rules_text(variant("draw"), 2, lang, None)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("lesson", "players", "topic"), [("royal", 2, "cards"), ("partners", 3, "deal")])
def test_rules_on_a_lessons_text_step_are_the_lessons_rules(tmp_path: Path, lang: str, lesson: str, players: int,
                                                           topic: str) -> None:
    """A text step shows no position, but the lesson is about its variant (royal: face cards 11 to 13) and, in the
    partners lesson, three players first: ``rules`` speaks of those, not of classic Cassino for two."""
    from tutor.content.presets import variant
    from tutor.sheets import rules_text
    with open_shell(tmp_path, lang) as shell:
        say(shell, f"learn {lesson}")
        run = shell.activity
        assert isinstance(run, LessonRun) and run.position is None
        expected = rules_text(run.lesson.variant, players, lang, topic)
        assert expected is not None and expected != rules_text(variant("classic"), 2, lang, topic)
        assert say(shell, f"rules {topic}") == expected


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_says_next_starts_a_games_next_round_and_explain_is_for_lessons_and_puzzles(tmp_path: Path,
                                                                                        lang: str) -> None:
    """``help next`` said only "the next step, lesson or puzzle", where after a round of a match ``next`` deals the
    next one; ``help explain`` did not say that in a game it explains nothing (``hint`` asks the advisor there)."""
    with open_shell(tmp_path, lang) as shell:
        run = play_first_moves(shell, "seed=3", round_only=True)
        assert not run.game.over
        said = say(shell, typed_command(shell, "next"))
        assert said.startswith({"en": "Round 2", "de": "Runde 2"}[lang]), said
        helped = say(shell, f"{typed_command(shell, 'help')} {typed_command(shell, 'next')}")
        assert {"en": "next round", "de": "nächste Runde"}[lang] in helped, helped
        assert say(shell, "explain 7S") == shell.ui.message("play.no_explain")
        helped = say(shell, f"{typed_command(shell, 'help')} {typed_command(shell, 'explain')}")
        assert {"en": "in a lesson or puzzle:", "de": "in einer Lektion oder Aufgabe:"}[lang] in helped, helped


def test_the_welcome_offers_to_continue_a_lesson_begun_before_a_puzzle(tmp_path: Path) -> None:
    """A learner at step 6 of the first lesson tries a puzzle, then leaves: the welcome said "Start with the lesson",
    as if it had never been opened; it is continued (and "learn" resumes it at its step)."""
    with open_shell(tmp_path) as shell:
        lesson = shell.catalog.lessons[0]
        say(shell, f"learn {lesson.id}")
        for _ in range(3):
            say(shell, right_answer(shell))
        run = shell.activity
        assert isinstance(run, LessonRun) and run.index > 0
        shell.clock.advance(1)  # type: ignore[attr-defined]
        open_puzzle(shell)
        say(shell, "solution")
    with open_shell(tmp_path) as shell:
        text = welcome(shell).replace("\n", " ")
        title = lesson.title.get("en")
        assert f"Continue the lesson “{title}”" in text and "Start with" not in text, text



@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_welcome_offers_to_continue_a_lesson_done_and_opened_again(tmp_path: Path, lang: str) -> None:
    """A lesson done, opened again and left at its fourth step: ``learn`` resumes it there, but the welcome offered
    the next lesson instead, as if it were not open; it offers to continue it, as it does a lesson never done.  A
    lesson just done is not offered again."""
    continued = {"en": "Continue the lesson “{}”", "de": "Setze die Lektion „{}“"}[lang]
    with open_shell(tmp_path, lang) as shell:
        lesson = shell.catalog.lessons[0]
        title = lesson.title.get(lang)
        shell.progress.record_lesson(lesson.id, 3, now=shell.clock())
    with open_shell(tmp_path, lang) as shell:
        assert continued.format(title) not in welcome(shell), welcome(shell)
        shell.clock.advance(1)  # type: ignore[attr-defined]
        say(shell, f"{typed_command(shell, 'learn')} {shell.lesson_name(lesson.id)}")
        for _ in range(3):
            say(shell, right_answer(shell))
        run = shell.activity
        assert isinstance(run, LessonRun) and run.index > 0
    with open_shell(tmp_path, lang) as shell:
        text = welcome(shell).replace("\n", " ")
        assert continued.format(title) in text, text

@pytest.mark.parametrize(("lang", "typed", "words"), [
    ("en", "learn royal", "This lesson builds on the lesson “controller”, not done yet: type “learn controller” to "
                          "start there, or go on here."),
    ("de", "lerne royal", "Diese Lektion baut auf der Lektion „besitzer“ auf, die du noch nicht gemacht hast: Tippe "
                          "„lerne besitzer“, um dort anzufangen, oder mach hier weiter."),
    ("en", "learn michigan", "builds on the lessons “controller” and “scoring”, not done yet: type “learn controller” "
                             "to start there"),
])
def test_a_lesson_opened_before_the_ones_it_builds_on_names_them(tmp_path: Path, lang: str, typed: str,
                                                                 words: str) -> None:
    """``learn royal`` for a new learner opened Royal Cassino as if its place in the course were reached; it opens
    all the same (``lessons``: "you can still open any lesson"), and says first what it builds on and how to take
    that; once those are done, it says nothing of them."""
    with open_shell(tmp_path, lang) as shell:
        text = " ".join(say(shell, typed).split())
        assert words in text
        assert isinstance(shell.activity, LessonRun) and shell.activity.lesson.id == typed.split()[1]
        shell.progress.record_lesson("controller", 3, now=shell.clock())
        assert shell.lesson_name("controller") not in say(shell, typed).split("\n")[0]


class _Writes:
    """A progress file's connection that counts its write transactions, and can stop (as Ctrl-C does) at the
    first statement that saves a lesson's step."""

    def __init__(self, conn, interrupt: bool = False) -> None:  # type: ignore[no-untyped-def]
        self.conn, self.interrupt, self.count = conn, interrupt, 0

    def execute(self, sql: str, *args):  # type: ignore[no-untyped-def]
        self.count += sql == "BEGIN IMMEDIATE"
        if self.interrupt and sql.startswith("INSERT INTO lesson "):
            raise KeyboardInterrupt
        return self.conn.execute(sql, *args)

    def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
        return getattr(self.conn, name)


def test_a_lesson_step_is_saved_once_with_its_evidence(tmp_path: Path) -> None:
    """A step answered right wrote its evidence, the step after it, and that step again on going on (three
    writes); a text step's "next" writes once; a step missed to its end writes once, where the mistake, the
    evidence and the step were each a write."""
    with open_shell(tmp_path) as shell:
        lesson = shell.catalog.lessons[0]
        say(shell, f"learn {lesson.id}")
        run = shell.activity
        assert isinstance(run, LessonRun) and isinstance(run.step, TextStep)
        writes = shell.progress._conn = _Writes(shell.progress._conn)  # type: ignore[assignment]
        say(shell, "next")
        assert writes.count == 1
        while run.solved:
            say(shell, "next")
        writes.count = 0
        say(shell, right_answer(shell))
        assert writes.count == 1
        while run.solved or wrong_answer(shell) is None:
            say(shell, right_answer(shell))
        wrong = None
        for _ in range(TRIES):
            writes.count = 0
            wrong = wrong_answer(shell, but=wrong)
            say(shell, wrong or "")
            assert writes.count == 1
        assert run.over


def test_a_step_interrupted_while_saved_keeps_neither_its_evidence_nor_the_step(tmp_path: Path) -> None:
    """Ctrl-C while a step that is over is saved: its evidence was written apart, before the step, so the step
    was asked again after a restart with its evidence counted already; now both are one transaction."""
    with open_shell(tmp_path) as shell:
        lesson = shell.catalog.lessons[0]
        run = to_first_question(shell, lesson.id)
        asked = run.index
        shell.progress._conn = _Writes(shell.progress._conn, interrupt=True)  # type: ignore[assignment]
        with pytest.raises(KeyboardInterrupt):
            say(shell, right_answer(shell))
        shell.progress._conn = shell.progress._conn.conn  # type: ignore[attr-defined]
        assert shell.progress.lesson_resume(lesson.id)[0] == asked
        assert not any(shell.progress.evidence_time(skill, "lesson", f"{lesson.id}/{asked + 1}") for skill in SKILLS)


def test_german_words_typed_without_their_letters_name_what_they_name_with_them(tmp_path: Path) -> None:
    """A German learner at a keyboard without ä, ö, ü types ``zuege``: it was "no command, did you mean zeige?"
    (another command), and ``loesung``, ``erklaere``, ``zurueck``, ``lerne erhoehen``, ``regeln zuege`` were refused
    too; the notation already read ``erhoehe`` and ``fuege``."""
    with open_shell(tmp_path, "de") as shell:
        for name in COMMANDS.values():
            if name.alias:
                spelt = name.alias.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
                assert lookup(spelt) is name and lookup(spelt.upper()) is name, spelt
        say(shell, "aufgabe")
        assert say(shell, "zuege") == say(shell, "züge")
        assert say(shell, "lerne erhoehen") == say(shell, "lerne erhöhen")
        assert say(shell, "regeln zuege") == say(shell, "regeln züge")
        assert say(shell, "aufgabe hinzufuegen").startswith("── Aufgabe")


@pytest.mark.parametrize("space", ["\t", "\u00a0", "  \t "])
def test_a_command_word_is_ended_by_any_space_a_paste_may_bring(tmp_path: Path, space: str) -> None:
    """A tab pasted (the prompt takes a paste as it comes) or a no-break space copied from a page after the command
    word: "help<tab>play" was “help\\u0009play” is not a command; the move parser already read them as spaces."""
    with open_shell(tmp_path) as shell:
        assert say(shell, f"help{space}play") == say(shell, "help play")
        assert say(shell, f"learn{space}table") == say(shell, "learn table")


@pytest.mark.parametrize(("lang", "said", "left"), [
    ("en", "was moved, replaced or deleted since cassino-tutor opened it: nothing more is saved.",
     "could not be saved (the file was moved, replaced or deleted since the tutor opened it)"),
    ("de", "wurde verschoben, ersetzt oder gelöscht, seit cassino-tutor sie geöffnet hat: Es wird nichts mehr",
     "(die Datei wurde verschoben, ersetzt oder gelöscht, seit das Programm sie geöffnet hat)"),
])
@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_progress_file_taken_away_under_a_running_shell_is_said_not_said_saved(
        tmp_path: Path, lang: str, said: str, left: str, how: str) -> None:
    """The learner deleted the progress file (or put another in its place) while the tutor ran: every answer after
    went on into the file no longer there, and 'quit' said 'Your progress is saved.'; nothing of it was kept."""
    path = tmp_path / "progress.sqlite3"
    with open_shell(tmp_path, lang) as shell:
        lesson = shell.catalog.lessons[0]
        say(shell, f"learn {lesson.id}")
        for name in [path.name, *(f"{path.name}-{end}" for end in ("wal", "shm"))]:
            (tmp_path / name).unlink(missing_ok=True)
        if how == "replaced":
            with Progress.open(path) as other:
                other.set_setting("lang", lang)
        reply = say(shell, "next")
        assert said in " ".join(reply.split())
        assert left in " ".join(dispatch(shell, "quit").text.split())
    with open_shell(tmp_path, lang) as shell:  # a game: neither "kept as it was last saved" nor "resume" later
        say(shell, "play round seed=52 level=greedy")
        (tmp_path / path.name).rename(tmp_path / "moved.sqlite3")
        position = shell.activity.position  # type: ignore[union-attr]
        first = " ".join(say(shell, position.notation(position.generate()[0])).split())
        assert said in first and "next move tries again" not in first and "nächste Zug" not in first
        bye = dispatch(shell, "quit").text
        assert left in " ".join(bye.split()) and "resume" not in bye and "fortsetzen" not in bye
        assert "last saved" not in bye and "zuletzt gespeichert" not in bye
    with Progress.open(path) as kept:
        assert kept.lesson_resume(lesson.id) == (0, 0, 0)  # the file there now holds nothing of the shell's


@pytest.mark.parametrize(("lang", "said"), [("en", "- 1 change to your progress could not be saved (the disk is full)."),
                                            ("de", "- 1 Änderung an deinem Fortschritt konnte nicht gespeichert werden "
                                                   "(der Datenträger ist voll).")])
def test_a_hinted_puzzle_left_on_a_full_disk_is_said_unsaved_and_no_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str) -> None:
    """A puzzle left after a hint is recorded as a miss when the learner leaves; with the disk full, the farewell
    said 'Your progress is saved.' and the record, made after it, failed into a crash report."""
    from tutor.loading.words import words
    from tutor.storage import ProgressError

    with open_shell(tmp_path, lang) as shell:
        say(shell, "puzzle")
        say(shell, "hint")

        def full() -> None:
            error = ProgressError("cannot_save", shell.progress.path, said=words("the disk is full", "os_errors.full"))
            error.unsaved = True
            raise error

        monkeypatch.setattr(shell.progress, "_write", full)
        bye = dispatch(shell, "quit").text
        assert said in " ".join(bye.split()), bye
        shell.activity = None  # as the tutor's end leaves it: no error
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_lesson_on_a_full_disk_shows_each_step_and_says_it_unsaved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """With the disk full, "next" in a lesson went on to the next step but showed only the failed save: the step
    was never shown, and a right answer was never said right (its step was over, and the answer typed again was
    "nothing to answer").  Now each reply is shown, with the failed save under it; the farewell counts them."""
    from tutor.loading.words import words
    from tutor.storage import ProgressError

    with open_shell(tmp_path, lang) as shell:
        lesson = shell.catalog.lessons[0]
        say(shell, f"learn {lesson.id}")
        run = shell.activity
        assert isinstance(run, LessonRun) and isinstance(run.step, TextStep)

        failures: list[ProgressError] = []

        def full() -> None:
            error = ProgressError("cannot_save", shell.progress.path, said=words("the disk is full", "os_errors.full"))
            error.unsaved = True
            failures.append(error)
            raise error

        monkeypatch.setattr(shell.progress, "_write", full)
        said = shell.ui.message("shell.progress_cannot_save", path=str(shell.progress.path),
                                reason=shell.ui.message("os_errors.full"))
        while run.solved:
            reply = say(shell, "next")
            assert reply.startswith(run.show()) and said in reply, reply
        reply = say(shell, right_answer(shell))
        assert reply.startswith(shell.ui.message("shell.correct")) and said in reply, reply
        done = finish_lesson(shell)  # the lesson's end: its screen, and that its stars are not kept
        assert run.done and done.endswith(said) and done.count(said) == 1, done  # the answer's and the end's
        assert lesson.id not in shell.progress.lesson_stars()
        bye = " ".join(dispatch(shell, "quit").text.split())
        assert shell.ui.message("shell.unsaved_progress", count=len(failures),
                                reason=shell.ui.message("os_errors.full")) in bye, bye
        shell.activity = None
