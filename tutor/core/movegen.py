"""Legal move generation: every outcome of every card, once, under every option.

The rules of rules.md sections 3 and 4 are applied here and only here; the
illegal-move explainer (:mod:`tutor.core.legality`) asks this module what is
legal and then works out which rule a proposed move breaks.

Holding requirements are written as keys: a numeric build value ``v`` is the
key ``v``; a face build of rank ``r`` is ``FACE_KEY + r``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from operator import itemgetter
from typing import NamedTuple, TypeVar

from .cards import ALL_CARDS, Card
from .moves import Move, new_tuple
from .rules import (
    FIVE_OF_SPADES,
    capture_blocks_trail,
    duty_in_force,
    face_takes_one,
    holding_applies,
    may_add,
    may_raise,
    term_allowed,
    trail_sweeps,
)
from .state import RoundState
from .subsets import BYTE_BITS, bits, joining, partitionable, subset_totals
from .table import Build
from .variant import FACE_KEY, Variant

_NONE: frozenset[int] = frozenset()


class _HandHolding(NamedTuple):
    """What the cards of a hand take, for building and the holding rule."""

    keys: list[tuple[int, ...]]  # what each card takes (holding rule keys), in hand order
    holders: dict[int, int]  # how many cards take each key
    values: list[int]  # the keys taken, in order


def _picker(places: tuple[int, ...]) -> Callable[[Sequence[Card]], tuple[Card, ...]]:
    """What picks ``places`` of a sequence, as a tuple (in C for two places or more)."""
    if len(places) > 1:
        return itemgetter(*places)
    if places:
        place = places[0]
        return lambda cards: (cards[place],)
    return lambda cards: ()


_PICK = tuple(_picker(places) for places in BYTE_BITS)
"""By mask of the first eight places: what picks those places."""

RANK_INDEX = tuple(c.rank_index for c in ALL_CARDS)
"""Rank index by card, for the hot loops (the property is a call)."""


LOOSE_KEPT = 16384
"""Tables of loose cards :func:`loose_numbers` keeps before it forgets them all (a few MB; a round's review
meets about 20,000)."""


class LooseCards:
    """The loose cards of a table that have a value, sorted by it (equal values in the table's order), their
    values, the totals their subsets reach (:func:`~tutor.core.subsets.subset_totals`), and what the move
    generation asks of them (the cards a mask names, the sets that split into groups of a value or join a played
    card, the captures of a value without builds), each worked out when first asked and kept: a playout meets the
    same loose cards again and again (nine times in ten).  Shared: what it gives is never changed."""

    __slots__ = ("_card_tables", "_captures", "_joins", "_picks", "_splits", "numeric", "totals", "values")
    _card_tables: list[list[tuple[Card, ...]]] | None  # made for crowded tables
    _splits: dict[int, tuple[int, ...]] | None  # made when first asked

    def __init__(self, numeric: list[Card], values: tuple[int, ...]) -> None:
        self.numeric = numeric
        self.values = values
        self.totals = subset_totals(values)
        self._picks: dict[int, tuple[Card, ...]] = {}
        self._joins: dict[int, list[tuple[Card, ...]]] = {}
        self._captures: dict[int, list[tuple[tuple[Card, ...], tuple[Build, ...]]]] = {}
        self._card_tables = None
        self._splits = None

    def splits(self, value: int) -> tuple[int, ...]:
        """The masks of the sets of these cards that split into groups of ``value``, the empty one first
        (:func:`~tutor.core.subsets.partitionable` of their values), kept: asked again, a lookup by the value
        rather than by the values too (a tuple hashed at every call of the cache)."""
        kept = self._splits
        if kept is None:
            kept = self._splits = {}
        found = kept.get(value)
        if found is None:
            found = kept[value] = partitionable(self.values, value)
        return found

    def cards(self, mask: int) -> tuple[Card, ...]:
        """The cards a mask names."""
        found = self._picks.get(mask)
        if found is None:
            found = self._picks[mask] = self._pick(mask)
        return found

    def _pick(self, mask: int) -> tuple[Card, ...]:
        numeric = self.numeric
        if len(numeric) <= 8:
            return _PICK[mask](numeric)
        # Crowded tables: look the cards up a byte of the mask at a time.
        tables = self._card_tables
        if tables is None:
            tables = [subsets_by_mask(numeric[start : start + 8]) for start in range(0, len(numeric), 8)]
            self._card_tables = tables
        out: tuple[Card, ...] = ()
        for table in tables:
            out += table[mask & 255]
            mask >>= 8
        return out

    def joining(self, cv: int, value: int, may_be_empty: bool) -> list[tuple[Card, ...]]:
        """Card sets U such that a played card of value ``cv`` and U split into groups of ``value``."""
        key = (cv << 8 | value) << 1 | may_be_empty
        found = self._joins.get(key)
        if found is None:
            found = self._joins[key] = [self.cards(mask) for mask in joining(self.values, cv, value)
                                        if mask or may_be_empty]
        return found

    def captures(self, value: int) -> list[tuple[tuple[Card, ...], tuple[Build, ...]]]:
        """(loose cards, no build) of every capture of ``value`` on a table without builds, the empty one
        excluded."""
        found = self._captures.get(value)
        if found is None:
            found = self._captures[value] = [(self.cards(mask), ()) for mask in self.splits(value)[1:]]
        return found


_LOOSE: dict[tuple[str, tuple[Card, ...]], LooseCards] = {}


def loose_numbers(v: Variant, loose: Sequence[Card]) -> LooseCards:
    """The :class:`LooseCards` of ``loose``, kept by the variant's ``values`` option (its card values follow from
    it alone) and the loose cards."""
    key = (v.values, tuple(loose))
    found = _LOOSE.get(key)
    if found is None:
        values = v.value
        numeric: list[Card] = []  # valueless face cards left out; sorted by value, equal ones in the table's order
        by_value: list[int] = []
        for card in loose:  # an insertion sort in a loop: a table holds a few, and no key is called through Python
            c: int = card  # unboxed: a tuple indexed by an int, not through the item protocol
            value = values[c]
            if value:
                place = len(by_value)
                while place and by_value[place - 1] > value:
                    place -= 1
                numeric.insert(place, card)
                by_value.insert(place, value)
        if len(_LOOSE) >= LOOSE_KEPT:
            _LOOSE.clear()
        found = _LOOSE[key] = LooseCards(numeric, tuple(by_value))
    return found


def build_key(b: Build) -> int:
    return FACE_KEY + b.value if b.face else b.value


class Holding:
    """What the cards left in a hand can take, for the holding rule (4.1).

    ``key in holding`` asks whether some card takes that build value.  One
    card serves one value only: an ace counting 1 or 14 may hold a 1-build or
    a 14-build, not both, or its player could be left with no legal move.
    :meth:`covers` checks that every required value has a card of its own.
    """

    __slots__ = ("flexible", "per_card", "union")

    def __init__(self, per_card: list[tuple[int, ...]], flexible: bool | None = None) -> None:
        self.per_card = per_card
        self.union = {k for keys in per_card for k in keys}
        self.flexible = any(len(keys) > 1 for keys in per_card) if flexible is None else flexible

    def __contains__(self, key: int) -> bool:
        return key in self.union

    def covers(self, required: set[int]) -> bool:
        if not required <= self.union:
            return False
        if not self.flexible or len(required) <= 1:
            return True  # a card with one value can only be counted once anyway
        return _assign(sorted(required), self.per_card, 0)


def _assign(required: list[int], cards: list[tuple[int, ...]], used: int) -> bool:
    """Whether each required value can have a different card that takes it."""
    if not required:
        return True
    first, rest = required[0], required[1:]
    return any(
        first in keys and not used >> i & 1 and _assign(rest, cards, used | 1 << i) for i, keys in enumerate(cards)
    )


def held_keys(variant: Variant, hand: Sequence[Card]) -> Holding:
    """What the cards of ``hand`` can take (holding rule keys)."""
    keys = variant.holding_keys
    return Holding([keys[c] for c in hand])


def subsets_by_mask(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The cards of every subset, indexed by bit mask."""
    out: list[tuple[Card, ...]] = [()]
    for c in cards:  # the masks with this card's bit are those before it, plus the card
        out += [s + (c,) for s in out]
    return out


Item = TypeVar("Item")


def all_subsets(items: Sequence[Item]) -> list[tuple[Item, ...]]:
    """Every subset of a short list, the empty one first."""
    if len(items) < 2:  # the usual case, without combinations
        return [(), (items[0],)] if items else [()]
    return [combo for r in range(len(items) + 1) for combo in combinations(items, r)]


def generate_moves(pos: RoundState) -> list[Move]:
    """Every legal move of ``pos.to_move``; ``[]`` when the round is over."""
    seat = pos.to_move
    # the round can only be over when the mover has no card, or by the instant limit
    if (not pos.hands[seat] or pos.variant.instant_limit is not None) and pos.is_round_over():
        return []
    if pos.hidden_counts[seat]:
        raise ValueError(f"seat {seat}'s hand is not known")
    return _Generator(pos, seat).run()


def hand_moves(pos: RoundState, captures: bool = True, others: bool = True) -> list[Move]:
    """Every legal move of ``pos.to_move``, whose hand is known and holds a card, the
    round not over: :func:`generate_moves` without its checks, for the search, which
    may ask for the captures first and the other moves only if it needs them."""
    return _Generator(pos, pos.to_move).run(captures, others)


def captures_first(pos: RoundState) -> tuple[list[Move], bool]:
    """The captures of :func:`hand_moves`, or when there is none every move; and
    whether that is every move."""
    generator = _Generator(pos, pos.to_move)
    captures = generator.run(others=False)
    return (captures, False) if captures else (generator.run(captures=False), True)


class _Generator:
    """The state shared by the move generation of one position."""

    __slots__ = (
        "_capture_cache",
        "_held",
        "_holding",
        "build_values",
        "builds_on_table",
        "duty",
        "forced_capture",
        "hand",
        "numeric",
        "numeric_values",
        "own",
        "pos",
        "seat",
        "sweeping_five",
        "table",
        "table_empty",
        "terms",
        "totals",
        "unbound",
        "unheld",
        "values",
        "variant",
    )

    def __init__(self, pos: RoundState, seat: int) -> None:
        v = pos.variant
        self.pos = pos
        self.variant = v
        self.seat = seat
        self.hand = pos.hands[seat]
        self.values = v.value
        self.unheld = unheld = not holding_applies(v)  # no holding rule: build duty "penalty"
        builds = pos.builds
        if builds:
            mine: list[Build] = []  # the mover's builds
            plain: list[Build] = []  # face builds are taken and joined by rank only
            for b in builds:  # one loop, not two comprehensions: this runs for every position of a playout
                if b.owner == seat:
                    mine.append(b)
                if not b.face:
                    plain.append(b)
            own: Sequence[Build] = mine
            numeric_builds: Sequence[Build] = plain
            # a capture of a value needs loose cards of that total, a build of it, or a build as a term
            self.build_values = frozenset([b.value for b in numeric_builds])
            self.terms = v.build_in_sum != "none" and any(b.single for b in numeric_builds)
        else:
            own = numeric_builds = ()
            self.build_values, self.terms = _NONE, False
        self.own, self.builds_on_table = own, numeric_builds
        # No build of the mover's can be left unheld: the holding rule forbids nothing but new builds.
        self.unbound = unheld or not own
        self.duty = duty_in_force(v, bool(own))
        loose = pos.loose
        self.table = table = loose_numbers(v, loose)
        self.numeric, self.numeric_values, self.totals = table.numeric, table.values, table.totals
        self.table_empty = table_empty = not loose and not builds
        self.sweeping_five = trail_sweeps(v, FIVE_OF_SPADES, table_empty)
        self.forced_capture = capture_blocks_trail(v)
        self._holding: _HandHolding | None = None
        self._held: list[Holding | None] | None = None  # made when the holding rule is first asked
        self._capture_cache: dict[int, list[tuple[tuple[Card, ...], tuple[Build, ...]]]] = {}

    def run(self, captures: bool = True, others: bool = True) -> list[Move]:
        """Moves card by card (``i`` is the card's place in the hand), captures first;
        ``captures`` and ``others`` (builds, raises, adds and trails) choose which."""
        moves: list[Move] = []
        if not others:  # the captures alone (the next player's take, the search's first moves)
            if captures and not self.table_empty:
                for i, card in enumerate(self.hand):
                    moves += self.captures(card, i)
            return moves
        may_trail = self.duty == "free"
        # every build needs another card of the hand to take it, unless the holding rule is off
        may_build = bool(self.numeric or self.builds_on_table or self.variant.face_builds) and (
            self.unheld or len(self.hand) > 1
        )
        # no build of the mover's, no forced capture, no sweeping five: every card may trail
        plain_trail = may_trail and not self.own and not self.forced_capture and not self.sweeping_five
        # under forced capture a card's trail depends on its captures
        find = not self.table_empty and (captures or (may_trail and self.forced_capture))
        for i, card in enumerate(self.hand):
            taken = self.captures(card, i) if find else []
            if taken and captures:
                moves += taken
            if plain_trail:
                moves.append(new_tuple(Move, (card, "trail", 0, (), ())))
            elif may_trail:
                moves += self.trails(card, i, bool(taken))
            if may_build:
                built = self.builds(card, i)
                if built:
                    moves += built
        return moves

    # ---- holding rule --------------------------------------------------------

    def holding(self) -> _HandHolding:
        """What each card of the hand takes, how many cards take each value, and those
        values in order (made when first asked: most hands build nothing)."""
        holding = self._holding
        if holding is None:
            table = self.variant.holding_keys
            hand_keys: list[tuple[int, ...]] = []
            holders: dict[int, int] = {}
            for c in self.hand:
                keys = table[c]
                hand_keys.append(keys)
                for k in keys:
                    holders[k] = holders.get(k, 0) + 1
            holding = self._holding = new_tuple(_HandHolding, (hand_keys, holders, sorted(holders)))
        return holding

    def held(self, i: int) -> Holding:
        """What the hand can take once its ``i``-th card is played (made when first asked)."""
        cache = self._held
        if cache is None:
            cache = self._held = [None] * len(self.hand)
        held = cache[i]
        if held is None:
            keys = self.holding().keys
            flexible = None if self.variant.aces_high_active else False
            held = cache[i] = Holding(keys[:i] + keys[i + 1 :], flexible)
        return held

    def others_take(self, i: int, key: int) -> bool:
        """Whether a card of the hand other than the ``i``-th takes ``key``."""
        holding = self.holding()
        return holding.holders.get(key, 0) > (key in holding.keys[i])

    def holds(self, i: int, touched: Sequence[Build] = (), new_key: int | None = None) -> bool:
        """Whether the mover still holds a card for every build they control after playing the ``i``-th card.

        ``new_key``: the move makes (or changes) a build of the mover's with that key.
        """
        if self.unheld:
            return True
        if new_key is not None and not self.others_take(i, new_key):
            return False
        if not self.own:
            return True  # at most the new build to hold, and it is
        if not self.variant.aces_high_active:  # one value a card: each value needs only another card
            hand_keys, holders, _ = self.holding()
            mine = hand_keys[i]
            for b in self.own:
                if b not in touched:
                    key = FACE_KEY + b.value if b.face else b.value  # build_key, inline in this hot loop
                    if holders.get(key, 0) <= (key in mine):  # see others_take
                        return False
            return True
        held = self.held(i)
        union = held.union
        if not held.flexible:  # one value a card: each value needs only some card
            for b in self.own:
                if build_key(b) not in union and b not in touched:
                    return False
            return True
        required = {build_key(b) for b in self.own if b not in touched}
        if new_key is not None:
            required.add(new_key)
        return held.covers(required)

    # ---- captures ------------------------------------------------------------

    def captures(self, card: Card, i: int) -> list[Move]:
        values = self.variant.capture_values[card]
        out: list[Move] = []
        if len(values) == 1:
            value = values[0]
            if self.totals >> value & 1 or value in self.build_values or self.terms:
                for loose, builds in self._capture_sets(value):
                    out.append(new_tuple(Move, (card, "capture", value, loose, builds)))
        elif values:
            seen: set[tuple[tuple[Card, ...], tuple[Build, ...]]] = set()
            for value in values:
                for key in self._capture_sets(value):
                    if key not in seen:
                        seen.add(key)
                        out.append(new_tuple(Move, (card, "capture", value, *key)))
        else:
            out = self._face_captures(card)
        if self.sweeping_five and card == FIVE_OF_SPADES:
            everything = (tuple(self.pos.loose), tuple(self.pos.builds))
            if not any(len(m.loose) == len(everything[0]) and len(m.builds) == len(everything[1]) for m in out):
                out.append(new_tuple(Move, (card, "capture", 0, *everything)))
        if not out or self.unbound or (self.duty != "take_or_add" and self.holds(i)):
            return out  # every own build stays held whatever is taken
        return [m for m in out if self._capture_allowed(m, i)]

    def _capture_sets(self, value: int) -> list[tuple[tuple[Card, ...], tuple[Build, ...]]]:
        """(loose cards, builds) of every capture with ``value``, the empty one excluded."""
        cached = self._capture_cache.get(value)
        if cached is None:
            cached = self._capture_sets_with_builds(value) if self.pos.builds else self.table.captures(value)
            self._capture_cache[value] = cached
        return cached

    def _capture_sets_with_builds(self, value: int) -> list[tuple[tuple[Card, ...], tuple[Build, ...]]]:
        pos = self.pos
        terms: list[Build] = []  # builds that count in a sum (option build_in_sum)
        standalone: list[Build] = []  # builds of the value, taken whole
        my_side = pos.side_of(self.seat)
        for b in self.builds_on_table:  # face builds are taken by rank only
            if b.value < value and term_allowed(self.variant, b, my_side, pos.side_of(b.owner)):
                terms.append(b)
            elif b.value == value:
                standalone.append(b)
        extra = all_subsets(standalone)
        out: list[tuple[tuple[Card, ...], tuple[Build, ...]]] = []
        if not terms:
            for mask in self.table.splits(value):
                loose = self.table.cards(mask)
                for more in extra:
                    if mask or more:
                        out.append((loose, more))
            return out
        elements: list[Card | Build] = [*self.numeric, *terms]
        element_values = [*self.numeric_values, *(b.value for b in terms)]
        order = sorted(range(len(elements)), key=element_values.__getitem__)
        elements = [elements[i] for i in order]
        for mask in partitionable(tuple(element_values[i] for i in order), value):
            chosen = [elements[i] for i in bits(mask)]
            loose = tuple(c for c in chosen if isinstance(c, int))
            taken = tuple(b for b in chosen if isinstance(b, Build))
            out += [(loose, taken + more) for more in extra if mask or more]
        return out

    def _face_captures(self, card: Card) -> list[Move]:
        rank = RANK_INDEX[card]
        same = [c for c in self.pos.loose if RANK_INDEX[c] == rank]
        out: list[Move] = []
        if face_takes_one(self.variant):
            for c in same:
                out.append(new_tuple(Move, (card, "capture", rank, (c,), ())))
            return out
        face_builds = [b for b in self.pos.builds if b.face and b.value == rank]
        for loose in all_subsets(same):
            for builds in all_subsets(face_builds):
                if loose or builds:
                    out.append(new_tuple(Move, (card, "capture", rank, tuple(loose), builds)))
        return out

    def _capture_allowed(self, move: Move, i: int) -> bool:
        if self.duty == "take_or_add" and not any(b.owner == self.seat for b in move.builds):
            return False
        return self.holds(i, move.builds)

    # ---- trails --------------------------------------------------------------

    def trails(self, card: Card, i: int, can_capture: bool) -> list[Move]:
        """The trail of ``card``, when no build duty binds the mover (the caller checks)."""
        if self.sweeping_five and card == FIVE_OF_SPADES:
            return []  # playing it as a trail is the sweep, generated with the captures
        if self.forced_capture and can_capture:
            return []
        if not self.holds(i):
            return []
        return [new_tuple(Move, (card, "trail", 0, (), ()))]

    # ---- builds --------------------------------------------------------------

    def builds(self, card: Card, i: int) -> list[Move]:
        v = self.variant
        cv = self.values[card]
        if cv == 0:
            return self._face_builds(card, i) if v.face_builds else []
        out: list[Move] = []
        top = v.max_build
        if self.numeric and (self.unbound or (self.duty != "take_or_add" and self.holds(i))):
            # New builds: of a value that another card of the hand takes (any value under
            # "penalty"), when some loose cards total the value less the card's (to join it)
            # or the value itself (a pile of their own).
            totals, unheld = self.totals, self.unheld
            hand_keys, holders, held_values = self.holding()
            mine = hand_keys[i]
            for value in range(cv, top + 1) if unheld else held_values:
                if not (unheld or (cv <= value <= top and holders[value] > (value in mine))):  # see others_take
                    continue
                if (totals >> (value - cv) | totals >> value) & 1 and (self.unbound or self.holds(i, (), value)):
                    for loose in self.table.joining(cv, value, False):
                        out.append(new_tuple(Move, (card, "build", value, loose, ())))
        for target in self.builds_on_table:
            own = target.owner == self.seat
            if self.duty == "take_or_add" and not own:
                continue
            raised = target.value + cv
            if target.single and raised <= top and may_raise(v, target, self.seat):
                if self.unheld or self.holds(i, (target,), raised):
                    for mask in self.table.splits(raised):
                        out.append(new_tuple(Move, (card, "raise", raised, self.table.cards(mask), (target,))))
            if target.value >= cv and may_add(v, target, self.seat):
                if self.unheld or self.holds(i, (target,), target.value):
                    added = self.table.joining(cv, target.value, True)
                    out += [new_tuple(Move, (card, "add", target.value, loose, (target,))) for loose in added]
        return out

    def _face_builds(self, card: Card, i: int) -> list[Move]:
        rank = RANK_INDEX[card]
        key = FACE_KEY + rank
        if not (self.unheld or self.others_take(i, key)):
            return []
        same = [c for c in self.pos.loose if RANK_INDEX[c] == rank]
        out: list[Move] = []
        if self.duty != "take_or_add" and self.holds(i):
            out += [new_tuple(Move, (card, "build", rank, tuple(s), ())) for s in all_subsets(same)[1:]]
        for target in self.pos.builds:
            own = target.owner == self.seat
            if not target.face or target.value != rank or (self.duty == "take_or_add" and not own):
                continue
            if may_add(self.variant, target, self.seat) and self.holds(i, (target,)):
                out += [new_tuple(Move, (card, "add", rank, tuple(s), (target,))) for s in all_subsets(same)]
        return out


def breaks_duty(pos: RoundState, move: Move) -> bool:
    """Under build duty ``penalty``: the move neglects the mover's builds or leaves one unheld."""
    seat = pos.to_move
    own = [b for b in pos.builds if b.owner == seat]
    if own and not any(b.owner == seat for b in move.builds):
        return True
    # the keys of the mover's builds after the move (a build made or changed is the mover's, of the move's value)
    required = {build_key(b) for b in own if b not in move.builds}
    if move.kind in ("build", "raise", "add"):
        required.add(FACE_KEY + move.value if pos.variant.value[move.card] == 0 else move.value)
    if move.kind == "capture" and move.value == 0 and move.card == FIVE_OF_SPADES:
        return False  # the sweep takes every build
    if not required:
        return False
    hand = [c for c in pos.hands[seat] if c != move.card]
    return not held_keys(pos.variant, hand).covers(required)
