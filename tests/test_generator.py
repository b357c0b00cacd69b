"""The puzzle generator: its rules on hand-made positions, its output proved, its seed keeping it reproducible."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tutor.cli.puzzles import rejections
from tutor.content.course import RATING_RANGE, Catalog
from tutor.core.cards import Card
from tutor.core.position import Position
from tutor.core.solver import Goal, counted_ranks, counting_decides, forgetting, move_points, rank_moves
from tutor.generator.facts import capture_shape, gap, study
from tutor.generator.hints import hints
from tutor.generator.replacing import replacement_id
from tutor.generator.runner import Request, generate
from tutor.generator.selection import REJECTIONS, likeness, rejection
from tutor.generator.tagging import all_themes, themes
from tutor.generator.writing import Draft, file_text
from tutor.loading.positions import load_position
from tutor.loading.puzzles import load_puzzles
from tutor.render import Renderer
from tutor.shell.picker import waiting_queue
from tutor.shell.state import Shell
from tutor.storage import Progress
from tutor.teaching.hint_claims import Setting, hint_problems
from tutor.teaching.hint_words import hint_text
from tutor.teaching.verify import verify_puzzle

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
        # the nine's 5+4 is the only capture there is, and the answer
        ("{hands: [[9S, KD], 4], table: [5H, 4C, 2D]}", "cards", "only_capture"),
        # the nine has three captures to choose from, but no other card takes anything
        ("{hands: [[9S, KD, 2C], 4], table: [5H, 4C, 9D, 3S]}", "cards", "one_capturer"),
        # pairing the 10♦ is the most points, and takes as many cards as the five's pair
        ("{hands: [[10S, 5C], 4], table: [10D, 5H, 8C]}", "points", "grab"),
        # the seven takes more cards, but pairing the 10♦, a simple capture, is the most points
        ("{hands: [[10S, 7H], 4], table: [10D, 4C, 3S]}", "points", "obvious"),
        # one card in hand: nothing to choose
        ("{hands: [[9S], 4], table: [5H, 4C, 8C, 2D]}", "cards", "one_card"),
    ],
)
def test_positions_without_a_puzzle_are_rejected_with_their_reason(text: str, goal: str, expected: str) -> None:
    assert judged(text, goal)[1] == expected


def test_under_goal_cards_the_grab_is_always_best() -> None:
    # the clear answer takes the most cards: by definition the obvious grab
    assert judged("{hands: [[10D, 8H, 7S, 7C], 4], table: [3C, 10S, 7D, 6C]}")[1] == "grab"


@pytest.mark.parametrize(
    ("text", "goal", "expected"),
    [
        # the nine takes 6+3 and 5+4, the whole table in two groups; the ten's 6+4 takes two cards fewer
        ("{hands: [[AC, 9D, 2H, 10D], 4], table: [6C, 3D, 5S, 4S]}", "cards", None),
        # the seven takes 5+2 and 4+3 with the 2♠: a point card and a sweep (points.yaml's little-cassino-sweep)
        ("{hands: [[7D, 2D, QC, 9H], 4], table: [2S, 5H, 4C, 3D]}", "points", None),
        # one sum of three cards that is the whole table, and the 2♠ in it
        ("{hands: [[9S, 4D, 5C], 4], table: [4H, 3S, 2S]}", "points", None),
        # the seven takes the 7, 5+2 and 4+3 (captures.yaml's seven-clears-five), but scores the sweep alone:
        # goal points would say "make a sweep"
        ("{hands: [[7S, 9D, 5C, JD], 4], table: [7C, 3H, 4S, 2D, 5D]}", "points", "sweep_alone"),
        # a lone pair clearing a one-card table: a glance finds it
        ("{hands: [[8S, 8D, 3C], 4], table: [8H]}", "points", "obvious"),
        # one sum of two cards that is the whole table
        ("{hands: [[7S, 4D, 3C], 4], table: [4H, 3S]}", "points", "obvious"),
    ],
)
def test_a_sweep_mined_as_one_is_kept_when_a_glance_does_not_find_it(text: str, goal: str,
                                                                     expected: str | None) -> None:
    pos = position(text)
    ranking = rank_moves(pos, Goal.from_str(goal))
    assert ranking.best and all(pos.is_sweep(m) for m in ranking.best)
    assert rejection(pos, ranking, "sweep") == expected
    # mined for any other theme, the sweep is the grab, and the grab rule holds
    assert rejection(pos, ranking) == rejection(pos, ranking, "sums") == "grab"


def test_a_grab_that_does_not_sweep_is_refused_for_the_sweep_theme_too() -> None:
    # pairing the 10♦ is the most points and as many cards as the five's pair: no sweep, so the grab rule holds
    pos = position("{hands: [[10S, 5C], 4], table: [10D, 5H, 8C]}")
    assert rejection(pos, rank_moves(pos, Goal.from_str("points")), "sweep") == "grab"


def test_mined_sweeps_clear_the_table_with_more_than_a_simple_capture() -> None:
    drafts = generate(Request("sweep", 3, "classic", 2, seed=11), jobs=1).kept
    assert len(drafts) == 3 and proved(drafts, "sweep") == []
    for d in drafts:
        pos, goal = position(d.position), Goal.from_str(d.goal)
        best = rank_moves(pos, goal).best
        assert goal.name in ("points", "cards") and best
        assert all(pos.is_sweep(m) and not capture_shape(pos, m).simple for m in best)
        # goal points only where the answer scores more than its sweep: a point card
        assert goal.name == "cards" or all(move_points(pos, m) > 1 for m in best)


def test_a_clear_and_hidden_answer_is_kept() -> None:
    # the nine takes four cards (9♣ and 6+2+1) for two points; the ten takes three with the 10♦ and the ace: three
    pos, why = judged("{hands: [[KS, 9S, 10C, 7H], 4], table: [10D, 9C, QC, 6H, 2S, AS, 5H]}", "points")
    assert why is None
    ranking = rank_moves(pos, Goal.from_str("points"))
    assert [pos.notation(m) for m in ranking.best] == ["10C x 10D 9C+AS"]
    assert gap(ranking) == 1


def test_near_duplicates_share_the_cards_or_the_answer_as_ranks() -> None:
    def keys(text: str) -> set[tuple[object, ...]]:
        pos = position(text)
        ranking = rank_moves(pos, Goal.from_str("points"))
        return set(likeness(pos, ranking.best, "points"))

    first = keys("{hands: [[KS, 9S, 10C, 7H], 4], table: [10D, 9C, QC, 6H, 2S, AS, 5H]}")
    # the same ranks in other suits: the same cards
    same_cards = keys("{hands: [[KH, 9D, 10S, 7C], 4], table: [10D, 9H, QS, 6C, 2S, AS, 5D]}")
    # another hand and table, but the same capture by rank: the same idea
    same_answer = keys("{hands: [[KS, 4S, 10C, 8H], 4], table: [10D, 9C, QC, 4H, 7S, AS, JH]}")
    other = keys("{hands: [[KS, 9S, 10C, 7H], 4], table: [10D, 8C, QC, 6H, 2S, AS, 5H]}")
    assert first & same_cards and first & same_answer
    assert not first & other


# ---- themes at stake -------------------------------------------------------------------------


def studied(text: str, goal: str) -> set[str]:
    """Every theme of the position for the goal (kept or not: the tagging rules alone)."""
    pos = position(text)
    return all_themes(study(pos, rank_moves(pos, Goal.from_str(goal))))


def test_deny_sweep_only_when_another_move_leaves_a_sweep() -> None:
    seen = "captured: [[], []], stock: 30"
    # 8♥ x 8♠ leaves the 2♠ to any two, 2♣ x 2♠ the 8♠ to any eight; the trail of the 6♦ leaves no sweep
    tags = studied(f"{{hands: [[8H, 2C, 6D], 4], table: [8S, 2S], {seen}}}", "safe")
    assert "deny-sweep" in tags
    # kings, queens and jacks take one card of their rank: no move leaves a sweep
    assert "deny-sweep" not in studied(f"{{hands: [[KH, QC, 5S], 4], table: [KD, QS, JD, 5H], {seen}}}", "safe")


COUNTED = ("{hands: [[6D, 4H, 6S], 3], table: [QH, QD, 8D, JD, 6C, 7H, 2S], captured: [[2H, 5C, 7D], %s], "
           "stock: 32, last_capturer: 0}")
"""counting-1-30 (puzzles/gen-counting.yaml), the second seat's pile as given."""


def test_counting_only_when_no_answer_is_best_to_a_seat_that_forgets_the_cards_taken() -> None:
    # every 6 is seen: two in hand, 6♣ on the table, 6♥ taken; 4♥ builds 6 on 2♠, which no card of the next
    # player's takes; to a seat that forgets the cards taken, the 6♥ may be in that hand, and takes the build
    # with the 2♠ (a point): pairing the 6♣ away is then safer
    pos = position(COUNTED % "[3D, 6H, 9D, 9C]")
    ranking = rank_moves(pos, Goal.from_str("safe"))
    assert [pos.notation(m) for m in ranking.best] == ["4H b6 2S", "4H b6 6C 2S"]
    forgetful = rank_moves(forgetting(pos), Goal.from_str("safe"))
    assert not {str(m) for m in forgetful.best} & {str(m) for m in ranking.best}
    assert counting_decides(pos, ranking) and counted_ranks(pos, ranking) == ("6",)
    assert "counting" in studied(COUNTED % "[3D, 6H, 9D, 9C]", "safe")
    # the 6♥ not taken (the 9♣ took 9♦ and 5♦+4♦ instead): the build is open to it, both readings agree
    assert "counting" not in studied(COUNTED % "[4D, 5D, 9D, 9C]", "safe")
    # docs/skills.md's example: every 9 taken, trailing the 6 leaves 3 + 6 to no card; a seat that forgets
    # finds the trailed 5 as safe (an 8 sweeps), so the answer is among its best: counting does not decide
    seen = "{hands: [[6H, 5S], 4], table: [3C], captured: [[9S, 9H], [9D, 9C]], stock: 30, last_capturer: 1}"
    ranking = rank_moves(position(seen), Goal.from_str("safe"))
    assert not counting_decides(position(seen), ranking) and "counting" not in studied(seen, "safe")
    # another goal: not counting, whatever the cards taken
    pos = position(COUNTED % "[3D, 6H, 9D, 9C]")
    assert not counting_decides(pos, rank_moves(pos, Goal.from_str("points")))


def test_a_counting_hint_names_the_ranks_counted_and_check_refuses_others() -> None:
    pos = position(COUNTED % "[3D, 6H, 9D, 9C]")
    ranking = rank_moves(pos, Goal.from_str("safe"))
    found = study(pos, ranking)
    first = hints(found, themes(found, "counting"))[0]
    assert first.en == "Count the cards taken this round: could the next player still hold a 6?"
    assert first.de.startswith("Zähl die Karten mit") and "eine 6 halten?" in first.de
    assert hint_problems(first, Setting(pos, ranking)) == []
    wrong = hint_text("safe_count", {"ranks": ["6", "9"]})  # a 9 is unseen: the next player may hold one
    assert any("is false here" in p for p in hint_problems(wrong, Setting(pos, ranking)))


def test_a_variant_theme_only_when_the_answer_differs_under_classic_rules() -> None:
    # royal values: the queen counts 12 and takes 5+4+3; in classic she takes only a queen
    assert "royal" in studied("{variant: royal, hands: [[QS, 4D], 4], table: [7C, 5H, 4S, 2D, 3C]}", "cards")
    # the ten takes the same four cards whatever the face values
    assert "royal" not in studied("{variant: royal, hands: [[10S, 5C, 8D], 4], table: [10D, 3C, 5H, 6S, 2D]}",
                                  "cards")


def test_at_most_three_themes_the_asked_one_first() -> None:
    pos = position("{hands: [[KS, 9S, 10C, 7H], 4], table: [10D, 9C, QC, 6H, 2S, AS, 5H]}")
    found = study(pos, rank_moves(pos, Goal.from_str("points")))
    assert len(all_themes(found)) > 3
    assert themes(found) == ("groups", "big-cassino", "aces")
    assert themes(found, "pairing") == ("pairing", "big-cassino", "aces")


# ---- hints ---------------------------------------------------------------------------------------


def test_points_hints_go_from_the_card_at_stake_to_the_card_to_play() -> None:
    pos = position("{hands: [[KS, 9S, 10C, 7H], 4], table: [10D, 9C, QC, 6H, 2S, AS, 5H]}")
    found = study(pos, rank_moves(pos, Goal.from_str("points")))
    said = hints(found, themes(found))
    assert said[0].en == "The 10 of diamonds (10♦) on the table is worth two points."
    assert said[0].de == "Die Karo-10 (10♦) auf dem Tisch ist zwei Punkte wert."
    assert said[1].en == "9 + 1 makes 10."
    assert said[-1].en == "Play the 10 of clubs (10♣)."


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
    [("pairing", 3, 2), ("big-cassino", 3, 2), ("deny-sweep", 3, 2), ("endgame", 3, 2), ("partnership", 2, 4)],
)
def test_generated_puzzles_are_proved_and_show_their_theme(theme: str, count: int, players: int) -> None:
    variant = "classic"
    drafts = generate(Request(theme, count, variant, players, seed=11), jobs=1).kept
    assert len(drafts) == count
    assert proved(drafts, theme) == []


def test_endgames_keep_a_clear_gap_and_every_hand_known() -> None:
    for d in generate(Request("endgame", 3, "classic", 2, seed=4), jobs=1).kept:
        pos = position(d.position)
        ranking = rank_moves(pos, Goal.from_str("deal"))
        assert not any(pos.hidden_counts) and pos.stock_size == 0
        assert (gap(ranking) or 0) >= 2
        assert len(pos.hands[pos.to_move]) <= 3


def test_variant_themes_play_their_variant() -> None:
    drafts = generate(Request("royal", 3, "royal-aces-high", 2, seed=2), jobs=1).kept
    assert proved(drafts, "royal") == []
    assert all(d.variant == "royal-aces-high" for d in drafts)


@pytest.mark.parametrize(("theme", "count"), [("sums", 3), ("endgame", 3)])
def test_the_same_seed_gives_the_same_puzzles_whatever_the_processes(theme: str, count: int) -> None:
    request = Request(theme, count, "classic", 2, seed=7)
    alone = generate(request, jobs=1)
    assert len(alone.kept) == count
    assert generate(request, jobs=2) == alone
    other = generate(Request(theme, count, "classic", 2, seed=8), jobs=1).kept
    assert {d.position for d in other}.isdisjoint({d.position for d in alone.kept})


def test_a_rating_limit_keeps_only_puzzles_rated_at_most_it_and_counts_the_others_too_hard() -> None:
    """``--max-rating``: the easy puzzles of a run, for the learners near the scale's start (a building drill gave a
    learner rated 800 puzzles rated 1090: the collection held no easier ones)."""
    free = generate(Request("sums", 4, "classic", 2, seed=7), jobs=1)
    assert max(d.rating for d in free.kept) > 900 and not free.rejected["too_hard"]
    limited = generate(Request("sums", 4, "classic", 2, seed=7, max_rating=900), jobs=1)
    assert len(limited.kept) == 4 and max(d.rating for d in limited.kept) <= 900
    assert limited.rejected["too_hard"] > 0
    assert proved(limited.kept, "sums") == []


def test_a_goal_asked_for_is_mined_instead_of_the_themes() -> None:
    """``--goal safe`` mines single moves for a theme otherwise mined from last deals: adding to a build to leave
    the next player less, rated as every single move is (goal ``deal`` asks for a reply read: 540 more)."""
    drafts = generate(Request("adding", 2, "classic", 2, seed=11, goal="safe"), jobs=1).kept
    assert len(drafts) == 2 and {d.goal for d in drafts} == {"safe"}
    assert all(any(position(d.position).hidden_counts) for d in drafts)  # not last deals, every hand known
    assert proved(drafts, "adding") == []
    assert {d.goal for d in generate(Request("adding", 1, "classic", 2, seed=11), jobs=1).kept} == {"deal"}


# ---- the command line --------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


def test_the_command_writes_the_same_checked_file_with_one_or_two_processes(tmp_path: Path) -> None:
    files = [tmp_path / f"gen-{jobs}.yaml" for jobs in (1, 2)]
    for jobs, path in zip((1, 2), files):
        done = cli("puzzles", "generate", "--theme", "sums", "--count", "3", "--seed", "3",
                   "--jobs", str(jobs), "-o", str(path))
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"wrote 3 puzzles of theme sums to {path}"
        # no counter (standard error is not a terminal): the summary of the drafts rejected alone
        assert re.fullmatch(r"cassino-tutor puzzles: kept 3; rejected \d[\d,]*: only capture \d[\d,]*, .*\n", done.stderr)
    assert files[0].read_bytes() == files[1].read_bytes()
    text = files[0].read_text(encoding="utf-8")
    assert re.findall(r"^  - id: (\S+)$", text, re.MULTILINE) == [f"sums-3-{n}" for n in range(1, 4)]
    checked = cli("check", str(files[0]))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == "checked 0 lessons, 3 puzzles, 0 positions: all good (no problems)"


def test_replace_makes_the_named_puzzles_anew_from_the_same_run_under_a_new_id(tmp_path: Path) -> None:
    """The new puzzle is the run's next one, under a new id: the learner's history of the old one (an attempt, its
    review queued, its rating) does not pass to it, and the queue drops the old id, which no longer loads."""
    path = tmp_path / "gen.yaml"
    done = cli("puzzles", "generate", "--theme", "deny-sweep", "--count", "2", "--seed", "3", "--jobs", "1",
               "-o", str(path))
    assert done.returncode == 0, done.stderr
    before = path.read_text(encoding="utf-8")
    head, first, second = re.split(r"(?m)^(?=  - id: )", before)
    old = load_puzzles(before, "gen.yaml")[0]
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        progress.record_attempt(old.id, old.themes, old.rating, False, 0)  # failed: queued for review
        due = progress.review_queue()[0].due
        done = cli("puzzles", "replace", str(path), "deny-sweep-3-1", "--jobs", "1")
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == f"replaced 1 puzzle of {path}, under new ids: deny-sweep-3-1 by deny-sweep-3-1-r1"
        after = path.read_text(encoding="utf-8")
        new_head, new_first, new_second = re.split(r"(?m)^(?=  - id: )", after)
        assert (new_head, new_second) == (head, second)  # every other line as it was
        assert new_first.startswith("  - id: deny-sweep-3-1-r1\n") and new_first.endswith("\n\n")
        # the new puzzle is the run's next one: the first of a run asked for one more that the file does not hold
        wanted = generate(Request("deny-sweep", 3, "classic", 2, seed=3), jobs=1).kept
        new = load_puzzles(after, "gen.yaml")[0]
        assert new.position == position(wanted[2].position) != old.position
        shell = Shell(Catalog((), load_puzzles(after, "gen.yaml")), progress, "en", clock=lambda: due)
        assert new.id not in progress.attempted_puzzles() and old.id in progress.attempted_puzzles()
        assert progress.puzzle_rating(new.id) is None  # rated afresh from the file on its first attempt
        assert waiting_queue(shell) == [] and progress.review_queue() == []  # the old id's review is gone
    checked = cli("check", str(path))
    assert checked.returncode == 0, checked.stderr


def test_the_goal_and_rating_limit_of_a_run_are_its_files_first_line_and_replace_keeps_them(tmp_path: Path) -> None:
    path = tmp_path / "gen.yaml"
    done = cli("puzzles", "generate", "--theme", "sums", "--goal", "safe", "--max-rating", "900", "--count", "2",
               "--seed", "3", "--jobs", "1", "-o", str(path))
    assert done.returncode == 0, done.stderr
    assert path.read_text(encoding="utf-8").startswith(
        "# Generated by: cassino-tutor puzzles generate --theme sums --count 2 --variant classic --players 2 "
        "--seed 3 --goal safe --max-rating 900\n")
    done = cli("puzzles", "replace", str(path), "sums-3-1", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    new = load_puzzles(path.read_text(encoding="utf-8"), "gen.yaml")[0]
    wanted = generate(Request("sums", 3, "classic", 2, seed=3, goal="safe", max_rating=900), jobs=1).kept[2]
    unlimited = generate(Request("sums", 3, "classic", 2, seed=3, goal="safe"), jobs=1).kept[2]
    assert new.id == "sums-3-1-r1" and new.position == position(wanted.position) != position(unlimited.position)
    assert str(new.goal) == "safe" and new.rating <= 900


@pytest.mark.parametrize(("old", "taken", "new"), [
    ("sums-1-5", {"sums-1-5"}, "sums-1-5-r1"),
    ("sums-1-5-r1", {"sums-1-5-r1"}, "sums-1-5-r2"),
    ("sums-1-5", {"sums-1-5", "sums-1-5-r1", "sums-1-5-r2"}, "sums-1-5-r3"),  # written by hand: counted past
    ("line-2p-sweep-1-10-r9", set(), "line-2p-sweep-1-10-r10"),
])
def test_a_replacement_id_is_the_old_one_counted_on(old: str, taken: set[str], new: str) -> None:
    assert replacement_id(old, taken) == new


@pytest.mark.parametrize(("args", "message"), [
    (["puzzles/captures.yaml", "pair-the-sixes"], "puzzles/captures.yaml: not a generated puzzle file"),
    (["puzzles/gen-sums.yaml", "sums-9-9"], "puzzles/gen-sums.yaml: no puzzle sums-9-9; its puzzles are: sums-1-1,"),
])
def test_replace_refuses_with_one_line(args: list[str], message: str) -> None:
    done = cli("puzzles", "replace", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"cassino-tutor puzzles: {message}"), done.stderr


@pytest.mark.parametrize(("lang", "said"), [("en", "rejected 1,005: only capture 1,000, too many best 4, grab 1"),
                                            ("de", "verworfen 1.005: einzige Einnahme 1.000, zu viele beste 4, "
                                                   "größte Einnahme 1")])
def test_the_drafts_rejected_are_counted_by_words_in_either_language(lang: str, said: str) -> None:
    """English said the codes (``only_capture 80, too_many_best 13``) where German said words: now both do, in
    the order the rules apply."""
    say = Renderer(lang).message
    assert rejections(Counter({"grab": 1, "too_many_best": 4, "only_capture": 1000}), say) == said
    assert not [code for code in REJECTIONS if "_" in say(f"rejections.{code}")]


def test_progress_is_a_counter_on_standard_error() -> None:
    args = ["puzzles", "generate", "--theme", "pairing", "--count", "3", "--jobs", "1", "--progress"]
    done = subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(b"# Generated by: cassino-tutor puzzles generate --theme pairing --count 3")
    counter, summary = done.stderr.decode().split("\n")[:2]
    assert re.fullmatch(r"(\rpuzzles: [0-3]/3; rejected \d[\d,]*(: [a-z ]+ \d[\d,]*(, [a-z ]+ \d[\d,]*)*)?)+", counter), counter
    last = counter.rsplit("\r", 1)[1]
    assert last.startswith("puzzles: 3/3; rejected ")
    assert summary == "cassino-tutor puzzles: kept 3; " + last.split("; ", 1)[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--theme", "pairng", "--count", "3"], "--theme: unknown theme 'pairng' (did you mean pairing?)"),
        (["--count", "3"], "give a theme with --theme; themes are: pairing, sums,"),
        (["--theme", "sums", "--count", "0"], "--count must be from 1 to 10,000, not 0"),
        (["--theme", "sums", "--count", "3", "--players", "five"], "--players takes a whole number (such as --players 2), not 'five'"),
        (["--theme", "sums", "--count", "3", "--variant", "texas"], "--variant: unknown preset 'texas'; presets are: classic,"),
        (["--theme", "sums", "--count", "3", "--variant", "royl"],
         "--variant: unknown preset 'royl' (did you mean royal?)"),
        (["--theme", "partnership", "--count", "3", "--players", "2"], "theme partnership needs --players 4"),
        (["--theme", "spade", "--count", "3", "--variant", "classic"], "theme spade needs a variant that plays it"),
        (["--theme", "adding", "--count", "3", "--goal", "sweep"],
         "--goal: unknown goal 'sweep'; goals are: points, safe, cards, deal"),
        (["--theme", "adding", "--count", "3", "--lines", "--goal", "safe"],
         "--lines finds puzzles in last deals: their goal is deal"),
        (["--theme", "sums", "--count", "3", "--max-rating", "100"], "--max-rating must be from 400 to 3,000, not 100"),
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
    for d in generate(Request("sums", 3, "classic", 2, seed=5), jobs=1).kept:
        pos = position(d.position)
        named = re.search(r"\((.+)\)\.$", d.hints[-1].en)
        assert named is not None
        assert Card.from_str(named[1]) in pos.hands[pos.to_move]
