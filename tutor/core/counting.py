"""What a count of a side's points, cards or spades is made of, and what a wrong count leaves out or adds.

A question step asks for such a count.  :func:`count_parts` splits it into
the parts that make it up (a scoring item, a seat's pile, the cards left on
the table that go to the last capturer) and the parts a learner may add by
mistake (another side's items, a tied majority, cards still in play, clubs
taken for spades).  :func:`miscount` finds the parts, one or two, that turn
the right count into the learner's number.  Data only: templates word it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .cards import Card
from .position import Position
from .scoring import ScoreItem, majority_ties, score_round

#: What a count may ask about a side's pile.
COUNTS = ("points", "cards", "spades")

MOST_READINGS = 4
"""The most readings a wrong count is explained by, of one part or two; with more, those of one part alone if they
are few enough (and that others fit too), else none."""


@dataclass(frozen=True)
class CountPart:
    """One part of a count, or one that does not belong in it.

    ``code`` for points: the code of a :class:`~tutor.core.scoring.ScoreItem`
    (``item``), or ``tie_most_cards`` / ``tie_most_spades``, a majority nobody
    wins (``counts`` per side).  For cards and spades: ``pile``, what ``seat``
    took; ``residue``, the cards left on the table at the round's end, which go
    to ``seat``, the last to take; ``table``, cards still in play, nobody's yet;
    ``clubs``, clubs among the side's cards (a count of spades).  ``value`` is
    what the part adds to the count, ``counted`` whether it belongs there,
    ``cards`` the cards it stands for (residue, table and clubs).
    """

    code: str
    value: int
    counted: bool
    seat: int | None = None
    item: ScoreItem | None = None
    counts: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()

    @property
    def effect(self) -> int:
        """What leaving the part out (counted) or adding it (not counted) does to the count."""
        return -self.value if self.counted else self.value


@dataclass(frozen=True)
class Miscount:
    """A wrong count of ``ask`` for the side of ``seat``: ``given`` instead of ``answer``.

    Each reading is a set of one or two parts that turns the right count into
    ``given``: the counted parts in it are left out, the others added.  No
    readings: none explains the number, or too many do; ``more``: the readings
    are those of one part, and more of two parts fit too.
    """

    ask: str
    seat: int
    given: int
    answer: int
    parts: tuple[CountPart, ...]
    readings: tuple[tuple[CountPart, ...], ...]
    more: bool = False


def count_parts(pos: Position, seat: int, ask: str) -> tuple[CountPart, ...]:
    """The parts of the count ``ask`` for the side of ``seat`` (the counted ones first), and the
    ones that do not belong in it; parts worth nothing are left out."""
    if ask not in COUNTS:
        raise ValueError(f"unknown count {ask!r}; counts are {', '.join(COUNTS)}")
    parts = _point_parts(pos, seat) if ask == "points" else _card_parts(pos, seat, ask == "spades")
    kept = [p for p in parts if p.value]
    return tuple(sorted(kept, key=lambda p: not p.counted))


def right_count(parts: tuple[CountPart, ...]) -> int:
    """The count the parts make."""
    return sum(p.value for p in parts if p.counted)


def miscount(pos: Position, seat: int, ask: str, given: int) -> Miscount:
    """How ``given`` differs from the count ``ask`` for the side of ``seat``."""
    parts = count_parts(pos, seat, ask)
    answer = right_count(parts)
    found = [] if given == answer else [c for size in (1, 2) for c in combinations(parts, size)
                                        if _plausible(c) and sum(p.effect for p in c) == given - answer]
    if len(found) <= MOST_READINGS:
        return Miscount(ask, seat, given, answer, parts, tuple(found))
    singles = tuple(c for c in found if len(c) == 1)
    if len(singles) > MOST_READINGS:
        singles = ()
    return Miscount(ask, seat, given, answer, parts, singles, more=bool(singles))


def _plausible(parts: tuple[CountPart, ...]) -> bool:
    """Parts a learner may have mixed up together: all left out, all added, or one swapped for another
    of its kind (a pile for another pile); not an item left out and another kind of item added."""
    return len({p.counted for p in parts}) == 1 or len({p.code for p in parts}) == 1


def _point_parts(pos: Position, seat: int) -> list[CountPart]:
    """The round's score items, the side's counted; the majorities nobody wins, not counted."""
    side = pos.side_of(seat)
    score = score_round(pos)
    parts = [CountPart(i.code, i.points, i.side == side, item=i) for i in score.items]
    ties = [CountPart(f"tie_{t.code}", t.points, False, counts=t.counts) for t in majority_ties(pos, score)]
    return parts + ties


def _card_parts(pos: Position, seat: int, spades: bool) -> list[CountPart]:
    """Each seat's pile, the residue or the cards still in play, and for spades the side's clubs."""
    assert pos.captured is not None
    side = pos.side_of(seat)

    def worth(cards: list[Card]) -> int:
        return sum(c.suit == "S" for c in cards) if spades else len(cards)

    parts = [CountPart("pile", worth(pile), pos.side_of(s) == side, seat=s) for s, pile in enumerate(pos.captured)]
    table = pos.table_cards()
    mine = [c for s, pile in enumerate(pos.captured) if pos.side_of(s) == side for c in pile]
    listed = [c for c in table if c.suit == "S"] if spades else table
    last = pos.last_capturer
    if pos.is_round_over() and last is not None:
        parts.append(CountPart("residue", worth(table), pos.side_of(last) == side, seat=last, cards=tuple(listed)))
        if pos.side_of(last) == side:
            mine += table
    else:
        parts.append(CountPart("table", worth(table), False, cards=tuple(listed)))
    if spades:
        clubs = tuple(c for c in mine if c.suit == "C")
        parts.append(CountPart("clubs", len(clubs), False, cards=clubs))
    return parts
