"""The arena: two levels over mirrored deals, and A's points minus B's with a 95% interval.

A *mirrored pair* is one deal played once in each arrangement of
:func:`arrangements`, so that each side takes every seat equally often:

- 2 players: ``ab`` then ``ba``;
- 4 players (partnerships, seats 0 and 2 against 1 and 3): ``abab`` then ``baba``;
- 3 players (every player for itself): A alone against two B's in each of the
  three seats (``abb``, ``bab``, ``bba``), then B alone against two A's
  (``baa``, ``aba``, ``aab``).

A round's difference is A's points minus B's, where a side's points are the
mean of its seats' round points (in partnership both seats score the same
total).  A pair's value is the sum of its rounds' differences scaled to two
rounds (times ``2 / rounds``), so that with 2 and 4 players it is exactly A's
points minus B's over the deal played both ways, and with 3 players it is on
the same scale.  :func:`interval` gives the mean over the pairs and its 95%
interval (normal approximation).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from tutor.core.variant import Variant

from .game import RoundRecord, play_one_round
from .players import player

Z_95 = 1.96
"""Two-sided 95% quantile of the normal distribution: the interval is mean +- Z_95 standard errors."""

Recorder = Callable[[int, str, RoundRecord], None]
"""Told each round played: the pair's index, its arrangement (``abb``, ...) and the round."""


def arrangements(players: int) -> tuple[str, ...]:
    """The rounds of a mirrored pair: for each, the side (``a`` or ``b``) at each seat."""
    if players == 3:
        return ("abb", "bab", "bba", "baa", "aba", "aab")
    if players in (2, 4):
        return ("ab" * (players // 2), "ba" * (players // 2))
    raise ValueError(f"Cassino is played by 2, 3 or 4 players, not {players}")


@dataclass(frozen=True)
class Contest:
    """What the arena plays: level ``a`` against level ``b`` in ``variant`` with ``players``, ``pairs`` deals."""

    a: str
    b: str
    variant: Variant
    players: int
    pairs: int
    seed: int

    def deal_seed(self, index: int) -> int:
        """The seed of pair ``index``'s deal: a str seed is hashed the same in every process."""
        return random.Random(f"arena/{self.seed}/{index}").randrange(2**32)


def round_difference(record: RoundRecord, arrangement: str) -> float:
    """A's points minus B's in one round: each side's mean over the seats it holds."""
    first = record.plies[0].before
    points = {side: [record.score.totals[first.side_of(seat)] for seat, s in enumerate(arrangement) if s == side]
              for side in "ab"}
    return statistics.mean(points["a"]) - statistics.mean(points["b"])


def play_pair(contest: Contest, index: int, record: Recorder | None = None) -> float:
    """Pair ``index``: its deal played in every arrangement; A's points minus B's, on the two-round scale."""
    levels = {"a": contest.a, "b": contest.b}
    seed = contest.deal_seed(index)
    rounds = arrangements(contest.players)
    total = 0.0
    for arrangement in rounds:
        played = play_one_round(contest.variant, [player(levels[s]) for s in arrangement], seed)
        if record is not None:
            record(index, arrangement, played)
        total += round_difference(played, arrangement)
    return total * 2 / len(rounds)


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% interval ``low`` .. ``high``, and the standard deviation of the values."""

    mean: float
    low: float
    high: float
    sd: float


def interval(values: list[float]) -> Interval:
    """The mean of ``values`` (at least two) and its 95% interval, by the normal approximation."""
    if len(values) < 2:
        raise ValueError("an interval needs at least two values")
    mean, sd = statistics.mean(values), statistics.stdev(values)
    half = Z_95 * sd / len(values) ** 0.5
    return Interval(mean, mean - half, mean + half, sd)
