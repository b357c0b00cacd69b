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

:class:`Handicapped` with ``base`` "expert" takes the same skills from the first expert
(``expert-v1``: the advice over 48 worlds with club-v1 playouts), whose own play
is near the review's best, so that what the model finds is the removed skill and
not the base's own weaknesses: it passes up the best sweep or build for the best
other move, values its moves with the point cards worth nothing or with the
cards taken forgotten, or adds back to each move's value what the next player
is likely to take after it.

The skill names are those of :data:`tutor.content.skills.SKILLS` (the play room
does not import the content; tests/test_handicaps.py checks them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from tutor.core.moves import Move

from .advisor import Advice, advise
from .heuristics import BUILD_KINDS, CLUB_V1, club_best, club_promise
from .risk import likely_take
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


ExpertChoice = Callable[[SeatView, int], Move]
"""How a handicapped expert picks a move from its seat's view, with the seed of its advice."""
EXPERT_WORLDS = 48
"""The worlds of a handicapped expert's advice: the first expert's (``expert-v1``), with no time budget, so that a
run is the same on any machine."""


def _advice(view: SeatView, seed: int) -> Advice:
    return advise(view, worlds=EXPERT_WORLDS, seed=seed, playout=CLUB_V1)


def _first(advice: Advice, keep: Callable[[Move], bool]) -> Move:
    """The best valued move that ``keep`` keeps; the best of all when it keeps none."""
    return next((v.move for v in advice.moves if keep(v.move)), advice.best)


def _expert_blind_to_sweeps(view: SeatView, seed: int) -> Move:
    pos = view.position()
    return _first(_advice(view, seed), lambda m: not pos.is_sweep(m))


def _expert_careless(view: SeatView, seed: int) -> Move:
    """The advice's values with the next player's likely take (the club's, :func:`~.risk.likely_take`) added back:
    what the next player may take after a move is no longer held against it."""
    pos, advice = view.position(), _advice(view, seed)
    return max(advice.moves, key=lambda v: v.value + likely_take(pos, v.move, CLUB_V1.table_worth)).move


def _expert_blind_to_point_cards(view: SeatView, seed: int) -> Move:
    return _advice(replace(view, variant=view.variant.with_options(point_cards={})), seed).best


def _expert_never_builds(view: SeatView, seed: int) -> Move:
    return _first(_advice(view, seed), lambda m: m.kind not in BUILD_KINDS)


def _expert_never_counts(view: SeatView, seed: int) -> Move:
    return _advice(replace(view, captured=tuple(() for _ in view.captured)), seed).best


EXPERT_CHOICES: dict[str, ExpertChoice] = {
    "sweeps": _expert_blind_to_sweeps, "safe_play": _expert_careless, "point_cards": _expert_blind_to_point_cards,
    "builds": _expert_never_builds, "counting": _expert_never_counts,
}
"""Every handicap of the expert, by the skill it takes away, as :data:`CHOICES` takes it from the club."""


BASES: dict[str, dict[str, Choice] | dict[str, ExpertChoice]] = {"club": CHOICES, "expert": EXPERT_CHOICES}
"""The levels a simulated learner is made from, and their handicaps."""


@dataclass(frozen=True)
class Handicapped:
    """The first club level (``club-v1``, ``base`` "club") or the first expert (``base`` "expert": ``expert-v1``'s
    48 worlds and club-v1 playouts, no time budget, its advice's seed drawn from ``rng``) without the skill
    ``removed`` (one of :data:`CHOICES`, :data:`EXPERT_CHOICES`)."""

    removed: str
    base: str = "club"

    def __post_init__(self) -> None:
        if self.base not in BASES:
            raise ValueError(f"no simulated learner is made from {self.base!r}; they are made from: {', '.join(BASES)}")
        if self.removed not in BASES[self.base]:
            raise ValueError(f"no handicap for {self.removed!r}; there are: {', '.join(BASES[self.base])}")

    @property
    def level(self) -> str:
        return f"{self.base}-without-{self.removed}"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        if self.base == "expert":
            return EXPERT_CHOICES[self.removed](view, rng.randrange(2**32))
        return CHOICES[self.removed](view)
