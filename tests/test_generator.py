"""The puzzle generator: its rules on hand-made positions, its output proved, its seed keeping it reproducible."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core.cards import Card
from tutor.core.position import Position
from tutor.core.solver import Goal, rank_moves
from tutor.course import RATING_RANGE
from tutor.generator.facts import gap, study
from tutor.generator.hints import hints
from tutor.generator.rating import rating
from tutor.generator.runner import Request, generate
from tutor.generator.selection import rejection
from tutor.generator.tagging import themes
from tutor.generator.writing import Draft, file_text
from tutor.loading.positions import load_position
from tutor.loading.puzzles import load_puzzles
from tutor.verify import verify_puzzle

ROOT = Path(__file__).resolve().parents[1]


def position(text: str) -> Position:
    return load_position(text, "test.yaml")


def judged(text: str, goal: str = "cards") -> tuple[Position, str | None]:
    pos = position(text)
    return pos, rejection(pos, rank_moves(pos, Goal.from_str(goal)))


# ---- the gap and triviality rules ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "goal", "expected"),
    [
        # the nine takes 5+4, the eight its pair: one card better is not clearly better
        ("{hands: [[9S, 8D], 4], table: [5H, 4C, 8C]}", "cards", "small_gap"),
        # three nines take the same three cards each: too many answers
        ("{hands: [[9S, 9D, 9H], 4], table: [9C, 5D, 4S]}", "cards", "too_many_best"),
        # the nine's 5+4 is the only capture there is
        ("{hands: [[9S, KD], 4], table: [5H, 4C, 2D]}", "cards", "only_capture"),
        # taking a whole build is one simple item: the first thing anyone sees
        ("{hands: [[10C, 7H], 4], table: [7D, {build: [5D, 3S, 2H], owner: 1}]}", "cards", "obvious"),
        # pairing the 10♦ alone is already the most points
        ("{hands: [[10S, 5C], 4], table: [10D, 5H, 8C]}", "points", "obvious"),
        # one card in hand: nothing to choose
        ("{hands: [[9S], 4], table: [5H, 4C, 8C, 2D]}", "cards", "one_card"),
    ],
)
def test_positions_without_a_puzzle_are_rejected_with_their_reason(text: str, goal: str, expected: str) -> None:
    assert judged(text, goal)[1] == expected


def test_a_clear_and_hidden_answer_is_kept() -> None:
    # the ten takes 10♠ and 7+3 (three cards); the sevens pair one card each
    pos, why = judged("{hands: [[10D, 8H, 7S, 7C], 4], table: [3C, 10S, 7D, 6C]}")
    assert why is None
    ranking = rank_moves(pos, Goal.from_str("cards"))
    # 10D x 7D+3C takes two, one fewer, but it is part of the answer, not another answer
    assert gap(ranking) == 2


def test_one_more_rival_taking_two_cards_makes_the_gap_too_small() -> None:
    # as above, and the eight takes 6+2: two cards, one fewer than the ten's three
    assert judged("{hands: [[10D, 8H, 7S, 7C], 4], table: [3C, 10S, 7D, 6C, 2H]}")[1] == "small_gap"


# ---- themes, rating, hints ---------------------------------------------------------------


def test_themes_come_from_what_every_best_move_does() -> None:
    pos = position("{hands: [[10H, 8D, KH, 4D], 3], table: [JC, 3C, 9S, 5S, AH, {build: [8S, 2D], owner: 1}]}")
    ranking = rank_moves(pos, Goal.from_str("cards"))
    assert rejection(pos, ranking) is None
    tags = themes(study(pos, ranking))
    assert {"sums", "groups", "stealing"} <= set(tags)
    assert "pairing" not in tags and "endgame" not in tags


def test_points_themes_and_a_first_hint_that_names_no_card_to_play() -> None:
    pos = position("{hands: [[QC, 10D, 3D, 10C], 4], table: [KS, 8H, 9H, KH, QS, AS, AD, 6S]}")
    ranking = rank_moves(pos, Goal.from_str("points"))
    assert rejection(pos, ranking) is None
    found = study(pos, ranking)
    tags = themes(found)
    assert {"big-cassino", "aces", "sums"} <= set(tags)
    said = hints(found, tags)
    assert said[0].en == "Think about the 10 of diamonds (10♦)."
    assert said[0].de == "Denk an die Karo-10 (10♦)."
    assert said[-1].en == "Play the 10 of diamonds (10♦)."
    assert len(said) >= 2


def test_rating_grows_with_the_groups_taken() -> None:
    two = position("{hands: [[9S, KD, QC], 4], table: [5H, 4C, 9D, JH]}")  # 9♦, and 5+4
    three = position("{hands: [[9S, KD, QC], 4], table: [5H, 4C, 9D, JH, 6C, 3D]}")  # 6+3 as well
    goal = Goal.from_str("cards")
    low, high = (rating(study(p, rank_moves(p, goal))) for p in (two, three))
    assert RATING_RANGE[0] <= low < high <= RATING_RANGE[1]


# ---- generated files -------------------------------------------------------------------


def proved(drafts: list[Draft], theme: str) -> list[str]:
    """Every problem the checker finds in the file the drafts make, and the theme present in each."""
    text = file_text([(f"{theme}-test-{n}", d) for n, d in enumerate(drafts, 1)], "test")
    puzzles = load_puzzles(text, "gen.yaml")
    assert len(puzzles) == len(drafts)
    for puzzle in puzzles:
        assert theme in puzzle.themes
        assert RATING_RANGE[0] <= puzzle.rating <= RATING_RANGE[1]
        assert puzzle.hints and puzzle.solution
    return [str(p) for puzzle in puzzles for p in verify_puzzle(puzzle)]


@pytest.mark.parametrize(
    ("theme", "count", "players"),
    [("pairing", 6, 2), ("big-cassino", 3, 2), ("deny-sweep", 3, 2), ("endgame", 3, 2), ("partnership", 2, 4)],
)
def test_generated_puzzles_are_proved_and_show_their_theme(theme: str, count: int, players: int) -> None:
    variant = "classic"
    drafts = generate(Request(theme, count, variant, players, seed=11), jobs=1)
    assert len(drafts) == count
    assert proved(drafts, theme) == []


def test_endgames_keep_a_clear_gap_and_every_hand_known() -> None:
    for d in generate(Request("endgame", 3, "classic", 2, seed=4), jobs=1):
        pos = position(d.position)
        ranking = rank_moves(pos, Goal.from_str("deal"))
        assert not any(pos.hidden_counts) and pos.stock_size == 0
        assert (gap(ranking) or 0) >= 2
        assert len(pos.hands[pos.to_move]) <= 3


def test_variant_themes_play_their_variant() -> None:
    drafts = generate(Request("royal", 3, "royal-aces-high", 2, seed=2), jobs=1)
    assert proved(drafts, "royal") == []
    assert all(d.variant == "royal-aces-high" for d in drafts)


@pytest.mark.parametrize(("theme", "count"), [("sums", 8), ("endgame", 3)])
def test_the_same_seed_gives_the_same_puzzles_whatever_the_processes(theme: str, count: int) -> None:
    request = Request(theme, count, "classic", 2, seed=7)
    alone = generate(request, jobs=1)
    assert len(alone) == count
    assert generate(request, jobs=2) == alone
    other = generate(Request(theme, count, "classic", 2, seed=8), jobs=1)
    assert {d.position for d in other}.isdisjoint({d.position for d in alone})


# ---- the command line --------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


def test_the_command_writes_the_same_checked_file_with_one_or_two_processes(tmp_path: Path) -> None:
    files = [tmp_path / f"gen-{jobs}.yaml" for jobs in (1, 2)]
    for jobs, path in zip((1, 2), files):
        done = cli("puzzles", "generate", "--theme", "groups", "--count", "5", "--seed", "3",
                   "--jobs", str(jobs), "-o", str(path))
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"wrote 5 puzzles of theme groups to {path}"
        assert done.stderr == ""  # no counter: standard error is not a terminal
    assert files[0].read_bytes() == files[1].read_bytes()
    text = files[0].read_text(encoding="utf-8")
    assert re.findall(r"^  - id: (\S+)$", text, re.MULTILINE) == [f"groups-3-{n}" for n in range(1, 6)]
    checked = cli("check", str(files[0]))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == "checked 0 lessons, 5 puzzles, 0 positions: all good (no problems)"


def test_progress_is_a_counter_on_standard_error() -> None:
    args = ["puzzles", "generate", "--theme", "pairing", "--count", "3", "--jobs", "1", "--progress"]
    done = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"# Generated by: cassino-tutor puzzles generate --theme pairing --count 3")
    assert re.fullmatch(rb"(\rpuzzles: [0-3]/3)+\n", done.stderr), done.stderr
    assert done.stderr.endswith(b"\rpuzzles: 3/3\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--theme", "pairng", "--count", "3"], "--theme: unknown theme 'pairng' (did you mean pairing?)"),
        (["--count", "3"], "give a theme with --theme; themes are: pairing, sums,"),
        (["--theme", "sums", "--count", "0"], "--count must be from 1 to 10000, not 0"),
        (["--theme", "sums", "--count", "3", "--players", "five"], "--players takes a whole number, not 'five'"),
        (["--theme", "sums", "--count", "3", "--variant", "texas"], "--variant: unknown preset 'texas'; presets are: classic,"),
        (["--theme", "partnership", "--count", "3", "--players", "2"], "theme partnership needs --players 4"),
        (["--theme", "spade", "--count", "3", "--variant", "classic"], "theme spade needs a variant that plays it"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], message: str) -> None:
    done = cli("puzzles", "generate", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"cassino-tutor puzzles: {message}")


def test_the_played_card_is_a_card_of_the_hand() -> None:
    # a sanity check of the hint data: the card named last is in the mover's hand
    for d in generate(Request("sums", 3, "classic", 2, seed=5), jobs=1):
        pos = position(d.position)
        named = re.search(r"\((.+)\)\.$", d.hints[-1].en)
        assert named is not None
        assert Card.from_str(named[1]) in pos.hands[pos.to_move]
