"""The threat a move leaves: the worst single capture the next player could then make, as explanation data.

:func:`~tutor.core.solver.exposure_after` says how much the next player could
take at most (points, and cards, each its own worst case).  A threat names
one capture that does it: the table cards it takes, a rank that takes them,
the round points it scores (a sweep's among them, the card played not) and
whether it sweeps.  So a ``safe`` puzzle can say what a move leaves
("A♦ 7♦ for an 8 to sweep") rather than how much.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .movegen import hand_moves
from .moves import Move
from .position import Position
from .solver import table_points, trial_hands


@dataclass(frozen=True)
class Threat:
    """A capture the next player could make: the table ``cards`` it takes (in table order), the ``rank`` of a card
    that makes it, the round ``points`` it scores from the table (a sweep's included) and whether it ``sweep``s."""

    cards: tuple[Card, ...]
    rank: str
    points: int
    sweep: bool


def threat_after(pos: Position, move: Move) -> Threat | None:
    """The capture worth the most points, then the most cards, that the next player could make once ``move`` is
    played, whatever hand it may hold (its known cards and any the mover cannot see); None when no opponent plays
    next in this deal or it could take nothing.  Its points are those of :func:`~tutor.core.solver.exposure_after`.
    """
    side = pos.side_of(pos.to_move)
    after = pos.copy()
    after.push(move)
    seat = after.to_move
    if after.is_round_over() or after.side_of(seat) == side or not after.hand_size(seat):
        return None
    found: Threat | None = None
    for hand in trial_hands(after, seat):
        after.hands[seat], after.hidden_counts[seat] = hand, 0
        for m in hand_moves(after, others=False):
            if not m.is_capture:
                continue
            threat = Threat(tuple(m.captured_cards()), m.card.rank, table_points(after, m), after.is_sweep(m))
            if found is None or (threat.points, len(threat.cards)) > (found.points, len(found.cards)):
                found = threat
    return found
