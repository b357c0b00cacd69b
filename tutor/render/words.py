"""Cards, builds, numbers and lists in one language's words: the filters of its templates."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime

from tutor.core.cards import RANKS, SUIT_SYMBOLS, Card, InvalidCardError, parse_rank

from .catalog import Messages

CardLike = Card | str
"""A card, or a card as typed (a code like ``8D``, or a rank alone like ``8``)."""

_CODE = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQKT])([SHDC])(?![\w♠♥♦♣])", re.IGNORECASE)
_WRITTEN_CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[SHDC](?![\w♠♥♦♣])")  # a card written 7S in a text
_GLYPH_CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([♠♥♦♣])(?![\w♠♥♦♣])")  # a card written Q♠ in a text
_FACE_VALUE = re.compile(r"(?<![\w♠♥♦♣])b([JQK])(?![\w♠♥♦♣])")  # a face build's label: KS bK KH
_SUIT_OF_GLYPH = {glyph: code for code, glyph in SUIT_SYMBOLS.items()}


class CardWords:
    """Cards in short form (``10♦`` or ``10D``) and by name (``10 of diamonds``, ``Karo-10``)."""

    def __init__(self, messages: Messages, symbols: bool) -> None:
        self._messages = messages
        self._symbols = symbols
        self._names: dict[Card, str] = {}
        self._letters: dict[str, str] = {}

    def card(self, c: CardLike) -> str:
        """``D♠`` in German, ``Q♠`` in English (``DP``, ``QS`` without symbols); typed text keeps its form,
        its card codes shown alike."""
        if isinstance(c, Card):
            return self._letter(c.rank) + self.suit(c.suit)
        return self.notation(c)

    def suit(self, code: str) -> str:
        """A suit as the cards show it: ``♠`` (``S``, in German ``P``, without symbols)."""
        return SUIT_SYMBOLS[code] if self._symbols else self._letter(code)

    def typed(self, c: Card) -> str:
        """The card as the learner types it, in letters: ``QS``, in German ``DP``."""
        return self._letter(c.rank) + self._letter(c.suit)

    def typed_notation(self, text: str) -> str:
        """A move as the learner types it, in this language's letters (``7S x 7D``, in German ``7P x 7Ka``; a face
        build's value too: ``QS bQ QH``, in German ``DP bD DH``)."""
        typed = _CODE.sub(lambda m: self.typed(Card.from_str(m.group(0))), text)
        return _FACE_VALUE.sub(lambda m: "b" + self._letter(m.group(1)), typed)

    def _letter(self, code: str) -> str:
        """A rank or suit letter in this language (``cards.letter_Q``: ``D`` in German); a number as it is."""
        if code.isdigit():
            return code
        letter = self._letters.get(code)
        if letter is None:
            letter = self._letters[code] = self._messages(f"cards.letter_{code}")
        return letter

    def build_value(self, label: str | int) -> str:
        """A build's value as shown: a number, or a face build's rank letter in this language (``Q``, ``D`` in
        German)."""
        text = str(label)
        return self._letter(text) if text in RANKS else text

    def card_name(self, c: CardLike) -> str:
        """The card's name; a rank typed alone is named by its rank."""
        known = _resolve(c)
        if not isinstance(known, Card):
            return self._messages(f"cards.rank_{known}") if known in RANKS else known
        name = self._names.get(known)
        if name is None:
            rank = self._messages(f"cards.rank_{known.rank}")
            suit = self._messages(f"cards.suit_{known.suit}")
            name = self._names[known] = self._messages("cards.name", rank=rank, suit=suit)
        return name

    def the_card(self, c: CardLike, case: str = "nom") -> str:
        """The name with its article, in the case asked (``nom`` or ``acc``): ``the jack of clubs``, ``den Kreuz-Buben``."""
        known = _resolve(c)
        rank = known.rank if isinstance(known, Card) else known
        return self._messages("cards.the", name=self.card_name(known), rank=rank, case=case)

    def cards(self, cs: Iterable[CardLike]) -> str:
        """Short forms, space-separated: ``3♥ 4♦ 7♣``."""
        return " ".join(self.card(c) for c in cs)

    def build(self, piles: Sequence[Sequence[CardLike]] | str) -> str:
        """A build given by its piles, or as typed: ``[5♥+3♣ 8♥]``."""
        if isinstance(piles, str):
            return self.notation(piles)
        return "[" + " ".join("+".join(self.card(c) for c in pile) for pile in piles) + "]"

    def notation(self, text: str) -> str:
        """Text in the move notation with its card codes in this language's short form
        (``QS x 3H`` → ``Q♠ x 3♥``, in German ``D♠ x 3♥``)."""
        shown = _CODE.sub(lambda m: self.card(Card.from_str(m.group(0))), text)
        return _FACE_VALUE.sub(lambda m: "b" + self._letter(m.group(1)), shown)

    def in_letters(self, text: str) -> str:
        """A text written for this language (a lesson, a hint) with its cards in this language's letters:
        glyphs like ``Q♠`` as the cards show (``D♠`` in German; ``QS``, ``DP`` without symbols, and a suit's
        glyph alone as its letter), and codes to type, written in English letters in every language's text
        (``QC x QH``, upper case), as the learner types them (``DKr x DH``), a face build's value too (``bQ``:
        ``bD``)."""
        typed = _FACE_VALUE.sub(lambda m: "b" + self._letter(m.group(1)),
                                _WRITTEN_CODE.sub(lambda m: self.typed(Card.from_str(m.group(0))), text))
        shown = _GLYPH_CARD.sub(lambda m: self.card(Card.from_str(m.group(0))), typed)
        return shown if self._symbols else re.sub("[♠♥♦♣]", lambda m: self.suit(_SUIT_OF_GLYPH[m.group()]), shown)

    def listing(self, items: Iterable[str]) -> str:
        """``a``, ``a and b``, ``a, b and c`` (in this language)."""
        shown = list(items)
        if len(shown) < 2:
            return "".join(shown)
        return self._messages("words.listing", head=shown[:-1], last=shown[-1])

    def number(self, n: int) -> str:
        """Small whole numbers as words (``four``, ``vier``), others as digits."""
        return self._messages("words.number", n=n)

    def date(self, moment: date) -> str:
        """A day as this language writes it (``2 Dec 2026``, ``2.12.2026``); a time with a zone in local time."""
        if isinstance(moment, datetime) and moment.tzinfo is not None:
            moment = moment.astimezone()
        return self._messages("words.date", day=moment.day, month=moment.month, year=moment.year)


    def moment(self, when: datetime | str) -> str:
        """A day and the time of day, as a sentence says when (``on 1 Dec 2026 at 18:46``, ``am 1.12.2026 um
        18:46``); text is read in ISO form."""
        moment = datetime.fromisoformat(when) if isinstance(when, str) else when
        if moment.tzinfo is not None:
            moment = moment.astimezone()
        return self._messages("words.moment", date=self.date(moment), time=f"{moment:%H:%M}")


class Verbatim(str):
    """Text shown as it is written, such as a key of a file (``title``): :func:`first_upper` leaves it."""


def first_upper(text: str) -> str:
    """The text with its first letter upper case (Jinja's ``capitalize`` lowers the rest); a :class:`Verbatim`
    text as it is."""
    return text if isinstance(text, Verbatim) else text[:1].upper() + text[1:]


def is_rank(value: object) -> bool:
    """Whether ``value`` is a rank typed alone (``8``, ``K``): the template test ``rank``."""
    return isinstance(value, str) and parse_rank(value) is not None


def _resolve(c: CardLike) -> Card | str:
    """A card as typed: the card, its rank letter when typed alone, or the text as it is."""
    if isinstance(c, Card):
        return c
    rank = parse_rank(c)
    if rank is not None:
        return RANKS[rank - 1]
    try:
        return Card.from_str(c)
    except InvalidCardError:
        return c
