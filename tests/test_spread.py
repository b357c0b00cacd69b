"""The advisor's standard deviations (tutor/play/spread.py): the standard library's floats, correctly rounded."""

from __future__ import annotations

import math
import statistics
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.play import spread

SAMPLES = st.lists(st.one_of(st.floats(-1e6, 1e6, allow_nan=False), st.integers(-30, 30).map(lambda n: n / 3),
                             st.sampled_from([0.0, 1.0, -1.0, 0.5, 1e-300, 3.0])), min_size=2, max_size=80)


def correctly_rounded_root(root: float, exact: Fraction) -> bool:
    """Whether ``root`` is the float nearest the square root of ``exact``: the square lies between the squares of
    the midpoints to its neighbours."""
    low = (Fraction(root) + Fraction(math.nextafter(root, 0.0))) / 2 if root else Fraction(0)
    high = (Fraction(root) + Fraction(math.nextafter(root, math.inf))) / 2
    return low * low <= exact <= high * high


def exact_sum_of_squares(values: list[float]) -> Fraction:
    mean = sum(map(Fraction, values)) / len(values)
    return sum((Fraction(x) - mean) ** 2 for x in values)


@given(SAMPLES)
def test_the_spreads_are_the_correctly_rounded_roots_of_the_exact_variances(values: list[float]) -> None:
    squares = exact_sum_of_squares(values)
    n = len(values)
    assert correctly_rounded_root(spread.pstdev(values), squares / n)
    assert correctly_rounded_root(spread.stdev(values), squares / (n - 1))


@pytest.mark.skipif(sys.version_info < (3, 11), reason="the standard library rounds its roots once from 3.11")
@given(SAMPLES)
def test_the_spreads_are_the_standard_librarys_floats(values: list[float]) -> None:
    assert spread.pstdev(values) == statistics.pstdev(values)
    assert spread.stdev(values) == statistics.stdev(values)
    assert spread.pstdev(values[:1]) == statistics.pstdev(values[:1]) == 0.0


def test_too_few_values_are_refused_as_the_standard_library_refuses_them() -> None:
    with pytest.raises(statistics.StatisticsError):
        spread.pstdev([])
    with pytest.raises(statistics.StatisticsError):
        spread.stdev([1.0])
