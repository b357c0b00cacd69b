"""What one seat at the table can know: the only thing a computer player is given."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.table import Build
from tutor.core.variant import Variant


@dataclass(frozen=True)
class Turn:
    """An earlier move of this deal, played face up, and the public table just before it: enough to set up
    the mover's view of that moment but for its own hand (see :mod:`tutor.play.inference`)."""

    seat: int
    move: Move
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    captured: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    penalties: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    last_capturer: int | None

    @classmethod
    def of(cls, pos: Position, move: Move) -> Turn:
        """``move`` about to be played in ``pos``: only what every seat sees of it."""
        assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
        return cls(
            seat=pos.to_move,
            move=move,
            loose=tuple(pos.loose),
            builds=tuple(pos.builds),
            captured=tuple(tuple(pile) for pile in pos.captured),
            sweeps=tuple(pos.sweeps),
            penalties=tuple(pos.penalties),
            hand_sizes=tuple(pos.hand_size(s) for s in range(pos.players)),
            stock_size=pos.stock_size,
            last_capturer=pos.last_capturer,
        )


def this_deal(pos: Position) -> tuple[Turn, ...]:
    """The moves of the deal so far (those ``pos`` can take back), first first, each with the public table
    before it."""
    earlier = pos.copy()
    turns = []
    while earlier.pushed:
        move = earlier.pop()
        turns.append(Turn.of(earlier, move))
    return tuple(reversed(turns))


@dataclass(frozen=True)
class SeatView:
    """A seat's knowledge of a round in progress.

    Its own hand, the table, every captured pile (in the order taken) with
    the sweeps and penalties, the match scores, the dealer, whose turn it is
    and who took last, and of the other hands and the stock only their sizes.
    Two positions that differ only in cards this seat cannot see give equal
    views.  ``history`` holds this deal's earlier moves, each with the public table before it (the moves
    are played face up); a view set up by hand may leave it empty.
    """

    variant: Variant
    players: int
    seat: int
    hand: tuple[Card, ...]
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    captured: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    penalties: tuple[int, ...]
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    to_move: int
    dealer: int
    last_capturer: int | None
    history: tuple[Turn, ...] = ()

    @classmethod
    def of(cls, pos: Position, seat: int) -> SeatView:
        """What ``seat`` knows of ``pos``."""
        assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
        assert pos.scores is not None and pos.dealer is not None
        return cls(
            variant=pos.variant,
            players=pos.players,
            seat=seat,
            hand=tuple(pos.hands[seat]),
            loose=tuple(pos.loose),
            builds=tuple(pos.builds),
            captured=tuple(tuple(pile) for pile in pos.captured),
            sweeps=tuple(pos.sweeps),
            penalties=tuple(pos.penalties),
            scores=tuple(pos.scores),
            hand_sizes=tuple(pos.hand_size(s) for s in range(pos.players)),
            stock_size=pos.stock_size,
            to_move=pos.to_move,
            dealer=pos.dealer,
            last_capturer=pos.last_capturer,
            history=this_deal(pos),
        )

    def position(self) -> Position:
        """A new position holding exactly this knowledge: the other hands and the stock as unknown cards."""
        return Position(
            variant=self.variant,
            players=self.players,
            hands=[list(self.hand) if s == self.seat else [] for s in range(self.players)],
            loose=list(self.loose),
            builds=list(self.builds),
            to_move=self.to_move,
            dealer=self.dealer,
            hidden=[0 if s == self.seat else n for s, n in enumerate(self.hand_sizes)],
            captured=[list(pile) for pile in self.captured],
            sweeps=list(self.sweeps),
            scores=list(self.scores),
            penalties=list(self.penalties),
            stock_hidden=self.stock_size,
            last_capturer=self.last_capturer,
        )

    def at(self, turn: Turn, hand: Sequence[Card]) -> SeatView:
        """The view the mover of ``turn`` (one of :attr:`history`) had just before it, holding ``hand``."""
        return replace(self, seat=turn.seat, hand=tuple(hand), loose=turn.loose, builds=turn.builds,
                       captured=turn.captured, sweeps=turn.sweeps, penalties=turn.penalties,
                       hand_sizes=turn.hand_sizes, stock_size=turn.stock_size, to_move=turn.seat,
                       last_capturer=turn.last_capturer, history=())

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves (its turn assumed): they depend only on what it sees."""
        return self.position().generate()
