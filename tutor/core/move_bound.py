"""How many legal moves a position can have at most, worked out without generating them.

A table of many low cards has more captures than anyone can list: twenty
aces to fives give over a million moves, and generating them takes seconds
and gigabytes.  :func:`move_bound` counts, for each card in the mover's hand,
the sets of table items whose values could make its captures and builds
(every capture takes items whose values add up to a multiple of the capture
value, and every build adds the card to items making a multiple of a build
value the rest of the hand can take).  Counting sets by their total's remainder takes a few thousand steps,
so loaders can refuse a position before any command works on it.
"""

from __future__ import annotations

from .position import Position
from .rules import holding_applies

MAX_MOVES = 20_000
"""The most legal moves a position may have (by :func:`move_bound`): a full table of a real game
has a few hundred; this leaves room for any position a person sets up."""


def move_bound(pos: Position) -> int:
    """An upper bound on ``len(pos.generate())`` for the seat to move (its known cards)."""
    variant = pos.variant
    values = variant.value
    # a card without a value (a face card in classic values) is in no sum: only its rank takes it
    items = [v for v in [values[c] for c in pos.loose] + [b.value for b in pos.builds] if v]
    counts = {m: _sets_by_remainder(items, m) for m in range(1, max(variant.max_build, 14) + 1)}
    ranks = [c.rank_index for c in pos.loose] + [b.value for b in pos.builds if b.face]
    hand = pos.hands[pos.to_move]
    bound = 0
    for i, card in enumerate(hand):
        # the holding rule: a build's value is one another card of the hand captures with
        held = ({v for other in hand[:i] + hand[i + 1:] for v in variant.capture_values[other]}
                if holding_applies(variant) else range(1, variant.max_build + 1))
        bound += 2  # a trail, and the five of spades' sweep where it is played
        bound += sum(counts[v][0] for v in variant.capture_values[card])
        bound += sum(counts[w][-values[card] % w] for w in held if w <= variant.max_build)
        if not values[card]:  # a face card without a value takes, and gathers, by rank
            bound += 2 * 2 ** ranks.count(card.rank_index)
    return bound


def _sets_by_remainder(values: list[int], modulus: int) -> list[int]:
    """For each remainder, how many sets of ``values`` (the empty one included) total to it modulo ``modulus``."""
    counts = [1] + [0] * (modulus - 1)
    for value in values:
        counts = [counts[r] + counts[(r - value) % modulus] for r in range(modulus)]
    return counts
