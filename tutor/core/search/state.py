"""The search's compact state: nodes, interned tables, move lists and what a move does."""

from __future__ import annotations

from typing import NamedTuple

from ..cards import ALL_CARDS, SPADE, Card
from ..moves import Move
from ..table import Build

SPADES = sum(1 << c for c in ALL_CARDS if SPADE[c])
RANK = tuple(c.rank_index for c in ALL_CARDS)

_Pairs = tuple[tuple[int, int], ...]


class Table(NamedTuple):
    """A table as the search sees it; interned, so equal tables are one object."""

    serial: int  # with the mover's hand, the key of the move list
    loose: list[Card]
    builds: list[Build]
    mask: int  # the loose cards, a bit a card
    held: int  # the loose cards' class weights
    sig: int  # the table up to interchangeable cards
    cards: int  # cards, spades and points on it (the residue)
    spades: int
    points: int
    builds_exact: tuple[tuple[tuple[Card, ...], int, int], ...]  # its builds, as they enter its exact key
    builds_sig: tuple[tuple[int, int, int], ...]  # and up to interchangeable cards, as they enter ``sig``


class Sweeps(NamedTuple):
    """What a table asks of the hands for a sweep to stay possible."""

    needs: _Pairs  # (cards, n): unless the hands hold n of them, nobody can sweep
    top: int  # the highest value on it
    faces: _Pairs  # (rank, n): n cards or face builds of a face rank without a value


class Outcome(NamedTuple):
    """What a move does, worked out when it is first searched (most moves are cut off unsearched)."""

    table: Table  # the table it leaves
    gain: int  # points banked for the root side (two sides only)
    delta: tuple[int, ...] | None  # added to the running score (None: nothing)
    capturer: int | None  # the mover's side for a capture
    bit: int  # the card's bit in the hands mask
    weight: int  # the card's class weight in the hands key
    sweep: int  # 1 for a sweep
    penalty: int  # 1 when the move costs a penalty


class MoveList:
    """The moves of a hand on a table, in order, and what each does once searched.

    The captures are made first: they come first in the order, and most nodes
    are cut off by one of them.  The other moves are added when the search gets
    past the captures (``complete`` tells whether they are in).
    """

    __slots__ = ("complete", "moves", "outcomes")

    def __init__(self, moves: list[Move], complete: bool) -> None:
        self.moves = moves
        self.outcomes: list[Outcome | None] = [None] * len(moves)
        self.complete = complete


class HandCounts(NamedTuple):
    """What the hands hold: cards of the root side and of the others, spades and points."""

    mine: int
    theirs: int
    spades: int
    points: int


class State(NamedTuple):
    """A node: seat to move, hands (a bit a card), hands key, table, last capturer's side, running score.

    The running score is (cards, spades) of the root side less the other side's
    with two sides, else cards, spades, points and sweeps less penalties, per side.
    """

    seat: int
    hands: int
    weights: int
    table: Table
    last: int | None
    score: tuple[int, ...]
