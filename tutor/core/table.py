"""Builds on the table, and splitting cards into piles of a value."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from .cards import RANKS, Card

T = TypeVar("T")


class Build:
    """A build: its value, all its cards (sorted), its controller.

    The piles of a build never matter to the rules once it is made: its card
    total divided by its value is the number of piles (a face build has one
    card a pile).  :func:`piles` splits the cards for display.

    A value: equal and hashed by its fields, never changed (``Final``).  Not a
    frozen dataclass because compiled, that keeps the decorator's Python
    ``__init__`` and a build, made at every build move of a playout, cost 0.9 µs.
    """

    __slots__ = ("value", "cards", "owner", "single", "face")

    def __init__(self, value: int, cards: tuple[Card, ...], owner: int, single: bool, face: bool = False) -> None:
        self.value: Final = value  # a face build's value is its rank index (11 J, 12 Q, 13 K)
        self.cards: Final = cards
        self.owner: Final = owner
        self.single: Final = single
        self.face: Final = face

    def _fields(self) -> tuple[int, tuple[Card, ...], int, bool, bool]:
        return self.value, self.cards, self.owner, self.single, self.face

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Build):
            return False
        return (self.value == other.value and self.cards == other.cards and self.owner == other.owner
                and self.single == other.single and self.face == other.face)

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Build(value={self.value!r}, cards={self.cards!r}, owner={self.owner!r}, single={self.single!r}, "
                f"face={self.face!r})")

    def __reduce__(self) -> tuple[type[Build], tuple[int, tuple[Card, ...], int, bool, bool]]:
        return Build, self._fields()

    @property
    def value_label(self) -> str:
        """``8``, or the rank letter of a face build."""
        return RANKS[self.value - 1] if self.face else str(self.value)

    def with_owner(self, owner: int) -> Build:
        return Build(self.value, self.cards, owner, self.single, self.face)


def group_items(items: Sequence[T], value_of: Callable[[T], int], target: int) -> list[list[T]] | None:
    """Split items into groups each totalling ``target`` (larger first), or None."""
    order = sorted(items, key=lambda x: -value_of(x))
    if any(value_of(x) <= 0 for x in order) or sum(value_of(x) for x in order) % target:
        return None

    def split(rest: list[T]) -> list[list[T]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for combo in combos(others, target - value_of(first)):
            tail = split([x for i, x in enumerate(others) if i not in combo])
            if tail is not None:
                return [[first, *(others[i] for i in combo)], *tail]
        return None

    def combos(pool: list[T], total: int, start: int = 0) -> list[list[int]]:
        if total == 0:
            return [[]]
        out: list[list[int]] = []
        for i in range(start, len(pool)):
            v = value_of(pool[i])
            if v <= total:
                out.extend([i, *tail] for tail in combos(pool, total - v, i + 1))
        return out

    return split(order)


def split_into(cards: Sequence[Card], value: int, values: Sequence[int]) -> list[list[Card]] | None:
    """Split cards into groups each totalling ``value`` (larger cards placed first), or None."""
    return group_items(cards, values.__getitem__, value)


def piles(build: Build, values: Sequence[int]) -> list[list[Card]]:
    """The build's cards as piles: one pile for a single build."""
    if build.face:
        return [[c] for c in build.cards]
    if build.single:
        return [sorted(build.cards, key=lambda c: (-values[c], int(c)))]
    groups = split_into(build.cards, build.value, values)
    assert groups is not None, "a multiple build always splits into its value"
    return groups

