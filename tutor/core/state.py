"""The state of a round: table, hands, stock, captures, and the facts the rules read from them.

:class:`RoundState` knows nothing of legal moves, notation or legality, so
the move generator (:mod:`~tutor.core.movegen`) and the legality judge
(:mod:`~tutor.core.legality`) work on it without importing the position;
:class:`~tutor.core.position.Position` builds on it with legal moves,
making and unmaking moves, and notation.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .moves import Move
from .table import Build
from .variant import Variant


@dataclass
class RoundState:
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

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players  # Variant.sides, without a call out of compiled code

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
        return not any_card(self.hands) and not any(self.hidden_counts)

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
        return not any_card(self.hands) and self.stock_size == 0 and self.hands_empty()

    def needs_deal(self) -> bool:
        """Every hand is empty but the stock is not: time for the next deal."""
        if any_card(self.hands) or self.variant.draw:
            return False
        return self.stock_size > 0 and self.hands_empty() and not self.limit_reached()

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

    def is_sweep(self, move: Move) -> bool:
        """Whether the move captures everything on the table."""
        if move.kind != "capture":
            return False
        return len(move.loose) == len(self.loose) and len(move.builds) == len(self.builds)

    def kind_of(self, move: Move) -> str:
        """The move's kind, a new build of two piles or more called ``multiple_build``, as the table names it."""
        if move.kind != "build":
            return move.kind
        made = self.table_after(move)[1][-1]
        return "multiple_build" if not made.single and not made.face else "build"

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
            total = 0
            for card in cards:
                c: int = card  # unboxed: a tuple indexed by an int, not through the item protocol
                total += values[c]
            cards.sort()
            made = Build(move.value, tuple(cards), self.to_move, not face and total == move.value, face)
            return loose, [*self.builds, made]
        target = move.builds[0]
        cards += target.cards
        cards.sort()
        made = Build(move.value, tuple(cards), self.to_move, kind == "raise" and not used, target.face)
        return loose, [b for b in self.builds if b != target] + [made]


def any_card(hands: list[list[Card]]) -> bool:
    """``any(hands)``, as a loop: compiled, the built-in is a call through Python (every ply of a playout asks)."""
    for hand in hands:
        if hand:
            return True
    return False
