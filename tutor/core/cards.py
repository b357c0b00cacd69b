"""Cards, ranks, suits and decks.

A :class:`Card` is an ``int`` from 0 to 51 (``rank_index * 4 + suit_index``),
so cards hash, compare and index arrays as fast as plain numbers; there is one
interned instance per card.  ``str(card)`` is the canonical code (``10D``).
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10"}
"""The ranks read: ``T`` is the ten; ``1`` is no rank (the ace is ``A``), so ``1S`` is refused, not read as ``AS``."""
_PRESENTATION = str.maketrans("", "", "\ufe0e\ufe0f")
"""The variation selectors a suit glyph copied from a phone or a web page may carry (``♠️``: emoji look, ``♠︎``:
text look); they do not change the character."""
_SUIT_ALIASES = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()}


class InvalidCardError(ValueError):
    """A card code that names no card."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r} is not a card: {reason}")
        self.text = text
        self.reason = reason


class Card(int):
    """One playing card; an interned ``int`` 0..51."""

    __slots__ = ()

    @property
    def rank_index(self) -> int:
        """1 for the ace up to 13 for the king."""
        return int(self) // 4 + 1

    @property
    def rank(self) -> str:
        return RANKS[int(self) // 4]

    @property
    def suit(self) -> str:
        return SUITS[int(self) % 4]

    @property
    def is_face(self) -> bool:
        return int(self) >= 40

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``10D``, ``td``, ``A♠``…; raise :class:`InvalidCardError`."""
        code = bare_code(text)
        if len(code) < 2:
            raise InvalidCardError(text, "a card is a rank and a suit, like 7S or 10D")
        rank, suit = code[:-1], code[-1]
        if suit not in _SUIT_ALIASES:
            raise InvalidCardError(text, "suits are S, H, D, C (or ♠ ♥ ♦ ♣)")
        if rank == "1":
            raise InvalidCardError(text, f"the ace is written A, like A{suit}")
        if rank not in _RANK_ALIASES:
            raise InvalidCardError(text, "ranks are A, 2-10, J, Q, K")
        return card(RANKS.index(_RANK_ALIASES[rank]) + 1, SUITS.index(_SUIT_ALIASES[suit]))

    def symbol(self) -> str:
        """The code with a suit glyph: ``10♦``."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


ALL_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
SPADE: tuple[bool, ...] = tuple(c.suit == "S" for c in ALL_CARDS)
"""Whether each card (by index) is a spade, for the hot loops (``suit`` is a call)."""


def card(rank_index: int, suit_index: int) -> Card:
    """The card of rank 1..13 and suit index 0..3 (S, H, D, C)."""
    return ALL_CARDS[(rank_index - 1) * 4 + suit_index]


def bare_code(text: str) -> str:
    """A typed card code as the parsers read it: upper case, without surrounding space or a glyph's variation
    selectors (``7♠️`` is ``7♠``)."""
    return text.translate(_PRESENTATION).strip().upper()


def parse_rank(text: str) -> int | None:
    """Rank index of a bare rank (``10``, ``t``, ``q``), or None."""
    rank = _RANK_ALIASES.get(text.strip().upper())
    return None if rank is None else RANKS.index(rank) + 1


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [Card.from_str(t) for t in texts]


DECKS: dict[str, tuple[Card, ...]] = {
    "standard52": ALL_CARDS,
    "italian40": tuple(c for c in ALL_CARDS if c.rank not in ("8", "9", "10")),
}
