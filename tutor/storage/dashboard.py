"""The facts of the ``progress`` dashboard, as data: no words here, the templates add them.

Read in one transaction by :meth:`Progress.dashboard`; the pure parts (runs of
solves, the order of themes) are module functions, tested on their own.  The
next step is the shell's (``tutor/shell/next_choice.py``: what ``next`` opens).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from .records import MAX_STARS, Summary, ThemeStat

MIN_THEME_ATTEMPTS = 3
"""Attempts a theme needs before it is judged (ranked by success, or called weak)."""
WEAK_RATE = 0.7
"""A judged theme solved (without hints) less often than this is weak: practise it."""


@dataclass(frozen=True)
class Streaks:
    """Runs of puzzles solved without hints, attempt after attempt, and streak mode's record.

    ``current`` is the run that ends with the latest attempt (0 when it failed),
    ``best`` the longest run ever; ``streak_mode`` the best score of the
    ``streak`` command, kept apart since it counts one session of rising puzzles.
    """

    current: int
    best: int
    streak_mode: int


@dataclass(frozen=True)
class Lessons:
    """The course as far as the learner got: ``stars`` of each done lesson, in course order."""

    stars: tuple[tuple[str, int], ...]
    total: int
    next_lesson: str | None

    @property
    def done(self) -> int:
        return len(self.stars)

    @property
    def left(self) -> int:
        return self.total - self.done

    @property
    def earned(self) -> int:
        """Stars earned in the lessons done."""
        return sum(n for _, n in self.stars)

    @property
    def improvable(self) -> tuple[str, ...]:
        """Lessons done that could earn more stars if done again, in course order."""
        return tuple(lesson for lesson, n in self.stars if n < MAX_STARS)


@dataclass(frozen=True)
class Dashboard:
    """Everything the ``progress`` command shows, read at one moment.

    ``history`` is the learner's rating after each rated attempt, oldest first;
    ``themes`` are ordered for reading (see :func:`theme_order`), ``weak`` the
    themes to practise, weakest first; ``next_review`` is when the earliest
    queued review falls due (None: the queue is empty).
    """

    summary: Summary
    history: tuple[float, ...]
    themes: tuple[ThemeStat, ...]
    weak: tuple[str, ...]
    lessons: Lessons
    streaks: Streaks
    next_review: datetime | None


def runs(successes: Iterable[bool]) -> tuple[int, int]:
    """The current run of successes (ending with the last item) and the longest run."""
    current = best = 0
    for success in successes:
        current = current + 1 if success else 0
        best = max(best, current)
    return current, best


def judged(stat: ThemeStat, min_attempts: int = MIN_THEME_ATTEMPTS) -> bool:
    """Whether a theme has enough attempts to say how well it goes."""
    return stat.attempts >= min_attempts


def theme_order(stats: Iterable[ThemeStat], min_attempts: int = MIN_THEME_ATTEMPTS) -> list[ThemeStat]:
    """Judged themes first, weakest first (more attempts first on a tie), then the rest, most tried first."""

    def key(stat: ThemeStat) -> tuple[bool, float, int, str]:
        if judged(stat, min_attempts):
            return (False, stat.rate, -stat.attempts, stat.theme)
        return (True, 0.0, -stat.attempts, stat.theme)

    return sorted(stats, key=key)


def weak_themes(ordered: Sequence[ThemeStat], min_attempts: int = MIN_THEME_ATTEMPTS) -> list[ThemeStat]:
    """The judged themes under :data:`WEAK_RATE`, from themes in :func:`theme_order` (so weakest first)."""
    return [s for s in ordered if judged(s, min_attempts) and s.rate < WEAK_RATE]


def lessons_done(course: Sequence[str], stars: Mapping[str, int], next_lesson: str | None) -> Lessons:
    """The course's lessons done (those since removed from the course are left out)."""
    return Lessons(tuple((lesson, stars[lesson]) for lesson in course if lesson in stars), len(course), next_lesson)
