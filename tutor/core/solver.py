"""Judging moves against a goal: every legal move valued, the best ones named.

Goals judged on the move alone: ``cards`` (table cards taken), ``points``
(round points taken: point cards and aces, including the card played, spade
points in that variant, a sweep), ``sweep``, and ``card:CODE`` (whether the
move takes that table card).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .moves import Move
from .position import Position

SINGLE_MOVE_GOALS = ("cards", "points", "sweep")


class GoalError(ValueError):
    """A goal name the solver does not know."""


@dataclass(frozen=True)
class Goal:
    """What a move is judged by: a name and, for ``card:CODE``, the card."""

    name: str
    card: Card | None = None

    @classmethod
    def from_str(cls, text: str) -> Goal:
        name = text.strip().lower()
        if name.startswith("card:"):
            try:
                return cls("card", Card.from_str(name[5:]))
            except ValueError:
                raise GoalError(f"goal {text!r}: {name[5:]!r} is not a card, for example card:10D") from None
        if name in SINGLE_MOVE_GOALS:
            return cls(name)
        raise GoalError(f"unknown goal {text!r}; goals are: {', '.join(SINGLE_MOVE_GOALS)}, card:CODE")

    def __str__(self) -> str:
        return f"card:{self.card}" if self.card is not None else self.name


@dataclass(frozen=True)
class Judged:
    """One legal move and its value for the goal."""

    move: Move
    value: int


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
        top = self.value
        return tuple(j.move for j in self.moves if j.value == top)


def move_points(pos: Position, move: Move) -> int:
    """Round points this move takes at once: point cards, spade points, a sweep."""
    if move.kind != "capture":
        return 0
    v = pos.variant
    cards = [move.card, *move.captured_cards()]
    points = sum(v.point_card_table[c] for c in cards)
    if v.spade_points:
        points += sum(1 for c in cards if c.suit == "S") + sum(1 for c in cards if str(c) == "JS")
    if pos.is_sweep(move):
        points += v.sweep_points
    return points


def move_value(pos: Position, move: Move, goal: Goal) -> int:
    """The move's value for a single-move goal."""
    if goal.name == "cards":
        return len(move.captured_cards())
    if goal.name == "points":
        return move_points(pos, move)
    if goal.name == "sweep":
        return int(pos.is_sweep(move))
    assert goal.card is not None
    return int(goal.card in move.captured_cards())


def rank_moves(pos: Position, goal: Goal) -> Ranking:
    """Value every legal move for ``goal`` and sort them, best first (ties in generation order)."""
    moves = pos.generate()
    judged = [Judged(m, move_value(pos, m, goal)) for m in moves]
    judged.sort(key=lambda j: -j.value)
    return Ranking(goal, tuple(judged), len(moves))
