"""The rule cases of tests/data/rule_cases.yaml, each checked through the notation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tutor.core.moves import AmbiguousMoveError, IllegalMoveError
from tutor.core.position import Position
from tutor.loading.positions import load_position

CASES: list[dict[str, Any]] = yaml.safe_load((Path(__file__).parent / "data" / "rule_cases.yaml").read_text())


def position_of(case: dict[str, Any]) -> Position:
    return load_position(yaml.safe_dump(case["position"]), case["name"])


def test_enough_cases_for_every_section() -> None:
    assert len(CASES) >= 40
    sections = {c["rule"].split(".")[0] for c in CASES}
    assert {"1", "3", "4", "5"} <= sections


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case(case: dict[str, Any]) -> None:
    pos = position_of(case)
    for text, kind in (case.get("legal") or {}).items():
        move = pos.parse_move(text)
        assert move.kind == kind, text
        assert move in pos.generate()
    for text, code in (case.get("illegal") or {}).items():
        with pytest.raises(IllegalMoveError) as err:
            pos.parse_move(text)
        assert err.value.reason.code == code, f"{text}: {err.value.reason}"
    for text in case.get("ambiguous") or []:
        with pytest.raises(AmbiguousMoveError) as amb:
            pos.parse_move(text)
        assert len(amb.value.candidates) > 1
    if "moves" in case:
        assert [pos.notation(m) for m in pos.generate()] == case["moves"]
    if "count" in case:
        assert len(pos.generate()) == case["count"]
