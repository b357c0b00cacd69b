"""The skills: every lesson step, puzzle, review reason and verdict mapped to them; the model's updates on
worked examples; the model kept by a learner whose shell is killed."""

from __future__ import annotations

import itertools
import math
import os
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from tutor.content.course import FIND_KINDS, THEME_LESSONS, THEMES, Catalog
from tutor.content.skills import SKILLS, Evidence
from tutor.core.solver import GOAL_NAMES
from tutor.loading import load_catalog
from tutor.loading.lessons import load_lesson
from tutor.play.why import REASON_CODES
from tutor.storage import Progress
from tutor.storage.glicko2 import SCALE, Game, Rating, rate
from tutor.storage.rating_policy import PUZZLE_DEVIATION, TAU, after_idle
from tutor.storage.skills import MIN_EVIDENCE, SKILL_START, TREND_SPAN, updated
from tutor.teaching.coach import OUTCOMES
from tutor.teaching.skill_evidence import step_evidence
from tutor.teaching.skill_map import (
    FIND_SKILLS,
    GOAL_SKILLS,
    LESSON_SKILLS,
    REASON_SKILLS,
    THEME_SKILLS,
    VERDICT_SKILLS,
    puzzle_skills,
    step_skills,
)

REPO = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 11, 1, 12, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# ---- the mapping ---------------------------------------------------------------------------------


def test_every_lesson_step_tests_some_skill(catalog: Catalog) -> None:
    assert sorted(LESSON_SKILLS) == sorted(lesson.id for lesson in catalog.lessons)
    for lesson in catalog.lessons:
        for index in range(len(lesson.steps)):
            skills = step_skills(lesson, index)
            assert skills and set(skills) <= set(SKILLS), (lesson.id, index)


def test_every_puzzle_theme_goal_and_kind_is_mapped(catalog: Catalog) -> None:
    assert sorted(THEME_SKILLS) == sorted(THEMES)
    assert all(THEME_SKILLS[t] for t in THEMES)
    goals = {name.split(":")[0] for name in GOAL_NAMES} | {"advice"}
    assert sorted(GOAL_SKILLS) == sorted(goals)
    assert sorted(FIND_SKILLS) == sorted(FIND_KINDS)
    for puzzle in catalog.puzzles:
        skills = puzzle_skills(puzzle)
        assert skills and set(skills) <= set(SKILLS), puzzle.id


def test_every_puzzle_theme_has_the_lesson_that_teaches_it(catalog: Catalog) -> None:
    assert set(THEME_LESSONS) == set(THEMES)
    assert set(THEME_LESSONS.values()) <= {lesson.id for lesson in catalog.lessons}
    assert [lesson.id for lesson in catalog.lessons_teaching(["aces", "building"])] == ["builds", "scoring"]


def test_every_review_reason_and_verdict_is_mapped() -> None:
    assert sorted(REASON_SKILLS) == sorted(REASON_CODES)
    assert [code for code, skills in REASON_SKILLS.items() if not skills] == ["later"]
    assert sorted(VERDICT_SKILLS) == sorted(OUTCOMES)
    tables = [LESSON_SKILLS, FIND_SKILLS, THEME_SKILLS, GOAL_SKILLS, REASON_SKILLS]
    named = {s for table in tables for skills in table.values() for s in skills}
    named |= {s for skills in VERDICT_SKILLS.values() if skills for s in skills}
    assert named == set(SKILLS), "every skill named is one, and every one is named somewhere"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_skill_has_a_name_and_what_it_covers(lang: str) -> None:
    words = yaml.safe_load((REPO / "templates" / lang / "messages" / "skills.yaml").read_text(encoding="utf-8"))
    assert sorted(words) == sorted([*SKILLS, *(f"{s}_about" for s in SKILLS)])


# ---- the model on worked examples ------------------------------------------------------------------


def test_a_game_of_weight_two_rates_like_two_games() -> None:
    player, opponent = Rating(1500, 200, 0.06), Rating(1400, 30, 0.06)
    once = rate(player, [Game(opponent, 1, weight=2.0)], TAU)
    twice = rate(player, [Game(opponent, 1), Game(opponent, 1)], TAU)
    assert once.rating == pytest.approx(twice.rating, abs=1e-9)
    assert once.deviation == pytest.approx(twice.deviation, abs=1e-9)
    assert once.volatility == pytest.approx(twice.volatility, abs=1e-12)


def test_a_weighted_update_follows_glickmans_steps() -> None:
    """Glickman's steps 3, 4, 6 and 7 with the game's terms scaled by its weight, recomputed by hand."""
    start, piece = SKILL_START, Evidence("sweeps", 1.0, 0.5, 1200.0)
    after = updated(start, piece)
    mu, phi = (start.rating - 1500) / SCALE, start.deviation / SCALE
    mu_j, phi_j = (piece.difficulty - 1500) / SCALE, PUZZLE_DEVIATION / SCALE
    g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
    expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (piece.weight * g * g * expected * (1 - expected))
    phi_star = math.sqrt(phi**2 + after.volatility**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * piece.weight * g * (piece.score - expected)
    assert after.deviation == pytest.approx(new_phi * SCALE, abs=1e-6)
    assert after.rating == pytest.approx(new_mu * SCALE + 1500, abs=1e-6)
    assert after.rating > start.rating and after.deviation < start.deviation


def test_harder_wins_raise_more_and_lighter_evidence_moves_less() -> None:
    def gain(score: float, weight: float, difficulty: float) -> float:
        return updated(SKILL_START, Evidence("sweeps", score, weight, difficulty)).rating - SKILL_START.rating

    assert gain(1, 1, 1600) > gain(1, 1, 800) > 0
    assert gain(0, 1, 400) < gain(0, 1, 1200) < 0
    assert 0 < gain(1, 0.25, 800) < gain(1, 1, 800)
    assert gain(0.5, 1, SKILL_START.rating) == pytest.approx(0, abs=1e-6)


def test_a_puzzle_attempt_is_evidence_for_each_of_its_skills(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "p.sqlite3") as progress:
        progress.record_attempt("p1", ["sweep"], 1700, True, 0, now=T0, skills=["sweeps", "counting"])
        skills = {s.skill: s for s in progress.skills()}
        half = updated(SKILL_START, Evidence("sweeps", 1.0, 0.5, 1700))
        for name in ("sweeps", "counting"):
            assert skills[name].rating == pytest.approx(half) and skills[name].evidence == 1
            assert skills[name].weight == 0.5
        assert skills["rules"].rating == SKILL_START and skills["rules"].evidence == 0
        # a hinted solve is a miss, against the puzzle's rating after its first attempt
        rated = progress.puzzle_rating("p1")
        assert rated is not None
        progress.record_attempt("p1", ["sweep"], 1700, True, 1, now=T0 + timedelta(days=1), skills=["sweeps"])
        (sweeps,) = [s for s in progress.skills() if s.skill == "sweeps"]
        # a day later: one empty rating period first (docs/skills.md, "The model")
        assert sweeps.rating == pytest.approx(updated(after_idle(half, 1), Evidence("sweeps", 0.0, 1.0, rated.rating)))
        assert sweeps.trend == pytest.approx(sweeps.rating.rating - SKILL_START.rating)  # from the start: 2 pieces


def test_the_weakest_skills_are_the_lowest_rated_with_enough_evidence(tmp_path: Path) -> None:
    moves = itertools.count()  # each piece a move of its own
    with Progress.open(tmp_path / "p.sqlite3") as progress:
        def run(skill: str, scores: list[float], difficulty: float = 1500) -> None:
            progress.record_evidence("game", {f"g/{next(moves)}": [Evidence(skill, s, 1.0, difficulty)]
                                              for s in scores})

        run("sweeps", [1.0] * MIN_EVIDENCE)
        run("safe_play", [0.0] * MIN_EVIDENCE)
        run("point_cards", [1.0, 0.0] * MIN_EVIDENCE)
        run("counting", [0.0] * (MIN_EVIDENCE - 1), 400)  # the lowest (easy tasks failed), but too little evidence
        weakest = progress.weakest_skills(3)
        assert [s.skill for s in weakest] == ["safe_play", "point_cards", "sweeps"]
        assert progress.weakest_skills(1, min_evidence=1)[0].skill == "counting"
        run("sweeps", [0.0] * (TREND_SPAN + 2))
        (sweeps,) = [s for s in progress.skills() if s.skill == "sweeps"]
        assert sweeps.evidence == MIN_EVIDENCE + TREND_SPAN + 2 and sweeps.trend < 0


def test_bad_evidence_is_refused() -> None:
    for args in (("juggling", 1.0, 1.0, 1500.0), ("sweeps", 1.5, 1.0, 1500.0), ("sweeps", 1.0, 0.0, 1500.0),
                 ("sweeps", 1.0, 1.0, math.nan)):
        with pytest.raises(ValueError):
            Evidence(*args)


# ---- kept through a kill -9 -----------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_learner_killed_after_an_answer_keeps_their_model(tmp_path: Path, catalog: Catalog) -> None:
    """The shell answers lesson step 4 of pairing right and is killed with SIGKILL; reopened, the skill has it."""
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path)}
    shell = subprocess.Popen([sys.executable, "-m", "tutor"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, text=True, cwd=REPO, env=env)
    assert shell.stdin is not None
    shell.stdin.write("learn pairing\nnext\nnext\nnext\n9s x 9d 9c\n")
    shell.stdin.flush()  # stdin stays open: the shell waits for more
    database = tmp_path / "progress.sqlite3"
    deadline = time.monotonic() + 60
    while not _recorded(database):
        assert shell.poll() is None and time.monotonic() < deadline, "the shell recorded no answer"
        time.sleep(0.05)
    shell.send_signal(signal.SIGKILL)
    shell.wait()
    shell.stdin.close()
    assert shell.returncode == -signal.SIGKILL
    lesson = catalog.lesson("pairing")
    (piece,) = step_evidence(lesson, 3, 0, 0, shown=False)
    with Progress.open(database) as progress:
        (captures,) = [s for s in progress.skills() if s.skill == "captures"]
        assert captures.evidence == 1 and captures.rating == pytest.approx(updated(SKILL_START, piece))
        assert progress.lesson_resume("pairing")[0] >= 3


def _recorded(database: Path) -> bool:
    if not database.exists():
        return False
    conn = sqlite3.connect(database, timeout=10)
    try:
        return bool(conn.execute("SELECT count(*) FROM skill_evidence").fetchone()[0])
    except sqlite3.OperationalError:  # not migrated yet
        return False
    finally:
        conn.close()


def test_a_lesson_step_scores_by_how_it_was_answered(catalog: Catalog) -> None:
    lesson = catalog.lesson("sweeps")
    index = next(i for i, step in enumerate(lesson.steps) if len(step_skills(lesson, i)) == 2)
    at_once, helped, missed, shown = (step_evidence(lesson, index, m, h, s)
                                      for m, h, s in ((0, 0, False), (0, 1, False), (1, 0, False), (2, 1, True)))
    assert [p.score for p in at_once] == [1.0, 1.0] and [p.weight for p in at_once] == [0.5, 0.5]
    assert {p.score for p in helped} == {p.score for p in missed} == {0.5}
    assert {p.score for p in shown} == {0.0}


def test_a_game_move_is_evidence_once_a_lesson_step_or_a_puzzle_each_time(tmp_path: Path) -> None:
    """The same move of a game recorded again (its round reviewed again after an undo) changes nothing; the same
    lesson step answered again, or the same puzzle tried again, is new evidence, rated on."""
    pieces = [Evidence("sweeps", 0.0, 1.0, 1500), Evidence("counting", 1.0, 1.0, 1500)]
    with Progress.open(tmp_path / "p.sqlite3") as progress:
        progress.record_evidence("game", {"g/7/3": pieces, "g/7/5": pieces[:1]})
        once = progress.skills()
        progress.record_evidence("game", {"g/7/3": pieces, "g/7/5": [Evidence("sweeps", 1.0, 1.0, 800)]})
        assert progress.skills() == once
        progress.record_evidence("game", {"g/8/3": pieces})  # another game's move at the same ply
        counts = {s.skill: s.evidence for s in progress.skills()}
        assert counts["sweeps"] == 3 and counts["counting"] == 2
        for _ in range(2):
            progress.record_evidence("lesson", {"sweeps/4": pieces[:1]})
            progress.record_attempt("sweep-1", ["sweep"], 1200, False, 0, skills=["sweeps"])
        (sweeps,) = [s for s in progress.skills() if s.skill == "sweeps"]
        assert sweeps.evidence == 7


def test_a_skill_a_hand_edit_broke_starts_again(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    with Progress.open(path) as progress:
        progress.record_evidence("game", {"g/1": [Evidence("sweeps", 0.0, 1.0, 1500), Evidence("counting", 1.0, 1.0, 1500)]})
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE skill SET rating = 'abc' WHERE id = 'sweeps'")
        conn.execute("UPDATE skill_evidence SET rating_after = 'abc' WHERE skill = 'sweeps'")
    conn.close()
    with Progress.open(path) as progress:
        assert progress.repair is not None and {"skill.rating", "skill_evidence.rating_after"} <= set(progress.repair.places)
        skills = {s.skill: s for s in progress.skills()}
        assert skills["sweeps"].rating == SKILL_START and skills["sweeps"].evidence == 0
        assert skills["counting"].evidence == 1 and skills["counting"].rating.rating > SKILL_START.rating


def test_a_teachers_own_lesson_names_no_skill_of_its_own_and_does_not_fail() -> None:
    """A lesson id the skill map does not know (a club's own lesson) tests no skill by its id: solving its
    exercise gave a KeyError in the shell."""
    text = ("lesson: club-pairs\ntitle: {en: Club pairs, de: Paare im Verein}\nsummary: {en: A pair., de: Ein Paar.}\n"
            "variant: classic\nsteps:\n  - text: {en: A seven takes a seven., de: Eine Sieben nimmt eine Sieben ein.}\n"
            "  - exercise:\n      text: {en: Trail., de: Lege ab.}\n      position: {hands: [[9S, 4H, QC, 2D], 4], "
            "table: [9D, 9C, 4S, KH], stock: 40}\n      find: trail\n")
    lesson = load_lesson(text, "club.yaml")
    assert step_evidence(lesson, 0, 0, 0, False) == []
    assert [e.skill for e in step_evidence(lesson, 1, 0, 0, False)] == ["safe_play"]
