"""Judging a typed move: the legal move it names, or the rule it breaks.

Legality itself comes from the move generator (one source of truth); this
module matches what was typed against the legal moves and, when nothing
matches, walks the rules in the order a teacher would check them to name the
most specific :class:`~tutor.core.moves.Reason`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TypeVar

from .cards import SUITS, Card
from .cards import card as card_of
from .movegen import Holding, build_key, generate_moves, held_keys
from .moves import Move, Reason
from .notation import BuildRef, CardRef, Intent, move_notation
from .rules import (
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
from .table import Build, group_items, piles
from .variant import FACE_KEY

_MAX_READINGS = 256


def judge(pos: RoundState, intent: Intent) -> list[Move] | Reason:
    """The legal moves the intent can mean (one or more), or why there is none."""
    if pos.is_round_over():
        return Reason("round_over")
    seat = pos.to_move
    hand = pos.hands[seat]
    cards = intent.card.candidates(hand)
    if not cards:
        params: dict[str, object] = {"card": str(intent.card), "hand": list(hand)}
        if intent.card.suits:  # a German K, Kreuz or Karo: the cards it may mean
            params["either"] = [card_of(intent.card.rank, SUITS.index(s)) for s in intent.card.suits]
        return Reason("card_not_in_hand", params)
    readings = _readings(pos, intent, cards)
    if isinstance(readings, Reason):
        as_value = _value_typed_apart(pos, intent)
        return judge(pos, as_value) if as_value is not None else _plain(pos, readings)
    legal = generate_moves(pos)
    found: list[Move] = []
    first_reason: Reason | None = None
    for card, loose, builds in readings:
        matches = [m for m in legal if _matches(pos, m, intent, card, loose, builds)]
        if matches:
            found += [m for m in matches if m not in found]
        elif first_reason is None:
            first_reason = _Diagnosis(pos, card, loose, builds, intent).reason()
    if found:
        return found
    assert first_reason is not None
    return _plain(pos, first_reason)


def _value_typed_apart(pos: RoundState, intent: Intent) -> Intent | None:
    """``3S b 10`` with no 10 on the table: the number is the build's value, as in ``3S b10``."""
    if intent.op != "build" or intent.value is not None or intent.builds or len(intent.cards) != 1:
        return None
    ref = intent.cards[0]
    if ref.card is not None or ref.suits or ref.rank == 1 or ref.candidates(pos.table_cards()):
        return None
    return replace(intent, value=ref.rank, face_value=ref.rank > 10, groups=())


def _plain(pos: RoundState, reason: Reason) -> Reason:
    """The reason with each build as its piles and each move in the notation: cards, numbers and text only."""

    def show(v: object) -> object:
        if isinstance(v, Build):
            return piles(v, pos.variant.value)
        if isinstance(v, Move):
            return move_notation(v, pos.loose, pos.builds, pos.variant.value)
        if isinstance(v, list):
            return [show(x) for x in v]
        return v

    return Reason(reason.code, {k: show(v) for k, v in reason.params.items()})


# ---- resolving what was typed ---------------------------------------------------


def _readings(
    pos: RoundState, intent: Intent, cards: list[Card]
) -> list[tuple[Card, tuple[Card, ...], tuple[Build, ...]]] | Reason:
    """Every way to read the typed cards and builds as things on the table."""
    loose_choices: list[list[Card]] = []
    for ref in intent.cards:
        options = ref.candidates(pos.loose)
        if not options:
            return _missing_card(pos, ref, intent)
        loose_choices.append(options)
    build_choices: list[list[Build]] = []
    parts: list[BuildRef] = []  # brackets that name no build alone: together, one build's piles split by a new pile
    for bref in intent.builds:
        targets = [b for b in pos.builds if build_matches(bref, b, pos.variant.face_builds)]
        if targets:
            build_choices.append(targets)
        elif bref.value is None and len(intent.builds) > 1:
            parts.append(bref)
        else:
            return Reason("build_not_on_table", {"build": _bref_text(bref)})
    homes: dict[Build, list[BuildRef]] = {}
    for part in parts:
        home = [b for b in pos.builds if all(cref.candidates(list(b.cards)) for cref in part.cards)]
        if len(home) != 1:
            return Reason("build_not_on_table", {"build": _bref_text(part)})
        homes.setdefault(home[0], []).append(part)
    for build, split in homes.items():
        if len(split) < 2 or not build_matches(BuildRef(tuple(c for p in split for c in p.cards)), build, False):
            return Reason("build_not_on_table", {"build": _bref_text(split[0])})
        build_choices.append([build])
    out: list[tuple[Card, tuple[Card, ...], tuple[Build, ...]]] = []
    for card in cards:
        for loose in _distinct(loose_choices):
            for builds in _distinct(build_choices):
                out.append((card, loose, builds))
                if len(out) >= _MAX_READINGS:
                    return out
    if not out:
        named = [str(c) for c in intent.cards] + [_bref_text(b) for b in intent.builds]
        twice = next((n for n in named if named.count(n) > 1), named[-1])
        return Reason("named_twice", {"item": twice})
    return out


_T = TypeVar("_T")


def _distinct(choices: list[list[_T]]) -> Iterator[tuple[_T, ...]]:
    """Each way to pick one option for every slot, no option twice, in the order of ``product``.

    A slot's options are the table items one typed name can mean (all the
    aces for ``A``, one card for ``AH``).  When the slots whose options lie
    within one slot's options outnumber them, no way exists, and that is seen
    before searching: otherwise ``A+A+…+A`` would try every combination of
    the aces.
    """
    sets = [frozenset(options) for options in choices]
    if any(sum(other <= s for other in sets) > len(s) for s in set(sets)):
        return
    taken: list[_T] = []

    def pick(slot: int) -> Iterator[tuple[_T, ...]]:
        if slot == len(choices):
            yield tuple(taken)
            return
        for item in choices[slot]:
            if item not in taken:
                taken.append(item)
                yield from pick(slot + 1)
                taken.pop()

    yield from pick(0)


def _missing_card(pos: RoundState, ref: CardRef, intent: Intent) -> Reason:
    for b in pos.builds:
        if ref.candidates(list(b.cards)):
            # the kind of move, and a card that can take the build, let the words show the move with the build
            # in brackets
            params = {"card": str(ref), "build": b, "played": str(intent.card), "op": intent.op,
                      "taker": _taker(pos, b, intent.card)}
            return Reason("card_in_build", params)
    held = ref.candidates(pos.hands[pos.to_move])  # named as if on the table, but in the mover's own hand
    return Reason("card_not_on_table", {"card": str(ref), "held": held} if held else {"card": str(ref)})


def _taker(pos: RoundState, build: Build, played: CardRef) -> str | None:
    """A card of the mover's that some legal capture takes ``build`` with: the one typed when it can, else
    the first in the hand; None when no card can take it now."""
    takers = {m.card for m in generate_moves(pos) if m.kind == "capture" and build in m.builds}
    hand = pos.hands[pos.to_move]
    typed = [c for c in played.candidates(hand) if c in takers]
    found = typed or [c for c in hand if c in takers]
    return str(found[0]) if found else None


def build_matches(ref: BuildRef, b: Build, face_builds: bool) -> bool:
    """Whether the build typed as ``ref`` (its cards, or its value) may be ``b``."""
    if ref.value is not None:
        # [K] is a face build of kings where those exist, else a build of 13 (royal)
        return b.value == ref.value and (b.face == ref.face or not face_builds)
    if len(ref.cards) != len(b.cards):
        return False
    pool = list(b.cards)
    for cref in ref.cards:
        options = cref.candidates(pool)
        if not options:
            return False
        pool.remove(options[0])
    return True


def _bref_text(ref: BuildRef) -> str:
    if ref.value is not None:
        return f"[{ref.value}]"
    return "[" + "+".join(str(c) for c in ref.cards) + "]"


def _matches(pos: RoundState, m: Move, intent: Intent, card: Card, loose: tuple[Card, ...], builds: tuple[Build, ...]) -> bool:
    if m.card != card:
        return False
    if intent.op == "trail":
        if m.kind == "trail":
            return True
        return m.kind == "capture" and trail_sweeps(pos.variant, card, pos.table_empty) and pos.is_sweep(m)
    if intent.op == "capture":
        if m.kind != "capture" or set(m.loose) != set(loose):
            return False
        return set(m.builds) == set(builds)
    if m.kind not in ("build", "raise", "add") or set(m.loose) != set(loose) or set(m.builds) != set(builds):
        return False
    return intent.value is None or m.value == intent.value


# ---- naming the broken rule ----------------------------------------------------------


def shared_pair(held: Holding, required: set[int], first: Sequence[int] | None = None) -> tuple[int, int] | None:
    """Two of ``required`` that one card of ``held`` would have to take, each having a card but not a card for each
    (an ace, counting 1 or 14 under ``aces_high``, for a 1-build and a 14-build; docs/readings.md, 1): the first of
    ``first`` (``required`` in order by default) with the first other in order; None if ``required`` is covered or
    a value of it has no card."""
    if held.covers(required) or not required <= held.union:
        return None
    others = sorted(required)
    return next(((a, b) for a in (others if first is None else first) for b in others
                 if a != b and not held.covers({a, b})), None)


class _Diagnosis:
    """The checks, in teaching order, for one reading of a move that is not legal."""

    def __init__(self, pos: RoundState, card: Card, loose: tuple[Card, ...], builds: tuple[Build, ...], intent: Intent):
        self.pos = pos
        self.v = pos.variant
        self.card = card
        self.loose = loose
        self.builds = builds
        self.intent = intent
        self.seat = pos.to_move
        self.own = [b for b in pos.builds if b.owner == self.seat]
        self.duty = duty_in_force(self.v, bool(self.own))
        self.holding_applies = holding_applies(self.v)
        rest = [c for c in pos.hands[self.seat] if c != card]
        self.held = held_keys(self.v, rest)
        self.values = self.v.value

    def reason(self) -> Reason:
        op = self.intent.op
        found = self.trail() if op == "trail" else self.capture() if op == "capture" else self.build()
        return found or Reason("not_a_move", {"card": self.card})

    # -- shared checks --

    def holding(self, touched: Sequence[Build] = (), new_key: int | None = None) -> Reason | None:
        """The builds left to the mover (and the one made) each keep a card to take them."""
        if not self.holding_applies:
            return None
        left = [b for b in self.own if b not in touched]
        for b in left:
            if build_key(b) not in self.held:
                return Reason("holding_rule", {"card": self.card, "build": b, "value": b.value_label})
        required = {build_key(b) for b in left} | ({new_key} if new_key is not None else set())
        # every value has a card, but the one ace left (1 or 14) would have to serve a 1-build and a 14-build
        pair = shared_pair(self.held, required, [build_key(b) for b in reversed(left)]) if left else None
        if pair is None:
            return None
        b = next(b for b in reversed(left) if build_key(b) == pair[0])
        keys = self.v.holding_keys
        holder = next(c for c in self.pos.hands[self.seat] if c != self.card and set(pair) <= set(keys[c]))
        return Reason("holding_rule", {"card": self.card, "build": b, "value": b.value_label, "shared": str(pair[1]),
                                       "holder": holder})

    def duty_take_or_add(self, touched: Sequence[Build]) -> Reason | None:
        if self.duty == "take_or_add" and not any(b.owner == self.seat for b in touched):
            return Reason("must_take_or_add", {"builds": list(self.own)})
        return None

    def total(self, items: Sequence[Card | Build]) -> int:
        return sum(i.value if isinstance(i, Build) else self.values[i] for i in items)

    # -- trail --

    def trail(self) -> Reason | None:
        if self.duty == "no_trail":
            return Reason("controller_may_not_trail", {"card": self.card, "builds": list(self.own)})
        if self.duty == "take_or_add":
            return Reason("must_take_or_add", {"builds": list(self.own)})
        if capture_blocks_trail(self.v):
            captures = [m for m in generate_moves(self.pos) if m.card == self.card and m.kind == "capture"]
            if captures:
                return Reason("forced_capture", {"card": self.card, "capture": captures[0]})
        return self.holding()

    # -- capture --

    def capture(self) -> Reason | None:
        if not self.loose and not self.builds:
            return Reason("nothing_to_take", {"card": self.card})
        values = self.v.capture_values[self.card]
        if not values:
            return self.face_capture() or self.after_capture()
        reasons = [self.capture_with(v) for v in values]
        if any(r is None for r in reasons):
            return self.after_capture()
        # An ace counting 1 or 14: a value at which the sum works tells more than a sum that fails.
        found = next((r for r in reasons if r is not None and r.code != "sum_mismatch"), reasons[0])
        if found is not None and found.code == "sum_mismatch" and len(values) > 1 and "build" not in found.params:
            return Reason("sum_mismatch", {**found.params, "values": list(values)})
        return found

    def face_capture(self) -> Reason | None:
        rank = self.card.rank_index
        others = [c for c in self.loose if c.rank_index != rank]
        if others:
            return Reason("rank_mismatch", {"card": self.card, "others": others})
        for b in self.builds:
            if not b.face or b.value != rank:
                return Reason("rank_mismatch", {"card": self.card, "build": b})
        if face_takes_one(self.v) and len(self.loose) + len(self.builds) > 1:
            return Reason("face_card_takes_one", {"card": self.card, "count": len(self.loose) + len(self.builds)})
        return None

    def capture_with(self, value: int) -> Reason | None:
        """Why the named items are not a capture of ``value``; a build counts as a term only where the sum works."""
        face = next((c for c in self.loose if self.values[c] == 0), None)
        if face is not None:
            return Reason("taken_by_rank_only", {"card": self.card, "other": face})
        for b in self.builds:
            if b.face:
                return Reason("taken_by_rank_only", {"card": self.card, "build": b})
            if b.value > value:
                return Reason("sum_mismatch", {"card": self.card, "value": value, "build": b, "total": b.value})
        terms: list[Card | Build] = [*self.loose, *(b for b in self.builds if b.value != value)]
        if group_items(terms, lambda t: t.value if isinstance(t, Build) else self.values[t], value) is None:
            return self.sum_mismatch(value, terms)
        my_side = self.pos.side_of(self.seat)
        for b in self.builds:
            if b.value == value or term_allowed(self.v, b, my_side, self.pos.side_of(b.owner)):
                continue
            if self.v.build_in_sum == "none":
                code = "build_not_a_term"
            elif not b.single:
                code = "multiple_build_not_a_term"
            else:
                code = "own_build_not_a_term"
            return Reason(code, {"card": self.card, "build": b, "value": value})
        return None

    def sum_mismatch(self, value: int, terms: Sequence[Card | Build], op: str | None = None) -> Reason:
        """The terms do not split into groups of ``value``; ``op`` (capture, build, raise) chooses the words."""
        cards = [t for t in terms if not isinstance(t, Build)]
        builds = [t for t in terms if isinstance(t, Build)]
        params: dict[str, object] = {"card": self.card, "value": value, "cards": cards, "total": self.total(terms),
                                     "op": op or self.intent.op}
        if builds:
            params["builds"] = builds
        for group in self.intent.groups:
            named = [c for c in cards if any(r.candidates([c]) for r in group)]
            if len(group) > 1 and named and self.total(named) != value:
                params["group"] = named
                params["group_total"] = self.total(named)
                break
        return Reason("sum_mismatch", params)

    def after_capture(self) -> Reason | None:
        return self.duty_take_or_add(self.builds) or self.holding(self.builds)

    # -- builds --

    def build(self) -> Reason | None:
        cv = self.values[self.card]
        if cv == 0 and not self.v.face_builds:
            return Reason("no_value", {"card": self.card})
        if len(self.builds) > 1:
            return Reason("one_build_at_a_time", {"card": self.card, "builds": list(self.builds)})
        target = self.builds[0] if self.builds else None
        if cv == 0 or (target is not None and target.face):
            return self.face_build(target)
        face = next((c for c in self.loose if self.values[c] == 0), None)
        if face is not None:
            return Reason("no_value", {"card": face})
        value = self.intent.value
        if value is not None and value < cv:
            return Reason("value_below_card", {"card": self.card, "value": value})
        if target is None:
            return self.new_build(cv)
        base = target.value
        if value is None:
            add_ok = self.splits([self.card, *self.loose], base)
            value = base if add_ok or not target.single else base + cv
        if value == base:
            return self.add(target, cv)
        if value == base + cv:
            return self.raise_(target, cv)
        if target.single and self.loose and value == base + cv + self.total(self.loose):
            return Reason("loose_changes_single_build", {"card": self.card, "build": target, "loose": list(self.loose), "value": value})
        if value < base:  # no move lowers a build
            return Reason("sum_mismatch", {"card": self.card, "value": value, "build": target, "total": base})
        if not target.single:
            return Reason("multiple_build_fixed", {"card": self.card, "build": target})
        if value > self.v.max_build:
            return Reason("build_too_high", {"card": self.card, "value": value, "max": self.v.max_build})
        return Reason("sum_mismatch", {"card": self.card, "value": value, "build": target, "total": base + cv})

    def needs_table_cards(self) -> Reason:
        """A build of the card alone; with a build this card can make (of the value typed) as the example."""
        params: dict[str, object] = {"card": self.card}
        example = next((m for m in generate_moves(self.pos) if m.card == self.card and m.kind not in ("trail", "capture")
                        and self.intent.value in (None, m.value)), None)
        if example is not None:
            params["example"] = example
        return Reason("build_needs_table_cards", params)

    def splits(self, cards: Sequence[Card], value: int) -> bool:
        return group_items(cards, self.values.__getitem__, value) is not None

    def new_build(self, cv: int) -> Reason | None:
        if not self.loose:
            return self.needs_table_cards()
        value = self.intent.value
        if value is None:
            options = [v for v in range(cv, self.v.max_build + 1) if self.splits([self.card, *self.loose], v)]
            if not options:  # not even one pile of everything: the total is too high
                total = cv + self.total(self.loose)
                return Reason("build_too_high", {"card": self.card, "value": total, "max": self.v.max_build})
            value = options[0]
        if value > self.v.max_build:
            return Reason("build_too_high", {"card": self.card, "value": value, "max": self.v.max_build})
        if not self.splits([self.card, *self.loose], value):
            return self.sum_mismatch(value, [self.card, *self.loose])
        return self.build_duty_and_holding(value, str(value), None)

    def build_duty_and_holding(self, key: int, label: str, target: Build | None) -> Reason | None:
        """The build duty, then the holding rule: for the build made (``key``, shown as ``label``), then the others."""
        touched = [target] if target is not None else []
        reason = self.duty_take_or_add(touched)
        if reason:
            return reason
        if self.holding_applies and key not in self.held:
            return Reason("value_not_held", {"card": self.card, "value": label})
        return self.holding(touched, key)

    def raise_(self, target: Build, cv: int) -> Reason | None:
        if not target.single:
            return Reason("multiple_build_fixed", {"card": self.card, "build": target})
        value = target.value + cv
        if value > self.v.max_build:
            return Reason("build_too_high", {"card": self.card, "value": value, "max": self.v.max_build})
        if not may_raise(self.v, target, self.seat):
            return Reason("raise_own_forbidden", {"card": self.card, "build": target})
        if self.loose and not self.splits(self.loose, value):
            if self.intent.value is not None:
                return self.sum_mismatch(value, self.loose, "raise")
            return Reason("loose_changes_single_build", {"card": self.card, "build": target, "loose": list(self.loose), "value": value})
        return self.build_duty_and_holding(value, str(value), target)

    def add(self, target: Build, cv: int) -> Reason | None:
        if not may_add(self.v, target, self.seat):
            return Reason("add_to_others_forbidden", {"card": self.card, "build": target})
        if not self.splits([self.card, *self.loose], target.value):
            return self.sum_mismatch(target.value, [self.card, *self.loose])
        return self.build_duty_and_holding(target.value, target.value_label, target)

    def face_build(self, target: Build | None) -> Reason | None:
        rank = self.card.rank_index
        if self.values[self.card] != 0 or (target is not None and target.value != rank):
            return Reason("face_build_rank", {"card": self.card, "build": target})
        if self.intent.value not in (None, rank):
            return Reason("face_build_value", {"card": self.card, "value": self.intent.value})
        for c in self.loose:
            if c.rank_index != rank:
                return Reason("face_build_rank", {"card": self.card, "other": c})
        if target is None and not self.loose:
            return self.needs_table_cards()
        if target is not None and not may_add(self.v, target, self.seat):
            return Reason("add_to_others_forbidden", {"card": self.card, "build": target})
        return self.build_duty_and_holding(FACE_KEY + rank, self.card.rank, target)
