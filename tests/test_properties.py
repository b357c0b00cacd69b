"""Invariants over whole random rounds, in every preset and player count."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from randompos import ALL_VARIANTS, outcome, random_position, random_round

from tutor.core.movegen import captures_first, hand_moves
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal
from tutor.core.variant import Variant

ROUNDS = settings(max_examples=60, deadline=None)


def all_cards(pos: Position) -> list[int]:
    assert pos.captured is not None and pos.stock is not None
    cards = [c for h in pos.hands for c in h] + pos.table_cards() + list(pos.stock)
    return cards + [c for pile in pos.captured for c in pile]


def play_checked(v: Variant, players: int, seed: int, check_notation: bool) -> None:
    rng = random.Random(seed)
    pos = deal_round(v, players, dealer=seed % players, seed=seed)
    deck = sorted(v.deck_cards)
    while True:
        if pos.needs_deal():
            next_deal(pos)
        assert sorted(all_cards(pos)) == deck, "a card was lost or duplicated"
        if pos.is_round_over():
            break
        moves = pos.generate()
        assert moves, f"no legal move in\n{pos}"
        outcomes = [outcome(pos, m) for m in moves]
        assert len(set(outcomes)) == len(outcomes), "an outcome is listed twice"
        if check_notation:
            for m in moves:
                assert pos.parse_move(pos.notation(m)) == m
                assert pos.parse_move(pos.notation(m, symbols=True)) == m
        before = pos.state_key()
        for m in moves:
            pos.push(m)
            pos.pop()
            assert pos.state_key() == before, f"push/pop of {m} changed the position"
        pos.push(rng.choice(moves))
    assert not pos.generate()


@ROUNDS
@given(st.sampled_from(ALL_VARIANTS), st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))
def test_whole_rounds_keep_every_invariant(v: Variant, players: int, seed: int) -> None:
    play_checked(v, players, seed, check_notation=False)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(ALL_VARIANTS), st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))
def test_every_move_notation_parses_back(v: Variant, players: int, seed: int) -> None:
    play_checked(v, players, seed, check_notation=True)


def test_every_preset_and_player_count_is_exercised() -> None:
    for v in ALL_VARIANTS:
        for players in (2, 3, 4):
            play_checked(v, players, seed=players * 7919 + len(v.preset), check_notation=False)


def test_rounds_reach_every_kind_of_move() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(40):
        rng = random.Random(seed)
        v = ALL_VARIANTS[seed % len(ALL_VARIANTS)]
        pos = deal_round(v, 2, dealer=1, seed=seed)
        for moves in random_round(rng, pos):
            kinds.update(m.kind for m in moves)
    assert set(kinds) == {"trail", "capture", "build", "raise", "add"}


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ALL_VARIANTS), st.sampled_from([2, 3, 4]), st.integers(0, 2**32 - 1))
def test_captures_first_then_the_rest_are_every_move(v: Variant, players: int, seed: int) -> None:
    """The search asks for the captures first and the other moves later: together they
    are exactly the moves, and the first stage is every move when nothing captures."""
    pos = random_position(random.Random(seed), v, players)
    every = hand_moves(pos)
    first, complete = captures_first(pos)
    assert Counter(first) == Counter(m for m in every if m.kind == "capture" or complete)
    assert complete == (not any(m.kind == "capture" for m in every))
    rest = hand_moves(pos, captures=False)
    assert Counter(rest) == Counter(m for m in every if m.kind != "capture")
    assert Counter(hand_moves(pos, others=False)) == Counter(m for m in every if m.kind == "capture")
