"""The next step chosen from the learner's skills (docs/skills.md, "The next step").

The weakest skill with enough evidence, when it is rated under where every skill starts, is
worked on: the rules by a lesson, any other skill by a set of puzzles on one of its themes (a
lesson teaching it when no such puzzle is open).  Otherwise the course goes on in its order.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.storage.skills import SKILL_START, SkillEstimate
from tutor.teaching.skill_map import LESSON_SKILLS, THEME_SKILLS

from .picker import pick_puzzle
from .state import Shell

WEAK_BELOW = SKILL_START.rating
"""A skill rated under this (where every skill starts) is weak enough to be worked on before the course."""
WHY_SPAN = 10
"""The why-line counts the misses among the skill's last this many pieces of evidence."""


@dataclass(frozen=True)
class Choice:
    """Work on ``skill`` (rated ``rating``): a ``lesson`` or a set of ``puzzles`` on the theme, ``target``;
    of its last ``tried`` pieces of evidence, ``missed`` scored under 1 (missed, or done with help)."""

    skill: str
    kind: str
    target: str
    rating: int
    missed: int
    tried: int


def choose(shell: Shell) -> Choice | None:
    """The step the weakest skill asks for, or None: too little evidence, or no skill weak."""
    for weak in weak_skills(shell, 1):
        step = step_for(shell, weak.skill)
        if step is not None:
            scores = shell.progress.skill_scores(weak.skill, WHY_SPAN)
            missed = sum(1 for score in scores if score < 1.0)
            return Choice(weak.skill, *step, round(weak.rating.rating), missed, len(scores))
    return None


def weak_skills(shell: Shell, n: int) -> list[SkillEstimate]:
    """Up to ``n`` of the weakest skills with enough evidence that are rated under :data:`WEAK_BELOW`."""
    return [s for s in shell.progress.weakest_skills(n) if s.rating.rating < WEAK_BELOW]


def step_for(shell: Shell, skill: str) -> tuple[str, str] | None:
    """What works on ``skill``: ``("puzzles", theme)`` or ``("lesson", lesson id)``; None when nothing is open."""
    theme = None if skill == "rules" else _theme(shell, skill)
    if theme is not None:
        return "puzzles", theme
    lesson = _lesson(shell, skill)
    return None if lesson is None else ("lesson", lesson)


def _theme(shell: Shell, skill: str) -> str | None:
    """The first theme of the collection on ``skill`` with a puzzle open to the learner."""
    for theme in shell.catalog.themes():
        if skill in THEME_SKILLS.get(theme, ()) and pick_puzzle(shell, theme) is not None:
            return theme
    return None


def _lesson(shell: Shell, skill: str) -> str | None:
    """The first open lesson teaching ``skill`` not done yet; failing that, the one done with fewest stars."""
    stars = shell.progress.lesson_stars()
    teaching = [lesson for lesson in shell.catalog.lessons if skill in LESSON_SKILLS.get(lesson.id, ())]
    for lesson in teaching:
        if lesson.id not in stars and all(r in stars for r in lesson.requires):
            return lesson.id
    done = [lesson.id for lesson in teaching if lesson.id in stars]
    return min(done, key=lambda lesson: stars[lesson], default=None)


def why_line(shell: Shell, choice: Choice) -> str:
    """The one line that says why, from the stored evidence."""
    target = shell.lesson_name(choice.target) if choice.kind == "lesson" else shell.theme_name(choice.target)
    title = shell.catalog.lesson(choice.target).title.get(shell.lang) if choice.kind == "lesson" else ""
    return shell.ui.message(f"shell.next_why_{choice.kind}", skill=shell.ui.message(f"skills.{choice.skill}"),
                            rating=choice.rating, missed=choice.missed, tried=choice.tried, target=target,
                            title=title)
