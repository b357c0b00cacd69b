"""``next`` for a learner still in the course, and its honesty about a lesson done again (docs/skills.md, "The next
step"): the course goes on with its next lesson after at most one repeat of a step missed, never with puzzles on
rules not taught yet; a lesson done again is said not to have helped only when the skill was missed since."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from shell_helpers import open_shell, right_answer
from test_next_step import IN_VAIN, WHY, _misses_since, say

from tutor.content.skills import Evidence
from tutor.shell.lesson import LessonRun
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.section import SectionRun
from tutor.shell.state import Shell
from tutor.teaching.skill_map import puzzle_skills

ILLEGAL = "9C x 4S"
"""At step 4 of "The table and the aim" (a capture to find) a nine cannot take a four alone: the rules refuse it."""
ILLEGAL_TOO = "7S x 4S"
"""Nor a seven (a move the rules refuse typed again is no second miss)."""


def _first_lesson_with_mistakes(shell: Shell) -> str:
    """``next`` on a new learner, the first lesson answered with two illegal moves at step 4 and a wrong reason at
    step 5 (one star): its end screen."""
    say(shell, "next" if shell.lang == "en" else "weiter")
    run = shell.activity
    assert isinstance(run, LessonRun) and run.lesson.id == "table"
    end = ""
    while not run.done:
        if run.index == 3 and run.misses < 2:
            end = say(shell, ILLEGAL if run.misses == 0 else ILLEGAL_TOO)
        elif run.index == 4 and not run.solved and run.misses < 1:
            end = say(shell, "1" if right_answer(shell) != "1" else "2")
        else:
            end = say(shell, right_answer(shell))
    assert shell.progress.lesson_stars()["table"] == 1
    return end


@pytest.mark.parametrize(("lang", "repeat_right"), [("en", True), ("de", True), ("en", False)])
def test_a_new_learner_repeats_one_missed_step_then_the_course_goes_on(tmp_path: Path, lang: str,
                                                                       repeat_right: bool) -> None:
    """The tester's steps: the first lesson done with mistakes (the rules rated weak), the step missed last offered
    once; answered right or wrong, ``next`` then opens the next lesson, not the same lesson again nor puzzles (the
    face-card puzzles asked for a lesson not taught yet), and never says a repeat "did not help"."""
    nxt = "next" if lang == "en" else "weiter"
    with open_shell(tmp_path, lang) as shell:
        end = _first_lesson_with_mistakes(shell)
        assert re.search(WHY[lang], end), end  # the rules are weak: the step missed last is offered
        shell.clock.advance(0.01)  # type: ignore[attr-defined]
        say(shell, nxt)
        section = shell.activity
        assert isinstance(section, SectionRun) and (section.lesson.id, section.last) == ("table", 4)
        while not section.done:
            if repeat_right or section.solved:
                say(shell, right_answer(shell))
            else:
                say(shell, "solution" if lang == "en" else "lösung")
        for _ in range(2):  # the course goes on, lesson by lesson
            shell.clock.advance(0.01)  # type: ignore[attr-defined]
            expected = shell.catalog.next_lesson(set(shell.progress.lesson_stars()))
            reply = say(shell, nxt)
            run = shell.activity
            assert expected is not None and type(run) is LessonRun and run.lesson.id == expected.id, reply
            assert not re.search(WHY[lang], reply) and "did not help" not in reply and "half nicht" not in reply
            while not run.done:
                say(shell, right_answer(shell))
        assert run.lesson.id == "sums"  # pairing, then sums: not "table" again


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_lesson_done_again_is_said_in_vain_only_when_the_skill_was_missed_since(tmp_path: Path, lang: str) -> None:
    """Every lesson done; step 6 of "builds" missed twice in a row within one run (an illegal move, then the answer
    shown): ``next`` proposes the lesson on the rules with the fewest stars, "table".  Done again without a mistake,
    and nothing missed since, ``next`` goes on to puzzles on the rules (not the same lesson again) but does not say
    the lesson did not help: the evidence since says it did."""
    following = "next" if lang == "en" else "weiter"
    with open_shell(tmp_path, lang) as shell:
        for lesson in shell.catalog.lessons:
            shell.progress.record_lesson(lesson.id, 3, now=shell.clock())
        shell.progress.record_evidence("game", {f"g/{i}": [Evidence("rules", 0.0, 1.0, 800)] for i in range(3)},
                                       now=shell.clock())
        for _ in range(2):  # the illegal move, then the answer shown
            shell.progress.record_evidence("lesson", {"builds/6": [Evidence("rules", 0.0, 1.0, 800)]},
                                           now=shell.clock())
        shell.clock.advance(0.01)  # type: ignore[attr-defined]
        say(shell, following)
        lesson = shell.activity
        assert type(lesson) is LessonRun and lesson.lesson.id == "table"
        while not lesson.done:
            say(shell, right_answer(shell))
        shell.clock.advance(0.01)  # type: ignore[attr-defined]
        reply = say(shell, following)
        assert _misses_since(tmp_path / "progress.sqlite3", "rules", "table") == 0  # the premise, from the file
        title = re.escape(lesson.lesson.title.get(lang))
        assert re.search(WHY[lang], reply) and not re.search(IN_VAIN[lang].format(lesson=title), reply), reply
        run = shell.activity
        assert isinstance(run, PuzzleRun) and "rules" in puzzle_skills(run.puzzle)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_next_in_an_open_puzzle_says_so_and_typed_again_skips_it(tmp_path: Path, lang: str) -> None:
    """In a lesson ``next`` on an unsolved step says to solve it first; in a puzzle it replaced the puzzle without a
    word.  Now it says the puzzle is still open and how to leave it; typed again it skips it, and once the puzzle is
    over it goes on at once."""
    nxt, puzzle = ("next", "puzzle") if lang == "en" else ("weiter", "aufgabe")
    with open_shell(tmp_path, lang) as shell:
        say(shell, puzzle)
        run = shell.activity
        assert isinstance(run, PuzzleRun)
        first = run.puzzle.id
        assert say(shell, nxt) == shell.ui.message("shell.puzzle_open")
        assert shell.activity is run and run.puzzle.id == first and not run.over
        say(shell, nxt)
        second = run.puzzle.id
        assert second != first and run.shown == [first, second]
        say(shell, right_answer(shell))
        while not run.over:
            say(shell, right_answer(shell))
        say(shell, nxt)  # solved: no question asked
        assert run.puzzle.id not in (first, second)
