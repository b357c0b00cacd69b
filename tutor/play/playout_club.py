"""Club's choice in a playout's world, found without making its moves (docs/review.md, "A playout's club").

:func:`~tutor.play.heuristics.club_best` over :meth:`~tutor.core.position.Position.generate` makes every legal
move (a named tuple, its loose cards and builds), weighs each, and for the few that may be best makes the table
after it to look at the next player's best take.  Here the moves are walked in the move generator's order and only
described (the card's place in the hand, the kind, the value, the loose cards and a mask of the table's builds), each
weighed as :func:`~tutor.play.heuristics.club_promise` weighs it, the look computed from those descriptions, and only
the move chosen is made: the same move, since the ties go to the first move as there.

It covers the rules whose moves it walks (:func:`fits`): one capture value a card (no aces high), no face builds
(a valueless face card takes one card of its rank), builds never in a sum, no sweeping five, no forced capture, the build duty ``no_trail`` or
``free`` (so the holding rule applies and no breach is fined), no instant limit; and a world of known hands.
Elsewhere :func:`fast_club_move` answers None and the caller weighs the generated moves.  tests/test_playout_club.py
holds it to ``club_best`` on positions of every preset.
"""

from __future__ import annotations

import math

from tutor.core.cards import Card
from tutor.core.movegen import RANK_INDEX, LooseCards, all_subsets, loose_numbers
from tutor.core.moves import Move, new_tuple
from tutor.core.position import Position
from tutor.core.table import Build
from tutor.core.variant import Variant

from .heuristics import ClubWeights

KINDS = ("trail", "capture", "build", "raise", "add")
TRAIL, CAPTURE, BUILD, RAISE, ADD = 0, 1, 2, 3, 4
KEYS = 16
"""Holding keys counted (build and capture values: at most 14)."""


def fits(v: Variant, weights: ClubWeights) -> bool:
    """Whether :func:`fast_club_move` covers the rules of ``v`` and the rules of thumb of ``weights``."""
    return (not v.aces_high_active and not v.face_builds and v.build_in_sum == "none"
            and not v.five_of_spades_sweep and not v.forced_capture and v.build_duty in ("no_trail", "free")
            and v.instant_limit is None and v.max_build < KEYS
            and weights.card_worth >= 0 and not weights.spade_worth and not weights.follow_up and not weights.fair)


def fast_club_move(pos: Position, weights: ClubWeights) -> Move | None:
    """``club_best(pos, pos.generate(), weights)`` where :func:`fits` holds; None where a hand that matters is
    hidden or the mover holds no card (the caller then asks ``club_best``)."""
    seat = pos.to_move
    hand = pos.hands[seat]
    hidden = pos.hidden_counts
    if not hand or hidden[seat]:
        return None
    nxt = -1  # the seat whose take is looked at: the next that holds a card, when on another side
    for step in range(1, pos.players):
        other = (seat + step) % pos.players
        if pos.hands[other] or hidden[other]:
            if pos.side_of(other) != pos.side_of(seat):
                if hidden[other]:
                    return None
                nxt = other
            break
    choice = _Choice(pos, seat, hand, weights, nxt)
    return choice.best()


class _Choice:
    """One decision: the mover's moves described in the generator's order, their promises, and the looks."""

    def __init__(self, pos: Position, seat: int, hand: list[Card], weights: ClubWeights, nxt: int) -> None:
        v = pos.variant
        self.pos = pos
        self.seat = seat
        self.hand = hand
        self.nxt = nxt
        self.values: tuple[int, ...] = v.value
        self.points: tuple[int, ...] = v.card_points
        self.sweep_points: int = v.sweep_points
        self.top: int = v.max_build
        self.raise_own: bool = v.raise_own
        self.add_to_others: bool = v.add_to_others
        self.card_worth = weights.card_worth
        self.keep_weight = weights.keep_weight
        self.build_promise = weights.build_promise
        self.answer_bonus = weights.answer_bonus
        self.exposure = weights.exposure_weight
        self.loose: list[Card] = pos.loose
        self.builds: list[Build] = pos.builds
        self.table: LooseCards = loose_numbers(v, pos.loose)
        hv: list[int] = []
        holders = [0] * KEYS
        for c in hand:
            cv = self.values[c]
            hv.append(cv)
            if cv:
                holders[cv] += 1
        self.hv = hv
        self.holders = holders
        own: list[int] = []
        side = pos.side_of(seat)
        others = 0  # the builds of another side, as a mask
        for j, b in enumerate(pos.builds):
            if b.owner == seat:
                own.append(j)
            if pos.side_of(b.owner) != side:
                others |= 1 << j
        self.own = own
        self.others = others
        self.may_trail = not own or v.build_duty == "free"
        self.m_index: list[int] = []
        self.m_kind: list[int] = []
        self.m_value: list[int] = []
        self.m_loose: list[tuple[Card, ...]] = []
        self.m_builds: list[int] = []
        self.promises: list[float] = []

    def best(self) -> Move | None:
        """The move ``club_best`` chooses among the generated moves (None: there is none)."""
        self.walk()
        promises = self.promises
        if not promises:
            return None
        if len(promises) == 1:
            return self.move(0)
        best, most = 0, -math.inf
        looked = [False] * len(promises)
        while True:  # club_best's loop: the moves by promise, highest first, equal promises in order
            i = -1
            for k, promise in enumerate(promises):
                if not looked[k] and (i < 0 or promise > promises[i]):
                    i = k
            if i < 0 or promises[i] < most:
                break
            looked[i] = True
            if promises[i] == most and i > best:  # at most a tie, which goes to the first move
                continue
            value = promises[i] - self.exposure * self.look(i)
            if value > most or (value == most and i < best):
                best, most = i, value
        return self.move(best)

    def move(self, k: int) -> Move:
        """The ``k``-th move walked, made."""
        mask = self.m_builds[k]
        builds = tuple([b for j, b in enumerate(self.builds) if mask >> j & 1]) if mask else ()
        return new_tuple(Move, (self.hand[self.m_index[k]], KINDS[self.m_kind[k]], self.m_value[k], self.m_loose[k],
                                builds))

    # ---- the moves, in the generator's order ------------------------------------------------------------------

    def holds(self, i: int, touched: int, new_key: int) -> bool:
        """The generator's ``holds``: after the ``i``-th card, a card left for every build of the mover's not in
        ``touched`` (a mask), and for ``new_key`` (-1: none)."""
        holders, mine = self.holders, self.hv[i]
        if new_key >= 0 and holders[new_key] <= (1 if mine == new_key else 0):
            return False
        for j in self.own:
            if not touched >> j & 1:
                key = self.builds[j].value
                if holders[key] <= (1 if mine == key else 0):
                    return False
        return True

    def walk(self) -> None:
        """Every legal move described, in :func:`~tutor.core.movegen.generate_moves`' order, and its promise."""
        hand, table, builds = self.hand, self.table, self.builds
        unbound = not self.own
        find = bool(self.loose) or bool(builds)
        plain_trail = self.may_trail and unbound
        may_build = (bool(table.numeric) or bool(builds)) and len(hand) > 1
        build_values = 0
        for b in builds:
            build_values |= 1 << b.value
        for i, card in enumerate(hand):
            cv = self.hv[i]
            if find:
                held = unbound or self.holds(i, 0, -1)
                if cv:
                    if (table.totals | build_values) >> cv & 1:
                        self.captures(i, card, cv, held)
                else:
                    rank = RANK_INDEX[card]
                    for c in self.loose:
                        if RANK_INDEX[c] == rank and (held or self.holds(i, 0, -1)):
                            self.capture(i, card, rank, (c,), 0)
            if plain_trail or (self.may_trail and self.holds(i, 0, -1)):
                trail = 0.0
                trail -= self.keep_weight * self.points[card]
                self.add(i, TRAIL, 0, (), 0, trail)
            if may_build and cv:
                self.builds_of(i, card, cv, unbound)

    def captures(self, i: int, card: Card, value: int, held: bool) -> None:
        table = self.table
        if not self.builds:
            for mask in table.splits(value)[1:]:
                self.capture(i, card, value, table.cards(mask), 0)
            return
        extra = [0]
        standalone = [j for j, b in enumerate(self.builds) if b.value == value]
        if standalone:
            extra = []
            for subset in all_subsets(standalone):
                m = 0
                for j in subset:
                    m |= 1 << j
                extra.append(m)
        for mask in table.splits(value):
            loose = table.cards(mask)
            for more in extra:
                if (mask or more) and (held or self.holds(i, more, -1)):
                    self.capture(i, card, value, loose, more)

    def capture(self, i: int, card: Card, value: int, loose: tuple[Card, ...], taken: int) -> None:
        points = self.points
        total = points[card]
        cards = len(loose)
        for c in loose:
            total += points[c]
        n = 0
        if taken:
            for j, b in enumerate(self.builds):
                if taken >> j & 1:
                    n += 1
                    cards += len(b.cards)
                    for c in b.cards:
                        total += points[c]
        if len(loose) == len(self.loose) and n == len(self.builds):
            total += self.sweep_points
        promise = 0.0
        promise += total + self.card_worth * (1 + cards)
        if taken & self.others:
            promise += self.answer_bonus
        self.add(i, CAPTURE, value, loose, taken, promise)

    def builds_of(self, i: int, card: Card, cv: int, unbound: bool) -> None:
        table, holders, top = self.table, self.holders, self.top
        if table.numeric and (unbound or self.holds(i, 0, -1)):
            totals = table.totals
            for value in range(cv, top + 1):
                if holders[value] > (1 if value == cv else 0):
                    if (totals >> (value - cv) | totals >> value) & 1 and (unbound or self.holds(i, 0, value)):
                        for loose in table.joining(cv, value, False):
                            self.build(i, card, BUILD, value, loose, 0)
        for j, target in enumerate(self.builds):
            raised = target.value + cv
            if target.single and raised <= top and (target.owner != self.seat or self.raise_own):
                if self.holds(i, 1 << j, raised):
                    for mask in table.splits(raised):
                        self.build(i, card, RAISE, raised, table.cards(mask), 1 << j)
            if target.value >= cv and (target.owner == self.seat or self.add_to_others):
                if self.holds(i, 1 << j, target.value):
                    for loose in table.joining(cv, target.value, True):
                        self.build(i, card, ADD, target.value, loose, 1 << j)

    def build(self, i: int, card: Card, kind: int, value: int, loose: tuple[Card, ...], target: int) -> None:
        points = self.points
        total, cards = points[card], 1 + len(loose)
        for c in loose:
            total += points[c]
        if target:
            b = self.builds[target.bit_length() - 1]
            cards += len(b.cards)
            for c in b.cards:
                total += points[c]
        promise = 0.0
        promise -= self.keep_weight * points[card]
        promise += self.build_promise * (total + self.card_worth * (cards + 1))
        self.add(i, kind, value, loose, target, promise)

    def add(self, i: int, kind: int, value: int, loose: tuple[Card, ...], builds: int, promise: float) -> None:
        self.m_index.append(i)
        self.m_kind.append(kind)
        self.m_value.append(value)
        self.m_loose.append(loose)
        self.m_builds.append(builds)
        self.promises.append(promise)

    # ---- the look at the next player's take -------------------------------------------------------------------

    def look(self, k: int) -> float:
        """:func:`~tutor.play.risk.likely_take` of the ``k``-th move: the worth of the next player's best capture
        on the table after it (:func:`~tutor.play.risk.best_take`'s float)."""
        if self.nxt < 0:
            return 0.0
        kind, used, touched = self.m_kind[k], self.m_loose[k], self.m_builds[k]
        card = self.hand[self.m_index[k]]
        if kind == TRAIL:
            loose = [*self.loose, card]
        elif used:
            loose = [c for c in self.loose if c not in used]
        else:
            loose = self.loose
        # the builds after the move: (value, owner, points, cards) of each
        b_value: list[int] = []
        b_owner: list[int] = []
        b_points: list[int] = []
        b_cards: list[int] = []
        points = self.points
        for j, b in enumerate(self.builds):
            if not touched >> j & 1:
                b_value.append(b.value)
                b_owner.append(b.owner)
                total = 0
                for c in b.cards:
                    total += points[c]
                b_points.append(total)
                b_cards.append(len(b.cards))
        if kind >= BUILD:
            total, cards = points[card], 1 + len(used)
            for c in used:
                total += points[c]
            if touched:
                b = self.builds[touched.bit_length() - 1]
                cards += len(b.cards)
                for c in b.cards:
                    total += points[c]
            b_value.append(self.m_value[k])
            b_owner.append(self.seat)
            b_points.append(total)
            b_cards.append(cards)
        if not loose and not b_value:
            return 0.0
        return self.next_take(loose, b_value, b_owner, b_points, b_cards)

    def next_take(self, loose: list[Card], b_value: list[int], b_owner: list[int], b_points: list[int],
                  b_cards: list[int]) -> float:
        """:func:`~tutor.play.risk.best_take` of the next player on the table of ``loose`` and the builds."""
        pos, nxt, values, points = self.pos, self.nxt, self.values, self.points
        hand = pos.hands[nxt]
        table = loose_numbers(pos.variant, loose)
        holders = [0] * KEYS
        for c in hand:
            cv = values[c]
            if cv:
                holders[cv] += 1
        own_values: list[int] = [value for value, owner in zip(b_value, b_owner) if owner == nxt]
        per_card, sweep_points = self.card_worth, self.sweep_points
        by_value = [-2.0] * KEYS  # -2: not worked out yet; -1: no capture of the value
        best = 0.0
        for card in hand:
            cv = values[card]
            if cv:
                take = by_value[cv]
                if take == -2.0:
                    take = by_value[cv] = self.best_of_value(table, loose, cv, b_value, b_points, b_cards)
            else:
                rank = RANK_INDEX[card]
                sweep = sweep_points if len(loose) == 1 and not b_value else 0
                take = -1.0
                for c in loose:
                    if RANK_INDEX[c] == rank:
                        one = points[c] + sweep + per_card * 1
                        if take < 0 or one > take:
                            take = one
            if take > best and (not own_values or self.may_take(holders, cv, own_values)):
                best = take
        return best

    def best_of_value(self, table: LooseCards, loose: list[Card], value: int, b_value: list[int],
                      b_points: list[int], b_cards: list[int]) -> float:
        """:func:`~tutor.play.risk._best_of_value`'s worth (-1.0: no capture of ``value``)."""
        total = cards = n = 0
        for j, bv in enumerate(b_value):
            if bv == value:
                total += b_points[j]
                cards += b_cards[j]
                n += 1
        if not table.totals >> value & 1 and not n:
            return -1.0
        numeric = table.numeric
        whole = -1
        total_swept = total
        if n == len(b_value):
            total_swept = total + self.sweep_points
            if len(numeric) == len(loose):
                whole = (1 << len(numeric)) - 1
        points, per_card = self.points, self.card_worth
        best = -1.0
        for mask in table.splits(value):
            if mask or n:
                more = more_cards = 0
                m, place = mask, 0
                while m:
                    if m & 1:
                        more += points[numeric[place]]
                        more_cards += 1
                    m >>= 1
                    place += 1
                worth = (total_swept if mask == whole else total) + more + per_card * (cards + more_cards)
                if worth > best:
                    best = worth
        return best if best >= 0 else -1.0

    def may_take(self, holders: list[int], cv: int, own_values: list[int]) -> bool:
        """:func:`~tutor.play.risk._may_take`: a card of value ``cv`` (0: a face card) takes the builds of its value,
        and every other build of the next player's keeps another card of its value in the hand."""
        for value in own_values:
            if value != cv and holders[value] <= 0:
                return False
        return True
