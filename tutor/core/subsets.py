"""Subset arithmetic over small lists of card values, memoised.

Move generation asks two questions of the loose cards again and again: which
subsets total ``s``, and which subsets split into groups each totalling
``v``.  Value tuples are sorted ascending.  Both depend only on the sorted tuple of values, so the answers are
cached by that tuple and shared by every position with the same table values.
Subsets are bit masks over the value tuple's positions.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache

_BITS: list[tuple[int, ...]] = [()]


def bits(mask: int) -> tuple[int, ...]:
    """Positions of the set bits of ``mask``, lowest first."""
    while mask >= len(_BITS):
        n = len(_BITS)
        _BITS.extend(tuple(i for i in range(n.bit_length() + 1) if (m >> i) & 1) for m in range(n, 2 * n))
    return _BITS[mask]


@lru_cache(maxsize=65536)
def subset_totals(values: tuple[int, ...]) -> frozenset[int]:
    """The totals that some non-empty subset reaches."""
    totals: set[int] = set()
    for v in values:
        totals |= {t + v for t in totals}
        totals.add(v)
    return frozenset(totals)


@lru_cache(maxsize=262144)
def with_sum(values: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Every non-empty subset mask whose values add up to ``total``.

    ``values`` must be sorted ascending (the search stops at the first value
    that no longer fits).
    """
    out = []
    stack = [(0, 0, 0)]
    n = len(values)
    while stack:
        start, mask, partial = stack.pop()
        for j in range(start, n):
            s = partial + values[j]
            if s > total:
                break
            if s == total:
                out.append(mask | 1 << j)
            else:
                stack.append((j + 1, mask | 1 << j, s))
    return tuple(sorted(out))


@lru_cache(maxsize=65536)
def partitionable(values: tuple[int, ...], v: int) -> tuple[int, ...]:
    """Every subset mask (the empty one first) that splits into groups of total ``v``."""
    groups = with_sum(values, v)
    if not groups:
        return (0,)
    ok = {0}
    # Each group is added to every smaller union it does not overlap; a union
    # is listed once however many ways it splits.
    for g in groups:
        ok.update([m | g for m in ok if not m & g])
    return (0, *sorted(ok - {0}))


@lru_cache(maxsize=65536)
def joining(values: tuple[int, ...], extra: int, v: int) -> tuple[int, ...]:
    """Every mask U such that U plus one more element of value ``extra`` splits into groups of ``v``.

    The played card of a build is that element: U are the loose cards that can
    go with it.  U is empty only when ``extra == v``.
    """
    at = bisect_left(values, extra)
    card_bit = 1 << at
    below = card_bit - 1
    extended = values[:at] + (extra,) + values[at:]
    return tuple(
        (m & below) | ((m >> (at + 1)) << at) for m in partitionable(extended, v) if m & card_bit
    )
