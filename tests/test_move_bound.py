"""The move bound, the loaders' guard against tables with more moves than anyone can list (issue 15)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from randompos import random_position

from tutor.core.move_bound import MAX_MOVES, move_bound
from tutor.loading import FileError, load_position


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_bound_is_never_below_the_moves_of_a_played_position(seed: int) -> None:
    pos = random_position(random.Random(seed))
    assert move_bound(pos) >= len(pos.generate())


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(0, 11))
def test_the_bound_is_never_below_the_moves_of_a_crowded_table(seed: int, hand: int, table: int) -> None:
    rng = random.Random(seed)
    pos = random_position(rng)
    # more of the deck's low cards onto the table, the mover's hand cut to ``hand`` cards
    spare = [c for c in pos.variant.deck_cards if c not in pos.loose and c not in pos.hands[pos.to_move]
             and all(c not in b.cards for b in pos.builds) and pos.variant.value[c] <= 6]
    pos.loose = [*pos.loose, *rng.sample(spare, min(table, len(spare)))]
    pos.hands[pos.to_move] = pos.hands[pos.to_move][:hand]
    assert move_bound(pos) >= len(pos.generate())


def test_a_table_of_twenty_low_cards_is_refused_at_its_table() -> None:
    text = "hands: [[10S], [KH]]\ntable: [AH,AD,AC,AS,2H,2D,2C,2S,3H,3D,3C,3S,4H,4D,4C,4S,5H,5D,5C,5S]\n"
    with pytest.raises(FileError) as err:
        load_position(text, "t.yaml")
    assert str(err.value).startswith("t.yaml:2:8: this table and hand may give up to 104,866 legal moves, more than "
                                     f"the {MAX_MOVES:,}")


def test_twelve_low_cards_still_load() -> None:
    pos = load_position("hands: [[10S, 9S, 8S, 7S], [KH]]\ntable: [AH,AD,AC,AS,2H,2D,2C,2S,3H,3D,3C,3S]\n", "t.yaml")
    assert len(pos.generate()) <= move_bound(pos) <= MAX_MOVES
