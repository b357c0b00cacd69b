"""Moves, the reasons a move is illegal, and the errors move input raises."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import Card
from .frozen import pickled_by_constructor
from .table import Build

new_tuple = tuple.__new__
"""Makes a named tuple (a :class:`Move` most often) from a tuple of its fields without
its Python-level constructor, for the hot paths of move generation and search."""


class Move(NamedTuple):
    """One legal outcome of playing a card.

    - ``trail``: ``loose`` and ``builds`` are empty.
    - ``capture``: ``loose`` and ``builds`` are what is taken; ``value`` is the
      capture value (0 for the five-of-spades sweep, the face rank index for a
      valueless face card).
    - ``build``: a new build of ``value`` from the card and ``loose``.
    - ``raise`` / ``add``: ``builds`` holds the target; ``loose`` the loose
      cards that join it; ``value`` the value afterwards.

    ``str(move)`` is a plain form without grouping; the position prints and
    parses the full notation (:meth:`tutor.core.position.Position.notation`).
    """

    card: Card
    kind: str
    value: int
    loose: tuple[Card, ...] = ()
    builds: tuple[Build, ...] = ()

    @property
    def is_capture(self) -> bool:
        return self.kind == "capture"

    def captured_cards(self) -> list[Card]:
        """The table cards this move takes (the played card not included)."""
        if self.kind != "capture":
            return []
        if not self.builds:
            return list(self.loose)
        out = list(self.loose)
        for b in self.builds:
            out.extend(b.cards)
        return out

    def __str__(self) -> str:
        parts = [str(self.card)]
        if self.kind == "capture":
            parts.append("x")
        elif self.kind != "trail":
            parts.append(f"b{self.value}")
        parts += [str(c) for c in self.loose]
        parts += ["[" + "+".join(str(c) for c in b.cards) + "]" for b in self.builds]
        return " ".join(parts)


@dataclass(frozen=True)
class Reason:
    """Why a move is illegal: a rule code and the facts that explain it.

    ``params`` hold cards (as :class:`Card`), numbers and lists of them; the
    templates turn them into words.  Codes are listed in :data:`REASON_CODES`.
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in REASON_CODES:
            raise ValueError(f"unknown reason code {self.code!r}")


#: Every reason code, with the rule it names (rules.md section).
REASON_CODES: dict[str, str] = {
    "card_not_in_hand": "3: the card played must come from the mover's hand",
    "card_not_on_table": "3.2: only cards on the table can be taken or built on",
    "named_twice": "3.2: each card or build on the table can be used once",
    "card_in_build": "2: a card inside a build goes only with its whole build",
    "one_build_at_a_time": "3.4/3.5: a card raises or joins one build at a time",
    "build_not_on_table": "3.2: the named build is not on the table",
    "no_value": "3.3: a face card without a value cannot build",
    "sum_mismatch": "3.2/3.3: the cards do not split into groups of the value",
    "value_not_held": "4.1: a build needs a card of its value left in the hand",
    "holding_rule": "4.1: the move leaves the mover's build without its capturing card",
    "controller_may_not_trail": "4.2: a controller may not trail (build duty no_trail)",
    "must_take_or_add": "4.2: a controller must take or build on one of their builds (take_or_add)",
    "forced_capture": "3.1: a card that can capture may not be trailed",
    "multiple_build_fixed": "3.4: a multiple build cannot be raised",
    "face_card_takes_one": "3.2: a face card takes exactly one card of its rank",
    "rank_mismatch": "3.2: a face card takes only cards of its own rank",
    "taken_by_rank_only": "3.2/3.6: a face card without a value, or a face build, is taken only by its rank",
    "build_not_a_term": "3.2: a build is taken whole, never as part of a sum",
    "multiple_build_not_a_term": "3.2: a multiple build is never part of a sum",
    "own_build_not_a_term": "3.2: a build counts in a sum only for the other side",
    "build_too_high": "3.3: no build may exceed the largest build value",
    "value_below_card": "3.3: a build is worth at least the card played into it",
    "raise_own_forbidden": "3.4: raising your own build is off in this variant",
    "add_to_others_forbidden": "3.5: adding to another player's build is off in this variant",
    "build_needs_table_cards": "3.3: a build needs at least one card from the table",
    "loose_changes_single_build": "3.4: loose cards never change a single build's value",
    "face_build_rank": "3.6: a face build takes cards of its own rank only",
    "face_build_value": "3.6: a face build's value is the rank of its cards",
    "nothing_to_take": "3.2: a capture takes at least one card or build",
    "round_over": "5: the round is over",
    "not_a_move": "3: the rules allow no such move",
}


class MoveError(ValueError):
    """Base class: the typed move cannot be played."""

    def __init__(self, message: str, text: str, position_text: str) -> None:
        super().__init__(f"{message}\n{position_text}" if position_text else message)
        self.message = message
        self.text = text
        self.position_text = position_text


#: Every typo code of :class:`InvalidMoveError`, with what it means.
INVALID_CODES: dict[str, str] = {
    "no_move": "nothing was typed",
    "bracket_not_closed": "a [ has no ] (or the other way round)",
    "which_card": "a word like trail with no card after it",
    "trail_takes_nothing": "a trail followed by table cards (params: card, extra)",
    "not_a_card": "a token that is neither a card nor a rank (params: token)",
    "ace_is_a": "a card or rank typed with the number 1 for the ace (params: token; ace: the token with A)",
    "word_first": "a word of a move (x, take, b8) typed before the card played (params: token)",
    "empty_brackets": "[] names no build",
    "too_long": "more text than any move needs (params: length, limit)",
}


class InvalidMoveError(MoveError):
    """The text is not a move in the notation; ``expected`` and ``example`` say what is.

    ``code`` (one of :data:`INVALID_CODES`) and ``params`` say what is wrong
    as data, for the templates; ``detail`` says it in English.
    """

    def __init__(
        self,
        message: str,
        text: str,
        position_text: str,
        expected: str,
        example: str,
        code: str,
        params: dict[str, Any] | None = None,
    ) -> None:
        if code not in INVALID_CODES:
            raise ValueError(f"unknown typo code {code!r}")
        super().__init__(f"{message}; expected {expected}, for example {example!r}", text, position_text)
        self.detail = message
        self.expected = expected
        self.example = example
        self.code = code
        self.params: dict[str, Any] = params or {}


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid; ``reason`` says which rule."""

    def __init__(self, reason: Reason, text: str, position_text: str) -> None:
        super().__init__(f"illegal move {text!r}: {reason.code} {_describe(reason.params)}", text, position_text)
        self.reason = reason


class AmbiguousMoveError(MoveError):
    """The text matches several legal moves; ``candidates`` lists them."""

    def __init__(self, candidates: Sequence[Move], notations: Sequence[str], text: str, position_text: str) -> None:
        super().__init__(f"{text!r} could mean: {', '.join(notations)}", text, position_text)
        self.candidates = list(candidates)
        self.notations = list(notations)


def _describe(params: dict[str, Any]) -> str:
    def show(v: Any) -> str:
        if isinstance(v, (list, tuple)):
            return "[" + " ".join(show(x) for x in v) + "]"
        return str(v)

    return " ".join(f"{k}={show(v)}" for k, v in params.items())


pickled_by_constructor(Reason)  # compiled by mypyc, see tutor.core.frozen
