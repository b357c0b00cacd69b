"""Glickman's Glicko-2 rating system as pure functions.

Follows "Example of the Glicko-2 system" (Mark Glickman, 2013): ratings are
converted to the Glicko-2 scale, updated for one rating period, and converted
back.  A rating period here may hold any number of games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2 scale factor between the Glicko and Glicko-2 scales."""
CENTER = 1500.0
CONVERGENCE = 0.000001
"""Tolerance of the volatility iteration (Glickman's epsilon)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko rating: strength, rating deviation (uncertainty) and volatility."""

    rating: float
    deviation: float
    volatility: float

    def __post_init__(self) -> None:
        if not (self.deviation > 0 and self.volatility > 0):
            raise ValueError(f"deviation and volatility must be positive: {self}")


@dataclass(frozen=True)
class Game:
    """One game against ``opponent``: score 1 for a win, 0.5 for a draw, 0 for a loss.

    ``weight`` counts the game as that many games (its terms of the variance and the improvement
    sums scaled by it): a game of weight 2 rates like two such games in one period.
    """

    opponent: Rating
    score: float
    weight: float = 1.0

    def __post_init__(self) -> None:
        if not self.weight > 0:
            raise ValueError(f"a game's weight must be positive, not {self.weight}")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (Glickman's E, step 3)."""
    return _expected((player.rating - CENTER) / SCALE, (opponent.rating - CENTER) / SCALE, opponent.deviation / SCALE)


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the Illinois iteration for the new volatility."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, games: Sequence[Game], tau: float) -> Rating:
    """The player's rating after one rating period with ``games``.

    ``tau`` constrains how fast the volatility changes (Glickman suggests 0.3 to
    1.2).  With no games only the deviation grows, as the algorithm prescribes.
    """
    mu = (player.rating - CENTER) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    inverse_v = 0.0
    improvement = 0.0
    for game in games:
        mu_j = (game.opponent.rating - CENTER) / SCALE
        phi_j = game.opponent.deviation / SCALE
        g_j = _g(phi_j)
        e_j = _expected(mu, mu_j, phi_j)
        inverse_v += game.weight * g_j * g_j * e_j * (1.0 - e_j)
        improvement += game.weight * g_j * (game.score - e_j)
    v = 1.0 / inverse_v
    new_sigma = _new_volatility(sigma, phi, v, v * improvement, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + CENTER, new_phi * SCALE, new_sigma)
