"""A Cassino position: table, hands, stock, captures; moves made and unmade.

Like a chess board object, a :class:`Position` is mutable: :meth:`push`
plays a move and :meth:`pop` takes it back, which is what search needs.  Lists
that a move changes (the loose cards, the builds, a hand) are replaced, never
edited in place, so the undo record simply keeps the old ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .cards import Card
from .movegen import breaks_duty, generate_moves
from .moves import Move
from .table import Build
from .variant import Variant


_Undo = tuple[Move, int, list[Card], list[Card], list[Build], tuple[int, ...], int, int, int | None, list[Card] | None]
"""What :meth:`Position.pop` restores: the move, the seat that played it, its
hand, the loose cards, the builds, the length of each captured pile, the
seat's sweeps and penalties, the last capturer and the stock."""


@dataclass
class Position:
    """Everything about a round in progress that the rules look at.

    ``hands[s]`` lists the known cards of seat ``s``; ``hidden[s]`` counts its
    unknown ones.  ``stock`` lists known undealt cards (next first);
    ``stock_hidden`` counts unknown ones.  ``scores`` are match points per
    side before this round; ``penalties`` counts penalty turns per seat.
    """

    variant: Variant
    players: int
    hands: list[list[Card]]
    loose: list[Card]
    builds: list[Build]
    to_move: int = 0
    dealer: int | None = None
    hidden: list[int] | None = None
    captured: list[list[Card]] | None = None
    sweeps: list[int] | None = None
    scores: list[int] | None = None
    penalties: list[int] | None = None
    stock: list[Card] | None = None
    stock_hidden: int = 0
    last_capturer: int | None = None

    def __post_init__(self) -> None:
        n = self.players
        self.hidden = self.hidden if self.hidden is not None else [0] * n
        self.captured = self.captured if self.captured is not None else [[] for _ in range(n)]
        self.sweeps = self.sweeps if self.sweeps is not None else [0] * n
        self.scores = self.scores if self.scores is not None else [0] * Variant.sides(n)
        self.penalties = self.penalties if self.penalties is not None else [0] * n
        self.stock = self.stock if self.stock is not None else []
        if self.dealer is None:
            self.dealer = (self.to_move - 1) % n
        self._stack: list[_Undo] = []

    # ---- facts ---------------------------------------------------------------

    @property
    def sides(self) -> int:
        return Variant.sides(self.players)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    @property
    def hidden_counts(self) -> list[int]:
        assert self.hidden is not None
        return self.hidden

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat]) + self.hidden_counts[seat]

    def table_cards(self) -> list[Card]:
        """Every card on the table, loose and in builds."""
        out = list(self.loose)
        for b in self.builds:
            out.extend(b.cards)
        return out

    @property
    def table_empty(self) -> bool:
        return not self.loose and not self.builds

    @property
    def stock_size(self) -> int:
        assert self.stock is not None
        return len(self.stock) + self.stock_hidden

    def hands_empty(self) -> bool:
        return not any(self.hands) and not any(self.hidden_counts)

    def instant_marks(self, seat: int) -> int:
        """Instant scores against ``seat``: other sides' sweeps and its own penalties."""
        assert self.sweeps is not None and self.penalties is not None
        side = self.side_of(seat)
        others = sum(self.sweeps[s] for s in range(self.players) if self.side_of(s) != side)
        return others + self.penalties[seat]

    def limit_reached(self) -> bool:
        """Whether ``instant_limit`` ends the round now."""
        limit = self.variant.instant_limit
        return limit is not None and any(self.instant_marks(s) >= limit for s in range(self.players))

    def is_round_over(self) -> bool:
        """No card left to play (hands and stock empty), or the instant limit reached."""
        if self.variant.instant_limit is not None and self.limit_reached():
            return True
        return not any(self.hands) and self.stock_size == 0 and self.hands_empty()

    def needs_deal(self) -> bool:
        """Every hand is empty but the stock is not: time for the next deal."""
        if any(self.hands) or self.variant.draw:
            return False
        return self.stock_size > 0 and self.hands_empty() and not self.limit_reached()

    def copy(self) -> Position:
        """An independent copy (move stack not included)."""
        assert self.hidden is not None and self.captured is not None and self.sweeps is not None
        assert self.scores is not None and self.penalties is not None and self.stock is not None
        return Position(
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

    def state_key(self) -> tuple[object, ...]:
        """Everything that defines the position, as a hashable value."""
        assert self.hidden is not None and self.captured is not None and self.sweeps is not None
        assert self.scores is not None and self.penalties is not None and self.stock is not None
        return (
            self.variant,
            self.players,
            self.to_move,
            self.dealer,
            tuple(tuple(sorted(h)) for h in self.hands),
            tuple(self.hidden),
            tuple(sorted(self.loose)),
            tuple(sorted(self.builds, key=lambda b: b.cards)),
            tuple(tuple(sorted(c)) for c in self.captured),
            tuple(self.sweeps),
            tuple(self.scores),
            tuple(self.penalties),
            tuple(self.stock),
            self.stock_hidden,
            self.last_capturer,
        )

    # ---- moves ---------------------------------------------------------------

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move of the seat to move, each outcome once."""
        return iter(generate_moves(self))

    def generate(self) -> list[Move]:
        """The legal moves as a list (the fast path for search)."""
        return generate_moves(self)

    def is_sweep(self, move: Move) -> bool:
        """Whether the move captures everything on the table."""
        if move.kind != "capture":
            return False
        return len(move.loose) == len(self.loose) and len(move.builds) == len(self.builds)

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
            move, seat, hand, self.loose, self.builds, tuple(map(len, self.captured)),
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
        self.to_move = self._next_seat(seat)
        round_may_end = not hand or variant.instant_limit is not None
        if round_may_end and (self.loose or self.builds) and self.last_capturer is not None and self.is_round_over():
            self._award_residue()

    def pass_empty_hand(self) -> None:
        """Pass the turn from a seat with no cards to the next that holds some, as play does
        (a position set up by hand may name such a seat to move)."""
        if not self.hand_size(self.to_move) and any(self.hand_size(s) for s in range(self.players)):
            self.to_move = self._next_seat(self.to_move)

    def _next_seat(self, seat: int) -> int:
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

    def table_after(self, move: Move) -> tuple[list[Card], list[Build]]:
        """The loose cards and builds right after ``move`` (before any residue is taken)."""
        kind = move.kind
        if kind == "trail":
            return [*self.loose, move.card], self.builds
        used = move.loose
        loose = [c for c in self.loose if c not in used] if used else self.loose
        if kind == "capture":
            gone = move.builds
            return loose, ([b for b in self.builds if b not in gone] if gone else self.builds)
        values = self.variant.value
        cards = [move.card, *used]
        if kind == "build":
            face = values[move.card] == 0
            single = not face and sum(values[c] for c in cards) == move.value
            made = Build(move.value, tuple(sorted(cards)), self.to_move, single, face)
            return loose, [*self.builds, made]
        target = move.builds[0]
        cards += target.cards
        made = Build(move.value, tuple(sorted(cards)), self.to_move, kind == "raise" and not used, target.face)
        return loose, [b for b in self.builds if b != target] + [made]

    def _award_residue(self) -> None:
        """The table goes to the last capturer (the caller checks there is one)."""
        assert self.captured is not None and self.last_capturer is not None
        self.captured[self.last_capturer].extend(self.table_cards())
        self.loose = []
        self.builds = []

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
        from .notation import move_notation

        return move_notation(move, self.loose, self.builds, self.variant.value, symbols)

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names.

        Raises :class:`InvalidMoveError` for text that is not a move,
        :class:`IllegalMoveError` (with the reason) for a move the rules forbid,
        and :class:`AmbiguousMoveError` when the text fits several moves.
        """
        from .legality import judge
        from .moves import AmbiguousMoveError, IllegalMoveError
        from .notation import parse_intent

        intent = parse_intent(text, str(self))
        found = judge(self, intent)
        if not isinstance(found, list):
            raise IllegalMoveError(found, text, str(self))
        if len(found) > 1:
            raise AmbiguousMoveError(found, [self.notation(m) for m in found], text, str(self))
        return found[0]

    def __str__(self) -> str:
        from .notation import build_text

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
