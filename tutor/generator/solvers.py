"""The simulated solvers of the difficulty model: a ladder of graded strength, each with its place on the scale.

A solver reads every legal move (:mod:`tutor.generator.readings`), pays a
cost for each step of a move that is hard to see (:func:`~tutor.generator.readings.hidden`),
and plays each move with a chance in proportion to ``exp(score / noise)``
(a softmax: the more moves look nearly as good, the likelier a wrong one),
counting only the moves within :data:`WINDOW` noise of the one that looks
best to it: a player weighs the few moves that look good, and never plays
one that is plainly worse but by a lapse.  Every solver lapses:
:data:`LAPSE` of its moves are any legal move.  The chances are exact (the limit of endless seeded attempts),
so the solve data need no sampling.

The ladder (docs/generator.md, "Ratings"):

| solver | reading | noise | hidden cost | counts points | rating |
|---|---|---|---|---|---|
| random | any legal move | | | | 400 |
| grabber | ``grab`` | 0.7 | 1.2 | as in classic | 800 |
| glancer, classic habits | ``glance`` | 0.5 | 0.6 | as in classic | 1200 |
| glancer | ``glance`` | 0.4 | 0.6 | by the variant | 1600 |
| reply reader | ``reply`` | 0.4 | 0.4 | by the variant | 2000 |
| deep reader | ``deep`` | 0.3 | 0.3 | by the variant | 2400 |
| exact 0.3 | ``exact`` | 0.3 | 0.2 | by the variant | 2800 |
| exact 0.15 | ``exact`` | 0.15 | 0.1 | by the variant | 3200 |
| exact 0.07 | ``exact`` | 0.07 | 0 | by the variant | 3600 |

The ratings anchor the scale: random play at 400, its floor, and each rung
one step of the Elo curve (400: ten to one) above the one below, so that the
grabber, the beginner who takes the most cards, sits at 800, where the
trainer starts a new learner.  The exact solvers stand for an engine and sit
at and above the scale's top.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .readings import Turn

LAPSE = 0.02
"""The share of a solver's moves that are any legal move."""

WINDOW = 2.0
"""How far below its best-looking move, in noise units, a solver still weighs a move."""


@dataclass(frozen=True)
class Solver:
    """One rung of the ladder: how it reads (None: a random legal move), its noise (in the goal's unit), what
    a step of a hidden move costs it, whether it counts points as in classic Cassino, and its rating."""

    name: str
    reading: str | None
    noise: float
    hidden_cost: float
    classic: bool
    rating: int


LADDER = (
    Solver("random", None, 1.0, 0.0, False, 400),
    Solver("grabber", "grab", 0.7, 1.2, True, 800),
    Solver("glancer, classic habits", "glance", 0.5, 0.6, True, 1200),
    Solver("glancer", "glance", 0.4, 0.6, False, 1600),
    Solver("reply reader", "reply", 0.4, 0.4, False, 2000),
    Solver("deep reader", "deep", 0.3, 0.3, False, 2400),
    Solver("exact 0.3", "exact", 0.3, 0.2, False, 2800),
    Solver("exact 0.15", "exact", 0.15, 0.1, False, 3200),
    Solver("exact 0.07", "exact", 0.07, 0.0, False, 3600),
)
"""The solvers, weakest first."""


def turn_chance(solver: Solver, turn: Turn) -> float:
    """The chance that ``solver`` plays a best move on ``turn``."""
    share = sum(turn.best) / len(turn.best)
    if solver.reading is None:
        return share
    habit = solver.classic and f"{solver.reading}/classic" in turn.readings
    values = turn.readings[f"{solver.reading}/classic" if habit else solver.reading]
    scores = [v / solver.noise - solver.hidden_cost * h for v, h in zip(values, turn.hidden)]
    top = max(scores)
    weights = [math.exp(s - top) if s >= top - WINDOW else 0.0 for s in scores]
    found = sum(w for w, b in zip(weights, turn.best) if b) / sum(weights)
    return (1 - LAPSE) * found + LAPSE * share


def solve_chance(solver: Solver, turns: Sequence[Turn]) -> float:
    """The chance that ``solver`` solves a puzzle: a best move on each of the learner's turns."""
    return math.prod(turn_chance(solver, t) for t in turns)
