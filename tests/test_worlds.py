"""The worlds' own shuffle (tutor/play/worlds.py): the standard library's, order for order."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tutor.play.worlds import shuffle


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
