"""The review schedule of failed and personal puzzles: FSRS (the ``fsrs`` package), one card a puzzle.

A solve without hints is FSRS's *Good*, anything else *Again*.  FSRS's learning and
relearning steps (minutes apart, for flash cards seen many times a day) are left out:
a puzzle comes back a day or more later.  Fuzzing is off, so the same answers give the
same dates.  A solve before the puzzle is due changes nothing (the answer may just be
remembered); a solve that puts the next review :data:`LEARNED_DAYS` or more away ends
the puzzle's reviews.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler, State

SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
"""FSRS with its default parameters (90% desired retention)."""
LEARNED_DAYS = 30
"""A puzzle whose next review would be this many days away or more is learned: it leaves the queue
(the longest interval of the fixed schedule FSRS replaced)."""


@dataclass(frozen=True)
class ReviewState:
    """A puzzle in the queue: when it is due, and its FSRS memory (``stability`` in days, ``difficulty`` 1 to 10,
    the ``last_review``), all None while it has not been answered since it was queued."""

    due: datetime
    stability: float | None = None
    difficulty: float | None = None
    last_review: datetime | None = None

    @property
    def interval_days(self) -> int:
        """Whole days from the last review to the due time; 0 before any."""
        return 0 if self.last_review is None else round((self.due - self.last_review) / timedelta(days=1))

    def card(self) -> Card:
        """The FSRS card of this state: a new one until both its stability and difficulty are known."""
        if self.stability is None or self.difficulty is None:
            return Card(card_id=0, due=_utc(self.due))
        last = None if self.last_review is None else _utc(self.last_review)
        return Card(card_id=0, state=State.Review, stability=self.stability, difficulty=self.difficulty,
                    due=_utc(self.due), last_review=last)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(timezone.utc)


def after_attempt(state: ReviewState | None, success: bool, now: datetime) -> ReviewState | None:
    """The schedule after an attempt at ``now``; None when the puzzle is not (or no longer) queued.

    A failure queues the puzzle (again), FSRS rating it *Again*; a success when due rates it *Good*.
    """
    if success and (state is None or now < state.due):
        return state
    card = ReviewState(now).card() if state is None else state.card()
    moment = _utc(now)
    reviewed, _ = SCHEDULER.review_card(card, Rating.Good if success else Rating.Again, moment)
    if success and reviewed.due - moment >= timedelta(days=LEARNED_DAYS):
        return None
    return ReviewState(reviewed.due, reviewed.stability, reviewed.difficulty, moment)
