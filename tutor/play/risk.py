"""What the next opponent is likely to take after a move, from the cards the mover cannot see.

:func:`tutor.core.solver.exposure_after` gives the worst case: the most any
hand the next player may hold could take.  A player weighing a trail or a
build needs the likely case: a sweep open to one unseen king out of three is
not the risk of a sweep open to any card.  :func:`likely_take` values each
capture the next player could make by the card it needs, and weights the
best take of each such card by the chance that the player holds one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import repeat

from tutor.core.cards import SPADE, Card
from tutor.core.movegen import RANK_INDEX, LooseCards, build_key, hand_moves, held_keys, loose_numbers
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.rules import FIVE_OF_SPADES, duty_in_force, face_takes_one, holding_applies, trail_sweeps
from tutor.core.solver import table_points, unseen_cards
from tutor.core.subsets import bits
from tutor.core.table import Build
from tutor.core.variant import Variant

TakeWorth = Callable[[Position, Move], float]
"""The worth of a capture to whoever makes it (the position before it)."""


class CardWorth:
    """A capture's worth: the round points it takes from the table (a sweep included), ``per_card`` a card taken
    and ``per_spade`` more a spade taken.  A :data:`TakeWorth` whose best take :func:`best_take` finds without
    generating the captures.  A plain class, not a dataclass: the club makes one a move it weighs, and a compiled
    plain class is made several times faster."""

    def __init__(self, per_card: float, per_spade: float = 0.0) -> None:
        self.per_card = per_card
        self.per_spade = per_spade

    def __repr__(self) -> str:
        return f"CardWorth({self.per_card!r}, {self.per_spade!r})"

    def __call__(self, pos: Position, move: Move) -> float:
        cards = move.captured_cards()
        worth = table_points(pos, move) + self.per_card * len(cards)
        if self.per_spade:
            worth += self.per_spade * sum(map(SPADE.__getitem__, cards))
        return worth


def likely_take(pos: Position, move: Move, worth: TakeWorth, fair: bool = False) -> float:
    """The expected ``worth`` of the best capture of the next player once the mover has played ``move``.

    Nothing when no opponent plays next in this deal (as for
    :func:`~tutor.core.solver.exposure_after`).  The next player's known cards
    are certain; of its hidden ones, each unseen card is as likely as any
    other.  Cards that capture alike (one rank; the five of spades apart where
    it sweeps) are one *kind*; the chance that a hand of ``h`` hidden cards
    holds one of the ``k`` unseen cards of a kind, out of ``u`` unseen, is
    ``1 - C(u-k, h) / C(u, h)``.  Kinds are taken best take first, each
    counted when the hand holds it and none better (as if held independently).

    With ``fair``, in a world of known hands (a playout's), the next player's hand is judged as the mover sees
    it: every card the mover cannot see (the other hands and the stock) as likely to be in it.
    """
    mover = pos.to_move
    side = pos.side_of(mover)
    if pos.variant.instant_limit is None:  # then the move ends the round only when no other seat holds a card
        seat = _next_holder(pos)
        if seat is None or pos.side_of(seat) == side:
            return 0.0
        if not pos.hidden_counts[seat] and not fair:
            return _known_best(pos, move, seat, worth)
    pos.push(move)
    try:
        seat = pos.to_move
        if pos.is_round_over() or pos.side_of(seat) == side or not pos.hand_size(seat):
            return 0.0
        if fair and not pos.hidden_counts[seat]:
            return _fair_best(pos, worth, mover)
        return _expected_best(pos, worth)
    finally:
        pos.pop()


def _next_holder(pos: Position) -> int | None:
    """The seat that plays after the mover, as :meth:`~tutor.core.position.Position.push` finds it, when it is
    another seat: the next that holds a card (None: no other seat does)."""
    hands, hidden = pos.hands, pos.hidden_counts
    for step in range(1, pos.players):
        seat = (pos.to_move + step) % pos.players
        if hands[seat] or hidden[seat]:
            return seat
    return None


def _known_best(pos: Position, move: Move, seat: int, worth: TakeWorth) -> float:
    """The ``worth`` of the best capture of ``seat`` (its hand known, next to play) once the mover has played
    ``move``: the position is only given the table after the move and ``seat`` to move, not the whole move
    (the next player's captures and their worth depend on nothing else), which is cheaper."""
    after_loose, after_builds = pos.table_after(move)
    if not after_loose and not after_builds:  # nothing to take: spare the generator's setup
        return 0.0
    mover, loose, builds = pos.to_move, pos.loose, pos.builds
    pos.loose, pos.builds, pos.to_move = after_loose, after_builds, seat
    try:
        return best_capture(pos, worth)
    finally:
        pos.to_move, pos.loose, pos.builds = mover, loose, builds


def best_capture(pos: Position, worth: TakeWorth) -> float:
    """The ``worth`` of the best capture of the player to move (its hand known), at least 0.0: by
    :func:`best_take` where it answers, else over the captures generated."""
    if isinstance(worth, CardWorth):
        best = best_take(pos, pos.to_move, worth)
        if best is not None:
            return best
    moves = hand_moves(pos, others=False)
    return max([0.0, *map(worth, repeat(pos, len(moves)), moves)])


Take = tuple[float, Sequence[Build]]
"""The worth of a capture, and the builds it takes."""


def best_take(pos: Position, seat: int, worth: CardWorth) -> float | None:
    """The ``worth`` of the best capture of ``seat`` (its hand known) on the table of ``pos``, at least 0.0:
    ``max`` of ``worth`` over its captures (:func:`~tutor.core.movegen.hand_moves` with ``others=False``), found
    without making them, the same float.  None where builds count in sums (``build_in_sum``): then the captures
    must be generated.

    Every card and build a capture takes adds to its worth, and a sweep more, so a card's best capture takes
    every build of its value and the loose cards of its best split into groups of the value.  Where the holding
    rule or the build duty forbids that capture, it forbids every capture of that value (each takes fewer of
    the seat's builds).
    """
    v, loose, builds = pos.variant, pos.loose, pos.builds
    if not loose and not builds:
        return 0.0
    if worth.per_card < 0 or worth.per_spade < 0:
        return None
    if v.build_in_sum != "none" and any(b.single and not b.face for b in builds):
        return None
    own = [b for b in builds if b.owner == seat] if holding_applies(v) else []
    must_take_own = duty_in_force(v, bool(own)) == "take_or_add"
    table = loose_numbers(v, loose)
    hand = pos.hands[seat]
    sweeping_five = trail_sweeps(v, FIVE_OF_SPADES, False)
    values_of, points, sweep_points = v.capture_values, v.card_points, v.sweep_points
    by_value: dict[int, Take | None] = {}
    best = 0.0
    for i, card in enumerate(hand):
        if sweeping_five and card == FIVE_OF_SPADES:
            sweep = (_worth(worth, points, [*loose, *_cards_of(builds)], sweep_points), builds)
            best = _better(best, sweep, v, hand, i, own, must_take_own)
        capture_values = values_of[card]
        if not capture_values:
            best = _better(best, _best_face_take(pos, card, worth), v, hand, i, own, must_take_own)
        for value in capture_values:
            if value not in by_value:
                by_value[value] = _best_of_value(pos, worth, table, value, points, sweep_points)
            best = _better(best, by_value[value], v, hand, i, own, must_take_own)
    return best


def _better(best: float, take: Take | None, v: Variant, hand: Sequence[Card], i: int, own: list[Build],
            must_take_own: bool) -> float:
    """The worth of ``take`` (a capture by the ``i``-th card of ``hand``) where it is above ``best`` and the rules
    let the card make it (:func:`_may_take`), else ``best``."""
    if take is not None and take[0] > best and (not own or _may_take(v, hand, i, own, take[1], must_take_own)):
        return take[0]
    return best


def _best_of_value(pos: Position, worth: CardWorth, table: LooseCards, value: int, points: Sequence[int],
                   sweep_points: int) -> Take | None:
    """The worth of the best capture of ``value`` and the builds it takes (None: there is none); ``table`` is the
    loose cards', ``points`` and ``sweep_points`` the variant's.  It takes every build of the value and the loose
    cards of a set that splits into groups of the value; each worth is :func:`_worth`'s float, from the same sums
    (without a list of the cards taken)."""
    loose, builds = pos.loose, pos.builds
    taken = [b for b in builds if not b.face and b.value == value]
    if not table.totals >> value & 1 and not taken:
        return None
    total = cards = spades = 0  # the builds' part
    for b in taken:
        for c in b.cards:
            total += points[c]
            cards += 1
            spades += SPADE[c]
    if len(taken) == len(builds):
        total_swept = total + sweep_points  # the sweep's point is the whole table's: every loose card too
        whole = (1 << len(table.numeric)) - 1 if len(table.numeric) == len(loose) else -1
    else:
        total_swept, whole = total, -1
    numeric = table.numeric
    best = -1.0
    for mask in table.splits(value):
        if mask or taken:
            more = more_cards = more_spades = 0
            for i in bits(mask):
                c = numeric[i]
                more += points[c]
                more_cards += 1
                more_spades += SPADE[c]
            best = max(best, _sum_worth(worth, (total_swept if mask == whole else total) + more,
                                        cards + more_cards, spades + more_spades))
    return (best, taken) if best >= 0 else None


def _best_face_take(pos: Position, card: Card, worth: CardWorth) -> Take | None:
    """:func:`_best_of_value` for a valueless face card: one card of its rank, or every card and face build of it."""
    v, rank = pos.variant, RANK_INDEX[card]
    if face_takes_one(v):
        sweep = v.sweep_points if len(pos.loose) == 1 and not pos.builds else 0
        points = v.card_points
        best: float | None = None
        for c in pos.loose:
            if RANK_INDEX[c] == rank:
                one = _sum_worth(worth, points[c] + sweep, 1, SPADE[c])
                if best is None or one > best:
                    best = one
        return None if best is None else (best, ())
    same = [c for c in pos.loose if RANK_INDEX[c] == rank]
    face = [b for b in pos.builds if b.face and b.value == rank]
    if not same and not face:
        return None
    sweep = v.sweep_points if len(same) == len(pos.loose) and len(face) == len(pos.builds) else 0
    return _worth(worth, v.card_points, same + _cards_of(face), sweep), face


def _may_take(v: Variant, hand: Sequence[Card], i: int, own: list[Build], taken: Sequence[Build],
              must_take_own: bool) -> bool:
    """Whether the ``i``-th card of ``hand`` may capture ``taken`` (builds) when its player controls ``own``: the
    build duty (``must_take_own``) and the holding rule (every build of theirs not taken keeps a card to take it),
    as the move generator rules."""
    if must_take_own and not any(b in own for b in taken):
        return False
    rest = {build_key(b) for b in own if b not in taken}
    return not rest or held_keys(v, [c for j, c in enumerate(hand) if j != i]).covers(rest)


def _cards_of(builds: Sequence[Build]) -> list[Card]:
    return [c for b in builds for c in b.cards]


def _worth(worth: CardWorth, points: Sequence[int], cards: Sequence[Card], sweep: int) -> float:
    """``worth`` of a capture of ``cards``, ``sweep`` points more: :meth:`CardWorth.__call__`'s float, by the
    same operations."""
    total = sweep
    spades = 0
    for c in cards:
        total += points[c]
        spades += SPADE[c]
    value = total + worth.per_card * len(cards)
    if worth.per_spade:
        value += worth.per_spade * spades
    return value


def _sum_worth(worth: CardWorth, total: int, cards: int, spades: int) -> float:
    """``worth`` of a capture of ``cards`` cards (``spades`` of them spades) worth ``total`` points, a sweep
    included: :func:`_worth`'s float from its sums."""
    value = total + worth.per_card * cards
    if worth.per_spade:
        value += worth.per_spade * spades
    return value


def _expected_best(pos: Position, worth: TakeWorth) -> float:
    """The expected ``worth`` of the best capture of the player to move, from the cards of the others."""
    seat = pos.to_move
    known, hidden = pos.hands[seat], pos.hidden_counts[seat]
    if not hidden:  # a known hand (a playout's world): its best take, for sure
        return best_capture(pos, worth)
    return _expected_of(pos, worth, known, hidden, unseen_cards(pos))


def _fair_best(pos: Position, worth: TakeWorth, mover: int) -> float:
    """:func:`_expected_best` in a world of known hands, as ``mover`` sees it: the hand of the player to move
    unknown, drawn from the cards ``mover`` cannot see (every other hand and the stock)."""
    seat = pos.to_move
    hand = pos.hands[seat]
    assert pos.stock is not None
    unseen = [c for s, h in enumerate(pos.hands) if s != mover for c in h] + list(pos.stock)
    try:
        pos.hands[seat] = []
        return _expected_of(pos, worth, [], len(hand), unseen)
    finally:
        pos.hands[seat], pos.hidden_counts[seat] = hand, 0


def _expected_of(pos: Position, worth: TakeWorth, known: list[Card], hidden: int, unseen: list[Card]) -> float:
    """The expected ``worth`` of the best capture of the player to move, holding ``known`` and ``hidden`` cards
    drawn from ``unseen``."""
    seat = pos.to_move
    kinds: dict[object, list[Card]] = {}
    for c in unseen:
        kinds.setdefault(_kind(pos, c), []).append(c)
    best: dict[object, float] = {}
    try:  # one card of each kind beside the known ones: every capture of each is generated once
        pos.hands[seat] = [*known, *(cards[0] for cards in kinds.values())]
        pos.hidden_counts[seat] = 0
        for m in hand_moves(pos, others=False):
            key = m.card if m.card in known else _kind(pos, m.card)
            best[key] = max(best.get(key, 0.0), worth(pos, m))
    finally:
        pos.hands[seat] = known
        pos.hidden_counts[seat] = hidden
    chances = sorted(((take, _chance(len(unseen), len(kinds[key]), hidden) if key in kinds else 1.0)
                      for key, take in best.items()), reverse=True)
    expected, none_better = 0.0, 1.0
    for take, chance in chances:
        expected += take * chance * none_better
        none_better *= 1.0 - chance
    return expected


def _kind(pos: Position, card: Card) -> object:
    """Cards of one kind capture alike: the rank, and the five of spades apart when it sweeps."""
    return card.rank_index, pos.variant.five_of_spades_sweep and card == FIVE_OF_SPADES


def _chance(unseen: int, of_kind: int, hidden: int) -> float:
    """The chance that ``hidden`` cards drawn from ``unseen`` include one of ``of_kind`` of them."""
    none = 1.0
    for i in range(min(hidden, unseen)):  # past ``unseen`` a factor was 0 already
        none *= max(0, unseen - of_kind - i) / (unseen - i)
    return 1.0 - none
