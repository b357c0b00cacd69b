"""Subset arithmetic over small lists of card values, memoised.

Move generation asks two questions of the loose cards again and again: which
subsets total ``s``, and which subsets split into groups each totalling
``v``.  Value tuples are sorted ascending.  Both depend only on the sorted tuple of values, so the answers are
cached by that tuple and shared by every position with the same table values.
Subsets are bit masks over the value tuple's positions.

Values above the total can never be chosen, so each answer is worked out
from the prefix of values up to the total (the masks are the same, the
prefix being the start of the tuple): tables that differ only in high cards
share the work.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

_BITS: list[tuple[int, ...]] = [()]


def bits(mask: int) -> tuple[int, ...]:
    """Positions of the set bits of ``mask``, lowest first."""
    while mask >= len(_BITS):
        n = len(_BITS)
        _BITS.extend(tuple(i for i in range(n.bit_length() + 1) if (m >> i) & 1) for m in range(n, 2 * n))
    return _BITS[mask]


BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(bits(m) for m in range(256))
"""``bits(m)`` for every mask below 256, to look up without a call."""


@lru_cache(maxsize=65536)
def subset_totals(values: tuple[int, ...]) -> int:
    """The totals that some non-empty subset reaches, as a bit set: bit ``t`` for total ``t``."""
    reach = 0
    for v in values:
        reach |= reach << v | 1 << v
    return reach


@lru_cache(maxsize=262144)
def with_sum(values: tuple[int, ...], total: int) -> tuple[int, ...]:
    """Every non-empty subset mask whose values add up to ``total``.

    ``values`` must be sorted ascending (only the values up to ``total`` are
    looked at).
    """
    return _with_sum(values[: bisect_right(values, total)], total)


@lru_cache(maxsize=262144)
def _with_sum(values: tuple[int, ...], total: int) -> tuple[int, ...]:
    # The masks without the last (largest) value, then those with it: sorted
    # because the last value has the highest bit.  Prefixes recur across tables.
    if not values:
        return ()
    rest, last = values[:-1], values[-1]
    with_last = (0,) if last == total else with_sum(rest, total - last)
    bit = 1 << len(rest)
    return _with_sum(rest, total) + tuple([m | bit for m in with_last])


@lru_cache(maxsize=65536)
def partitionable(values: tuple[int, ...], v: int) -> tuple[int, ...]:
    """Every subset mask (the empty one first) that splits into groups of total ``v``."""
    return _partitionable(values[: bisect_right(values, v)], v)


@lru_cache(maxsize=65536)
def _partitionable(values: tuple[int, ...], v: int) -> tuple[int, ...]:
    groups = _with_sum(values, v)
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
    return _joining(values[: bisect_right(values, v)], extra, v)


@lru_cache(maxsize=65536)
def _joining(values: tuple[int, ...], extra: int, v: int) -> tuple[int, ...]:
    # The element's own group is it plus some values totalling v - extra;
    # the rest of U splits into groups of v.
    own = (0,) if extra == v else with_sum(values, v - extra)
    rest = _partitionable(values, v)
    return tuple(sorted({g | m for g in own for m in rest if not g & m}))
