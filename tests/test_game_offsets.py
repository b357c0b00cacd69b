"""Game evidence's difficulty offsets: fitted on the reference player, kept in a file, used by the evidence
(docs/skills.md, "The evidence")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli.game_offsets import BOUND, expected_score, fitted_offset, main, offsets_data, reference_rating
from tutor.content.presets import variant
from tutor.content.skills import Evidence
from tutor.loading.game_offsets import GameOffsetsError, game_offsets, offsets_from_data, read_game_offsets
from tutor.play.game import play_one_round
from tutor.play.heuristics import CLUB_V1, Club
from tutor.play.review import review_round
from tutor.storage.skills import SKILL_START, updated
from tutor.teaching.skill_evidence import round_evidence

WORLDS = 8
"""Few worlds for the review: a quick, still seeded, round."""


def _balance(evidence: list[Evidence], rating: float, offset: float) -> float:
    return sum(e.weight * (e.score - expected_score(rating, e.difficulty + offset)) for e in evidence)


def test_the_offset_makes_the_expected_score_the_observed_one() -> None:
    """A player rated 1200 failing one task in four at 800 (where it is expected to fail one in nine): the tasks
    are harder than they say, by the offset at which its expected score is 3/4 (about 189 points)."""
    evidence = [Evidence("last_take", 1.0 if i % 4 else 0.0, 0.5, 800.0) for i in range(40)]
    assert expected_score(1200.0, 800.0) == pytest.approx(8 / 9, abs=0.01)
    offset = fitted_offset(evidence, 1200.0)
    assert 150 < offset < 250
    assert _balance(evidence, 1200.0, offset) == pytest.approx(0.0, abs=1e-6)
    assert expected_score(1200.0, 800.0 + offset) == pytest.approx(0.75, abs=1e-6)
    fewer_misses = [Evidence("last_take", 1.0 if i % 8 else 0.0, 0.5, 800.0) for i in range(40)]
    assert fitted_offset(fewer_misses, 1200.0) < offset


def test_an_offset_is_bounded_when_the_evidence_is_all_one_way() -> None:
    passed = [Evidence("sweeps", 1.0, 1.0, 1000.0)] * 5
    failed = [Evidence("sweeps", 0.0, 1.0, 1000.0)] * 5
    assert fitted_offset(passed, 1700.0) == pytest.approx(-BOUND, abs=1e-6)
    assert fitted_offset(failed, 1700.0) == pytest.approx(BOUND, abs=1e-6)


def test_the_reference_rating_expects_the_solves() -> None:
    tried = [(1200.0, True), (1500.0, True), (1800.0, False), (2100.0, False), (1600.0, True)]
    rating = reference_rating(tried)
    assert sum(expected_score(rating, r) for r, _ in tried) == pytest.approx(3.0, abs=1e-6)


def test_a_failure_at_an_offset_skill_counts_as_at_a_harder_task() -> None:
    """An offset of +400 makes a failure cost less and a pass earn more, as a task 400 points harder does."""
    fail, fail_harder = (updated(SKILL_START, Evidence("counting", 0.0, 1.0, d)) for d in (1500.0, 1900.0))
    win, win_harder = (updated(SKILL_START, Evidence("counting", 1.0, 1.0, d)) for d in (800.0, 1200.0))
    assert fail.rating < fail_harder.rating < SKILL_START.rating < win.rating < win_harder.rating
    ratings = (fail.rating, fail_harder.rating, win.rating, win_harder.rating)
    assert tuple(round(r, 1) for r in ratings) == (784.9, 797.9, 974.3, 1226.8)


def test_a_reviewed_rounds_evidence_is_offset_by_skill() -> None:
    """Each piece of a round's evidence is as hard as without offsets, plus its skill's offset; by default the
    shipped ones."""
    record = play_one_round(variant("classic"), [Club(weights=CLUB_V1), Club(weights=CLUB_V1)], 3, dealer=1)
    review = review_round(record.plies, 0, worlds=WORLDS, seed=3)
    bare = round_evidence(review, 3, {})
    offsets = {"captures": -100.0, "majorities": 250.0}
    for given, expected_offsets in ((offsets, offsets), (None, game_offsets())):
        found = round_evidence(review, 3, given)
        assert found.keys() == bare.keys()
        for ref, pieces in bare.items():
            assert [p.difficulty + expected_offsets.get(p.skill, 0.0) for p in pieces] == \
                [p.difficulty for p in found[ref]]
    assert any(p.skill in offsets for pieces in bare.values() for p in pieces)


def test_the_shipped_offsets_are_the_fits_and_bounded() -> None:
    offsets = read_game_offsets()
    assert offsets and all(-BOUND <= value <= BOUND for value in offsets.values())
    assert offsets == game_offsets()


def test_the_fit_is_seeded_and_written_as_the_evidence_reads_it(tmp_path: Path) -> None:
    """The fit on a tiny run (two rounds, a quick review) twice: the same data; written, read back alike."""
    data = offsets_data(2, 7, WORLDS)
    assert data == offsets_data(2, 7, WORLDS)
    assert data["command"] == f"python -m tutor.cli.game_offsets --rounds 2 --seed 7 --worlds {WORLDS}"
    out = tmp_path / "offsets.json"
    main(["--rounds", "2", "--seed", "7", "--worlds", str(WORLDS), "--out", str(out)])
    assert read_game_offsets(out) == data["offsets"]
    assert json.loads(out.read_text(encoding="utf-8")) == data


@pytest.mark.parametrize("data", [{}, {"offsets": {"juggling": 10.0}}, {"offsets": {"sweeps": "nan"}},
                                  {"offsets": [1, 2]}])
def test_a_file_not_the_fits_is_refused(data: object) -> None:
    with pytest.raises(GameOffsetsError):
        offsets_from_data(data)
