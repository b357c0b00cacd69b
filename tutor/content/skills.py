"""The skills a Cassino player names, and one piece of evidence about one of them (docs/skills.md).

The mapping of lessons, puzzles and review reasons to skills is
:mod:`tutor.teaching.skill_map`; the model that rates each skill from its
evidence is :mod:`tutor.storage.skills`.  A skill's word in each language is
``templates/*/messages/skills.yaml``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SKILLS = (
    "captures", "builds", "build_fights", "multiple_builds", "sweeps", "safe_play",
    "point_cards", "majorities", "last_take", "counting", "rules",
)
"""Every skill, in the order the tutor lists them (docs/skills.md says what each covers)."""

SOURCES = ("lesson", "puzzle", "game")
"""Where evidence comes from: a lesson step answered, a puzzle tried, a move of a reviewed game."""


@dataclass(frozen=True)
class Evidence:
    """One observation of ``skill``: a ``score`` from 0 (failed) to 1 (shown), against a task as hard as
    ``difficulty`` (on the puzzles' rating scale), counted with ``weight`` (how much the task tested the skill)."""

    skill: str
    score: float
    weight: float
    difficulty: float

    def __post_init__(self) -> None:
        if self.skill not in SKILLS:
            raise ValueError(f"unknown skill {self.skill!r}")
        if not 0.0 <= self.score <= 1.0:
            raise ValueError(f"a score is 0 to 1, not {self.score}")
        if not (0.0 < self.weight <= 1.0 and math.isfinite(self.difficulty)):
            raise ValueError(f"a weight is above 0 and at most 1, a difficulty finite: {self.weight}, {self.difficulty}")
