"""Positions set by hand for tests, and cards written as the notation writes them."""

from __future__ import annotations

import json

from tutor.content.presets import variant
from tutor.core.cards import Card
from tutor.core.position import Position
from tutor.loading.positions import position_to_data
from tutor.teaching.personal import FORMAT, VERSION, puzzle_position


def cards(text: str) -> list[Card]:
    """``"8D 8H KS"``: those cards, in that order."""
    return [Card.from_str(c) for c in text.split()]


def last_deal() -> Position:
    """Two-player classic, the last deal: seat 0 to move can sweep 5H 2S AC with either 8 (three points
    and the next player's sweep denied); every other card was taken, half by each seat, so what seat 0
    cannot see is exactly seat 1's hand."""
    v = variant("classic")
    hands = [cards("8D 8H KS"), cards("8C QD 7C")]
    table = cards("5H 2S AC")
    rest = [c for c in v.deck_cards if c not in {*hands[0], *hands[1], *table}]
    return Position(v, 2, hands, table, [], to_move=0, dealer=1, captured=[rest[0::2], rest[1::2]],
                    last_capturer=1)


PERSONAL_MOVES = ["8D x 5H+2S+AC", "8H x 5H+2S+AC", "KS", "8D", "8H", "8D b8 5H+2S+AC", "8H b8 5H+2S+AC"]
"""Every move of :func:`last_deal`, the sweeps first."""


def personal_data(values: list[float], accepted: int) -> str:
    """The data of a personal puzzle of :func:`last_deal` (KS played, a blunder) with these advisor values for
    :data:`PERSONAL_MOVES`, the first ``accepted`` of them accepted."""
    pos = puzzle_position(last_deal())
    data = {"format": FORMAT, "version": VERSION, "made": "2026-11-29", "rating": 800, "position": position_to_data(pos),
            "played": "KS", "grade": "blunder", "upto": "blunder", "loss": 8.0, "themes": ["sweep"],
            "moves": [{"move": m, "value": v} for m, v in zip(PERSONAL_MOVES, values)],
            "accepted": PERSONAL_MOVES[:accepted]}
    return json.dumps(data)
