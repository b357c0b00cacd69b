"""One ace for two builds (rules 4.1, docs/readings.md 1), one rule with two users of one helper
(:func:`tutor.core.legality.shared_pair`): the refusal of a move under the holding rule (tutor/core/legality.py)
and the breach of Michigan's build duty (:func:`tutor.play.ideas.shared_values`) name the same two build values on
the same positions and moves."""

from __future__ import annotations

import random

import pytest
import yaml

from tutor.content.presets import variant
from tutor.core.cards import Card
from tutor.core.moves import IllegalMoveError, MoveError
from tutor.core.position import Position
from tutor.core.variant import Variant
from tutor.loading.positions import load_position
from tutor.loading.yamlfile import FileError
from tutor.play.ideas import shared_values
from tutor.sheets.examples import example_specs

PRESETS = ("royal", "royal-aces-high")
ONE_ACE: list[tuple[list[str], list[object]]] = [  # hand and table of the refusal's test (test_move_words) and
    # of the breach's (test_breach_words), royal aces high
    (["AS", "AH", "5C"], ["AD", {"build": ["10S", "4D"], "owner": 0}]),
    (["AH", "AC", "KD"], [{"build": [["AS"], ["AD"]], "owner": 0}, {"build": ["10C", "3D"], "owner": 0}]),
    (["AH", "5C"], [{"build": ["10C", "3D"], "owner": 0}]),
]


def refused_pair(strict: Position, text: str) -> frozenset[int]:
    """The two values the holding rule's refusal of ``text`` names as one card's, if that is why it is refused."""
    try:
        strict.parse_move(text)
    except IllegalMoveError as err:
        params = err.reason.params
        if err.reason.code == "holding_rule" and "shared" in params:
            return frozenset({int(str(params["value"])), int(str(params["shared"]))})
    return frozenset()


def compared(pos: Position, preset: str) -> int:
    """Every move of ``pos`` under ``preset`` with the build duty ``penalty`` (where a move may break the holding
    rule) judged both ways, the holding rule in force (duty ``free``) and fined; how many name two values."""
    strict, fined = pos.copy(), pos.copy()
    strict.variant = variant({"preset": preset, "build_duty": "free"})
    fined.variant = variant({"preset": preset, "build_duty": "penalty"})
    named = 0
    for move in fined.generate():
        pair = shared_values(fined, move)
        assert refused_pair(strict, fined.notation(move)) == frozenset(pair), (str(pos), fined.notation(move))
        named += bool(pair)
    return named


def position_of(preset: str, hand: list[str], table: list[object], name: str) -> Position:
    """Seat 0 to move holding ``hand``, seat 1 three cards unseen; under the duty ``penalty``, where a build may be
    unheld."""
    data = {"variant": {"preset": preset, "build_duty": "penalty"}, "hands": [hand, 3], "table": table}
    return load_position(yaml.safe_dump(data), name)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_worked_examples_and_the_one_ace_positions_name_the_same_values(preset: str) -> None:
    """The rule sheets' worked examples (tutor/sheets/examples.yaml) and the one-ace positions of the refusal's and
    the breach's own tests: only aces high names two values, and then both name the same."""
    named = sum(compared(position_of(preset, list(spec.hand), list(spec.table), spec.id), preset)
                for spec in example_specs())
    assert named == 0
    if preset == "royal-aces-high":
        assert [compared(position_of(preset, hand, table, "aces.yaml"), preset) for hand, table in ONE_ACE] == [2, 2, 0]


def random_build(rng: random.Random, deck: list[Card], v: Variant, owner: int) -> dict[str, object] | None:
    """A build of ``owner`` from ``deck``'s cards (taken out of it): of 1 (two aces), of the highest value (14 with
    aces high), or of another."""
    aces = [c for c in deck if c.rank == "A"]
    value = rng.choice([1, v.max_build, rng.randint(2, v.max_build)])
    if value == 1:
        if len(aces) < 2:
            return None
        piles = rng.sample(aces, 2)
        for c in piles:
            deck.remove(c)
        return {"build": [[str(c)] for c in piles], "owner": owner}
    pairs = [(a, b) for a in deck for b in deck if a < b and v.value[a] + v.value[b] == value]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    for c in pair:
        deck.remove(c)
    return {"build": [str(c) for c in pair], "owner": owner}


def random_position(rng: random.Random, v: Variant) -> Position | None:
    """Builds of 1 and 14 likely, and a hand of one or two aces beside other cards."""
    deck = list(v.deck_cards)
    rng.shuffle(deck)
    table: list[object] = [b for owner in (0, 0, 1) if (b := random_build(rng, deck, v, owner)) is not None]
    aces = [c for c in deck if c.rank == "A"][:rng.randint(0, 2)]
    others = [c for c in deck if c.rank != "A"][:rng.randint(1, 3)]
    for c in aces + others:
        deck.remove(c)
    table += [str(c) for c in deck[:rng.randint(0, 3)]]
    try:
        return position_of(v.preset, [str(c) for c in aces + others], table, "random.yaml")
    except (FileError, MoveError):
        return None


@pytest.mark.parametrize("preset", PRESETS)
def test_generated_positions_name_the_same_values(preset: str) -> None:
    rng, v = random.Random(32), variant(preset)
    positions = [p for _ in range(400) if (p := random_position(rng, v)) is not None]
    named = sum(compared(p, preset) for p in positions)
    assert len(positions) > 300
    assert named == 0 if preset == "royal" else named > 50, named
