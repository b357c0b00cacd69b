"""A deal's values over every order of the hidden hands (tutor.play.deal_values) against the plain way: a world for
each order of each hidden hand, valued as the advisor values a world, and the mean taken.  With ``draw`` a deal
includes the hidden stock's order, and the cards drawn join the hands after the cards dealt."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from tutor.content.presets import variant
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import PileCounts
from tutor.play import deal_values as deal_values_module
from tutor.play.advisor import EXACT_CARDS, world_values
from tutor.play.deal_end import deal_end_value
from tutor.play.deal_values import deal_values
from tutor.play.game import play_one_round
from tutor.play.players import player
from tutor.play.view import SeatView
from tutor.play.worlds import Deal, deal_ways, every_deal, world_of


def every_order(pos: Position, deal: Deal, moves: list[Move]) -> list[float]:
    """The mean of each move's value over a world for every order of the cards of each hidden hand."""
    sums, n = [0.0] * len(moves), 0
    for hands in product(*(permutations(hand) for hand in deal[:-1])):
        world = world_of(pos, [c for hand in hands for c in hand] + list(deal[-1]))
        sums = [s + v for s, v in zip(sums, world_values(world, list(moves)))]
        n += 1
    return [s / n for s in sums]


def few_deal_positions(preset: str, players: int, seed: int) -> list[Position]:
    """The seat views, as positions, of a club round whose hidden hands can be dealt in 2 to 40 ways."""
    plies = play_one_round(variant(preset), [player("club")] * players, seed).plies
    views = [SeatView.of(ply.before, ply.seat).position() for ply in plies]
    return [pos for pos in views if 1 < deal_ways(pos) <= 40]


@pytest.mark.parametrize(("preset", "players", "seed"), [
    ("classic", 3, 1), ("classic", 4, 2), ("michigan", 3, 3), ("royal-aces-high", 4, 4), ("classic", 2, 5),
    ("draw", 2, 1), ("draw", 2, 4),  # a hidden stock of 2 cards, then 1: each order of it a deal of its own
])
def test_the_values_are_the_mean_over_every_order_of_the_hidden_hands(preset: str, players: int, seed: int) -> None:
    positions = few_deal_positions(preset, players, seed)
    assert positions
    for pos in positions[:3]:
        moves = pos.generate()[:3]
        deals = every_deal(pos)
        for deal, values in zip(deals, deal_values(pos, deals, moves)):
            assert values == pytest.approx(every_order(pos, deal, moves), abs=1e-9)


def test_a_tie_broken_by_the_order_of_a_hand_counts_each_order() -> None:
    """Some deal of these rounds has a value no single order of its hands gives: a tie of a hidden seat's cards
    that the orders break both ways, so the mean lies between the values of single orders."""
    mixed = False
    for pos in few_deal_positions("classic", 3, 1) + few_deal_positions("classic", 4, 2):
        moves = pos.generate()[:2]
        deals = every_deal(pos)
        for deal, values in zip(deals, deal_values(pos, deals, moves)):
            single = {tuple(world_values(world_of(pos, [c for hand in hands for c in hand] + list(deal[-1])), moves))
                      for hands in product(*(permutations(hand) for hand in deal[:-1]))}
            mixed |= tuple(values) not in single
    assert mixed


def test_a_deal_s_playouts_count_its_world_s_piles_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every playout's end in a deal values the piles from one PileCounts of that deal's world (each end counted
    every pile whole)."""
    bases: list[PileCounts | None] = []

    def end_value(world: Position, side: int, base: PileCounts | None = None) -> float:
        bases.append(base)
        return deal_end_value(world, side, base)

    monkeypatch.setattr(deal_values_module, "deal_end_value", end_value)
    played_out = [pos for pos in few_deal_positions("draw", 2, 1) + few_deal_positions("classic", 3, 1)
                  if pos.stock_size or sum(map(len, pos.hands)) + sum(pos.hidden_counts) > EXACT_CARDS[pos.players]]
    assert len(played_out) >= 4
    for pos in played_out[:4]:
        bases.clear()
        deals = every_deal(pos)
        deal_values(pos, deals, pos.generate()[:2])
        assert bases and None not in bases
        assert len({id(base) for base in bases}) == len(deals)
