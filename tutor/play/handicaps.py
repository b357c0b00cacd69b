"""Simulated learners: the club level with one skill taken away (docs/learner-model.md).

Each plays as :class:`~tutor.play.heuristics.Club` does with the first club's
rules of thumb (:data:`~tutor.play.heuristics.CLUB_V1`, the arena's ``club-v1``),
from its seat's view alone, but for the one thing its skill is about:

- **sweeps**: does not see a sweep: a capture that clears the table is not
  among the moves it weighs (unless it has no other);
- **safe_play**: never looks at what the next player could take after its
  move (no sweep left open, no points left in reach: both are the club's
  exposure term, which it drops);
- **point_cards**: does not know which cards score (it plays as if the aces
  and the Cassinos were worth nothing: taken, trailed or left in reach);
- **builds**: never builds, raises or adds to a build (unless no other move
  is legal), as the greedy level;
- **counting**: never counts the cards taken: the cards already captured
  this round are to it as likely to be in the next player's hand as any
  unseen card.

The skill names are those of :data:`tutor.content.skills.SKILLS` (the play room
does not import the content; tests/test_handicaps.py checks them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from tutor.core.moves import Move

from .heuristics import BUILD_KINDS, CLUB_V1, club_best, club_promise
from .view import SeatView

Choice = Callable[[SeatView], Move]
"""How a handicapped player picks a move from its seat's view."""


def _blind_to_sweeps(view: SeatView) -> Move:
    pos = view.position()
    moves = pos.generate()
    return club_best(pos, [m for m in moves if not pos.is_sweep(m)] or moves, CLUB_V1)


def _careless(view: SeatView) -> Move:
    pos = view.position()
    return max(pos.generate(), key=lambda m: club_promise(pos, m, CLUB_V1))


def _blind_to_point_cards(view: SeatView) -> Move:
    pos = replace(view, variant=view.variant.with_options(point_cards={})).position()
    return club_best(pos, pos.generate(), CLUB_V1)


def _never_builds(view: SeatView) -> Move:
    pos = view.position()
    moves = pos.generate()
    return club_best(pos, [m for m in moves if m.kind not in BUILD_KINDS] or moves, CLUB_V1)


def _never_counts(view: SeatView) -> Move:
    pos = replace(view, captured=tuple(() for _ in view.captured)).position()
    return club_best(pos, pos.generate(), CLUB_V1)


CHOICES: dict[str, Choice] = {
    "sweeps": _blind_to_sweeps, "safe_play": _careless, "point_cards": _blind_to_point_cards,
    "builds": _never_builds, "counting": _never_counts,
}
"""Every handicap, by the skill it takes away."""


@dataclass(frozen=True)
class Handicapped:
    """The first club level (``club-v1``) without the skill ``removed`` (one of :data:`CHOICES`)."""

    removed: str

    def __post_init__(self) -> None:
        if self.removed not in CHOICES:
            raise ValueError(f"no handicap for {self.removed!r}; there are: {', '.join(CHOICES)}")

    @property
    def level(self) -> str:
        return f"club-without-{self.removed}"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        return CHOICES[self.removed](view)
