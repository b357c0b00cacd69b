"""A Cassino position that plays: legal moves, moves made and unmade, notation.

Like a chess board object, a :class:`Position` is mutable: :meth:`push`
plays a move and :meth:`pop` takes it back, which is what search needs.  Lists
that a move changes (the loose cards, the builds, a hand) are replaced, never
edited in place, so the undo record simply keeps the old ones.

A position's data, and the facts read from it, live in :class:`~tutor.core.state.RoundState`,
which the move generator and the legality judge work on; this module puts
them together with the notation.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .cards import Card
from .legality import judge
from .movegen import breaks_duty, generate_moves
from .moves import AmbiguousMoveError, IllegalMoveError, Move
from .notation import build_text, move_notation, parse_intent
from .state import RoundState
from .table import Build

_Undo = tuple[Move, int, list[Card], list[Card], list[Build], list[int], int, int, int | None, list[Card] | None]
"""What :meth:`Position.pop` restores: the move, the seat that played it, its
hand, the loose cards, the builds, the length of each captured pile, the
seat's sweeps and penalties, the last capturer and the stock."""


class Position(RoundState):
    """A round in progress that generates its legal moves, plays and takes them back,
    and reads and prints moves; its fields and constructor are those of :class:`RoundState`."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._stack: list[_Undo] = []

    def copy(self) -> Position:
        """An independent copy, its move stack included (its entries are never changed once pushed), so that a
        copy can take back and tell the moves played since the deal as the original can."""
        assert self.hidden is not None and self.captured is not None and self.sweeps is not None
        assert self.scores is not None and self.penalties is not None and self.stock is not None
        copy = Position(
            variant=self.variant,
            players=self.players,
            hands=[list(h) for h in self.hands],
            loose=list(self.loose),
            builds=list(self.builds),
            to_move=self.to_move,
            dealer=self.dealer,
            hidden=list(self.hidden),
            captured=[list(c) for c in self.captured],
            sweeps=list(self.sweeps),
            scores=list(self.scores),
            penalties=list(self.penalties),
            stock=list(self.stock),
            stock_hidden=self.stock_hidden,
            last_capturer=self.last_capturer,
        )
        copy._stack = list(self._stack)
        return copy

    @property
    def pushed(self) -> int:
        """How many moves :meth:`pop` can take back: those played since the position was made or last dealt."""
        return len(self._stack)

    # ---- moves ---------------------------------------------------------------

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move of the seat to move, each outcome once."""
        return iter(generate_moves(self))

    def generate(self) -> list[Move]:
        """The legal moves as a list (the fast path for search)."""
        return generate_moves(self)

    def penalised(self, move: Move) -> bool:
        """Under build duty ``penalty``: whether this move costs the mover's side."""
        if not self.variant.penalties:
            return False
        return breaks_duty(self, move)

    def push(self, move: Move) -> None:
        """Play ``move`` (assumed legal) for the seat to move."""
        assert self.captured is not None and self.sweeps is not None and self.penalties is not None
        seat = self.to_move
        hand = self.hands[seat]
        self._stack.append((
            move, seat, hand, self.loose, self.builds, [len(pile) for pile in self.captured],
            self.sweeps[seat], self.penalties[seat], self.last_capturer, self.stock,
        ))
        variant = self.variant
        if variant.penalties and self.penalised(move):
            self.penalties[seat] += 1
        card = move.card
        self.hands[seat] = hand = hand.copy()
        hand.remove(card)
        capture = move.kind == "capture"
        if capture:
            pile = self.captured[seat]
            pile.append(card)
            pile.extend(move.loose)
            for b in move.builds:
                pile.extend(b.cards)
            self.last_capturer = seat
        self.loose, self.builds = self.table_after(move)
        if capture and not self.loose and not self.builds:
            self.sweeps[seat] += 1
        if variant.draw and self.stock:
            self.hands[seat] = hand = [*hand, self.stock[0]]
            self.stock = self.stock[1:]
        self.to_move = self.next_seat(seat)
        round_may_end = not hand or variant.instant_limit is not None
        if round_may_end and (self.loose or self.builds) and self.last_capturer is not None and self.is_round_over():
            self.award_residue()

    def pass_empty_hand(self) -> None:
        """Pass the turn from a seat with no cards to the next that holds some, as play does
        (a position set up by hand may name such a seat to move)."""
        if not self.hand_size(self.to_move) and any(self.hand_size(s) for s in range(self.players)):
            self.to_move = self.next_seat(self.to_move)

    def next_seat(self, seat: int) -> int:
        """The seat whose turn follows ``seat``'s.

        Seats with no cards are passed over while another hand still holds
        some (the seat's own included): a last deal that does not come out
        even (say ``hand_size: 5`` with three players) leaves hands of
        different sizes.
        """
        hidden = self.hidden
        assert hidden is not None
        for step in range(1, self.players + 1):
            following = (seat + step) % self.players
            if self.hands[following] or hidden[following]:
                return following
        return (seat + 1) % self.players

    def award_residue(self) -> None:
        """The table goes to the last capturer (the caller checks there is one)."""
        assert self.captured is not None and self.last_capturer is not None
        self.captured[self.last_capturer].extend(self.table_cards())
        self.loose = []
        self.builds = []

    def residue(self) -> list[Card]:
        """The cards the last capturer gets from the table at the round's end (none before it, nor when nobody
        captured): those still on the table, or those :meth:`push` gave it when the last move ended the round."""
        assert self.captured is not None
        if self.last_capturer is None or not self.is_round_over():
            return []
        if self.loose or self.builds:
            return self.table_cards()
        if not self._stack:
            return []
        move, _, _, loose, builds = self._stack[-1][:5]
        left = len(loose) + sum(len(b.cards) for b in builds)
        left += -len(move.captured_cards()) if move.kind == "capture" else 1
        pile = self.captured[self.last_capturer]
        return pile[len(pile) - left:] if left else []

    def pop(self) -> Move:
        """Take back the last move pushed, restoring the position exactly."""
        assert self.captured is not None and self.sweeps is not None and self.penalties is not None
        move, seat, hand, self.loose, self.builds, captured_len, sweeps, penalties, self.last_capturer, self.stock = (
            self._stack.pop()
        )
        self.to_move = seat
        self.hands[seat] = hand
        for pile, n in zip(self.captured, captured_len):
            del pile[n:]
        self.sweeps[seat] = sweeps
        self.penalties[seat] = penalties
        return move

    # ---- notation ------------------------------------------------------------

    def notation(self, move: Move, symbols: bool = False) -> str:
        """The move in full notation (``7S x 3H+4D 7C``); ``symbols`` uses suit glyphs."""
        return move_notation(move, self.loose, self.builds, self.variant.value, symbols)

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names.

        Raises :class:`InvalidMoveError` for text that is not a move,
        :class:`IllegalMoveError` (with the reason) for a move the rules forbid,
        and :class:`AmbiguousMoveError` when the text fits several moves.
        """
        intent = parse_intent(text, str(self))
        found = judge(self, intent)
        if not isinstance(found, list):
            raise IllegalMoveError(found, text, str(self))
        if len(found) > 1:
            raise AmbiguousMoveError(found, [self.notation(m) for m in found], text, str(self))
        return found[0]

    def __str__(self) -> str:
        table = [str(c) for c in self.loose] + [build_text(b, self.variant.value) + f"@{b.owner}" for b in self.builds]
        lines = [f"table: {' '.join(table) or '(empty)'}"]
        for seat in range(self.players):
            cards = " ".join(str(c) for c in self.hands[seat])
            if self.hidden_counts[seat]:
                cards = (cards + " " if cards else "") + f"+{self.hidden_counts[seat]} unknown"
            mark = " <- to move" if seat == self.to_move else ""
            lines.append(f"seat {seat}: {cards or '(no cards)'}{mark}")
        return "\n".join(lines)

    def deal(self, hands: Sequence[Sequence[Card]]) -> None:
        """Give each seat the cards of a new deal from the stock (known cards, next first)."""
        assert self.stock is not None
        n = sum(len(h) for h in hands)
        for seat, cards in enumerate(hands):
            self.hands[seat] = [*self.hands[seat], *cards]
        self.stock = self.stock[n:]
        self._stack.clear()
