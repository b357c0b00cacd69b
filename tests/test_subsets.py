"""Subset arithmetic (tutor/core/subsets.py) against brute force over every subset, and what a table's loose cards
keep of it (tutor.core.movegen.LooseCards)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.content.presets import variant
from tutor.core.cards import ALL_CARDS, Card
from tutor.core.movegen import loose_numbers
from tutor.core.subsets import joining, partitionable, subset_totals, with_sum

VALUES = st.lists(st.integers(1, 10), max_size=7).map(lambda xs: tuple(sorted(xs)))
TARGETS = st.integers(1, 14)
CASES = settings(max_examples=150, deadline=None)


def members(mask: int, n: int) -> list[int]:
    return [i for i in range(n) if mask >> i & 1]


def splits(items: list[int], values: tuple[int, ...], v: int) -> bool:
    """Whether the positions ``items`` split into groups each totalling ``v`` (each way to group the first)."""
    if not items:
        return True
    first, rest = items[0], items[1:]
    for mask in range(1 << len(rest)):
        group = [rest[i] for i in members(mask, len(rest))]
        if values[first] + sum(values[i] for i in group) == v:
            if splits([i for i in rest if i not in group], values, v):
                return True
    return False


@CASES
@given(VALUES, TARGETS)
def test_with_sum_lists_every_subset_of_the_total(values: tuple[int, ...], total: int) -> None:
    n = len(values)
    expected = [m for m in range(1, 1 << n) if sum(values[i] for i in members(m, n)) == total]
    assert list(with_sum(values, total)) == expected


@CASES
@given(VALUES)
def test_subset_totals_has_a_bit_for_each_reachable_total(values: tuple[int, ...]) -> None:
    n = len(values)
    reached = {sum(values[i] for i in members(m, n)) for m in range(1, 1 << n)}
    bits = subset_totals(values)
    assert {t for t in range(sum(values) + 1) if bits >> t & 1} == reached
    assert bits >> (sum(values) + 1) == 0


@CASES
@given(VALUES, TARGETS)
def test_partitionable_lists_every_union_of_groups(values: tuple[int, ...], v: int) -> None:
    n = len(values)
    expected = [m for m in range(1 << n) if splits(members(m, n), values, v)]
    assert list(partitionable(values, v)) == expected


@CASES
@given(VALUES, st.integers(1, 10), TARGETS)
def test_joining_lists_the_sets_that_split_with_one_more_value(values: tuple[int, ...], extra: int, v: int) -> None:
    n = len(values)
    with_extra = (*values, extra)  # the extra value at position n
    expected = [m for m in range(1 << n) if splits([n, *members(m, n)], with_extra, v)]
    assert list(joining(values, extra, v)) == expected


@CASES
@given(st.lists(st.sampled_from(ALL_CARDS), max_size=9, unique=True), st.sampled_from(("classic", "royal")), TARGETS)
def test_the_splits_kept_with_a_tables_loose_cards_are_partitionables(loose: list[Card], preset: str, v: int) -> None:
    table = loose_numbers(variant(preset), loose)
    assert table.splits(v) == partitionable(table.values, v)
    assert table.splits(v) is table.splits(v)  # kept


@CASES
@given(st.lists(st.sampled_from(ALL_CARDS), max_size=12, unique=True), st.sampled_from(("classic", "royal", "italian")))
def test_a_tables_loose_cards_with_a_value_are_sorted_by_it_equal_ones_in_the_tables_order(loose: list[Card],
                                                                                            preset: str) -> None:
    """loose_numbers' insertion sort is the stable sort of the cards with a value (valueless face cards left out)."""
    value_of = variant(preset).value.__getitem__
    expected = sorted(filter(value_of, loose), key=value_of)
    table = loose_numbers(variant(preset), loose)
    assert table.numeric == expected and table.values == tuple(map(value_of, expected))
