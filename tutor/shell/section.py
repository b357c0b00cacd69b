"""A section of a lesson repeated: its steps from one to another, as in the lesson, then done.

What the learner answers is evidence of their skills as in the whole lesson;
the lesson itself is left as it was (its stars, the step a lesson in progress
resumes at): a section earns no stars.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutor.content.course import Lesson
from tutor.content.skills import Evidence
from tutor.core.text import excerpt

from .lesson import LessonRun
from .state import Shell


class SectionRun(LessonRun):
    """Steps ``first`` to ``last`` (indices) of ``lesson``."""

    kind = "section"

    def __init__(self, shell: Shell, lesson: Lesson, first: int, last: int) -> None:
        self.last = min(max(last, first), len(lesson.steps) - 1)
        super().__init__(shell, lesson, first)

    def next(self) -> str:
        if self.solved and self.index >= self.last:
            self.done = True
            return self.ui.message("shell.section_done", lesson=self.lesson.title.get(self.shell.lang),
                                   target=self.shell.lesson_name(self.lesson.id))
        return super().next()

    def _write(self, evidence: Sequence[Evidence]) -> None:
        """The step's ``evidence`` alone: the lesson's own step and its mistakes stay as they were."""
        if evidence:
            self.shell.progress.record_evidence("lesson", self._by_step(evidence), now=self.shell.clock())


STEPS = re.compile(r"(\d+)(?:\s*[-–]\s*(\d+))?")
"""Steps as the learner types them after a lesson: one number, or two joined by a hyphen (from 1)."""


def open_section(shell: Shell, lesson: Lesson, first: int, last: int) -> str:
    """Steps ``first`` to ``last`` (indices) of ``lesson``, opened."""
    run = SectionRun(shell, lesson, first, last)
    shell.activity = run
    return run.show()


def open_steps(shell: Shell, lesson: Lesson, typed: str) -> str:
    """The steps ``typed`` ("4", or "4-6") of ``lesson``, opened; the form expected when they are not its steps."""
    found = STEPS.fullmatch(typed)
    if found:
        first, last = int(found[1]), int(found[2] or found[1])
        if 1 <= first <= last <= len(lesson.steps):
            return open_section(shell, lesson, first - 1, last - 1)
    return shell.ui.message("shell.learn_steps", lesson=shell.lesson_name(lesson.id), steps=len(lesson.steps),
                            typed=excerpt(typed))
