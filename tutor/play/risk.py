"""What the next opponent is likely to take after a move, from the cards the mover cannot see.

:func:`tutor.core.solver.exposure_after` gives the worst case: the most any
hand the next player may hold could take.  A player weighing a trail or a
build needs the likely case: a sweep open to one unseen king out of three is
not the risk of a sweep open to any card.  :func:`likely_take` values each
capture the next player could make by the card it needs, and weights the
best take of each such card by the chance that the player holds one.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat

from tutor.core.cards import Card
from tutor.core.movegen import hand_moves
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.rules import FIVE_OF_SPADES
from tutor.core.solver import unseen_cards

TakeWorth = Callable[[Position, Move], float]
"""The worth of a capture to whoever makes it (the position before it)."""


def likely_take(pos: Position, move: Move, worth: TakeWorth) -> float:
    """The expected ``worth`` of the best capture of the next player once the mover has played ``move``.

    Nothing when no opponent plays next in this deal (as for
    :func:`~tutor.core.solver.exposure_after`).  The next player's known cards
    are certain; of its hidden ones, each unseen card is as likely as any
    other.  Cards that capture alike (one rank; the five of spades apart where
    it sweeps) are one *kind*; the chance that a hand of ``h`` hidden cards
    holds one of the ``k`` unseen cards of a kind, out of ``u`` unseen, is
    ``1 - C(u-k, h) / C(u, h)``.  Kinds are taken best take first, each
    counted when the hand holds it and none better (as if held independently).
    """
    side = pos.side_of(pos.to_move)
    if pos.variant.instant_limit is None:  # then the move ends the round only when no other seat holds a card
        seat = _next_holder(pos)
        if seat is None or pos.side_of(seat) == side:
            return 0.0
        if not pos.hidden_counts[seat]:
            return _known_best(pos, move, seat, worth)
    pos.push(move)
    try:
        seat = pos.to_move
        if pos.is_round_over() or pos.side_of(seat) == side or not pos.hand_size(seat):
            return 0.0
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
        moves = hand_moves(pos, others=False)
        return max([0.0, *map(worth, repeat(pos, len(moves)), moves)])
    finally:
        pos.to_move, pos.loose, pos.builds = mover, loose, builds


def _expected_best(pos: Position, worth: TakeWorth) -> float:
    """The expected ``worth`` of the best capture of the player to move, from the cards of the others."""
    seat = pos.to_move
    known, hidden = pos.hands[seat], pos.hidden_counts[seat]
    if not hidden:  # a known hand (a playout's world): its best take, for sure
        return max([0.0, *(worth(pos, m) for m in hand_moves(pos, others=False))])
    unseen = unseen_cards(pos)
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
