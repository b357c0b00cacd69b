"""What the playouts' club (:mod:`.playout_club`) keeps: what it reads of a variant, once; the look's tables of
loose cards, for the look at the next player's best take, kept by a key of the kinds of their cards
(:attr:`PlayoutRules.units`); and a world's lists while a playout plays on it in place (:class:`Kept`).  Compiled
with it (docs/review.md, "Playouts played in place")."""

from __future__ import annotations

from tutor.core.cards import Card
from tutor.core.movegen import LOOSE_KEPT, LooseCards, loose_numbers
from tutor.core.position import Position
from tutor.core.rules import duty_in_force, holding_applies
from tutor.core.subsets import partitionable, subset_totals
from tutor.core.variant import Variant

KEYS = 16
"""Holding keys counted (build and capture values: at most 14)."""

BIT = tuple(1 << c for c in range(52))
"""A card's bit in a mask of cards."""


class LookTable:
    """The loose cards of a table, as the look at the next take asks of them: the totals their subsets reach, for
    each value the points and cards of the sets that split into groups of it, and the valueless face cards (a mask
    of cards).  Kept by the table's key (:attr:`PlayoutRules.units`): tables whose cards differ only where they take
    alike share one."""

    def __init__(self, key: int, kinds: list[tuple[int, int, int, int, int]]) -> None:
        self.faces = 0
        by_value: list[int] = []  # the cards with a value, by value (an insertion sort: a table holds a few)
        card_points: list[int] = []
        for shift, ones, value, points, face in kinds:
            n = key >> shift & ones
            if not n:
                continue
            if face:
                self.faces |= face
                continue
            place = len(by_value)
            while place and by_value[place - 1] > value:
                place -= 1
            for _ in range(n):
                by_value.insert(place, value)
                card_points.insert(place, points)
        self.values = tuple(by_value)
        self.numeric = len(by_value)
        self.totals = subset_totals(self.values)
        self.card_points = card_points
        total = 0
        for p in card_points:
            total += p
        self.points = total
        self._takes: list[list[int] | None] = [None] * KEYS
        self._whole = 0  # by value, a bit: every numeric card splits into groups of it

    def takes(self, value: int) -> list[int]:
        """The points and cards (two ints each) of the non-empty sets that split into groups of ``value``, but those
        that another passes in both: the best take's worth is among theirs."""
        found = self._takes[value]
        if found is None:
            found = []
            card_points = self.card_points
            whole = (1 << self.numeric) - 1
            for mask in partitionable(self.values, value)[1:]:
                more = cards = place = 0
                m = mask
                while m:
                    if m & 1:
                        more += card_points[place]
                        cards += 1
                    m >>= 1
                    place += 1
                if mask == whole:
                    self._whole |= 1 << value
                found = frontier(found, more, cards)
            self._takes[value] = found
        return found

    def whole_splits(self, value: int) -> bool:
        """Whether every numeric card splits into groups of ``value`` (asked after :meth:`takes`)."""
        return bool(self._whole >> value & 1)


def frontier(pairs: list[int], more: int, cards: int) -> list[int]:
    """``pairs`` (points and cards, two ints each, none passed by another in both) with ``more`` and ``cards``:
    unchanged where one of them passes it or equals it, else with it and without those it passes."""
    for t in range(0, len(pairs), 2):
        if pairs[t] >= more and pairs[t + 1] >= cards:
            return pairs
    kept = [more, cards]
    for t in range(0, len(pairs), 2):
        if not (more >= pairs[t] and cards >= pairs[t + 1]):
            kept += [pairs[t], pairs[t + 1]]
    return kept


LOOK_KEPT = 16384
"""Tables :class:`PlayoutRules` keeps for the look before it forgets them all (about 1.4 kB each: 23 MB at most for a
variant; the worst Draw round's review meets about 8,800 keys, which were 22,000 tables by their cards)."""


class PlayoutRules:
    """What the walk and the look read of a variant, read once, and the look's tables of loose cards."""

    def __init__(self, v: Variant) -> None:
        self.variant = v
        self.values: tuple[int, ...] = v.value
        self.points: tuple[int, ...] = v.card_points
        self.sweep_points: int = v.sweep_points
        self.top: int = v.max_build
        self.raise_own: bool = v.raise_own
        self.add_to_others: bool = v.add_to_others
        self.free: bool = duty_in_force(v, True) == "free"  # a build of the mover's forbids no trail
        self.unheld: bool = not holding_applies(v)  # build duty penalty: any move legal, a breach fined
        self.penalty: int = v.default_penalty
        self.limit: int | None = v.instant_limit
        self.draw: bool = v.draw
        self.tables: dict[int, LookTable] = {}
        self.loose: dict[int, LooseCards] = {}
        # A table's key adds its cards' units: a field of the key for each kind of numeric card (its value and
        # points; as wide as the cards of the kind need) and a bit for each valueless card (a face card's take
        # asks which it is).  The look at the next take depends on the key alone (its best takes' floats are
        # those of any cards of the same kinds), and a Draw round's looks meet 2.5 times fewer keys than tables.
        kinds: dict[tuple[int, int, int], list[int]] = {}
        for c in range(52):
            kinds.setdefault((self.values[c], self.points[c], 0 if self.values[c] else BIT[c]), []).append(c)
        units = [0] * 52
        self.kinds: list[tuple[int, int, int, int, int]] = []  # the shift, the field's ones, value, points, face
        shift = 0
        for (value, points, face), cards in kinds.items():
            width = len(cards).bit_length()
            self.kinds.append((shift, (1 << width) - 1, value, points, face))
            for c in cards:
                units[c] = 1 << shift
            shift += width
        self.units = tuple(units)

    def loose_cards(self, order: int, loose: list[Card]) -> LooseCards:
        """:func:`~tutor.core.movegen.loose_numbers` of ``loose``, kept by ``order`` (the cards in their order, six
        bits each): an int hashed and compared, not a tuple of the cards made, hashed and compared at every ply."""
        found = self.loose.get(order)
        if found is None:
            if len(self.loose) >= LOOSE_KEPT:
                self.loose.clear()
            found = self.loose[order] = loose_numbers(self.variant, loose)
        return found

    def table(self, key: int) -> LookTable:
        """The look's table of a key (:attr:`units`), kept."""
        found = self.tables.get(key)
        if found is None:
            if len(self.tables) >= LOOK_KEPT:
                self.tables.clear()
            found = self.tables[key] = LookTable(key, self.kinds)
        return found


RULES: dict[int, PlayoutRules] = {}
"""By the variant's id (the variant kept with them, so the id is not reused)."""


def rules_of(v: Variant) -> PlayoutRules:
    found = RULES.get(id(v))
    if found is None or found.variant is not v:
        found = RULES[id(v)] = PlayoutRules(v)
    return found


def known(pos: Position) -> bool:
    """Whether every card of ``pos`` in a hand or the stock is known (a world's): the playouts' club plays on such a
    position in place (:meth:`~.playout_club.PlayoutClub.play_out`)."""
    for n in pos.hidden_counts:
        if n:
            return False
    return not pos.stock_hidden


class Kept:
    """What a playout's moves change in a position, kept to be put back after them; the position given lists of its
    own meanwhile (its hands, loose cards, builds and stock), which :meth:`~.playout_club.PlayoutClub.play` changes
    in place."""

    def __init__(self, pos: Position) -> None:
        assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
        assert pos.stock is not None
        self.hands = list(pos.hands)
        self.loose, self.builds, self.stock = pos.loose, pos.builds, pos.stock
        self.lengths = [len(pile) for pile in pos.captured]
        self.sweeps = list(pos.sweeps)
        self.penalties = list(pos.penalties)
        self.to_move, self.last_capturer = pos.to_move, pos.last_capturer
        for seat, hand in enumerate(self.hands):
            pos.hands[seat] = list(hand)
        pos.loose, pos.builds, pos.stock = list(self.loose), list(self.builds), list(self.stock)

    def restore(self, pos: Position) -> None:
        """``pos`` as it was when kept."""
        assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
        pos.hands[:] = self.hands
        pos.loose, pos.builds, pos.stock = self.loose, self.builds, self.stock
        for pile, n in zip(pos.captured, self.lengths):
            del pile[n:]
        pos.sweeps[:] = self.sweeps
        pos.penalties[:] = self.penalties
        pos.to_move, pos.last_capturer = self.to_move, self.last_capturer
