"""A section of a lesson repeated: its steps from one to another, as in the lesson, then done.

What the learner answers is evidence of their skills as in the whole lesson;
the lesson itself is left as it was (its stars, the step a lesson in progress
resumes at): a section earns no stars.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.content.course import Lesson
from tutor.content.skills import Evidence

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

    def _save(self, evidence: Sequence[Evidence] = ()) -> None:
        """The step's ``evidence`` alone: the lesson's own step and its mistakes stay as they were."""
        if evidence:
            self.shell.progress.record_evidence("lesson", self._by_step(evidence), now=self.shell.clock())
