"""The rating model's calibration: seeded solve data, the fit's promises, its tables, and the documented weights."""

from __future__ import annotations

import re
import statistics
from functools import cache, partial
from pathlib import Path

import pytest

from tutor.generator import difficulty
from tutor.generator.calibration import fit_table, idea_table, ladder_table, quarter_table
from tutor.generator.fitting import fit, shipped_form
from tutor.generator.solve_data import Sample, mined, mined_task
from tutor.generator.solvers import LADDER
from tutor.parallel.pool import in_order

DOCS = Path(__file__).resolve().parents[1] / "docs" / "generator.md"


def test_the_solve_data_are_the_same_whatever_the_processes() -> None:
    alone = [mined_task(2, 5, task) for task in range(6)]
    shared = list(in_order(partial(mined_task, 2, 5), 6, 2))
    assert alone == shared
    assert len({s.name for s in alone}) == 6


def test_the_documented_weights_are_the_models() -> None:
    """docs/generator.md, "Ratings", lists every weight of the model as ``| `NAME` | ... | WEIGHT |``."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Ratings"):text.index("## Themes")]
    documented = {name: int(value.replace("−", "-").replace("+", ""))
                  for name, value in re.findall(r"^\| `([a-z][a-z0-9 -]*)` \|.*\| ([+−-]?\d+) \|$", section, re.M)}
    kept = {n: w for n, w in difficulty.weights().items() if n not in ("goal capture", "depth 1")}
    assert documented == kept


@cache
def small() -> tuple[Sample, ...]:
    return tuple(mined(3, 1, 1))


@pytest.mark.slow
def test_a_small_calibration_keeps_the_models_promises() -> None:
    samples = small()
    weights = shipped_form(fit([s.features for s in samples], [s.rating for s in samples]))
    position = [weights[n] for n in difficulty.POSITION]
    assert all(w >= 0 for w in position) and sum(position) <= difficulty.POSITION_BUDGET
    chances = [statistics.fmean(s.chances[j] for s in samples) for j in range(len(LADDER))]
    assert chances[0] == min(chances) and chances[-1] == max(chances)
    exact = [c for c, s in zip(chances, LADDER) if s.reading == "exact"]
    assert exact == sorted(exact)


@pytest.mark.slow
def test_the_calibration_tables() -> None:
    samples = small()
    ladder = ladder_table(samples, samples).splitlines()
    assert len(ladder) == 2 + len(LADDER) and all(s.name in text for s, text in zip(LADDER, ladder[2:]))
    assert fit_table(samples, samples).splitlines()[2].startswith("| mined (fitted on) | 54 |")
    assert "ideas have two puzzles or more" in idea_table(samples)
    quarters = quarter_table(samples).splitlines()[2:]
    assert sum(int(row.split("|")[2]) for row in quarters) == sum(s.features.goal != "deal" for s in samples)
