"""The Elo curve of the difficulty model: a puzzle's rating from the chances its solvers had, and a free fit.

A solver rated ``s`` solves a puzzle rated ``p`` with chance
``1 / (1 + 10 ** ((p - s) / 400))``.  Given the solvers' ratings, a
puzzle's rating is the one that makes its expected solves equal to its
solve chances summed over the solvers (the most likely rating: the
solvers' chances are exact shares of attempts).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

SCALE = 400.0
LOW, HIGH = -3000.0, 7000.0
"""Where a rating is searched for: wide enough for a puzzle every solver solves, or none."""


def expected(puzzle: float, solver: float) -> float:
    """The chance a solver rated ``solver`` solves a puzzle rated ``puzzle``."""
    return 1.0 / (1.0 + math.pow(10.0, (puzzle - solver) / SCALE))


def puzzle_rating(chances: Sequence[float], solvers: Sequence[float]) -> float:
    """The rating of a puzzle each solver (rated ``solvers``) solves with the chance in ``chances``."""
    target = sum(chances)
    low, high = LOW, HIGH
    for _ in range(50):  # the expected solves fall as the rating rises
        middle = (low + high) / 2
        if sum(expected(middle, s) for s in solvers) > target:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def free_fit(chances: Sequence[Sequence[float]], anchor: float, rounds: int = 60) -> list[float]:
    """The solvers' ratings fitted with the puzzles' (rows of ``chances``, a chance per solver), the first
    solver held at ``anchor``: where the data alone put the rungs of the ladder."""
    solvers = [anchor] * len(chances[0])
    puzzles = [anchor] * len(chances)
    k = SCALE / math.log(10)
    for _ in range(rounds):
        puzzles = [puzzle_rating(row, solvers) for row in chances]
        for j in range(len(solvers)):
            for _ in range(2):  # Newton steps on the solver's likelihood
                gradient = curvature = 0.0
                for row, p in zip(chances, puzzles):
                    x = expected(p, solvers[j])
                    gradient += (row[j] - x) / k
                    curvature += x * (1 - x) / k ** 2
                solvers[j] += gradient / max(curvature, 1e-12)
        shift = solvers[0] - anchor
        solvers = [s - shift for s in solvers]
    return solvers
