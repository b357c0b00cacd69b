"""Inference (tutor/play/inference.py): worlds weighted by the other players' moves this deal, from public facts."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.content.presets import variant
from tutor.core.cards import Card, parse_cards
from tutor.core.position import Position
from tutor.core.solver import unseen_cards
from tutor.play.advisor import advise, weighed_sample, weighed_worlds
from tutor.play.game import play_one_round
from tutor.play.inference import Inference, effective_size, resample
from tutor.play.players import players
from tutor.play.view import SeatView
from tutor.play.worlds import world_of

FEW = settings(max_examples=4, deadline=None)


def C(text: str) -> list[Card]:
    return parse_cards(text.split())


def played(table: str, hands: list[str], moves: list[str]) -> Position:
    """Classic, two players: ``moves`` played from seat 1 on, the rest of the deck in the stock."""
    v = variant("classic")
    dealt = [C(h) for h in hands]
    loose = C(table)
    used = set(loose + [c for h in dealt for c in h])
    pos = Position(v, 2, hands=dealt, loose=loose, builds=[], to_move=1, dealer=0,
                   stock=[c for c in v.deck_cards if c not in used])
    for text in moves:
        pos.push(pos.parse_move(text))
    return pos


def world_with(view: SeatView, hand: str) -> Position:
    """The view's world where seat 1 holds ``hand`` and the stock the other unseen cards."""
    pos = view.position()
    held = C(hand)
    return world_of(pos, held + [c for c in sorted(unseen_cards(pos)) if c not in held])


def test_a_copy_tells_the_moves_of_the_deal_as_the_original_does() -> None:
    pos = played("3H 10C JS 8D", ["7S KD 2C 9H", "4C 7D QH 5S"], ["4C b7 3H", "7S x [4C+3H]"])
    copy = pos.copy()
    assert copy.pushed == pos.pushed == 2
    assert SeatView.of(copy, 0).history == SeatView.of(pos, 0).history
    assert [t.move for t in SeatView.of(pos, 0).history] == [pos.pop() for _ in range(2)][::-1]
    assert copy.pushed == 2, "taking moves back from the original leaves the copy's alone"


def test_a_world_in_which_an_observed_build_could_not_be_held_weighs_nothing() -> None:
    # seat 1 built 7 (the holding rule: it held a 7), seat 0 took the build, seat 1 trailed its queen
    pos = played("3H 10C JS 8D", ["7S KD 2C 9H", "4C 7D QH 5S"], ["4C b7 3H", "7S x [4C+3H]", "QH"])
    view = SeatView.of(pos, 0)
    model = Inference(view)
    held_a_seven, never_did = world_with(view, "7D 5S"), world_with(view, "6H 5S")
    assert model.likelihood(held_a_seven) > 0.0
    assert model.likelihood(never_did) == 0.0


def test_a_trail_beside_a_card_of_its_rank_makes_worlds_where_the_trailer_held_that_rank_less_likely() -> None:
    # seat 1 trailed the 2 of clubs while the 7 of hearts lay loose: with a 7 it would rather have taken it
    pos = played("7H 10C 8D JS", ["KD 2S 9H 3C", "2C 7D 5S QC"], ["2C"])
    view = SeatView.of(pos, 0)
    model = Inference(view)
    with_seven, without = world_with(view, "7D 5S QC"), world_with(view, "4H 5S QC")
    assert 0.0 < model.likelihood(with_seven) < model.likelihood(without)


def test_no_history_of_the_others_weighs_every_world_alike() -> None:
    pos = played("7H 10C 8D JS", ["KD 2S 9H 3C", "2C 7D 5S QC"], ["2C"])
    own = SeatView.of(pos, 1)  # seat 1's only observed move is its own
    assert not Inference(own).active
    pos.push(pos.parse_move("KD"))
    assert Inference(SeatView.of(pos, 1)).active


@pytest.mark.parametrize(("preset", "n"), [("classic", 2), ("royal-aces-high", 3), ("michigan", 4)])
@FEW
@given(seed=st.integers(0, 2**32 - 1), ply=st.integers(0, 60))
def test_the_weights_sum_to_one_and_the_true_world_is_possible(preset: str, n: int, seed: int, ply: int) -> None:
    record = play_one_round(variant(preset), players(["club"] * n), seed)
    chosen = record.plies[ply % len(record.plies)]
    view = SeatView.of(chosen.before, chosen.seat)
    weight = weighed_sample(view, 12, seed)
    assert abs(sum(weight) - 1.0) < 1e-9 and all(w >= 0.0 for w in weight)
    assert 1.0 <= effective_size(weight) <= 12.0 + 1e-9
    assert Inference(view).likelihood(chosen.before) > 0.0, "the moves played are possible with the real hands"
    worlds, weights = weighed_worlds(view.position(), Inference(view), 8, seed)
    assert len(worlds) == len(weights) and abs(sum(weights) - 1.0) < 1e-9


def test_resampling_draws_each_index_about_its_share() -> None:
    drawn = resample([0.5, 0.0, 0.25, 0.25], 8, random.Random(3))
    assert drawn == sorted(drawn) and [drawn.count(i) for i in range(4)] == [4, 0, 2, 2]


@pytest.mark.parametrize("ply", [3, 10, 25])
def test_without_inference_the_history_changes_no_advice(ply: int) -> None:
    record = play_one_round(variant("classic"), players(["club", "club"]), 11)
    chosen = record.plies[ply]
    view = SeatView.of(chosen.before, chosen.seat)
    assert view.history, "a move of the deal was played before"
    blind = dataclasses.replace(view, history=())
    assert advise(view, worlds=6, seed=ply) == advise(blind, worlds=6, seed=ply)
    assert advise(blind, worlds=6, seed=ply, inference=True) == advise(blind, worlds=6, seed=ply)


def test_with_inference_the_advice_follows_the_weighted_worlds() -> None:
    pos = played("7H 10C 8D JS", ["KD 2S 9H 3C", "2C 7D 5S QC"], ["2C"])
    view = SeatView.of(pos, 0)
    weighed = advise(view, worlds=8, seed=1, inference=True)
    assert weighed.worlds <= 8 and {mv.move for mv in weighed.moves} == set(view.legal_moves())
    assert weighed == advise(view, worlds=8, seed=1, inference=True), "the same seed repeats"
