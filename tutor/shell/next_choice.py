"""The next step chosen from the learner's skills (docs/skills.md, "The next step").

The weakest skill with enough evidence, when it is rated under where every skill starts, is
worked on: the rules by the section of a lesson whose step the learner last missed (a whole
lesson when none was missed), any other skill by a set of puzzles on one of its themes (a
section or a lesson when no such puzzle is open).  Otherwise the course goes on in its order,
and once the classic game's lessons are done a game is proposed (:mod:`.game_choice`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from tutor.content.course import DemoStep, Lesson, TextStep
from tutor.content.skills import Evidence
from tutor.storage.glicko2 import expected
from tutor.storage.rating_policy import puzzle_start
from tutor.storage.skills import MIN_EVIDENCE, SKILL_START, SkillEstimate, updated, weakest
from tutor.teaching.skill_map import LESSON_SKILLS, THEME_SKILLS, step_skills

from .game_choice import game_choice, game_why, trend_line
from .picker import pick_puzzle
from .state import Shell

WEAK_BELOW = SKILL_START.rating
"""A skill rated under this (where every skill starts) is weak enough to be worked on before the course."""
WHY_SPAN = 10
"""The why-line counts the misses among the skill's last this many pieces of evidence."""
MISS_SPAN = 20
"""A section to repeat is looked for among the skill's last this many pieces of evidence from lessons."""
DOUBT = 2.0
"""A skill could be rated as low as its rating less this many deviations (about 95% sure it is not lower)."""
SURE = 0.95
"""How sure the model must be that the skill it names is the weakest before it stops probing others (the
conventional 95%, as :data:`DOUBT`'s two deviations)."""
GRID = 200
"""The points at which the chance that a skill is the lowest is summed (:func:`surely_lowest`)."""


@dataclass(frozen=True)
class Step:
    """What works on a skill: ``puzzles`` on the theme ``target``, the ``lesson`` ``target``, or a ``section``
    of it: its steps ``first`` to ``last`` (indices; the last one the step missed, the first the text and
    demonstrations that lead to it)."""

    kind: str
    target: str
    first: int = 0
    last: int = 0


@dataclass(frozen=True)
class Choice:
    """Work on ``skill`` (rated ``rating``) by ``step``; of its last ``tried`` pieces of evidence, ``missed``
    scored under 1 (missed, or done with help); ``low``: how low it could be rated, when it is probed for being
    unsure rather than worked on as the weakest (None)."""

    skill: str
    step: Step
    rating: int
    missed: int
    tried: int
    low: int | None = None


def choose(shell: Shell) -> Choice | None:
    """Once the weakest skill is weak: puzzles on the skill to probe (:func:`to_probe`) when it is another one,
    else the step the weakest skill asks for; None: too little evidence, or no skill weak."""
    skills = shell.progress.skills()
    worked = skill_to_work(skills)
    if worked is None:
        return None
    weakest = weakest_weak(skills, 1)[0]
    if worked.skill != weakest.skill:
        theme = _theme(shell, worked.skill)
        if theme is not None:
            return _choice(shell, worked, Step("puzzles", theme), round(lowest_bound(worked)))
    step = step_for(shell, weakest.skill)
    return None if step is None else _choice(shell, weakest, step, None)


def skill_to_work(skills: Sequence[SkillEstimate]) -> SkillEstimate | None:
    """The skill the next step works on: None while no skill with enough evidence is weak; else the skill to probe
    (:func:`to_probe`), the weakest itself once the model is sure of it.  The learner check uses it too."""
    return to_probe(skills) if weakest_weak(skills, 1) else None


def weakest_weak(skills: Sequence[SkillEstimate], n: int) -> list[SkillEstimate]:
    """Up to ``n`` of the weakest of ``skills`` with enough evidence that are rated under :data:`WEAK_BELOW`."""
    return [s for s in weakest(skills, n) if s.rating.rating < WEAK_BELOW]


def _choice(shell: Shell, estimate: SkillEstimate, step: Step, low: int | None) -> Choice:
    scores = shell.progress.skill_scores(estimate.skill, WHY_SPAN)
    missed = sum(1 for score in scores if score < 1.0)
    return Choice(estimate.skill, step, round(estimate.rating.rating), missed, len(scores), low)


def lowest_bound(estimate: SkillEstimate) -> float:
    """How low the skill could be rated: its rating less :data:`DOUBT` deviations."""
    return estimate.rating.rating - DOUBT * estimate.rating.deviation


def to_probe(skills: Sequence[SkillEstimate]) -> SkillEstimate | None:
    """The skill whose next puzzle tells most of which skill is the weakest: of the skills with evidence, the one
    whose puzzle (as hard as the skill is rated) leaves the model surest, on average over its two outcomes, of the
    skill it names the weakest (:func:`surely_lowest`): the expected value of one more test for that decision.
    The weakest itself once the model is :data:`SURE` of it, and on ties (then the first in the order of the
    skills); None while no skill has enough evidence to be named."""
    seen = [s for s in skills if s.evidence > 0]
    if not any(s.evidence >= MIN_EVIDENCE for s in seen):
        return None
    named = min((s for s in seen if s.evidence >= MIN_EVIDENCE), key=lambda s: (s.rating.rating, s.rating.deviation))
    if surely_lowest(seen) >= SURE:
        return named

    def worth(i: int) -> tuple[float, bool]:
        skill = seen[i]
        task = puzzle_start(skill.rating.rating)
        # the chance of a solve, the skill's own uncertainty counted with the task's (the predictive chance)
        chance = expected(skill.rating, replace(task, deviation=math.hypot(skill.rating.deviation, task.deviation)))
        sure = 0.0
        for score, p in ((1.0, chance), (0.0, 1 - chance)):
            after = replace(skill, rating=updated(skill.rating, Evidence(skill.skill, score, 1.0, task.rating)),
                            evidence=skill.evidence + 1)
            sure += p * surely_lowest([after if j == i else s for j, s in enumerate(seen)])
        return round(sure, 9), skill is named

    return seen[max(range(len(seen)), key=worth)]  # the first of equals: in the order of the skills


def surely_lowest(skills: Sequence[SkillEstimate]) -> float:
    """How sure the model is that the skill it names the weakest (the lowest rated with enough evidence) is rated
    lowest of ``skills`` with evidence: the chance, each rating a normal law of its deviation (independent), that it
    is below every other."""
    named = min((s for s in skills if s.evidence >= MIN_EVIDENCE), key=lambda s: (s.rating.rating, s.rating.deviation))
    mu, sigma = named.rating.rating, named.rating.deviation
    others = [s.rating for s in skills if s is not named and s.evidence > 0]
    total, step = 0.0, 10 * sigma / GRID
    for k in range(GRID):
        x = mu - 5 * sigma + (k + 0.5) * step
        density = math.exp(-0.5 * ((x - mu) / sigma) ** 2) / (sigma * math.sqrt(2 * math.pi))
        above = math.prod(0.5 * math.erfc((x - r.rating) / (r.deviation * math.sqrt(2))) for r in others)
        total += density * above * step
    return total


def weak_skills(shell: Shell, n: int) -> list[SkillEstimate]:
    """Up to ``n`` of the weakest skills with enough evidence that are rated under :data:`WEAK_BELOW`."""
    return weakest_weak(shell.progress.skills(), n)


def step_for(shell: Shell, skill: str) -> Step | None:
    """What works on ``skill``: puzzles on a theme (not for the rules), else a section to repeat, else a lesson;
    None when nothing is open."""
    theme = None if skill == "rules" else _theme(shell, skill)
    if theme is not None:
        return Step("puzzles", theme)
    section = section_for(shell, skill)
    if section is not None:
        return section
    lesson = _lesson(shell, skill)
    return None if lesson is None else Step("lesson", lesson)


def _theme(shell: Shell, skill: str) -> str | None:
    """The first theme of the collection on ``skill`` with a puzzle open to the learner."""
    return theme_for(shell.catalog.themes(), skill, lambda theme: pick_puzzle(shell, theme) is not None)


def theme_for(themes: Sequence[str], skill: str, has_puzzle: Callable[[str], bool]) -> str | None:
    """The first of ``themes`` on ``skill`` that ``has_puzzle`` for the learner."""
    return next((theme for theme in themes if skill in THEME_SKILLS.get(theme, ()) and has_puzzle(theme)), None)


def section_for(shell: Shell, skill: str) -> Step | None:
    """The section of the lesson step testing ``skill`` that the learner missed last (answered wrong, with a
    hint, or shown), in a lesson open to them; None when no such step is among the recent evidence."""
    lessons = {lesson.id: lesson for lesson in shell.catalog.lessons}
    stars = shell.progress.lesson_stars()
    for ref in shell.progress.skill_misses(skill, "lesson", MISS_SPAN):
        lesson_id, _, number = ref.rpartition("/")
        lesson = lessons.get(lesson_id)
        if lesson is None or not number.isdigit() or not lesson.open_to(stars.keys()):
            continue  # a lesson since removed, or no longer open
        index = int(number) - 1
        if 0 <= index < len(lesson.steps) and skill in step_skills(lesson, index):
            return Step("section", lesson.id, section_start(lesson, index), index)
    return None


def section_start(lesson: Lesson, index: int) -> int:
    """The first step of the section that ends at step ``index``: the texts and demonstrations right before it."""
    first = index
    while first > 0 and isinstance(lesson.steps[first - 1], (TextStep, DemoStep)):
        first -= 1
    return first


def _lesson(shell: Shell, skill: str) -> str | None:
    """The first open lesson teaching ``skill`` not done yet; failing that, the one done with fewest stars."""
    stars = shell.progress.lesson_stars()
    teaching = [lesson for lesson in shell.catalog.lessons if skill in LESSON_SKILLS.get(lesson.id, ())]
    for lesson in teaching:
        if lesson.id not in stars and lesson.open_to(stars.keys()):
            return lesson.id
    done = [lesson.id for lesson in teaching if lesson.id in stars]
    return min(done, key=lambda lesson: stars[lesson], default=None)


def why_line(shell: Shell, choice: Choice) -> str:
    """The one line that says why, from the stored evidence."""
    step = choice.step
    on_lesson = step.kind != "puzzles"
    target = shell.lesson_name(step.target) if on_lesson else shell.theme_name(step.target)
    title = shell.catalog.lesson(step.target).title.get(shell.lang) if on_lesson else ""
    kind = step.kind if choice.low is None else "probe"
    return shell.ui.message(f"shell.next_why_{kind}", low=choice.low, skill=shell.ui.message(f"skills.{choice.skill}"),
                            rating=choice.rating, missed=choice.missed, tried=choice.tried, target=target,
                            title=title, first=step.first + 1, last=step.last + 1)


def next_why(shell: Shell) -> str:
    """Why the next step is what ``next`` opens: the weakest skill's step, else a game (with the trend of the
    learner's points lost a move); "" when the course goes on in its order."""
    choice = choose(shell)
    if choice is not None:
        return why_line(shell, choice)
    game = game_choice(shell)
    if game is None:
        return ""
    return "\n".join(filter(None, [game_why(shell, game), trend_line(shell, game.strength) if game.strength else ""]))
