"""The review schedule of failed puzzles: growing intervals, back to the start on failure."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

INTERVALS_DAYS: tuple[int, ...] = (1, 3, 7, 14, 30)
"""Days until the next review, one entry per step; a solve at the last step ends the reviews."""


@dataclass(frozen=True)
class ReviewState:
    """A puzzle in the queue: its step in ``INTERVALS_DAYS`` and when it is due."""

    step: int
    due: datetime


def after_attempt(state: ReviewState | None, success: bool, now: datetime) -> ReviewState | None:
    """The schedule after an attempt at ``now``; None when the puzzle is not (or no longer) queued.

    A failure (re)starts the schedule at one day.  A success before the puzzle
    is due leaves the schedule as it is (the answer may just be remembered); a
    success when due moves to the next interval, or out of the queue after the last.
    """
    if not success:
        return ReviewState(0, now + timedelta(days=INTERVALS_DAYS[0]))
    if state is None or now < state.due:
        return state
    step = state.step + 1
    if step == len(INTERVALS_DAYS):
        return None
    return ReviewState(step, now + timedelta(days=INTERVALS_DAYS[step]))
