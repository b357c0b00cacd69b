"""The worlds (tutor/play/worlds.py): their own shuffle, the standard library's order for order, and the hands they
deal, which keep the holding rule."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tutor.content.presets import variant
from tutor.core.movegen import build_key
from tutor.play.game import play_one_round
from tutor.play.players import players
from tutor.play.view import SeatView
from tutor.play.worlds import held_keys, shuffle, world_stream


@given(seed=st.integers(0, 2**64), size=st.integers(0, 60), draws=st.integers(0, 3))
def test_the_shuffle_is_the_standard_librarys_and_leaves_the_generator_in_the_same_state(seed: int, size: int,
                                                                                         draws: int) -> None:
    """From the same state (after a few earlier draws), the same order, and the same draws after it: the worlds of
    a seed are those the standard library's shuffle deals."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(draws):
        ours.random(), theirs.random()
    cards, expected = list(range(size)), list(range(size))
    shuffle(ours, cards)
    theirs.shuffle(expected)
    assert cards == expected
    assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_every_world_gives_each_build_owner_a_card_that_takes_each_of_its_builds() -> None:
    """Four-player classic, random play, the round of seed 1528448736 (found by test_play's swap test): seat 1 owns
    two builds of 10 and seat 3 one, and two tens are unseen by seat 2. Asking seat 1 for a ten a build, the worlds
    gave it both tens and seat 3 none: a world against the holding rule, whose playout reached a seat with no legal
    move (IndexError in club's choice)."""
    record = play_one_round(variant("classic"), players(["random"] * 4), 1_528_448_736)
    checked = 0
    for ply in record.plies:
        pos = SeatView.of(ply.before, ply.seat).position()
        needs = held_keys(pos)
        if not any(len(keys) < sum(b.owner == seat for b in pos.builds) for seat, keys in needs.items()):
            continue  # no hidden hand owns two builds of one key
        checked += 1
        worlds = world_stream(pos, seed=7)
        for world in (next(worlds) for _ in range(48)):
            holding = world.variant.holding_keys
            for b in world.builds:
                assert any(build_key(b) in holding[c] for c in world.hands[b.owner]), (str(world), b)
    assert checked
