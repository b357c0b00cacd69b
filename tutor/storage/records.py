"""The values the progress store hands out."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from .glicko2 import Rating

MAX_STARS = 3
"""The stars of a flawless lesson."""


@dataclass(frozen=True)
class AttemptResult:
    """What one puzzle attempt changed.

    ``rated`` is True on the first attempt of a puzzle only; otherwise
    ``before == after``.  ``puzzle`` is the puzzle's rating after the attempt;
    ``review_due`` is when the puzzle comes back for review (None: not queued).
    """

    puzzle_id: str
    rated: bool
    before: Rating
    after: Rating
    puzzle: Rating
    review_due: datetime | None


@dataclass(frozen=True)
class LessonRecord:
    """A lesson started or completed: best stars, last completion, step reached since."""

    lesson_id: str
    stars: int
    completed_at: datetime | None
    step: int


@dataclass(frozen=True)
class ReviewItem:
    """A puzzle in the review queue, due at ``due``, ``interval_days`` after it was last seen."""

    puzzle_id: str
    due: datetime
    interval_days: int


@dataclass(frozen=True)
class ThemeStat:
    """Attempts of puzzles with one theme; ``solved`` counts solves without hints, ``rate`` is their share."""

    theme: str
    attempts: int
    solved: int

    @property
    def rate(self) -> float:
        return self.solved / self.attempts


@dataclass(frozen=True)
class Activity:
    """The most recent lesson or puzzle the learner touched."""

    kind: Literal["lesson", "puzzle"]
    id: str
    at: datetime


@dataclass(frozen=True)
class Summary:
    """Counts for the ``progress`` command, of the collection's puzzles (not the positions from the learner's
    games): ``puzzles_solved`` those solved as the puzzle counts a solve (on the
    learner's own, at an attempt without a miss or a hint: :data:`~.progress._SUCCESS`), ``puzzles_helped`` those
    solved with help only (a hint, or the answer shown before), which the puzzle counted as a miss."""

    lessons_done: int
    puzzles_attempted: int
    puzzles_solved: int
    puzzles_helped: int
    rating: Rating
    best_streak: int
