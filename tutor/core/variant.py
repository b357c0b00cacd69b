"""Rule variants: every option of the rulebook, validated, with derived tables.

A :class:`Variant` is a frozen set of option values.  Presets are data
(``tutor/content/presets.yaml``, read by :mod:`tutor.content.presets`); this module only knows
the options, their defaults and their allowed values (:data:`OPTIONS`), and
derives from them the tables the move generator and scorer read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from .cards import ALL_CARDS, DECKS, SPADE, Card, InvalidCardError
from .text import excerpt


class VariantError(ValueError):
    """An unknown preset or option, or a value an option does not take.

    ``code`` and ``params`` say the same as the (English) message as data, for words in another language
    (``sheet.option_<code>``); ``code`` is empty where there are none.
    """

    def __init__(self, message: str, option: str | None = None, code: str = "", **params: Any) -> None:
        super().__init__(message)
        self.option = option
        self.code = code
        self.params = params


@dataclass(frozen=True)
class OptionSpec:
    """One rulebook option: its default and the values it takes."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None  # allowed values, or None
    kind: type | tuple[type, ...] = object  # type checked when choices is None
    minimum: int | None = None
    maximum: int | None = None
    section: str = ""  # rules.md section, for sheets and docs


MAX_POINTS = 99
"""The most points one scoring item, penalty or instant limit may be worth: far above any preset's,
and low enough that a round's points always fit the solver's score range."""

MAX_TARGET = 999
"""The highest match target (presets play to 11, 21 and 61)."""

_DEFAULT_POINT_CARDS: tuple[tuple[str, int], ...] = (
    ("10D", 2), ("2S", 1), ("AS", 1), ("AH", 1), ("AD", 1), ("AC", 1),
)

OPTIONS: dict[str, OptionSpec] = {
    o.name: o
    for o in (
        OptionSpec("deck", "standard52", tuple(DECKS), section="1"),
        OptionSpec("values", "classic", ("classic", "royal", "italian"), section="1"),
        OptionSpec("aces_high", False, (False, True), section="1"),
        OptionSpec("forced_capture", False, (False, True), section="3.1"),
        OptionSpec("face_capture", "one", ("one", "all"), section="3.2"),
        OptionSpec("build_in_sum", "none", ("none", "opponents", "anyone"), section="3.2"),
        OptionSpec("raise_own", True, (False, True), section="3.4"),
        OptionSpec("add_to_others", True, (False, True), section="3.5"),
        OptionSpec("five_of_spades_sweep", False, (False, True), section="3.8"),
        OptionSpec("build_duty", "no_trail", ("no_trail", "take_or_add", "free", "penalty"), section="4.2"),
        OptionSpec("default_penalty", 2, kind=int, minimum=0, maximum=MAX_POINTS, section="4.2"),
        OptionSpec("hand_size", None, kind=int, minimum=1, maximum=26, section="5"),
        OptionSpec("packet", 2, kind=int, minimum=1, maximum=26, section="5"),
        OptionSpec("draw", False, (False, True), section="5"),
        OptionSpec("most_cards", 3, kind=int, minimum=0, maximum=MAX_POINTS, section="6"),
        OptionSpec("most_spades", 1, kind=int, minimum=0, maximum=MAX_POINTS, section="6"),
        OptionSpec("point_cards", _DEFAULT_POINT_CARDS, kind=(dict, bool), section="6"),
        OptionSpec("sweep_points", 1, kind=int, minimum=0, maximum=MAX_POINTS, section="6"),
        OptionSpec("spade_points", False, (False, True), section="6"),
        OptionSpec("skunk", "none", ("none", "bonus", "win"), section="6"),
        OptionSpec("instant_sweeps", False, (False, True), section="6"),
        OptionSpec("instant_points", False, (False, True), section="6"),
        OptionSpec("target", 21, kind=int, minimum=1, maximum=MAX_TARGET, section="7"),
        OptionSpec("tie_break", "count_out", ("count_out", "higher_total"), section="7"),
        OptionSpec("claim", False, (False, True), section="7"),
        OptionSpec("instant_limit", None, kind=int, minimum=1, maximum=MAX_POINTS, section="7"),
    )
}

FACE_KEY = 100
"""Holding keys of face builds: FACE_KEY + rank index, apart from every numeric value."""

_FACE_VALUES = {"classic": (0, 0, 0), "royal": (11, 12, 13), "italian": (8, 9, 10)}


def check_option(name: str, value: Any) -> Any:
    """Validate one option value and return it in canonical form."""
    spec = OPTIONS.get(name)
    if spec is None:
        valid = ", ".join(sorted(OPTIONS))
        raise VariantError(f"unknown option '{excerpt(name)}'; options are: {valid}", name)
    if name == "point_cards":
        return _check_point_cards(value)
    if spec.choices is not None:
        if value not in spec.choices or type(value) is not type(spec.choices[0]):
            *most, last = [_show(c) for c in spec.choices]
            shown = "true or false (also yes or no)" if last == "true" else f"{', '.join(most)} or {last}"
            raise VariantError(f"option {name} takes {shown}, not {_show(value)}", name, "takes", name=name,
                               values=[_show(c) for c in spec.choices], value=_show(value))
        return value
    if value is None and spec.default is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        unset = " (or null for the default)" if spec.default is None else ""
        raise VariantError(f"option {name} takes a whole number from {spec.minimum} to {spec.maximum}{unset}, not "
                           f"{_show(value)}", name, "whole", name=name, value=_show(value), low=spec.minimum,
                           high=spec.maximum, nullable=spec.default is None)
    if spec.minimum is not None and value < spec.minimum:
        raise VariantError(f"option {name} must be at least {spec.minimum}, not {value}", name, "least",
                           name=name, limit=spec.minimum, value=_show(value))
    if spec.maximum is not None and value > spec.maximum:
        raise VariantError(f"option {name} must be at most {spec.maximum}, not {_show(value)}", name, "most",
                           name=name, limit=spec.maximum, value=_show(value))
    return value


def _check_point_cards(value: Any) -> tuple[tuple[str, int], ...]:
    if value is False:
        return ()
    if not isinstance(value, Mapping):
        raise VariantError(
            f"option point_cards takes a mapping of card to points (like {{10D: 2, 2S: 1}}), or false (also no) for "
            f"none, not {_show(value)}", "point_cards", "point_cards", value=_show(value),
        )
    pairs = []
    for code, points in value.items():
        try:
            c = Card.from_str(str(code))
        except InvalidCardError as err:
            raise VariantError(f"option point_cards: {err}", "point_cards", "point_card", card=excerpt(str(code)),
                               detail=str(err)) from None
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_POINTS:
            raise VariantError(f"option point_cards: points for {c} must be a whole number from 0 to {MAX_POINTS}",
                               "point_cards", "card_points", card=str(c), most=MAX_POINTS)
        pairs.append((str(c), points))
    return tuple(pairs)


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10**40:
        return "a number of more than 40 digits"
    return excerpt(str(value))


@dataclass(frozen=True)
class Variant:
    """A complete rule set.  Build one with :meth:`from_options`."""

    preset: str = "classic"
    deck: str = "standard52"
    values: str = "classic"
    aces_high: bool = False
    forced_capture: bool = False
    face_capture: str = "one"
    build_in_sum: str = "none"
    raise_own: bool = True
    add_to_others: bool = True
    five_of_spades_sweep: bool = False
    build_duty: str = "no_trail"
    default_penalty: int = 2
    hand_size: int | None = None
    packet: int = 2
    draw: bool = False
    most_cards: int = 3
    most_spades: int = 1
    point_cards: tuple[tuple[str, int], ...] = field(default=_DEFAULT_POINT_CARDS)
    sweep_points: int = 1
    spade_points: bool = False
    skunk: str = "none"
    instant_sweeps: bool = False
    instant_points: bool = False
    target: int = 21
    tie_break: str = "count_out"
    claim: bool = False
    instant_limit: int | None = None

    @classmethod
    def from_options(cls, preset: str, base: Mapping[str, Any], overrides: Mapping[str, Any]) -> Variant:
        """The preset named ``preset`` (whose options are ``base``) with ``overrides`` on top."""
        values: dict[str, Any] = {"preset": preset}
        for source in (base, overrides):
            for name, value in source.items():
                values[name] = check_option(name, value)
        return cls(**values)

    def with_options(self, **overrides: Any) -> Variant:
        """This variant with some options changed (each validated)."""
        return replace(self, **{k: check_option(k, v) for k, v in overrides.items()})

    def options(self) -> dict[str, Any]:
        """Every option and its value (point cards as a mapping)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "preset":
                continue
            value = getattr(self, f.name)
            out[f.name] = dict(value) if f.name == "point_cards" else value
        return out

    def changed_options(self) -> dict[str, Any]:
        """The options whose value differs from the rulebook default."""
        defaults = Variant().options()
        return {k: v for k, v in self.options().items() if defaults[k] != v}

    # ---- derived tables (computed once per variant) -------------------------

    @cached_property
    def deck_cards(self) -> tuple[Card, ...]:
        return DECKS[self.deck]

    @cached_property
    def deck_spades(self) -> int:
        """How many spades the deck holds."""
        return sum(SPADE[c] for c in self.deck_cards)

    @cached_property
    def in_deck(self) -> tuple[bool, ...]:
        members = set(self.deck_cards)
        return tuple(c in members for c in ALL_CARDS)

    @cached_property
    def aces_high_active(self) -> bool:
        return self.aces_high and self.values == "royal"

    @cached_property
    def value(self) -> tuple[int, ...]:
        """Value of each card (by index) on the table or in a build; 0 = none."""
        faces = _FACE_VALUES[self.values]
        return tuple(c.rank_index if c.rank_index <= 10 else faces[c.rank_index - 11] for c in ALL_CARDS)

    @cached_property
    def capture_values(self) -> tuple[tuple[int, ...], ...]:
        """Values each card can capture with when played from the hand."""
        out: list[tuple[int, ...]] = []
        for c in ALL_CARDS:
            v = self.value[c]
            if v == 0:
                out.append(())
            elif v == 1 and self.aces_high_active:
                out.append((1, 14))
            else:
                out.append((v,))
        return tuple(out)

    @cached_property
    def holding_keys(self) -> tuple[tuple[int, ...], ...]:
        """Per card: the build values it can take when held (face builds: FACE_KEY + rank)."""
        return tuple(
            (FACE_KEY + c.rank_index,) if not self.capture_values[c] and self.face_builds else self.capture_values[c]
            for c in ALL_CARDS
        )

    @cached_property
    def max_build(self) -> int:
        """The largest value a build may have: the largest capture value of a card of the deck (rules 1; 10 with
        classic values, 13 royal, 14 with aces high, 10 italian, but 7 for the Italian deck with classic values)."""
        return max((v for c in self.deck_cards for v in self.capture_values[c]), default=0)

    @cached_property
    def face_builds(self) -> bool:
        """Whether valueless face cards gather into face builds (3.6)."""
        return self.face_capture == "all" and self.values == "classic"

    @cached_property
    def hand_size_resolved(self) -> int:
        if self.hand_size is not None:
            return self.hand_size
        return 3 if self.deck == "italian40" else 4

    @cached_property
    def point_card_table(self) -> tuple[int, ...]:
        """Points of each card (by index); cards outside the deck score nothing."""
        points = [0] * 52
        for code, p in self.point_cards:
            c = Card.from_str(code)
            if self.in_deck[c]:
                points[c] = p
        return tuple(points)

    @cached_property
    def card_points(self) -> tuple[int, ...]:
        """Round points each card scores for whoever takes it: point cards, and spade points in that variant."""
        jack_of_spades = Card.from_str("JS")
        return tuple(
            self.point_card_table[c] + (self.spade_points and c.suit == "S") + (self.spade_points and c == jack_of_spades)
            for c in ALL_CARDS
        )

    @cached_property
    def effective_most_spades(self) -> int:
        return 0 if self.spade_points else self.most_spades

    @cached_property
    def scores_nothing(self) -> bool:
        """Whether no side can ever score a point (every majority, card and sweep worth 0), so a match
        could never reach its target: a skunk needs points to take, and penalties only take points off."""
        return not (self.most_cards or self.effective_most_spades or any(self.card_points) or self.sweep_points)

    def most_hand(self, players: int) -> int:
        """The most cards each of ``players`` can be dealt from the deck."""
        return len(self.deck_cards) // players

    @cached_property
    def penalties(self) -> bool:
        """Build duty ``penalty``: moves are free, breaches cost points."""
        return self.build_duty == "penalty"

    def side_of(self, seat: int, players: int) -> int:
        """The side a seat plays for: partners 0+2 and 1+3 with four players."""
        return seat % 2 if players == 4 else seat

    @staticmethod
    def sides(players: int) -> int:
        return 2 if players == 4 else players
