"""Perft counts of tests/data/perft.yaml: the engine, and the naive reference at shallow depth."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from randompos import to_reference
from reference_moves import reference_outcomes

from tutor.cli.engine import perft_count
from tutor.core.cards import Card
from tutor.core.table import split_into
from tutor.loading.positions import load_position

ENTRIES: list[dict[str, Any]] = yaml.safe_load((Path(__file__).parent / "data" / "perft.yaml").read_text())
REFERENCE_DEPTH = 2


def reference_perft(state: dict[str, Any], depth: int, values: Sequence[int]) -> int:
    """Perft by the reference generator, applying its outcomes to plain dicts.

    The engine's ``split_into`` only lays a multiple build out in piles for the
    dict; which moves exist is decided by the reference alone.
    """
    if depth == 0 or not any(state["hands"]):
        return 1
    total = 0
    for card, _kind, _captured, table_after in reference_outcomes(state):
        child = copy.deepcopy(state)
        child["hands"][state["to_move"]].remove(card)
        child["table"] = [item if isinstance(item, str) else build_data(item, values) for item in table_after]
        child["to_move"] = (state["to_move"] + 1) % state["players"]
        total += reference_perft(child, depth - 1, values)
    return total


def build_data(item: tuple[Any, ...], values: Sequence[int]) -> dict[str, Any]:
    _, value, codes, owner = item
    cards = [Card.from_str(c) for c in codes]
    if isinstance(value, str):
        piles = [[c] for c in cards]
    else:
        piles = split_into(cards, value, values) or []
    return {"build": [[str(c) for c in pile] for pile in piles], "owner": owner, "value": value}


def test_enough_positions() -> None:
    assert len(ENTRIES) >= 20


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_engine_counts(entry: dict[str, Any]) -> None:
    pos = load_position(yaml.safe_dump(entry["position"]), entry["name"])
    for depth, count in entry["perft"].items():
        assert perft_count(pos, int(depth)) == count, f"depth {depth}"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_reference_counts(entry: dict[str, Any]) -> None:
    pos = load_position(yaml.safe_dump(entry["position"]), entry["name"])
    if pos.variant.instant_limit is not None:
        pytest.skip("the reference knows moves, not the instant limit that ends a round early")
    state = to_reference(pos)
    for depth in range(1, REFERENCE_DEPTH + 1):
        assert reference_perft(state, depth, pos.variant.value) == entry["perft"][depth], f"depth {depth}"
