"""What each lesson step, puzzle, review reason and answer verdict tests: the skills of
:data:`tutor.content.skills.SKILLS` (the rules are in docs/skills.md).

Every table here is complete for the content and codes of today; tests/test_skills.py
fails when a lesson, a theme, a goal, a reason or a verdict is added without its skills.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.content.course import DemoStep, ExerciseStep, Lesson, Puzzle, QuestionStep, TextStep, WhyStep

LESSON_SKILLS: dict[str, tuple[str, ...]] = {
    "table": ("rules",), "pairing": ("captures",), "sums": ("captures",), "faces": ("captures", "rules"),
    "builds": ("builds",), "multiple": ("multiple_builds",), "raising": ("builds", "build_fights"),
    "adding": ("builds", "multiple_builds"), "controller": ("build_fights", "rules"),
    "sweeps": ("sweeps", "safe_play"), "residue": ("last_take",),
    "scoring": ("counting", "point_cards", "majorities"), "match": ("rules",), "partners": ("rules",),
    "royal": ("rules",), "aces-high": ("rules",), "draw": ("rules",), "spade": ("rules",), "italian": ("rules",),
    "michigan": ("rules",), "sudden-death": ("rules",), "face-gather": ("rules",),
    "combine-builds": ("multiple_builds", "rules"), "take-or-add": ("builds", "rules"),
    # the table rules' lessons teach a rule: a learner weak at counting is not sent to the scoring of other tables
    "trailing-rules": ("rules",), "own-builds": ("rules",), "scoring-options": ("rules",), "match-endings": ("rules",),
}
"""The skills a lesson teaches: its text, its demonstrations and its exercises test them."""

FIND_SKILLS: dict[str, tuple[str, ...]] = {
    "trail": ("safe_play",), "capture": ("captures",), "build": ("builds",), "raise": ("builds",),
    "add": ("builds",), "sweep": ("sweeps",),
}
"""What finding a kind of move tests, over the lesson's skills."""

THEME_SKILLS: dict[str, tuple[str, ...]] = {
    "pairing": ("captures",), "sums": ("captures",), "groups": ("captures",), "face-cards": ("captures", "rules"),
    "trailing": ("safe_play",), "building": ("builds",), "multiple-builds": ("multiple_builds",),
    "raising": ("builds",), "adding": ("builds",), "stealing": ("build_fights",), "holding": ("build_fights",),
    "big-cassino": ("point_cards",), "little-cassino": ("point_cards",), "aces": ("point_cards",),
    "most-cards": ("majorities",), "most-spades": ("majorities",), "sweep": ("sweeps",),
    "deny-sweep": ("safe_play",), "counting": ("counting",), "last-take": ("last_take",), "endgame": ("last_take", "counting"),
    # a variant's theme: playing by that variant's rules
    "partnership": ("rules",), "royal": ("rules",), "spade": ("rules",), "italian": ("rules",),
    "draw": ("rules",), "face-gather": ("rules",),
}
"""The skills a puzzle theme tests."""

GOAL_SKILLS: dict[str, tuple[str, ...]] = {
    "cards": ("majorities",), "points": ("point_cards",), "sweep": ("sweeps",), "safe": ("safe_play",),
    "card": ("point_cards",), "deal": ("last_take",),
    "advice": (),  # a personal puzzle: its themes, made from the mark's reasons, say what it tests
}
"""The skills a puzzle's goal (its first criterion) tests, over its themes'."""

REASON_SKILLS: dict[str, tuple[str, ...]] = {
    "sweep": ("sweeps",), "deny_sweep": ("safe_play",), "points": ("point_cards",), "breach": ("rules",),
    "stranded": ("rules",), "keep": ("point_cards",),
    "last_take": ("last_take",), "line_cards": ("point_cards",), "line_majority": ("majorities",),
    "line_sweeps": ("sweeps",), "line_spades": ("majorities",), "line_penalties": ("rules",),
    "stolen": ("build_fights",), "exposure": ("safe_play",), "likely": ("safe_play", "counting"),
    "cards": ("majorities",), "majority": ("majorities", "counting"), "build": ("builds",),
    "protect": ("build_fights",), "steal": ("build_fights",), "safe": ("counting",), "next_take": ("captures",),
    "safe_trail": ("safe_play", "counting"),
    "later": (),  # no idea found: the advisor's average over the deals it played out names no skill
}
"""The skills a reason of a game review's mark (:data:`tutor.play.why.REASON_CODES`) names."""

VERDICT_SKILLS: dict[str, tuple[str, ...] | None] = {
    "correct": None, "not_best": None, "wrong_kind": None,  # None: the skills of the task answered
    "illegal": ("rules",),
    "invalid": (), "ambiguous": (),  # the notation, not the game
}
"""The skills a typed answer's verdict (:class:`tutor.teaching.coach.Verdict`'s ``outcome``) is evidence of."""


def _union(groups: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(skill for group in groups for skill in group))


def step_skills(lesson: Lesson, index: int) -> tuple[str, ...]:
    """The skills step ``index`` of ``lesson`` tests: why-steps the rules, questions counting, the others
    the lesson's skills (with an exercise's kind of move to find); a lesson the map does not know (a teacher's
    own) has none of its own."""
    step = lesson.steps[index]
    if isinstance(step, WhyStep):
        return ("rules",)
    if isinstance(step, QuestionStep):
        return ("counting",)
    own = LESSON_SKILLS.get(lesson.id, ())
    if isinstance(step, ExerciseStep) and step.find is not None:
        return _union([own, FIND_SKILLS[step.find]])
    assert isinstance(step, (TextStep, DemoStep, ExerciseStep))
    return own


def puzzle_skills(puzzle: Puzzle) -> tuple[str, ...]:
    """The skills a puzzle tests: its themes' and its goal's."""
    return _union([*(THEME_SKILLS[t] for t in puzzle.themes), GOAL_SKILLS[puzzle.goal.name]])


def reason_skills(codes: Iterable[str]) -> tuple[str, ...]:
    """The skills the reasons of a mark name."""
    return _union(REASON_SKILLS[code] for code in codes)


def verdict_skills(outcome: str, task: tuple[str, ...]) -> tuple[str, ...]:
    """The skills a verdict of ``outcome`` is evidence of, where the task answered tests ``task``."""
    own = VERDICT_SKILLS[outcome]
    return task if own is None else own
