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

Given a puzzle, each answers the question the puzzle asks (its goal: the most
points or cards taken, a sweep, a safe move), as a learner reads it, through
its handicap: of the moves it weighs, those best by the goal as it sees the
position (the whole deal's value by the exact search, when the puzzle shows
every card); the careless one, for a safe move or the deal's value, plays as
in a game.  (Until the fifth pass the learners answered every
puzzle as in a game: ``reads_goal=False``.)

The skill names are those of :data:`tutor.content.skills.SKILLS` (the play room
does not import the content; tests/test_handicaps.py checks them).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.search import solve_deal
from tutor.core.solver import Goal, move_values

from .heuristics import BUILD_KINDS, CLUB, ClubWeights, club_choice, club_promise
from .view import SeatView

CHOICES = ("sweeps", "safe_play", "point_cards", "builds", "counting")
"""Every handicap, by the skill it takes away."""


@dataclass(frozen=True)
class Handicapped:
    """The club level of ``weights`` (the ladder's club, :data:`~tutor.play.heuristics.CLUB`, unless told) without
    the skill ``removed`` (one of :data:`CHOICES`; None: nothing taken away, the club level itself).

    In a game it plays as the club does but for its handicap (:meth:`choose`); given a puzzle it answers the
    puzzle's question (:meth:`answer`), as a learner reads the goal the puzzle sets."""

    removed: str | None
    weights: ClubWeights = CLUB
    reads_goal: bool = True

    def __post_init__(self) -> None:
        if self.removed is not None and self.removed not in CHOICES:
            raise ValueError(f"no handicap for {self.removed!r}; there are: {', '.join(CHOICES)}")

    @property
    def level(self) -> str:
        return "club" if self.removed is None else f"club-without-{self.removed}"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        pos = self._seen(view.position())
        return self._pick(pos, self._weighed(pos))

    def answer(self, pos: Position, goal: Goal) -> Move:
        """Its answer to a puzzle asking for ``goal`` in ``pos`` (as the puzzle shows it): of the moves it weighs,
        those best by the goal as it sees the position (its handicap's blind spot left out), and its own choice
        among them.  It plays its game move (from its seat's view) instead when it does not read goals, when the
        goal needs a look at the next player's replies and it never looks (a safe move, the whole deal's value),
        or when the whole deal's value is asked with cards still hidden."""
        seen = self._seen(pos)
        looks = self.removed != "safe_play" or not any(c.name in ("safe", "deal") for c in goal.criteria)
        if not self.reads_goal or not looks or (goal.is_deal and (any(seen.hidden_counts) or seen.stock_size)):
            return self.choose(SeatView.of(pos, pos.to_move), random.Random(0))
        moves = self._weighed(seen)
        values: list[tuple[int, ...]]
        if goal.is_deal:
            exact = {lv.move: (lv.value,) for lv in solve_deal(seen).moves}
            values = [exact[m] for m in moves]
        else:
            values = [tuple(v for c in goal.criteria for v in move_values(seen, m, c)) for m in moves]
        top = max(values)
        return self._pick(seen, [m for m, v in zip(moves, values) if v == top])

    def _seen(self, pos: Position) -> Position:
        """``pos`` as it sees it: without the point cards' worth, or without the cards taken."""
        if self.removed == "point_cards":
            return replace(pos.copy(), variant=pos.variant.with_options(point_cards={}))
        if self.removed == "counting":  # so it cannot tell the hands of the last deal either
            return replace(pos.copy(), captured=[[] for _ in range(pos.players)])
        return pos

    def _weighed(self, pos: Position) -> list[Move]:
        """The moves it weighs: no sweep, or no build, raise or add (unless no other is legal)."""
        moves = pos.generate()
        if self.removed == "sweeps":
            return [m for m in moves if not pos.is_sweep(m)] or moves
        if self.removed == "builds":
            return [m for m in moves if m.kind not in BUILD_KINDS] or moves
        return moves

    def _pick(self, pos: Position, moves: list[Move]) -> Move:
        """The club's choice among ``moves``; without a look at the next player's take (neither the exposure nor
        the exact search of the last deal's replies) when careless."""
        if self.removed == "safe_play":
            return max(moves, key=lambda m: club_promise(pos, m, self.weights))
        return club_choice(pos, moves, self.weights)
