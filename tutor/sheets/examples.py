"""Worked examples for rule sheets, each confirmed by the engine under the sheet's variant.

The positions live in ``examples.yaml`` next to this module.  An example
states what it shows (a move and its outcome, a move refused and why); it is
printed only when the engine agrees under the sheet's variant, so a sheet
never shows an example that its own rules make false.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from tutor.core.cards import Card
from tutor.core.moves import IllegalMoveError, Move, MoveError, Reason
from tutor.core.position import Position
from tutor.core.variant import Variant
from tutor.loading.positions import load_position


@dataclass(frozen=True)
class Expect:
    """The outcome an example claims for its move; None leaves a fact unchecked."""

    kind: str
    value: int | None = None
    captured: frozenset[Card] | None = None
    sweep: bool | None = None
    penalty: bool | None = None

    def met(self, pos: Position, move: Move) -> bool:
        checks = (
            (self.kind, move.kind),
            (self.value, move.value),
            (self.captured, frozenset(move.captured_cards())),
            (self.sweep, pos.is_sweep(move)),
            (self.penalty, pos.penalised(move)),
        )
        return all(claim is None or claim == actual for claim, actual in checks)


@dataclass(frozen=True)
class ExampleSpec:
    """An example as written in ``examples.yaml``, not yet checked."""

    id: str
    topic: str
    slot: str
    hand: tuple[str, ...]
    table: tuple[Any, ...]
    play: str
    expect: Expect
    reject: tuple[str, str] | None  # (move as typed, reason code)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> ExampleSpec:
        expect = dict(data["expect"])
        if "captured" in expect:
            expect["captured"] = frozenset(Card.from_str(c) for c in expect["captured"])
        reject = data.get("reject")
        return cls(
            id=data["id"],
            topic=data["topic"],
            slot=data.get("slot", data["id"]),
            hand=tuple(data["hand"]),
            table=tuple(data["table"]),
            play=data["play"],
            expect=Expect(**expect),
            reject=(reject["play"], reject["reason"]) if reject else None,
        )


@dataclass(frozen=True)
class Rejection:
    """A move the example shows refused: as typed, and the engine's reason."""

    text: str
    reason: Reason


@dataclass(frozen=True)
class Example:
    """A confirmed example: its position, the move it shows with every legal
    move of that card, and optionally a move the engine refuses."""

    id: str
    topic: str
    position: Position
    shown: Move
    moves: tuple[Move, ...]
    rejected: Rejection | None


@cache
def example_specs() -> tuple[ExampleSpec, ...]:
    """Every example of ``examples.yaml``, in file order."""
    text = resources.files("tutor.sheets").joinpath("examples.yaml").read_text(encoding="utf-8")
    return tuple(ExampleSpec.from_data(d) for d in yaml.safe_load(text))


def confirm(spec: ExampleSpec, variant: Variant, players: int) -> Example | None:
    """The example under ``variant``, or None when the engine does not confirm every claim."""
    base = _position(spec.id, players)
    if not all(variant.in_deck[c] for c in (*base.hands[base.to_move], *base.table_cards())):
        return None
    pos = base.copy()
    pos.variant = variant
    try:
        move = pos.parse_move(spec.play)
    except MoveError:  # a move these rules forbid
        return None
    if not spec.expect.met(pos, move):
        return None
    rejected = None
    if spec.reject is not None:
        reason = _refusal(pos, *spec.reject)
        if reason is None:
            return None
        rejected = Rejection(spec.reject[0], reason)
    moves = tuple(m for m in pos.generate() if m.card == move.card)
    return Example(spec.id, spec.topic, pos, move, moves, rejected)


def _refusal(pos: Position, text: str, code: str) -> Reason | None:
    """The engine's reason for refusing the move ``text``, when it refuses it for reason ``code``."""
    try:
        pos.parse_move(text)
    except IllegalMoveError as err:
        return err.reason if err.reason.code == code else None
    except MoveError:  # not a move, or an ambiguous one
        return None
    return None


@cache
def _position(example_id: str, players: int) -> Position:
    """The example's cards as a position (the variant is set per sheet).

    Builds in examples hold number cards only, whose values every variant
    shares, so the position reads the same under any variant.
    """
    spec = next(s for s in example_specs() if s.id == example_id)
    data = {"players": players, "hands": [list(spec.hand), *[len(spec.hand)] * (players - 1)], "table": list(spec.table)}
    return load_position(yaml.safe_dump(data), f"examples.yaml: {spec.id}")


@cache
def confirmed_examples(variant: Variant, players: int) -> tuple[Example, ...]:
    """The examples a sheet for ``variant`` prints: per slot, the first the engine confirms."""
    out: list[Example] = []
    done: set[str] = set()
    for spec in example_specs():
        if spec.slot in done:
            continue
        example = confirm(spec, variant, players)
        if example is not None:
            out.append(example)
            done.add(spec.slot)
    return tuple(out)
