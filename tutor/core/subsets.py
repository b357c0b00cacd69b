"""Subset arithmetic over small lists of card values, memoised.

Move generation asks two questions of the loose cards again and again: which
subsets total ``s``, and which subsets split into groups each totalling
``v``.  Both depend only on the sorted tuple of values, so the answers are
cached by that tuple and shared by every position with the same table values.
Subsets are bit masks over the value tuple's positions.
"""

from __future__ import annotations

from functools import lru_cache

_BITS: list[tuple[int, ...]] = [()]


def bits(mask: int) -> tuple[int, ...]:
    """Positions of the set bits of ``mask``, lowest first."""
    while mask >= len(_BITS):
        n = len(_BITS)
        _BITS.extend(tuple(i for i in range(n.bit_length() + 1) if (m >> i) & 1) for m in range(n, 2 * n))
    return _BITS[mask]


@lru_cache(maxsize=65536)
def subsets_by_sum(values: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Every non-empty subset mask, grouped by the total of its values."""
    n = len(values)
    sums = [0] * (1 << n)
    groups: dict[int, list[int]] = {}
    for m in range(1, 1 << n):
        low = m & -m
        s = sums[m ^ low] + values[low.bit_length() - 1]
        sums[m] = s
        groups.setdefault(s, []).append(m)
    return {s: tuple(ms) for s, ms in groups.items()}


@lru_cache(maxsize=65536)
def partitionable(values: tuple[int, ...], v: int) -> tuple[int, ...]:
    """Every subset mask (the empty one first) that splits into groups of total ``v``."""
    groups = subsets_by_sum(values).get(v, ())
    if not groups:
        return (0,)
    ok = {0}
    # Each group is added to every smaller union it does not overlap; a union
    # is listed once however many ways it splits.
    for g in groups:
        ok.update([m | g for m in ok if not m & g])
    return (0, *sorted(ok - {0}))
