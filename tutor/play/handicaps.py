"""Simulated learners: the club level with one skill taken away (docs/learner-model.md).

Each plays as :class:`~tutor.play.heuristics.Club` does with its weights (the
ladder's club, :data:`~tutor.play.heuristics.CLUB`, by default; the first club,
:data:`~tutor.play.heuristics.CLUB_V1`, that of the earlier passes), exact last
deal included, from its seat's view alone, but for the one thing its skill is about:

- **sweeps**: does not see a sweep: a capture that clears the table is not
  among the moves it weighs (unless it has no other);
- **safe_play**: never looks at what the next player could take after its
  move (no sweep left open, no points left in reach: both are the club's
  exposure term, which it drops, and the exact search of the last deal,
  which weighs the replies);
- **point_cards**: does not know which cards score (it plays as if the aces
  and the Cassinos were worth nothing: taken, trailed or left in reach);
- **builds**: never builds, raises or adds to a build (unless no other move
  is legal), as the greedy level;
- **counting**: never counts the cards taken: the cards already captured
  this round are to it as likely to be in the next player's hand as any
  unseen card (so it cannot tell the hands of the last deal either).

The skill names are those of :data:`tutor.content.skills.SKILLS` (the play room
does not import the content; tests/test_handicaps.py checks them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from tutor.core.moves import Move

from .heuristics import BUILD_KINDS, CLUB, ClubWeights, club_choice, club_promise
from .view import SeatView

Choice = Callable[[SeatView, ClubWeights], Move]
"""How a handicapped player picks a move from its seat's view, by its club's weights."""


def _blind_to_sweeps(view: SeatView, weights: ClubWeights) -> Move:
    pos = view.position()
    moves = pos.generate()
    return club_choice(pos, [m for m in moves if not pos.is_sweep(m)] or moves, weights)


def _careless(view: SeatView, weights: ClubWeights) -> Move:
    # no look at the next player's take: neither the exposure nor the exact search of the last deal's replies
    pos = view.position()
    return max(pos.generate(), key=lambda m: club_promise(pos, m, weights))


def _blind_to_point_cards(view: SeatView, weights: ClubWeights) -> Move:
    pos = replace(view, variant=view.variant.with_options(point_cards={})).position()
    return club_choice(pos, pos.generate(), weights)


def _never_builds(view: SeatView, weights: ClubWeights) -> Move:
    pos = view.position()
    moves = pos.generate()
    return club_choice(pos, [m for m in moves if m.kind not in BUILD_KINDS] or moves, weights)


def _never_counts(view: SeatView, weights: ClubWeights) -> Move:
    # the cards taken forgotten, it cannot tell the hands of the last deal either: no exact search
    pos = replace(view, captured=tuple(() for _ in view.captured)).position()
    return club_choice(pos, pos.generate(), weights)


CHOICES: dict[str, Choice] = {
    "sweeps": _blind_to_sweeps, "safe_play": _careless, "point_cards": _blind_to_point_cards,
    "builds": _never_builds, "counting": _never_counts,
}
"""Every handicap, by the skill it takes away."""


@dataclass(frozen=True)
class Handicapped:
    """The club level of ``weights`` (the ladder's club, :data:`~tutor.play.heuristics.CLUB`, unless told) without
    the skill ``removed`` (one of :data:`CHOICES`)."""

    removed: str
    weights: ClubWeights = CLUB

    def __post_init__(self) -> None:
        if self.removed not in CHOICES:
            raise ValueError(f"no handicap for {self.removed!r}; there are: {', '.join(CHOICES)}")

    @property
    def level(self) -> str:
        return f"club-without-{self.removed}"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        return CHOICES[self.removed](view, self.weights)
