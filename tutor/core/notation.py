"""The move notation: printing a move in context, and reading what a person types.

Forms (cards in any case, ``T`` or ``10``, ASCII or suit glyphs; a card may be
given by rank alone when that is unambiguous)::

    7S                     trail            (also: trail 7S, ablegen 7S, lege 7S ab)
    7S x 3H+4D 7C [5D+3S]  capture          (x, take, nimm)
    3H b8 5S               build 8          (b, build, baue; the value may be left out)
    5S b5 5H 3C+2D         multiple build of fives
    2H b8 [3S+3D]          raise the build 3+3 to 8
    2H b8 6C [5S+3D]       add 2+6 to the 8-build
    KS bK KH               face build of kings (face_capture: all)

``+`` joins the cards of one group; groups are separated by spaces.  A build
is named by its cards in brackets (piles separated by spaces) or by its value
alone (``[8]``, ``[K]``); a build added to may be named in several brackets
that hold its cards together, a new pile between them as the table will show
it (``AS b10 [10S] 9S [6S+4D]``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import RANKS, SUITS, Card, InvalidCardError, bare_code, card, parse_rank
from .moves import InvalidMoveError, Move
from .table import Build, group_items, piles

CAPTURE_WORDS = {"x", "take", "takes", "capture", "nimm", "nehme", "einnehmen", "nimmt"}
BUILD_WORDS = {"b", "build", "baue", "bauen", "raise", "erhöhe", "erhoehe", "add", "füge", "fuege", "bau"}
TRAIL_WORDS = {"trail", "ablegen", "lege", "leg", "abwerfen"}
SEPARABLE_TRAIL_WORDS = {"lege", "leg"}  # German's "lege 7P ab": the verb's particle "ab" closes the move

EXPECTED = "a card from your hand, then x and the cards it takes, or b, the value and the cards it builds with"
EXAMPLES = {
    "trail": "7S",
    "capture": "7S x 3H+4D",
    "build": "3H b8 5S",
}


@dataclass(frozen=True)
class CardRef:
    """A card as typed: a full card, a rank alone, or a rank and the suits a German letter may mean
    (``9K``: the nine of Kreuz or of Karo); ``typed`` is then the text as typed."""

    rank: int
    card: Card | None = None
    suits: tuple[str, ...] = ()
    typed: str = ""

    def candidates(self, pool: Sequence[Card]) -> list[Card]:
        if self.card is not None:
            return [self.card] if self.card in pool else []
        return [c for c in pool if c.rank_index == self.rank and (not self.suits or c.suit in self.suits)]

    def __str__(self) -> str:
        if self.card is not None:
            return str(self.card)
        return self.typed or RANKS[self.rank - 1]


GERMAN_RANKS = {"B": "J", "D": "Q"}
"""Rank letters German players type: Bube and Dame (König and Ass share K and A)."""

GERMAN_SUITS: dict[str, tuple[str, ...]] = {"P": ("S",), "PI": ("S",), "KR": ("C",), "KA": ("D",), "K": ("C", "D")}
"""Suit letters German players type: Pik (P, or Pi as Kr and Ka are typed), Kreuz, Karo, and K for either of the
last two."""


@dataclass(frozen=True)
class BuildRef:
    """A build as typed: its cards, or only its value."""

    cards: tuple[CardRef, ...] = ()
    value: int | None = None
    face: bool = False


@dataclass(frozen=True)
class Intent:
    """What a typed move asks for, before the rules judge it."""

    text: str
    card: CardRef
    op: str | None  # "trail", "capture", "build" or None (not said)
    value: int | None = None
    face_value: bool = False
    groups: tuple[tuple[CardRef, ...], ...] = ()
    builds: tuple[BuildRef, ...] = ()

    @property
    def cards(self) -> tuple[CardRef, ...]:
        return tuple(c for g in self.groups for c in g)


MAX_MOVE_CHARS = 200
"""The longest text read as a move: a move on the fullest table is under 100 characters."""

_TOKEN = re.compile(r"(?:\[[^\]]*\]|[^\s\[\]])+")
_NUMBER = re.compile(r"[0-9]{1,2}")  # ASCII digits only: int() would take ² or ① as digits and fail
_BUILD_OP = re.compile(r"^(b|build|baue|bauen|bau|raise|erhöhe|erhoehe|add|füge|fuege)([0-9]{1,2}|[jqkbdJQKBD])?$")
"""A build's word, with its value glued on: a number or a face's letter, English or German (``bQ``, ``bD``)."""
FACE_LETTERS = ("J", "Q", "K", *GERMAN_RANKS)


def parse_intent(text: str, position_text: str = "") -> Intent:
    """Read typed text into an :class:`Intent`; raise :class:`InvalidMoveError` on a typo."""

    def fail(code: str, message: str, example: str = EXAMPLES["capture"], **params: str) -> InvalidMoveError:
        return InvalidMoveError(message, text, position_text, EXPECTED, example, code, params)

    raw = text.strip()
    if len(raw) > MAX_MOVE_CHARS:
        raise fail("too_long", f"longer than {MAX_MOVE_CHARS} characters", EXAMPLES["capture"],
                   length=str(len(raw)), limit=str(MAX_MOVE_CHARS))
    if raw.count("[") != raw.count("]"):
        raise fail("bracket_not_closed", "a bracket is not closed", "9C x [6H+3S]")
    tokens = _unglued([t for t in _TOKEN.findall(raw.replace(",", " ")) if t])
    if not tokens:  # nothing typed, or only commas
        raise fail("no_move", "no move given")
    op: str | None = None
    value: int | None = None
    face_value = False
    separable = tokens[0].lower() in SEPARABLE_TRAIL_WORDS
    if tokens[0].lower() in TRAIL_WORDS:
        op = "trail"
        tokens = tokens[1:]
    if not tokens:
        raise fail("which_card", "which card?", EXAMPLES["trail"])
    if _is_move_word(tokens[0]) and _rank(tokens[0]) is None and _german_card(tokens[0]) is None:
        # ``take 7C``; but the German B, a jack, is a card, alone or with a suit (``BK``, not a build of a king)
        raise fail("word_first", f"{tokens[0]!r} goes after the card played", token=tokens[0])
    card = _card_ref(tokens[0], fail)
    rest = tokens[1:]
    if rest and rest[0].lower() in TRAIL_WORDS and op is None:
        op = "trail"
        rest = rest[1:]
    if rest and op is None:
        word = rest[0].lower()
        match = _BUILD_OP.match(word)
        if word in CAPTURE_WORDS:
            op, rest = "capture", rest[1:]
        elif match:
            op, rest = "build", rest[1:]
            if match.group(2):
                value, face_value = _value(match.group(2))
            elif len(rest) > 1 and _is_value(rest[0]):
                # "b 8 5S" names the value; a lone "b 5" names a card to build with
                value, face_value = _value(rest[0])
                rest = rest[1:]
            if rest and rest[0] in (":", "="):
                rest = rest[1:]
        elif word in BUILD_WORDS:
            op, rest = "build", rest[1:]
    if separable and op == "trail" and [t.lower() for t in rest] == ["ab"]:
        rest = []
    if op == "trail" and rest:
        raise fail("trail_takes_nothing", "a trail takes no cards from the table", EXAMPLES["trail"],
                   card=str(card), extra=" ".join(rest))
    groups: list[tuple[CardRef, ...]] = []
    builds: list[BuildRef] = []
    for token in rest:
        group: list[CardRef] = []
        for part in re.findall(r"\[[^\]]*\]|[^+\[\]]+", token):
            if part.startswith("["):
                builds.append(_build_ref(part, fail))
            else:
                group.append(_card_ref(part, fail))
        if group:
            groups.append(tuple(group))
    if op is None and (groups or builds):
        op = "capture"
    if op is None:
        op = "trail"
    return Intent(raw, card, op, value, face_value, tuple(groups), tuple(builds))


def _unglued(tokens: list[str]) -> list[str]:
    """``3Sx6H``, ``3Sx 6H`` and ``3S x6H`` read as ``3S x 6H``: no card, word or build has an x in it but the
    capture's.  A first token ending in x with nothing after it, or with a word of a move after it (``9X``,
    ``9X x 3H``, ``9X b9 3H``), is a mistyped card and stays whole, so that the message names it."""
    for i, token in enumerate(tokens[:2]):
        at = token.lower().rfind("x") if i == 0 else token.lower().find("x")
        if at < 0 or token.lower() in CAPTURE_WORDS:
            continue
        left, right = token[:at], token[at + 1:]
        if i == 0 and left and "[" not in left:
            if not right and (len(tokens) == 1 or _is_move_word(tokens[1])):
                return tokens
            return [left, "x", *([right] if right else []), *tokens[1:]]
        if i == 1 and not left and right:
            return [tokens[0], "x", right, *tokens[2:]]
        return tokens
    return tokens


def _is_move_word(token: str) -> bool:
    """A word that says what a move does (``x``, ``b9``, ``trail``), not a card."""
    word = token.lower()
    return word in CAPTURE_WORDS or word in BUILD_WORDS or word in TRAIL_WORDS or bool(_BUILD_OP.match(word))


def _is_value(token: str) -> bool:
    """A build value as typed: a number of one or two digits, or a face's letter (J, Q, K; B, D in German)."""
    return bool(_NUMBER.fullmatch(token)) or token.upper() in FACE_LETTERS


def _value(token: str) -> tuple[int, bool]:
    rank = _rank(token)
    if token.upper() in FACE_LETTERS and rank is not None:
        return rank, True
    return int(token), False


def _card_ref(token: str, fail: Callable[..., InvalidMoveError]) -> CardRef:
    token = token.strip()
    rank = _rank(token)
    if rank is not None:
        return CardRef(rank)
    try:
        c = Card.from_str(token)
    except InvalidCardError as err:
        german = _german_card(token)
        if german is None:
            ace = ace_for_one(token)
            if ace is not None:
                raise fail("ace_is_a", f"{token!r} is not a card: the ace is written A, like {ace}", token=token,
                           ace=ace) from None
            raise fail("not_a_card", f"{token!r} is not a card ({err.reason})", token=token) from None
        return german
    return CardRef(c.rank_index, c)


def _rank(text: str) -> int | None:
    """A rank typed alone, in English or German letters (``Q``, ``D``, ``10``)."""
    return parse_rank(GERMAN_RANKS.get(text.strip().upper(), text))


def _german_card(token: str) -> CardRef | None:
    """A card in German letters, or English and German mixed (``D♠``, ``BKr``, ``9K``); None if it is none."""
    code = bare_code(token)
    for suit in sorted(GERMAN_SUITS, key=len, reverse=True):
        rank = _rank(code[: -len(suit)]) if code.endswith(suit) and len(code) > len(suit) else None
        if rank is not None:
            suits = GERMAN_SUITS[suit]
            if len(suits) == 1:
                return CardRef(rank, card(rank, SUITS.index(suits[0])))
            return CardRef(rank, None, suits, token)
    rank = _rank(code[:-1]) if len(code) >= 2 else None
    if rank is not None and code[-1] in ("S", "H", "D", "C", "♠", "♥", "♦", "♣"):  # a German rank, an English suit
        return CardRef(rank, Card.from_str(RANKS[rank - 1] + code[-1]))
    return None


def ace_for_one(token: str) -> str | None:
    """The ace as ``token`` would be typed with A for its rank, when it names the ace by the number 1 (``1S``: ``AS``,
    ``1P``: ``AP``, ``1``: ``A``), which is no rank; None for any other token."""
    code = bare_code(token)
    if not code.startswith("1") or code.startswith("10"):
        return None
    if code == "1":
        return "A"
    try:
        return str(Card.from_str("A" + code[1:]))
    except InvalidCardError:
        ace = "A" + code[1:].capitalize()  # German letters as a German player writes them: AP, AKa
        return ace if typed_card(ace) is not None else None


def typed_card(token: str) -> Card | None:
    """The one card ``token`` names in English or German letters (``QD``, ``DKa``, ``D♦``); None if it names
    none, or could be either of two (``DK``)."""
    try:
        return Card.from_str(token.strip())
    except InvalidCardError:
        ref = _german_card(token.strip())
        return ref.card if ref is not None else None


def _build_ref(token: str, fail: Callable[..., InvalidMoveError]) -> BuildRef:
    inner = token[1:-1].replace("+", " ").replace("|", " ").split()
    if not inner:
        raise fail("empty_brackets", "empty brackets: name a build by its cards or value", "9C x [6H+3S]")
    if len(inner) == 1 and _is_value(inner[0]):
        value, face = _value(inner[0])
        return BuildRef((), value, face)
    return BuildRef(tuple(_card_ref(t, fail) for t in inner))


# ---- printing -------------------------------------------------------------------


def card_text(c: Card, symbols: bool = False) -> str:
    return c.symbol() if symbols else str(c)


def build_text(build: Build, values: Sequence[int], symbols: bool = False) -> str:
    """``[5D+3S]``, ``[5H+3C 8H]``, ``[KC KD]``."""
    return "[" + " ".join("+".join(card_text(c, symbols) for c in pile) for pile in piles(build, values)) + "]"


def move_notation(move: Move, loose: Sequence[Card], builds: Sequence[Build], values: Sequence[int], symbols: bool = False) -> str:
    """The move in full notation, its groups worked out from the card values.

    ``loose`` and ``builds`` are the table before the move.
    """
    card = card_text(move.card, symbols)
    if move.kind == "trail":
        return card

    def show(item: Card | Build) -> str:
        return build_text(item, values, symbols) if isinstance(item, Build) else card_text(item, symbols)

    def value_of(item: Card | Build) -> int:
        return item.value if isinstance(item, Build) else values[item]

    if move.kind == "capture":
        items: list[Card | Build] = [*move.loose, *move.builds]
        if move.value == 0 or values[move.card] == 0:  # the five-of-spades sweep, a face card
            return " ".join([card, "x", *(show(i) for i in items)])
        standalone = [b for b in move.builds if b.value == move.value]
        terms = [i for i in items if not (isinstance(i, Build) and i in standalone)]
        groups = group_items(terms, value_of, move.value) or [terms]
        shown = ["+".join(show(i) for i in g) for g in groups if g]
        return " ".join([card, "x", *shown, *(show(b) for b in standalone)])
    if values[move.card] == 0:
        label = RANKS[move.value - 1]
        return " ".join([card, f"b{label}", *(show(b) for b in move.builds), *(show(c) for c in move.loose)])
    made = _made_piles(move, values)
    new = {*move.loose} if move.kind == "raise" else {move.card, *move.loose}
    parts: list[list[Card | Build]]
    if all(new.issuperset(pile) or new.isdisjoint(pile) for pile in made):  # the table's piles of the new cards
        parts = [list(pile) for pile in made if new.issuperset(pile)]
    elif move.kind == "raise":
        parts = group_items(list(move.loose), value_of, move.value) or []
    else:
        cards: list[Card | Build] = [move.card, *move.loose]
        parts = group_items(cards, value_of, move.value) or [cards]

    def place(items: Sequence[Card | Build]) -> int:
        """Where the table shows the pile of ``items`` (the first it shares a card with)."""
        held = {c for i in items for c in (i.cards if isinstance(i, Build) else (i,))}
        return next((at for at, pile in enumerate(made) if held.intersection(pile)), len(made))

    units = [unit for b in move.builds for unit in _build_runs(b, made, move.card, symbols) or [(place([b]), show(b))]]
    units += [(place(g), "+".join(show(i) for i in g if i != move.card)) for g in parts]
    units.sort(key=lambda unit: unit[0])  # stable: a build named before a group at the same place
    return " ".join([card, f"b{move.value}", *(text for _, text in units if text)])


def _build_runs(build: Build, made: Sequence[Sequence[Card]], card: Card, symbols: bool) -> list[tuple[int, str]]:
    """Where the table shows a new pile between two piles of ``build`` (added to), the build's piles in brackets, a
    bracket for each run of them, at the place of its first pile (``AS b10 [10S] 9S [6S+4D]``, the table
    ``[10S 9S+AS 6S+4D]``): the brackets together name the build.  None where its piles stand together (the played
    ``card`` as a pile of its own, written first, parts none) or the table splits its cards anew (mixed with the new
    ones): then the build is one bracketed item."""
    shown = [at for at, pile in enumerate(made) if list(pile) != [card]]  # the piles written where they stand
    own = [i for i, at in enumerate(shown) if set(made[at]) <= set(build.cards)]
    if sum(len(made[shown[i]]) for i in own) != len(build.cards) or own[-1] - own[0] == len(own) - 1:
        return []
    runs: list[list[int]] = []
    for i in own:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return [(shown[run[0]], "[" + " ".join("+".join(card_text(c, symbols) for c in made[shown[i]]) for i in run) + "]")
            for run in runs]


def _made_piles(move: Move, values: Sequence[int]) -> list[list[Card]]:
    """The piles of the build ``move`` makes, in the order the table shows them (:func:`piles`), so that the
    move names its piles in that order too."""
    cards = tuple(sorted([move.card, *move.loose, *(c for b in move.builds for c in b.cards)]))
    return piles(Build(move.value, cards, 0, sum(values[c] for c in cards) == move.value), values)
