"""Standard deviations of the advisor's samples: the standard library's, the same floats, without its fractions.

:func:`statistics.pstdev` and :func:`statistics.stdev` (Python 3.11 and later) work out the sum of squares
exactly, with a fraction for every value, and round its square root once; that is most of a review's
arithmetic outside the playouts.  Here each float is an integer over a power of two, so the sums are exact
integers over one common power of two, and the square root of their ratio is rounded once, to odd and then
to the nearest float: the same correctly rounded result.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from statistics import StatisticsError

_ROOT_BITS = 2 * sys.float_info.mant_dig + 3
"""Bits of the integer square root before its one rounding to a float: enough for rounding to odd to be exact."""


def pstdev(values: Sequence[float]) -> float:
    """The population standard deviation of ``values`` (at least one): :func:`statistics.pstdev`'s float."""
    n, total, squares, scale = _sums(values)
    if n < 1:
        raise StatisticsError("pstdev requires at least one data point")
    return _sqrt_ratio(n * squares - total * total, n * n * scale * scale)


def stdev(values: Sequence[float]) -> float:
    """The sample standard deviation of ``values`` (at least two): :func:`statistics.stdev`'s float."""
    n, total, squares, scale = _sums(values)
    if n < 2:
        raise StatisticsError("stdev requires at least two data points")
    return _sqrt_ratio(n * squares - total * total, n * (n - 1) * scale * scale)


def _sums(values: Sequence[float]) -> tuple[int, int, int, int]:
    """How many ``values``, their sum and sum of squares as integers, and the scale that makes them integers:
    the largest of the values' power-of-two denominators (the sum is over it, the squares over its square)."""
    ratios = [x.as_integer_ratio() for x in values]
    scale = max((d for _, d in ratios), default=1)
    total = squares = 0
    for numerator, denominator in ratios:
        scaled = numerator * (scale // denominator)
        total += scaled
        squares += scaled * scaled
    return len(ratios), total, squares, scale


def _sqrt_ratio(n: int, m: int) -> float:
    """``sqrt(n / m)`` correctly rounded: an integer square root of :data:`_ROOT_BITS` bits, rounded to odd (its
    last bit set when it is inexact), then rounded once to a float by the division."""
    shift = (n.bit_length() - m.bit_length() - _ROOT_BITS) // 2
    if shift >= 0:
        return float(_odd_root(n, m << 2 * shift) << shift)
    return _odd_root(n << -2 * shift, m) / (1 << -shift)


def _odd_root(n: int, m: int) -> int:
    """The integer square root of ``n / m``, rounded down, with its last bit set when it is not exact."""
    root = math.isqrt(n // m)
    return root | (root * root * m != n)
