"""Glicko-2 against Glickman's worked example, and the shape of its updates."""

from __future__ import annotations

import pytest

from tutor.storage.glicko2 import Game, Rating, rate


def test_glickmans_worked_example() -> None:
    """"Example of the Glicko-2 system", section "Example calculation" (tau = 0.5)."""
    player = Rating(1500, 200, 0.06)
    games = [
        Game(Rating(1400, 30, 0.06), 1),
        Game(Rating(1550, 100, 0.06), 0),
        Game(Rating(1700, 300, 0.06), 0),
    ]
    after = rate(player, games, tau=0.5)
    # the paper rounds its intermediate values and prints 1464.06; unrounded it is 1464.05
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_the_deviation() -> None:
    player = Rating(1620, 80, 0.06)
    after = rate(player, [], tau=0.5)
    assert after.rating == player.rating
    assert after.volatility == player.volatility
    assert after.deviation > player.deviation


def test_win_and_loss_against_an_equal_are_mirror_images() -> None:
    player = Rating(1500, 350, 0.06)
    win = rate(player, [Game(player, 1)], tau=0.5)
    loss = rate(player, [Game(player, 0)], tau=0.5)
    assert win.rating > 1500 > loss.rating
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    assert win.deviation == pytest.approx(loss.deviation)
    assert win.deviation < player.deviation


def test_beating_a_stronger_opponent_gains_more() -> None:
    player = Rating(1500, 100, 0.06)
    over_strong = rate(player, [Game(Rating(1800, 100, 0.06), 1)], tau=0.5)
    over_weak = rate(player, [Game(Rating(1200, 100, 0.06), 1)], tau=0.5)
    assert over_strong.rating - 1500 > over_weak.rating - 1500 > 0


def test_an_uncertain_rating_moves_more() -> None:
    opponent = Rating(1500, 100, 0.06)
    sure = rate(Rating(1500, 50, 0.06), [Game(opponent, 1)], tau=0.5)
    unsure = rate(Rating(1500, 300, 0.06), [Game(opponent, 1)], tau=0.5)
    assert unsure.rating - 1500 > sure.rating - 1500 > 0


@pytest.mark.parametrize(("deviation", "volatility"), [(0, 0.06), (-5, 0.06), (100, 0)])
def test_a_rating_needs_positive_deviation_and_volatility(deviation: float, volatility: float) -> None:
    with pytest.raises(ValueError):
        Rating(1500, deviation, volatility)
