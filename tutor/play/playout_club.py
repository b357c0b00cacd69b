"""Club's choice in a playout's world, found without making its moves (docs/review.md, "A playout's club on its
own").

:func:`~tutor.play.heuristics.club_best` over :meth:`~tutor.core.position.Position.generate` makes every legal
move (a named tuple, its loose cards and builds), weighs each, and for the few that may be best makes the table
after it to look at the next player's best take.  Here the moves are walked in the move generator's order and only
described (the card's place in the hand, the kind, the value, the loose cards and a mask of the table's builds), each
weighed as :func:`~tutor.play.heuristics.club_promise` weighs it, the look computed from those descriptions and a
key of the loose cards (:class:`~.playout_state.LookTable`), and only the move chosen is made: the same move, since
the ties go to the first move as there.  In a playout it is played in place (:meth:`PlayoutClub.play_out`).

It covers the rules whose moves it walks (:func:`fits`): one capture value a card (no aces high), no face builds
(a valueless face card takes one card of its rank), builds never in a sum, no sweeping five, no forced capture, the
build duty ``no_trail``, ``free`` or ``penalty`` (Michigan: every move legal, the holding rule waived, and a breach
of the duty, :meth:`PlayoutClub.breaks`, weighed as ``club_promise`` weighs it and fined when played), with or
without an instant limit (a breach that reaches it leaves no next take to look at, and a playout stops where it
is reached); and a world of known hands (:func:`in_place`); elsewhere the playouts weigh the generated moves by
``club_best``.
tests/test_playout_club.py makes the moves walked and the choice, and holds them to the generator and ``club_best``
on positions of every preset it covers.
"""

from __future__ import annotations

import math

from tutor.core.cards import Card
from tutor.core.movegen import RANK_INDEX, LooseCards, all_subsets
from tutor.core.position import Position
from tutor.core.state import any_card
from tutor.core.table import Build
from tutor.core.variant import Variant

from .heuristics import ClubWeights
from .playout_state import KEYS, Kept, LookTable, PlayoutRules, known, rules_of

TRAIL, CAPTURE, BUILD, RAISE, ADD = 0, 1, 2, 3, 4


def fits(v: Variant, weights: ClubWeights) -> bool:
    """Whether :class:`PlayoutClub` covers the rules of ``v`` and the rules of thumb of ``weights``."""
    return (not v.aces_high_active and not v.face_builds and v.build_in_sum == "none"
            and not v.five_of_spades_sweep and not v.forced_capture and v.build_duty != "take_or_add"
            and v.max_build < KEYS
            and weights.card_worth >= 0 and not weights.spade_worth and not weights.follow_up and not weights.fair)


def in_place(pos: Position, weights: ClubWeights) -> bool:
    """Whether a playout by ``weights`` from ``pos`` is played in place (:meth:`PlayoutClub.play_out`): the club
    covers the rules and every card is known (a world)."""
    return fits(pos.variant, weights) and known(pos)


class PlayoutClub:
    """Club's choice by ``weights`` (where :func:`fits` holds) in the positions of a playout, one after another: the
    mover's moves described in the generator's order, their promises, and the looks (its lists kept from one
    position to the next)."""

    pos: Position
    variant: Variant | None
    seat: int
    hand: list[Card]
    nxt: int
    rules: PlayoutRules
    loose: list[Card]
    builds: list[Build]
    table: LooseCards
    key: int
    others: int
    own: int
    nxt_own: int
    may_trail: bool
    breach_ends: bool
    fines: bool
    fine: float
    walked: int

    def __init__(self, weights: ClubWeights) -> None:
        self.variant = None
        self.card_worth = weights.card_worth
        self.keep_weight = weights.keep_weight
        self.build_promise = weights.build_promise
        self.answer_bonus = weights.answer_bonus
        self.exposure = weights.exposure_weight
        self.penalty_weight = weights.penalty_weight
        self.nxt_hand: list[Card] = []
        # Lists kept from one position to the next, each written over from its start (an emptied list gives up its
        # room, and every append after it grows it again): the first ``len(hand)``, ``len(builds)`` or
        # :attr:`walked` items are the position's.
        self.hv: list[int] = []  # the hand's values
        self.holders = [0] * KEYS  # by value, the hand's cards of it
        self.counted = 0  # the cards ``holders`` counts (:func:`_count_values`)
        self.nxt_hv: list[int] = []
        self.nxt_holders = [0] * KEYS
        self.nxt_counted = 0
        self.b_value: list[int] = []  # by build: its value, points and cards
        self.b_points: list[int] = []
        self.b_cards: list[int] = []
        self.m_code: list[int] = []  # by move walked: its card (its place in the hand), kind and value (:meth:`add`)
        self.m_loose: list[tuple[Card, ...]] = []
        self.m_builds: list[int] = []
        self.promises: list[float] = []

    def setup(self, pos: Position) -> bool:
        """The position's facts read, its moves not yet walked; False where a hand that matters is hidden or the
        mover holds no card (there ``club_best`` chooses)."""
        seat = pos.to_move
        hand = pos.hands[seat]
        hidden = pos.hidden_counts
        if not hand or hidden[seat]:
            return False
        nxt = -1  # the seat whose take is looked at: the next that holds a card, when on another side
        for step in range(1, pos.players):
            other = (seat + step) % pos.players
            if pos.hands[other] or hidden[other]:
                if pos.side_of(other) != pos.side_of(seat):
                    if hidden[other]:
                        return False
                    nxt = other
                break
        if pos.variant is not self.variant:
            self.variant = pos.variant
            self.rules = rules_of(pos.variant)
            self.nxt_hand = []  # its values are another variant's
            # club_promise's cost of a breach of the build duty (penalty), a breach's build promising nothing
            self.fines = self.rules.unheld and bool(self.penalty_weight)
            self.fine = self.penalty_weight * self.rules.penalty
        rules = self.rules
        self.pos = pos
        self.seat = seat
        self.hand = hand
        self.nxt = nxt
        self.loose = pos.loose
        self.builds = pos.builds
        values, points, units = rules.values, rules.points, rules.units
        key = order = 0  # the loose cards' key for the look (PlayoutRules.units) and their order (six bits a card)
        for card in pos.loose:
            # Each loop's card unboxed to an int, annotated where it is assigned: a tuple indexed by an int, not through
            # the item protocol (a Card is no native int; a bare annotation is narrowed to Card by the loop).
            c: int = card
            key += units[c]
            order = order << 6 | (c + 1)
        self.key = key
        self.table = rules.loose_cards(order, pos.loose)
        if hand is self.nxt_hand:  # the last position's next player moves, its hand as it was: counted already
            self.hv, self.nxt_hv = self.nxt_hv, self.hv
            self.holders, self.nxt_holders = self.nxt_holders, self.holders
            self.counted, self.nxt_counted = self.nxt_counted, self.counted
        else:
            _count_values(hand, values, self.hv, self.holders, self.counted)
            self.counted = len(hand)
        self.nxt_hand = pos.hands[nxt] if nxt >= 0 else []
        _count_values(self.nxt_hand, values, self.nxt_hv, self.nxt_holders, self.nxt_counted)
        self.nxt_counted = len(self.nxt_hand)
        b_value, b_points, b_cards = self.b_value, self.b_points, self.b_cards
        side = pos.side_of(seat)
        own = nxt_own = others = 0  # the builds of the mover, of the next player and of another side, as masks
        for j, b in enumerate(pos.builds):
            if b.owner == seat:
                own |= 1 << j
            elif b.owner == nxt:
                nxt_own |= 1 << j
            if pos.side_of(b.owner) != side:
                others |= 1 << j
            total = 0
            for card in b.cards:
                part: int = card
                total += points[part]
            if j < len(b_value):
                b_value[j], b_points[j], b_cards[j] = b.value, total, len(b.cards)
            else:
                b_value.append(b.value)
                b_points.append(total)
                b_cards.append(len(b.cards))
        # Under the build duty penalty no holding rule limits the next player's take (risk.best_take).
        self.own, self.nxt_own, self.others = own, 0 if rules.unheld else nxt_own, others
        self.may_trail = not own or rules.free
        limit = rules.limit  # a breach that brings the mover's instant scores to it ends the round: no next take
        self.breach_ends = limit is not None and pos.instant_marks(seat) + 1 >= limit
        self.walked = 0
        return True

    def chosen(self) -> int:
        """The place among the moves walked of the move ``club_best`` chooses (-1: there is none)."""
        self.walk()
        promises, walked = self.promises, self.walked
        if walked <= 1:
            return walked - 1
        best, most = 0, -math.inf
        looked = 0  # the moves looked at, a mask
        while True:  # club_best's loop: the moves by promise, highest first, equal promises in order
            i, top = -1, 0.0
            for k in range(walked):
                if not looked >> k & 1:
                    promise = promises[k]
                    if i < 0 or promise > top:
                        i, top = k, promise
            if i < 0 or top < most:
                break
            looked |= 1 << i
            if top == most and i > best:  # at most a tie, which goes to the first move
                continue
            value = top - self.exposure * self.look(i)
            if value > most or (value == most and i < best):
                best, most = i, value
        return best

    # ---- a playout's moves, played -----------------------------------------------------------------------------

    def play_out(self, pos: Position, horizon: int | None, plies: int = 0) -> Kept:
        """Club's moves played on ``pos`` (where :func:`in_place` holds), ``plies`` played before them, until the
        ``horizon``-th ply (None: no limit) or the deal's end (no hand holds a card), each as
        :meth:`~tutor.core.position.Position.push` plays it but without its ``Move`` and undo record, on lists of
        ``pos``'s own: what they replace is kept, and returned to be put back.  An instant limit reached ends the
        round at once (:meth:`~tutor.core.state.RoundState.is_round_over`)."""
        kept = Kept(pos)
        limited = pos.variant.instant_limit is not None
        marked = limited  # an instant score may have reached the limit: before the first move, or by the last
        while plies != horizon and any_card(pos.hands) and not (marked and pos.limit_reached()):
            if not self.setup(pos):
                raise ValueError("a playout's mover holds no card")
            marked = self.play(self.chosen()) and limited
            plies += 1
        return kept

    def play(self, k: int) -> bool:
        """The ``k``-th move walked played on the position :meth:`setup` read (its round not over), in place;
        whether it scores an instant mark (a breach fined, a sweep)."""
        pos, seat, rules = self.pos, self.seat, self.rules
        assert pos.captured is not None and pos.sweeps is not None and pos.stock is not None
        assert pos.penalties is not None
        code, used, taken = self.m_code[k], self.m_loose[k], self.m_builds[k]
        kind, value = code >> 5 & 7, code & 31
        fined = rules.unheld and self.breaks(code >> 8, taken, value if kind >= BUILD else -1)
        if fined:
            pos.penalties[seat] += 1
        swept = False
        hand, loose, builds = self.hand, self.loose, self.builds
        card = hand.pop(code >> 8)
        if kind == TRAIL:
            loose.append(card)
        else:
            for gone in used:
                loose.remove(gone)
        if kind == CAPTURE:
            pile = pos.captured[seat]
            pile.append(card)
            pile.extend(used)
            if taken:  # the builds' cards in the table's order, as the move's builds
                for j in range(len(builds)):
                    if taken >> j & 1:
                        pile.extend(builds[j].cards)
                for j in range(len(builds) - 1, -1, -1):
                    if taken >> j & 1:
                        del builds[j]
            pos.last_capturer = seat
            if not loose and not builds:
                pos.sweeps[seat] += 1
                swept = True
        elif kind == BUILD:
            values = rules.values
            played: int = card  # unboxed, as in :meth:`setup`
            total = values[played]
            for one in used:
                part: int = one
                total += values[part]
            cards = [card, *used]
            cards.sort()
            builds.append(Build(value, tuple(cards), seat, total == value, False))
        elif kind != TRAIL:  # a raise or an add: the build the move changes goes to the end
            j = taken.bit_length() - 1
            target = builds[j]
            cards = [card, *used, *target.cards]
            cards.sort()
            del builds[j]
            builds.append(Build(value, tuple(cards), seat, kind == RAISE and not used, target.face))
        stock = pos.stock
        if rules.draw and stock:
            hand.append(stock[0])
            del stock[0]
        pos.to_move = pos.next_seat(seat)
        # As Position.push: the round ends with the last card, or where an instant mark reaches the limit (a fine; a
        # sweep leaves no table to give).
        round_may_end = not hand or (fined and rules.limit is not None)
        if round_may_end and (loose or builds) and pos.last_capturer is not None and pos.is_round_over():
            pos.award_residue()
        return fined or swept

    # ---- the moves, in the generator's order ------------------------------------------------------------------

    def holds(self, i: int, touched: int, new_key: int) -> bool:
        """The generator's ``holds`` where the holding rule applies: after the ``i``-th card, a card left for every
        build of the mover's not in ``touched`` (a mask), and for ``new_key`` (-1: none)."""
        holders, mine = self.holders, self.hv[i]
        if new_key >= 0 and holders[new_key] <= (1 if mine == new_key else 0):
            return False
        left, j = self.own & ~touched, 0
        while left:
            if left & 1:
                key = self.b_value[j]
                if holders[key] <= (1 if mine == key else 0):
                    return False
            left >>= 1
            j += 1
        return True

    def breaks(self, i: int, touched: int, new_key: int) -> bool:
        """:func:`~tutor.core.movegen.breaks_duty` of a move by the ``i``-th card that takes, raises or adds to the
        builds ``touched`` (a mask) and makes or changes one of ``new_key`` (-1: none): the mover has builds and it
        takes or changes none of them, or it leaves one of the mover's (the one it makes too) without a card for it."""
        return (bool(self.own) and not touched & self.own) or not self.holds(i, touched, new_key)

    def walk(self) -> None:
        """Every legal move described, in :func:`~tutor.core.movegen.generate_moves`' order, and its promise."""
        hand, table, builds = self.hand, self.table, self.builds
        unheld = self.rules.unheld  # build duty penalty: no move is held back by the holding rule
        unbound = unheld or not self.own
        find = bool(self.loose) or bool(builds)
        plain_trail = self.may_trail and unbound
        may_build = (bool(table.numeric) or bool(builds)) and (unheld or len(hand) > 1)
        build_values = 0
        for b in builds:
            build_values |= 1 << b.value
        for i, card in enumerate(hand):
            index: int = card  # unboxed, as in :meth:`setup`
            cv = self.hv[i]
            if find:
                held = unbound or self.holds(i, 0, -1)
                if cv:
                    if (table.totals | build_values) >> cv & 1:
                        self.captures(i, card, cv, held)
                else:
                    rank = RANK_INDEX[index]
                    for c in self.loose:
                        same: int = c
                        if RANK_INDEX[same] == rank and (held or self.holds(i, 0, -1)):
                            self.capture(i, card, rank, (c,), 0)
            if plain_trail or (self.may_trail and self.holds(i, 0, -1)):
                trail = 0.0
                if self.fines and self.breaks(i, 0, -1):
                    trail -= self.fine
                trail -= self.keep_weight * self.rules.points[index]
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
        points = self.rules.points
        played: int = card  # unboxed, as in :meth:`setup`
        total = points[played]
        cards = len(loose)
        for one in loose:
            c: int = one
            total += points[c]
        n = 0
        if taken:
            for j in range(len(self.builds)):
                if taken >> j & 1:
                    n += 1
                    cards += self.b_cards[j]
                    total += self.b_points[j]
        if len(loose) == len(self.loose) and n == len(self.builds):
            total += self.rules.sweep_points
        promise = 0.0
        if self.fines and self.breaks(i, taken, -1):
            promise -= self.fine
        promise += total + self.card_worth * (1 + cards)
        if taken & self.others:
            promise += self.answer_bonus
        self.add(i, CAPTURE, value, loose, taken, promise)

    def builds_of(self, i: int, card: Card, cv: int, unbound: bool) -> None:
        table, holders, top, unheld = self.table, self.holders, self.rules.top, self.rules.unheld
        if table.numeric and (unbound or self.holds(i, 0, -1)):
            totals = table.totals
            for value in range(cv, top + 1):
                if unheld or holders[value] > (1 if value == cv else 0):
                    if (totals >> (value - cv) | totals >> value) & 1 and (unbound or self.holds(i, 0, value)):
                        for loose in table.joining(cv, value, False):
                            self.build(i, card, BUILD, value, loose, 0)
        for j, target in enumerate(self.builds):
            raised = target.value + cv
            if target.single and raised <= top and (target.owner != self.seat or self.rules.raise_own):
                if unheld or self.holds(i, 1 << j, raised):
                    for mask in table.splits(raised):
                        self.build(i, card, RAISE, raised, table.cards(mask), 1 << j)
            if target.value >= cv and (target.owner == self.seat or self.rules.add_to_others):
                if unheld or self.holds(i, 1 << j, target.value):
                    for loose in table.joining(cv, target.value, True):
                        self.build(i, card, ADD, target.value, loose, 1 << j)

    def build(self, i: int, card: Card, kind: int, value: int, loose: tuple[Card, ...], target: int) -> None:
        played: int = card  # unboxed, as in :meth:`setup`
        total, cards = self.new_build(played, loose, target)
        breach = self.fines and self.breaks(i, target, value)  # then a build the mover cannot take: no promise
        promise = 0.0
        if breach:
            promise -= self.fine
        promise -= self.keep_weight * self.rules.points[played]
        if not breach:
            promise += self.build_promise * (total + self.card_worth * (cards + 1))
        self.add(i, kind, value, loose, target, promise)

    def new_build(self, card: int, loose: tuple[Card, ...], target: int) -> tuple[int, int]:
        """The points and cards of the build that ``card`` (unboxed) and ``loose`` make, or add to the build
        ``target`` (a mask of one build; 0: none)."""
        points = self.rules.points
        total, cards = points[card], 1 + len(loose)
        for one in loose:
            c: int = one  # unboxed, as in :meth:`setup`
            total += points[c]
        if target:
            j = target.bit_length() - 1
            total += self.b_points[j]
            cards += self.b_cards[j]
        return total, cards

    def add(self, i: int, kind: int, value: int, loose: tuple[Card, ...], builds: int, promise: float) -> None:
        """A move walked: the card's place ``i``, the kind and the value in one int (the value below 32), the loose
        cards, the builds (a mask) and the promise."""
        k, code = self.walked, (i << 3 | kind) << 5 | value
        if k < len(self.promises):
            self.m_code[k], self.m_loose[k], self.m_builds[k], self.promises[k] = code, loose, builds, promise
        else:
            self.m_code.append(code)
            self.m_loose.append(loose)
            self.m_builds.append(builds)
            self.promises.append(promise)
        self.walked = k + 1

    # ---- the look at the next player's take -------------------------------------------------------------------

    def look(self, k: int) -> float:
        """:func:`~tutor.play.risk.likely_take` of the ``k``-th move: the worth of the next player's best capture
        on the table after it (:func:`~tutor.play.risk.best_take`'s float), the loose cards a key
        (:attr:`~.playout_state.PlayoutRules.units`)."""
        if self.nxt < 0:
            return 0.0
        code, used, touched = self.m_code[k], self.m_loose[k], self.m_builds[k]
        kind = code >> 5 & 7
        if self.breach_ends and self.breaks(code >> 8, touched, code & 31 if kind >= BUILD else -1):
            return 0.0  # the round ends at once
        card: int = self.hand[code >> 8]  # the cards unboxed, as in :meth:`setup`
        units = self.rules.units
        key, loose = self.key, len(self.loose)
        if kind == TRAIL:
            key += units[card]
            loose += 1
        else:
            for one in used:
                c: int = one
                key -= units[c]
            loose -= len(used)
        builds = len(self.builds)
        left = touched
        while left:
            builds -= left & 1
            left >>= 1
        new_value = new_points = new_cards = 0  # the build the move makes or changes (value 0: none)
        if kind >= BUILD:
            new_value = code & 31
            new_points, new_cards = self.new_build(card, used, touched)
            builds += 1
        if not loose and not builds:
            return 0.0
        return self.next_take(self.rules.table(key), loose, builds, touched, new_value, new_points, new_cards)

    def next_take(self, table: LookTable, loose: int, builds: int, touched: int, new_value: int, new_points: int,
                  new_cards: int) -> float:
        """:func:`~tutor.play.risk.best_take` of the next player on ``table`` (``loose`` cards) and ``builds``
        builds: the table's but ``touched`` (a mask), and a new one of ``new_value`` (0: none) of the mover's."""
        rules, hand, values = self.rules, self.nxt_hand, self.nxt_hv
        points, per_card, sweep_points = rules.points, self.card_worth, rules.sweep_points
        best = 0.0
        seen = 0  # the values looked at: a second card of one takes as the first
        for k, card in enumerate(hand):
            cv = values[k]
            if cv:
                if seen >> cv & 1:
                    continue
                seen |= 1 << cv
                take = self.best_of_value(table, loose, builds, touched, cv, new_value, new_points, new_cards)
            else:  # a face card takes one loose card of its rank
                sweep = sweep_points if loose == 1 and not builds else 0
                index: int = card  # unboxed, as in :meth:`setup`
                first = 4 * (RANK_INDEX[index] - 1)
                same = table.faces >> first & 15
                take = -1.0
                for suit in range(4):
                    if same >> suit & 1:
                        one = points[first + suit] + sweep + per_card * 1
                        if take < 0 or one > take:
                            take = one
            if take > best and self.may_take(cv, touched):
                best = take
        return best

    def best_of_value(self, table: LookTable, loose: int, builds: int, touched: int, value: int, new_value: int,
                      new_points: int, new_cards: int) -> float:
        """:func:`~tutor.play.risk._best_of_value`'s worth (-1.0: no capture of ``value``): every build of the
        value, and the loose cards of a set that splits into groups of it (:meth:`~.playout_state.LookTable.takes`)."""
        total = cards = n = 0
        b_value = self.b_value
        for j in range(len(self.builds)):
            if b_value[j] == value and not touched >> j & 1:
                total += self.b_points[j]
                cards += self.b_cards[j]
                n += 1
        if new_value == value:
            total += new_points
            cards += new_cards
            n += 1
        if not table.totals >> value & 1 and not n:
            return -1.0
        per_card = self.card_worth
        sweeps = n == builds  # a capture of every loose card sweeps
        best = -1.0
        if n:  # the builds alone
            best = (total + self.rules.sweep_points if sweeps and not loose else total) + per_card * cards
        takes = table.takes(value)
        for t in range(0, len(takes), 2):
            worth = total + takes[t] + per_card * (cards + takes[t + 1])
            if worth > best:
                best = worth
        if sweeps and loose and table.whole_splits(value) and table.numeric == loose:
            worth = total + self.rules.sweep_points + table.points + per_card * (cards + loose)
            if worth > best:
                best = worth
        return best if best >= 0 else -1.0

    def may_take(self, cv: int, touched: int) -> bool:
        """:func:`~tutor.play.risk._may_take`: a card of value ``cv`` (0: a face card) takes the builds of its value,
        and every other build of the next player's keeps another card of its value in the hand (the move's own
        build is the mover's)."""
        holders = self.nxt_holders
        left, j = self.nxt_own & ~touched, 0
        while left:
            if left & 1:
                value = self.b_value[j]
                if value != cv and holders[value] <= 0:
                    return False
            left >>= 1
            j += 1
        return True


def _count_values(hand: list[Card], values: tuple[int, ...], hv: list[int], holders: list[int], before: int) -> None:
    """``hand``'s values into ``hv`` (written over from its start) and, by value, its cards of it into ``holders``
    (which counted the ``before`` values first in ``hv``)."""
    for k in range(before):
        holders[hv[k]] = 0
    for k, card in enumerate(hand):
        mine: int = card  # unboxed, as in :meth:`PlayoutClub.setup`
        cv = values[mine]
        if k < len(hv):
            hv[k] = cv
        else:
            hv.append(cv)
        if cv:
            holders[cv] += 1
