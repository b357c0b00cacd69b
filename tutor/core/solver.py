"""Judging moves against a goal: every legal move valued exactly, the best ones named.

Goals:

- ``cards``: table cards the move takes;
- ``points``: round points it takes at once (point cards and aces, the card
  played included; spade points in that variant; a sweep);
- ``sweep``: 1 for a sweep;
- ``card:CODE``: 1 when it takes that table card;
- ``safe``: minus the most table cards the next player can then take with one
  move (a hidden hand may hold any card not in sight);
- ``deal``: the exact value of playing to the end of the round (every hand
  known, stock empty; see :mod:`tutor.core.search`).

Goals join with commas into a tie-break order: ``points,cards`` ranks by
points, then cards.  ``deal`` stands alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .moves import Move
from .position import Position
from .search import Share, solve_deal

GOAL_NAMES = ("cards", "points", "sweep", "safe", "card:CODE", "deal")


class GoalError(ValueError):
    """A goal the solver does not know."""


@dataclass(frozen=True)
class Criterion:
    """One goal of a tie-break order: a name and, for ``card:CODE``, the card."""

    name: str
    card: Card | None = None

    def __str__(self) -> str:
        return f"card:{self.card}" if self.card is not None else self.name


@dataclass(frozen=True)
class Goal:
    """What moves are judged by: criteria in tie-break order."""

    criteria: tuple[Criterion, ...]

    @classmethod
    def from_str(cls, text: str) -> Goal:
        parts = [p.strip().lower() for p in text.split(",") if p.strip()]
        if not parts:
            raise GoalError(f"no goal given; goals are: {', '.join(GOAL_NAMES)}")
        criteria = tuple(_criterion(p, text) for p in parts)
        if len(criteria) > 1 and any(c.name == "deal" for c in criteria):
            raise GoalError("the deal goal takes no tie-break: it already plays the round to its end")
        return cls(criteria)

    @property
    def name(self) -> str:
        """The first criterion's name (``card`` for ``card:CODE``)."""
        return self.criteria[0].name

    @property
    def is_deal(self) -> bool:
        return self.name == "deal"

    def __str__(self) -> str:
        return ",".join(str(c) for c in self.criteria)


def _criterion(part: str, text: str) -> Criterion:
    if part.startswith("card:"):
        try:
            return Criterion("card", Card.from_str(part[5:]))
        except ValueError:
            raise GoalError(f"goal {text!r}: {part[5:]!r} is not a card; for example card:10D") from None
    if part in ("cards", "points", "sweep", "safe", "deal"):
        return Criterion(part)
    raise GoalError(f"unknown goal {part!r}; goals are: {', '.join(GOAL_NAMES)} (join several with commas)")


@dataclass(frozen=True)
class Judged:
    """One legal move, its value for the goal (``values`` per criterion), and for ``deal`` the best line."""

    move: Move
    values: tuple[int, ...]
    line: tuple[Move, ...] = ()

    @property
    def value(self) -> int:
        return self.values[0]


@dataclass(frozen=True)
class Ranking:
    """Every legal move valued for a goal, best first; ``best`` are all the optimal ones."""

    goal: Goal
    moves: tuple[Judged, ...]
    nodes: int

    @property
    def value(self) -> int | None:
        return self.moves[0].value if self.moves else None

    @property
    def best(self) -> tuple[Move, ...]:
        if not self.moves:
            return ()
        top = self.moves[0].values
        return tuple(j.move for j in self.moves if j.values == top)

    def judged(self, move: Move) -> Judged:
        return next(j for j in self.moves if j.move == move)


def move_points(pos: Position, move: Move) -> int:
    """Round points this move takes at once: point cards, spade points, a sweep."""
    if move.kind != "capture":
        return 0
    v = pos.variant
    points = sum(v.card_points[c] for c in (move.card, *move.captured_cards()))
    if pos.is_sweep(move):
        points += v.sweep_points
    return points


def unseen_cards(pos: Position) -> list[Card]:
    """Cards of the deck that the mover cannot see: hidden hands and the unknown stock."""
    assert pos.captured is not None and pos.stock is not None
    seen = set(pos.table_cards()) | set(pos.stock)
    for hand in pos.hands:
        seen.update(hand)
    for pile in pos.captured:
        seen.update(pile)
    return [c for c in pos.variant.deck_cards if c not in seen]


def most_taken_next(pos: Position) -> int:
    """The most table cards the player now to move can take with one move."""
    if pos.is_round_over():
        return 0
    seat = pos.to_move
    hidden = pos.hidden_counts[seat]
    if not hidden:
        return max((len(m.captured_cards()) for m in pos.generate() if m.kind == "capture"), default=0)
    # Any card out of sight may be in that hand: try each as the card played.
    known, count = pos.hands[seat], pos.hidden_counts
    best = 0
    for candidate in [*known, *unseen_cards(pos)]:
        pos.hands[seat] = [candidate]
        count[seat] = 0
        try:
            best = max([best, *(len(m.captured_cards()) for m in pos.generate() if m.kind == "capture")])
        finally:
            pos.hands[seat] = known
            count[seat] = hidden
    return best


def move_value(pos: Position, move: Move, criterion: Criterion) -> int:
    """The move's value for one single-move criterion."""
    name = criterion.name
    if name == "cards":
        return len(move.captured_cards())
    if name == "points":
        return move_points(pos, move)
    if name == "sweep":
        return int(pos.is_sweep(move))
    if name == "safe":
        pos.push(move)
        try:
            return -most_taken_next(pos)
        finally:
            pos.pop()
    assert criterion.card is not None
    return int(criterion.card in move.captured_cards())


def rank_moves(pos: Position, goal: Goal, share: Share | None = None) -> Ranking:
    """Value every legal move for ``goal`` and sort them, best first (ties in generation
    order; for ``deal``, in the search's order).

    A long ``deal`` search shares its work through ``share`` (see :func:`solve_deal`).
    """
    if goal.is_deal:
        solution = solve_deal(pos, share=share)
        judged = [Judged(lv.move, (lv.value,), lv.line) for lv in solution.moves]
        return Ranking(goal, tuple(judged), solution.nodes)
    moves = pos.generate()
    judged = [Judged(m, tuple(move_value(pos, m, c) for c in goal.criteria)) for m in moves]
    judged.sort(key=lambda j: tuple(-v for v in j.values))
    return Ranking(goal, tuple(judged), len(moves))
