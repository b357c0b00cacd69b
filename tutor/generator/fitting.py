"""The difficulty model's weights fitted to the solve data, and how well a rating follows the data.

The weights are least squares over the samples' ratings (held within the
rating range), with a light ridge that keeps a rare tag near nothing.  The
position part is then held to what the model promises: no weight below
zero (a weight fitted below zero is dropped and the rest fitted again), and
at most :data:`tutor.generator.difficulty.POSITION_BUDGET` in all (weights
over it are scaled down to it, and the idea part fitted again around them).

Least squares pulls every rating toward the middle, the more so the looser
the fit: the hardest ideas and the easiest would come out closer than the
solvers found them.  So the idea part is last stretched about its mean until
its spread is the solvers' (the standard deviation of the ratings less the
position part): :func:`spread_kept`.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from tutor.content.course import RATING_RANGE

from .difficulty import IDEA_TAGS, POSITION, POSITION_BUDGET, Features

RIDGE = 5.0
"""The ridge: a weight costs as much as missing this many samples by one rating point for each point of it."""

IDEA_TERMS = ("goal safe", "goal deal", "fine", "depth 2", "depth 3", "turn", *(f"tag {t}" for t in IDEA_TAGS))
"""The idea part's weights fitted; ``goal capture`` and ``depth 1`` are the base's."""


def solve(rows: Sequence[Sequence[float]], targets: Sequence[float], ridge: Sequence[float]) -> list[float]:
    """The weights minimising the squared error of ``rows`` against ``targets`` plus ``ridge`` times each
    weight squared (normal equations, by Gauss-Jordan elimination with pivoting)."""
    k = len(rows[0])
    m = [[sum(r[i] * r[j] for r in rows) + (ridge[i] if i == j else 0.0) for j in range(k)] for i in range(k)]
    v = [sum(r[i] * t for r, t in zip(rows, targets)) for i in range(k)]
    for c in range(k):
        p = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[p], v[c], v[p] = m[p], m[c], v[p], v[c]
        if abs(m[c][c]) < 1e-12:
            continue  # a term no sample has: its weight stays 0
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c])]
                v[r] -= f * v[c]
    return [v[i] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(k)]


def fit(found: Sequence[Features], ratings: Sequence[float]) -> dict[str, float]:
    """The model's weights (by the term names of :func:`tutor.generator.difficulty.weights`) fitted to the
    ratings of puzzles with these features."""
    low, high = RATING_RANGE
    targets = [max(low, min(high, r)) for r in ratings]
    ideas = [f.idea_terms() for f in found]
    positions = [f.position_terms() for f in found]
    free = list(POSITION)
    fixed: dict[str, float] = {}
    while True:
        names = ["base", *IDEA_TERMS, *free]
        rows = [[1.0, *(i.get(n, 0.0) for n in IDEA_TERMS), *(p[n] for n in free)] for i, p in zip(ideas, positions)]
        rest = [t - sum(w * p[n] for n, w in fixed.items()) for t, p in zip(targets, positions)]
        weights = dict(zip(names, solve(rows, rest, [0.0] + [RIDGE] * (len(names) - 1))))
        negative = [n for n in free if weights[n] < 0]
        if negative:
            free = [n for n in free if n not in negative]
            fixed.update({n: 0.0 for n in negative})
            continue
        total = sum(weights[n] for n in free)
        if total > POSITION_BUDGET and free:
            fixed.update({n: weights[n] * POSITION_BUDGET / total for n in free})
            free = []
            continue
        break
    weights.update(fixed)
    weights.update({"goal capture": 0.0, "depth 1": 0.0})
    return spread_kept(weights, ideas, [t - sum(weights[n] * p[n] for n in POSITION) for t, p in zip(targets, positions)])


def spread_kept(weights: dict[str, float], ideas: Sequence[dict[str, float]], targets: Sequence[float]) -> dict[str, float]:
    """``weights`` with the idea part stretched about its mean over ``ideas`` (each sample's idea terms)
    until its standard deviation is that of ``targets`` (the ratings less the position part)."""
    parts = [weights["base"] + sum(weights[n] * v for n, v in i.items()) for i in ideas]
    spread = statistics.pstdev(parts)
    if not spread:
        return weights
    k = statistics.pstdev(targets) / spread
    mean = statistics.fmean(parts)
    out = {n: w if n in POSITION else w * k for n, w in weights.items()}
    out["base"] = mean + k * (weights["base"] - mean)
    return out


def shipped_form(weights: dict[str, float]) -> dict[str, int]:
    """The weights as the model keeps them: the idea part rounded to tens, the position part to fives,
    rounded down so that it stays within its budget."""
    out = {n: int(round(w, -1)) for n, w in weights.items() if n not in POSITION}
    out.update({n: 5 * math.floor(weights[n] / 5) for n in POSITION})
    return out


def correlation(a: Sequence[float], b: Sequence[float]) -> float:
    """Pearson's correlation of two equally long sequences (0 when either is constant)."""
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    sa = math.sqrt(sum((x - ma) ** 2 for x in a))
    sb = math.sqrt(sum((y - mb) ** 2 for y in b))
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (sa * sb) if sa and sb else 0.0


def median_error(a: Sequence[float], b: Sequence[float]) -> float:
    """The median absolute difference of two equally long sequences."""
    return statistics.median(abs(x - y) for x, y in zip(a, b))
