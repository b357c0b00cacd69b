"""How hard a puzzle's answer is to find: a ladder of naive solvers, a few features, and the first rating.

The ladder (docs/generator.md): the obvious grab, pairs only, the first
capture found and random legal moves each play the position; a puzzle one of
them solves is easier than one it fails.  The rating adds, to a base, points
for each naive solver that fails and for the features measured to matter
(``python -m tutor.generator.calibration``): how unlikely a random move is
to be best, the depth of the line, the goal and the players.  The near-best
rivals and the variant are measured too, and left out: the ladder does not
find such puzzles harder.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.content import presets
from tutor.content.course import RATING_RANGE
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Ranking, move_points

from .facts import rivals

BASE = 500
"""A puzzle every naive solver solves: one move, two players."""

FAILS = {"grab": 450, "pairs": 100, "first_capture": 100}
"""Added when that naive solver's move is not best: the grab is what a beginner plays."""

PER_RANDOM_BIT = 40
"""Each halving of a random move's chance to be best (about the number of moves to weigh)."""

PER_PLY = 40
"""Each move of a last deal beyond the first: the line to read to the end."""

GOAL = {"cards": 0, "card": 0, "points": 50, "sweep": 50, "safe": 150, "deal": 100}
"""What the goal asks for beyond what the ladder sees: the next player's reply, the round's end."""

PER_EXTRA_SEAT = 40
"""Each player beyond two: more hands to think about (with four, the grab fails more often)."""

NEAR = {"cards": 1, "card": 0, "points": 1, "sweep": 0, "safe": 1, "deal": 1}
"""The margin, in the goal's unit, of a near-best move."""


def grab_key(pos: Position, move: Move) -> tuple[int, int]:
    """What the obvious grab maximises: table cards taken now, then points taken now."""
    return len(move.captured_cards()), move_points(pos, move)


def grab_moves(pos: Position, moves: Sequence[Move]) -> list[Move]:
    """Every move taking the most table cards now, whatever its points (the obvious grab and its ties)."""
    most = max((len(m.captured_cards()) for m in moves), default=0)
    return [m for m in moves if len(m.captured_cards()) == most]


def capturing_cards(moves: Sequence[Move]) -> set[Card]:
    """The hand cards that can capture something."""
    return {m.card for m in moves if m.is_capture}


def grab_solver(pos: Position, moves: Sequence[Move]) -> Move:
    """The obvious grab: the most cards now, then the most points, first generated among equals."""
    return max(moves, key=lambda m: grab_key(pos, m))


def pairs_solver(pos: Position, moves: Sequence[Move]) -> Move:
    """Pairs only: the pair capture taking the most cards (then points); else the lowest trail, else the first move."""
    pairs = [m for m in moves if m.is_capture and not m.builds
             and all(c.rank == m.card.rank for c in m.captured_cards())]
    if pairs:
        return grab_solver(pos, pairs)
    values = pos.variant.value
    trails = [m for m in moves if m.kind == "trail"]
    return min(trails, key=lambda m: values[m.card]) if trails else moves[0]


def first_capture_solver(pos: Position, moves: Sequence[Move]) -> Move:
    """The first capture in generation order; else the first move."""
    return next((m for m in moves if m.is_capture), moves[0])


SOLVERS = {"grab": grab_solver, "pairs": pairs_solver, "first_capture": first_capture_solver}
"""The deterministic rungs of the ladder, weakest idea first."""


@dataclass(frozen=True)
class Assessment:
    """A position's ladder and features for one goal.

    ``solved``: each naive solver's name and whether its move is best;
    ``random``: the exact chance a random legal move is best; ``near_best``:
    rivals (:func:`tutor.generator.facts.rivals`) within the goal's margin; ``plies``: moves to the round's
    end for ``deal``, else 1.
    """

    goal: str
    solved: tuple[tuple[str, bool], ...]
    random: float
    legal: int
    near_best: int
    plies: int
    variant: bool
    players: int

    def fails(self, solver: str) -> bool:
        return not dict(self.solved)[solver]


def assess(pos: Position, ranking: Ranking) -> Assessment:
    """The ladder and the features of ``pos`` for the ranking's goal (at least one legal move)."""
    moves = pos.generate()
    best = set(ranking.best)
    goal = ranking.goal.name
    solved = tuple((name, solver(pos, moves) in best) for name, solver in SOLVERS.items())
    top = ranking.moves[0].value
    near = sum(1 for j in rivals(ranking) if top - j.value <= NEAR[goal])
    plies = sum(pos.hand_size(s) for s in range(pos.players)) if ranking.goal.is_deal else 1
    classic = pos.variant == presets.variant("classic")
    return Assessment(goal, solved, len(best) / len(moves), len(moves), near, plies, not classic, pos.players)


def rating(found: Assessment) -> int:
    """The first rating, rounded to tens, within the rating range."""
    value: float = BASE + sum(points for name, points in FAILS.items() if found.fails(name))
    value += PER_RANDOM_BIT * math.log2(1 / found.random)
    value += PER_PLY * (found.plies - 1) + GOAL[found.goal]
    value += PER_EXTRA_SEAT * (found.players - 2)
    low, high = RATING_RANGE
    return int(max(low, min(high, round(value, -1))))

