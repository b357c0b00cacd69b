"""The simulated-learner check of the skill model on a tiny sample (the full run: benchmarks/bench_learner_model.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

import pytest
from shell_helpers import classic_course_done, open_shell

from tutor.cli import learner_check
from tutor.cli.learner_check import Sitting, next_puzzle, puzzle_pool, set_skill, set_theme, sit
from tutor.content.course import Catalog, Puzzle
from tutor.content.presets import variant
from tutor.content.skills import Evidence
from tutor.core.variant import Variant
from tutor.loading.catalog import load_catalog
from tutor.play.game import RoundRecord, play_one_round
from tutor.play.handicaps import Handicapped
from tutor.play.heuristics import CLUB_V1, Club
from tutor.play.player import Player
from tutor.shell.commands import dispatch
from tutor.shell.next_choice import missed_first
from tutor.shell.picker import open_puzzles
from tutor.shell.puzzle import PuzzleRun
from tutor.storage import ThemeStat
from tutor.teaching.skill_map import puzzle_skills


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


WORLDS = 8
"""Few worlds for the review: a quick, still seeded, round."""


def _sittings(catalog: Catalog, tmp_path: Path) -> tuple[Sitting, Sitting]:
    """A learner blind to sweeps and the full club level, each on three sweep puzzles then one reviewed round."""
    rules = variant("classic")
    pool = [p for p in puzzle_pool(catalog, rules) if "sweeps" in puzzle_skills(p)]
    found = []
    for name, learner in (("blind", Handicapped("sweeps")), ("club", Club(weights=CLUB_V1))):
        (tmp_path / name).mkdir()
        found.append(sit(learner, "sweeps", rules, pool, 1, puzzles=3, rounds=1, order="placement", worlds=WORLDS,
                         folder=tmp_path / name))
    return found[0], found[1]


def test_the_model_names_the_skill_a_simulated_learner_lacks(catalog: Catalog, tmp_path: Path) -> None:
    blind, club = _sittings(catalog, tmp_path)
    assert blind.puzzles[0][0] == club.puzzles[0][0]  # the same puzzles and deal: only the learner differs
    assert [solved for _, solved in blind.puzzles] != [solved for _, solved in club.puzzles]
    assert blind.named[-1] == "sweeps" and blind.found_after() is not None
    assert club.named[-1] != "sweeps" and club.found_after() is None
    with closing(sqlite3.connect(tmp_path / "blind" / "sitting-1.sqlite3")) as conn:
        sources = {row[0] for row in conn.execute("SELECT DISTINCT source FROM skill_evidence")}
    assert sources == {"puzzle", "game"}  # the puzzles and the reviewed round both gave evidence


def test_found_after_is_the_first_check_from_which_the_skill_stays_named() -> None:
    assert Sitting("sweeps", (), (None, "sweeps", "counting", "sweeps", "sweeps")).found_after() == 3
    assert Sitting("sweeps", (), ("sweeps", "sweeps")).found_after() == 0
    assert Sitting("sweeps", (), ("sweeps", "builds")).found_after() is None


def test_an_unknown_order_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown order 'random'"):
        sit(Club(), None, variant("classic"), [], 0, order="random")


def test_the_checks_next_puzzles_are_the_shells(tmp_path: Path) -> None:
    """The check's ``next`` order gives, from the same model and puzzles, the puzzles the shell's ``next`` opens to
    a learner past the course (as the check's are): sweeps is the weakest skill, and weak, so a set on the first
    theme on sweeps."""
    scores = {"captures": [1.0] * 4, "sweeps": [0.0, 1.0, 0.0, 0.5, 0.0], "builds": [1.0, 0.0, 1.0]}
    with open_shell(tmp_path) as shell:
        classic_course_done(shell)
        shell.progress.record_evidence("game", {f"g/{skill}/{i}": [Evidence(skill, s, 1.0, 800)]
                                                for skill, row in scores.items() for i, s in enumerate(row)})
        pool = open_puzzles(shell)
        skill = set_skill(shell.progress)
        assert skill == "sweeps"
        theme = set_theme(shell.progress, skill, pool, [])
        assert theme == "sweep"
        given: list[Puzzle] = []
        for _ in range(3):  # the set goes on in its theme, each puzzle nearest the learner's rating of the moment
            checked = next_puzzle(shell.progress, pool, given, theme)
            dispatch(shell, "next")
            run = shell.activity
            assert isinstance(run, PuzzleRun) and run.puzzle == checked and "sweep" in checked.themes
            given.append(checked)
            dispatch(shell, "solution")  # a miss: the learner's rating moves


def test_after_a_round_the_checks_set_is_the_shells_on_a_skill_not_weak(tmp_path: Path) -> None:
    """After a round, every skill rated over where it starts: the check's set, as the shell's ``next``, is on the
    weakest skill; once a puzzle is the newest evidence, neither opens a set on a skill not weak."""
    scores = {"captures": [1.0] * 5, "sweeps": [1.0] * 4, "point_cards": [1.0, 0.0, 1.0, 1.0]}
    with open_shell(tmp_path) as shell:
        classic_course_done(shell)
        shell.progress.record_evidence("game", {f"g/{skill}/{i}": [Evidence(skill, s, 1.0, 1200)]
                                                for skill, row in scores.items() for i, s in enumerate(row)})
        assert min(s.rating.rating for s in shell.progress.skills() if s.evidence) > 800
        assert set_skill(shell.progress) == "point_cards"
        pool = open_puzzles(shell)
        theme = set_theme(shell.progress, "point_cards", pool, [])
        checked = next_puzzle(shell.progress, pool, [], theme)
        dispatch(shell, "next")
        run = shell.activity
        assert isinstance(run, PuzzleRun) and run.puzzle == checked and "point_cards" in puzzle_skills(checked)
        dispatch(shell, run.challenge.position.notation(run.challenge.accepted()[0]))
        assert set_skill(shell.progress) is None


def test_a_set_on_a_skill_starts_with_the_theme_the_learner_mostly_misses_in_the_shell_and_the_check(
        tmp_path: Path) -> None:
    """A learner who trailed aces and missed the puzzles on aces was given a set on "big-cassino", the first theme
    on point cards, the same whatever they missed.  Now a theme tried three times or more and mostly missed comes
    first: the set is on aces, in the shell's ``next`` and in the check alike; one mostly solved does not."""
    with open_shell(tmp_path) as shell:
        classic_course_done(shell)
        shell.progress.record_evidence("game", {f"g/point_cards/{i}": [Evidence("point_cards", 0.0, 1.0, 800)]
                                                for i in range(4)})
        pool = open_puzzles(shell)
        assert set_skill(shell.progress) == "point_cards"
        assert set_theme(shell.progress, "point_cards", pool, []) == "big-cassino"
        aces = [p for p in pool if "aces" in p.themes]
        for solved, puzzle in zip([True, False, False], aces, strict=False):
            shell.progress.record_attempt(puzzle.id, puzzle.themes, puzzle.rating, solved, 0)
        shell.progress.record_evidence("game", {"g/point_cards/late": [Evidence("point_cards", 0.0, 1.0, 800)]})
        assert set_skill(shell.progress) == "point_cards"
        theme = set_theme(shell.progress, "point_cards", pool, aces[:3])
        assert theme == "aces"
        checked = next_puzzle(shell.progress, pool, aces[:3], theme)
        dispatch(shell, "next")
        run = shell.activity
        assert isinstance(run, PuzzleRun) and run.puzzle == checked and "aces" in checked.themes
    assert missed_first(["big-cassino", "aces"], [ThemeStat("aces", 3, 2)]) == ["big-cassino", "aces"]


def test_in_the_order_next_a_sitting_keeps_the_skill_of_each_rounds_set(catalog: Catalog) -> None:
    rules = variant("classic")
    pool = puzzle_pool(catalog, rules)
    found = sit(Handicapped("builds"), "builds", rules, pool, 3, puzzles=4, rounds=2, worlds=WORLDS)
    assert len(found.sets) == 2 and len(found.puzzles) == 4  # two rounds, each followed by two puzzles
    skill = found.sets[-1]  # after the second round a skill is weak (seeded): its set
    assert skill is not None
    by_id = {p.id: p for p in pool}
    assert all(skill in puzzle_skills(by_id[puzzle_id]) for puzzle_id, _ in found.puzzles[2:])


def test_the_deal_passes_from_round_to_round_as_in_a_game(catalog: Catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner leads one round and deals the next (so it plays some round's last card, where the last take is
    tested), as the dealer turns in the shell's game; always the other seat dealing, it never did."""
    played: list[int] = []

    def dealt(rules: Variant, seats: Sequence[Player], seed: int, dealer: int = 0) -> RoundRecord:
        played.append(dealer)
        return play_one_round(rules, seats, seed, dealer)

    monkeypatch.setattr(learner_check, "play_one_round", dealt)
    sit(Club(weights=CLUB_V1), None, variant("classic"), puzzle_pool(catalog, variant("classic")), 5, puzzles=0,
        rounds=3, worlds=WORLDS)
    assert played[0] != played[1] and played[0] == played[2]
