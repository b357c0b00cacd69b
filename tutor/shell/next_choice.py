"""The next step chosen from the learner's skills (docs/skills.md, "The next step").

While a lesson of the classic game is not done, the course goes on in its order: after a lesson, the section of
the step missed last on the weakest skill is repeated once, and no skill is worked on by puzzles (those of the
lessons to come ask for rules not taught yet).  Past the course, the weakest skill with enough evidence, when it is
rated under where every skill starts, is worked on: the rules by a lesson not done on an option the learner's games
play with, else by the section of a lesson whose step the learner last missed (a whole lesson when none was missed;
puzzles on them once that lesson was done again, said to have been in vain only when the rules were missed since),
any other skill by a set of puzzles on one of its themes, within the
learner's reach (a section or a lesson when no such puzzle is open).  A skill whose lesson was done again in vain,
with no puzzle set on it open, waits: the next weak skill is worked on in its place.  After a game the weakest skill
is worked on whatever its rating: the round just reviewed has told the model most, and a game follows the set.
Otherwise a game is proposed (:mod:`.game_choice`), or the course goes on with the lessons of the variants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from tutor.content.course import DemoStep, Lesson, TextStep
from tutor.storage import ThemeStat
from tutor.storage.game_store import GameSummary
from tutor.storage.skills import SKILL_START, SkillEstimate, weakest
from tutor.teaching.skill_map import LESSON_SKILLS, THEME_SKILLS, step_skills

from .game_choice import GameChoice, classic_done, game_choice, game_trend, game_why
from .game_commands import resumable
from .game_text import game_words
from .picker import SET_MIN, option_lessons, set_pool
from .state import Activity, Shell

WEAK_BELOW = SKILL_START.rating
"""A skill rated under this (where every skill starts) is weak enough to be worked on before the course."""
WHY_SPAN = 10
"""The why-line counts the misses among the skill's last this many pieces of evidence."""
MISS_SPAN = 20
"""A section to repeat is looked for among the skill's last this many pieces of evidence from lessons."""
MISSED_TRIES = 3
"""A theme's puzzles tried at least this often, mostly missed, come first in a set on its skill."""


@dataclass(frozen=True)
class Step:
    """What works on a skill: ``puzzles`` on the theme ``target``, the ``lesson`` ``target``, or a ``section``
    of it: its steps ``first`` to ``last`` (indices; the last one the step missed, the first the text and
    demonstrations that lead to it).  Puzzles ``after`` a lesson: the one done again in vain
    (:func:`repeated_in_vain`) that they follow.  ``played``: a lesson on a rule the learner's games play with
    (:func:`game_lesson`)."""

    kind: str
    target: str
    first: int = 0
    last: int = 0
    after: str = ""
    played: bool = False


@dataclass(frozen=True)
class Choice:
    """Work on ``skill`` (rated ``rating``) by ``step``; of its last ``tried`` pieces of evidence, ``missed``
    scored under 1 (missed, or done with help); ``after_game``: chosen because a game was the last thing done.
    ``passed``: the weakest skill, passed over for this one (:func:`passed_over`), rated ``passed_rating``, whose
    lesson ``passed_lesson`` was done again in vain."""

    skill: str
    step: Step
    rating: int
    missed: int
    tried: int
    after_game: bool = False
    passed: str = ""
    passed_rating: int = 0
    passed_lesson: str = ""


@dataclass(frozen=True)
class Plan:
    """What ``next`` opens when nothing is open (or what is open is done): the weakest skill's step (``choice``),
    else a game (``game``; the unfinished game saved, ``resume``, when there is one to go on with), else the course:
    its next ``lesson``, or puzzles near the learner's rating (all None)."""

    choice: Choice | None = None
    game: GameChoice | None = None
    lesson: str | None = None
    resume: GameSummary | None = None


def open_activity(shell: Shell) -> Activity | None:
    """What ``next`` goes on with: the open activity, unless it is finished (a lesson done, a set with no puzzle
    left, a game over...: :attr:`~.state.Activity.finished`); None when ``next`` opens the next step (:func:`plan`).
    The dashboard's "what next" names it too."""
    activity = shell.activity
    return activity if activity is not None and not activity.finished else None


def plan(shell: Shell) -> Plan:
    """The next step: what ``next`` opens, and what the welcome, a lesson's end and the dashboard's "what next"
    name (one choice, so that they never disagree)."""
    if in_course(shell):
        repeat = course_repeat(shell)
        if repeat is not None:
            return Plan(choice=repeat)
        following = shell.catalog.next_lesson(set(shell.progress.lesson_stars()))
        if following is not None:
            return Plan(lesson=following.id)
    choice = choose(shell)
    if choice is not None:
        return Plan(choice=choice)
    game = game_choice(shell)
    if game is not None:
        return Plan(game=game, resume=resumable(shell))  # a game left unfinished before a new one
    following = shell.catalog.next_lesson(set(shell.progress.lesson_stars()))
    return Plan(lesson=None if following is None else following.id)


def in_course(shell: Shell) -> bool:
    """Whether the learner is still in the course: a lesson of the classic game is not done.  ``next`` then goes on
    with the course (after at most one repeat of a step missed: :func:`course_repeat`), and works on no skill by
    puzzles: those of the lessons still to come would ask for rules not taught yet."""
    return not classic_done(shell)


def course_repeat(shell: Shell) -> Choice | None:
    """In the course, the section of the step of the last lesson done that the learner missed last, on their weakest
    skill when it is weak, once: None when no such step was missed, or a section of that lesson was done since."""
    weak = skill_to_work(shell.progress.skills())
    done = [record for record in shell.progress.lessons() if record.completed_at is not None]
    if weak is None or not done:
        return None
    last = max(done, key=lambda record: record.completed_at or datetime.min)
    lesson = {lesson.id: lesson for lesson in shell.catalog.lessons}.get(last.lesson_id)  # None: since removed
    if lesson is None or _redone_since(shell, weak.skill, lesson, last.completed_at):
        return None
    for ref, _ in shell.progress.skill_misses(weak.skill, "lesson", MISS_SPAN):
        lesson_id, _, number = ref.rpartition("/")
        index = int(number) - 1 if number.isdigit() else -1
        if lesson_id == lesson.id and 0 <= index < len(lesson.steps) and weak.skill in step_skills(lesson, index):
            step = Step("section", lesson.id, section_start(lesson, index), index)
            scores = shell.progress.skill_scores(weak.skill, WHY_SPAN)
            missed = sum(1 for score in scores if score < 1.0)
            return Choice(weak.skill, step, round(weak.rating.rating), missed, len(scores))
    return None


def _redone_since(shell: Shell, skill: str, lesson: Lesson, since: datetime | None) -> bool:
    """Whether a step of ``lesson`` testing ``skill`` was answered again after ``since`` (in a section repeated)."""
    refs = (f"{lesson.id}/{index + 1}" for index in range(len(lesson.steps)))
    times = (shell.progress.evidence_time(skill, "lesson", ref) for ref in refs)
    return since is not None and any(time is not None and time > since for time in times)


def new_learner(shell: Shell) -> bool:
    """Whether the learner has done nothing yet: no evidence of a skill, no lesson done, no game kept."""
    progress = shell.progress
    return progress.last_evidence_source() is None and not progress.lesson_stars() and progress.games.empty()


def choose(shell: Shell) -> Choice | None:
    """The step the weakest skill asks for, or None: too little evidence, or no skill weak and no game just
    played.  When nothing works on the weakest skill any more (:func:`passed_over`), the step of the next weak
    skill that has one, said to be in its place; None when no other has one."""
    played = after_game(shell)
    skills = shell.progress.skills()
    weak = skill_to_work(skills, played)
    if weak is None:
        return None
    step = step_for(shell, weak.skill)
    if step is not None:
        return _choice(shell, weak, step, played)
    lesson = passed_over(shell, weak.skill)
    if lesson is None:
        return None
    for other in weakest_weak(skills, len(skills)):
        found = step_for(shell, other.skill) if other.skill != weak.skill else None
        if found is not None:
            return replace(_choice(shell, other, found), passed=weak.skill, passed_rating=round(weak.rating.rating),
                           passed_lesson=lesson)
    return None


def _choice(shell: Shell, weak: SkillEstimate, step: Step, played: bool = False) -> Choice:
    """Work on ``weak`` by ``step``, with the counts of its last tries."""
    scores = shell.progress.skill_scores(weak.skill, WHY_SPAN)
    missed = sum(1 for score in scores if score < 1.0)
    return Choice(weak.skill, step, round(weak.rating.rating), missed, len(scores), played)


def passed_over(shell: Shell, skill: str) -> str | None:
    """Where :func:`step_for` gives nothing for ``skill``: the lesson on it done again in vain
    (:func:`repeated_in_vain`), no puzzle set on it being open to the learner.  Proposing that lesson once more
    would be a loop (a walk tester who never counted cards was given "Counting a round" over and over), so the skill
    waits and another weak one is worked on.  None when no lesson was done in vain."""
    lesson = _lesson(shell, skill)
    if lesson is None:
        return None
    return lesson if repeated_in_vain(shell, skill, lesson) else None


def after_game(shell: Shell) -> bool:
    """A game was the last thing the learner did that told the model something (its review's evidence is the
    newest), and the classic game's lessons are done."""
    return shell.progress.last_evidence_source() == "game" and classic_done(shell)


def skill_to_work(skills: Sequence[SkillEstimate], played: bool = False) -> SkillEstimate | None:
    """The skill the next step works on: the weakest of ``skills`` with enough evidence, when it is rated under
    :data:`WEAK_BELOW`, or whatever its rating when a game was just ``played`` (:func:`after_game`); None
    otherwise.  The learner check uses it too."""
    found = weakest(skills, 1) if played else weakest_weak(skills, 1)
    return found[0] if found else None


def weakest_weak(skills: Sequence[SkillEstimate], n: int) -> list[SkillEstimate]:
    """Up to ``n`` of the weakest of ``skills`` with enough evidence that are rated under :data:`WEAK_BELOW` as
    the learner sees the rating (rounded): 799.6 shows as 800, and is not weak."""
    return [s for s in weakest(skills, n) if round(s.rating.rating) < WEAK_BELOW]


def weak_skills(shell: Shell, n: int) -> list[SkillEstimate]:
    """Up to ``n`` of the weakest skills with enough evidence that are rated under :data:`WEAK_BELOW`."""
    return weakest_weak(shell.progress.skills(), n)


def step_for(shell: Shell, skill: str) -> Step | None:
    """What works on ``skill``: puzzles on a theme (not for the rules), else for the rules a lesson on a rule of
    the learner's games not done yet (:func:`game_lesson`), else a section to repeat, else a lesson;
    but puzzles on a theme (the rules' too) when that lesson was done again (:func:`repeated_in_vain`: said to be in
    vain only when the skill was missed since, :func:`missed_since`), and nothing when there is no such theme
    (:func:`passed_over`); None too when nothing is open."""
    theme = None if skill == "rules" else _theme(shell, skill)
    if theme is not None:
        return Step("puzzles", theme)
    played = game_lesson(shell) if skill == "rules" else None
    if played is not None:
        return Step("lesson", played, played=True)
    section = section_for(shell, skill)
    if section is not None:
        return section
    lesson = _lesson(shell, skill)
    if lesson is not None and repeated_in_vain(shell, skill, lesson):
        theme = _theme(shell, skill) if skill == "rules" else None  # another skill's came first
        if theme is None:
            return None  # the same lesson again would be a loop: the skill waits (:func:`passed_over`)
        return Step("puzzles", theme, after=lesson if missed_since(shell, skill, lesson) else "")
    return None if lesson is None else Step("lesson", lesson)


def game_lesson(shell: Shell) -> str | None:
    """The lesson on a rule the learner's games play with that they have not done, open to them: of the game
    played last first, the lesson on the most of its options first (:func:`~.picker.option_lessons`, by option, so
    that a game of Classic with forced capture is given the lesson on it); None when there is none."""
    stars = shell.progress.lesson_stars()
    for variant in shell.progress.games.variants():
        for lesson in option_lessons(shell.catalog, variant):
            if lesson.id not in stars and lesson.open_to(stars.keys()):
                return lesson.id
    return None


def _theme(shell: Shell, skill: str) -> str | None:
    """The first theme of the collection on ``skill`` with enough puzzles for a set: at least
    :data:`~.picker.SET_MIN` open to the learner and within their reach (:func:`~.picker.set_pool`); none while the
    learner is in the course (:func:`in_course`)."""
    if in_course(shell):
        return None
    rating = shell.progress.learner_rating().rating
    themes = missed_first(shell.catalog.themes(), shell.progress.theme_stats())
    return theme_for(themes, skill, lambda theme: len(set_pool(shell, theme, rating)) >= SET_MIN)


def missed_first(themes: Sequence[str], stats: Sequence[ThemeStat]) -> list[str]:
    """``themes`` with those whose puzzles the learner mostly misses first, the least solved first: at least
    :data:`MISSED_TRIES` attempts, fewer than half solved without help (:class:`~tutor.storage.ThemeStat`); the
    others after them, in their order.  A set on a skill then works on the part of it the learner gets wrong."""
    missed = {s.theme: s.rate for s in stats if s.attempts >= MISSED_TRIES and s.rate < 0.5}
    return sorted(themes, key=lambda theme: missed.get(theme, 0.5))


def theme_for(themes: Sequence[str], skill: str, has_puzzle: Callable[[str], bool]) -> str | None:
    """The first of ``themes`` on ``skill`` that ``has_puzzle`` for the learner."""
    return next((theme for theme in themes if skill in THEME_SKILLS.get(theme, ()) and has_puzzle(theme)), None)


def section_for(shell: Shell, skill: str) -> Step | None:
    """The section of the lesson step testing ``skill`` that the learner missed last (answered wrong, with a
    hint, or shown) and has not passed since, in a lesson open to them; None when no such step is among the
    recent evidence.  A step missed twice in a row (its section repeated, and missed again) is passed over:
    something else works on the skill first (another step, or a lesson: :func:`step_for`)."""
    lessons = {lesson.id: lesson for lesson in shell.catalog.lessons}
    stars = shell.progress.lesson_stars()
    for ref, in_a_row in shell.progress.skill_misses(skill, "lesson", MISS_SPAN):
        if in_a_row > 1:
            continue
        lesson_id, _, number = ref.rpartition("/")
        lesson = lessons.get(lesson_id)
        if lesson is None or not number.isdigit() or not lesson.open_to(stars.keys()):
            continue  # a lesson since removed, or no longer open
        index = int(number) - 1
        if 0 <= index < len(lesson.steps) and skill in step_skills(lesson, index):
            return Step("section", lesson.id, section_start(lesson, index), index)
    return None


def repeated_in_vain(shell: Shell, skill: str, lesson: str) -> bool:
    """Whether ``lesson``, the one to repeat for ``skill``, has been done again since a step of the skill was
    missed twice in a row (its section repeated, and missed again: :func:`section_for` passes it over), while the
    skill is still the one to work on: the same lesson did not help, and proposing it again and again would be a
    loop (every open lesson teaching the skill done, the one with the fewest stars is the same one each time)."""
    done = next((record.completed_at for record in shell.progress.lessons() if record.lesson_id == lesson), None)
    passed_over = next((ref for ref, in_a_row in shell.progress.skill_misses(skill, "lesson", MISS_SPAN)
                        if in_a_row > 1), None)
    if done is None or passed_over is None:
        return False
    missed = shell.progress.evidence_time(skill, "lesson", passed_over)
    return missed is not None and done > missed


def missed_since(shell: Shell, skill: str, lesson: str) -> bool:
    """Whether ``skill`` was missed (scored under 1) since ``lesson`` was last done: what says that doing it again
    did not help (the lesson answered right, and nothing missed since, says the opposite)."""
    done = next((record.completed_at for record in shell.progress.lessons() if record.lesson_id == lesson), None)
    return done is not None and any(score < 1.0 for score in shell.progress.skill_scores(skill, MISS_SPAN, done))


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
    kind = ("after_lesson" if step.after else "after_game" if choice.after_game and step.kind == "puzzles"
            else step.kind)
    lesson = shell.catalog.lesson(step.after).title.get(shell.lang) if step.after else ""
    said = shell.ui.message(f"shell.next_why_{kind}", skill=shell.ui.message(f"skills.{choice.skill}"),
                            rating=choice.rating, missed=choice.missed, tried=choice.tried, target=target,
                            title=title, first=step.first + 1, last=step.last + 1, lesson=lesson,
                            other=bool(choice.passed), played=step.played)
    if not choice.passed:
        return said
    passed = shell.ui.message("shell.next_why_passed", skill=shell.ui.message(f"skills.{choice.passed}"),
                              rating=choice.passed_rating,
                              lesson=shell.catalog.lesson(choice.passed_lesson).title.get(shell.lang))
    return passed + " " + said


def next_why(shell: Shell, step: Plan | None = None) -> str:
    """Why the next step is what ``next`` opens (``step``, else :func:`plan`'s): the weakest skill's step, else a
    game (with the trend of the learner's points lost a move); "" when the course goes on in its order."""
    step = plan(shell) if step is None else step
    if step.choice is not None:
        return why_line(shell, step.choice)
    if step.resume is not None:
        return resume_why(shell, step.resume)
    if step.game is None:
        return ""
    return "\n".join(filter(None, [game_why(shell, step.game), game_trend(shell, step.game)]))


def resume_why(shell: Shell, waiting: GameSummary) -> str:
    """Why ``next`` goes on with the unfinished game ``waiting`` rather than start the round a game step proposes."""
    return shell.ui.message("strength.next_why_resume", **game_words(shell.ui, waiting))
