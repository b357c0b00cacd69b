"""The skill model's treatment of game moves and failed tasks (docs/skills.md, "The evidence" and "The model")."""

from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tutor.content.presets import variant
from tutor.content.skills import Evidence
from tutor.core.cards import parse_cards
from tutor.core.position import Position
from tutor.core.round import deal_round
from tutor.core.solver import forgetting
from tutor.core.table import Build
from tutor.play.advisor import MoveValue
from tutor.play.game import Ply
from tutor.play.heuristics import BUILD_KINDS, CLUB_V1
from tutor.play.review import Mark, MoveReview, outcome
from tutor.play.risk import likely_take
from tutor.play.why import Why
from tutor.storage import Progress
from tutor.storage.glicko2 import Rating, expected
from tutor.storage.rating_policy import after_idle, puzzle_start
from tutor.storage.skills import SKILL_START, blamed, updated
from tutor.teaching import skill_evidence
from tutor.teaching.skill_evidence import (
    BLIND,
    COUNT_MARGIN,
    GRADE_WEIGHTS,
    UNMARKED_MISS,
    failing,
    move_evidence,
    share_difficulty,
    shown,
)
from tutor.teaching.skill_evidence import tested as position_shares

T0 = datetime(2026, 11, 1, 12, tzinfo=timezone.utc)


def test_a_game_move_is_as_hard_as_the_share_of_moves_that_fail_it() -> None:
    assert share_difficulty(0.5) == BLIND  # half the moves fail: a coin a newcomer tosses
    assert share_difficulty(0.1) == pytest.approx(BLIND + 400 * math.log10(1 / 9))
    assert share_difficulty(0.9) == pytest.approx(BLIND + 400 * math.log10(9))
    assert share_difficulty(0.001) == share_difficulty(0.05) < share_difficulty(0.5) < share_difficulty(1.0)
    # a newcomer passes it as often as a move chosen blind does (the deviation's damping aside)
    for share in (0.1, 0.3, 0.7):
        elo = 1 / (1 + 10 ** ((share_difficulty(share) - BLIND) / 400))
        assert elo == pytest.approx(1 - share)


def test_a_failed_task_is_blamed_on_the_skill_likelier_to_have_failed() -> None:
    strong, weak = Rating(1400.0, 100.0, 0.06), Rating(700.0, 100.0, 0.06)
    pieces = [Evidence("captures", 0.0, 0.5, 1100.0), Evidence("point_cards", 0.0, 0.5, 1100.0)]
    blame = blamed([strong, weak], pieces)
    assert blame[1].weight > 0.5 > blame[0].weight
    assert blame[0].weight + blame[1].weight == pytest.approx(1.0)
    task = puzzle_start(1100.0)
    odds = (1 - expected(strong, task)) / (1 - expected(weak, task))
    assert blame[0].weight / blame[1].weight == pytest.approx(odds)
    passed = [Evidence("captures", 1.0, 0.5, 1100.0), Evidence("point_cards", 1.0, 0.5, 1100.0)]
    assert blamed([strong, weak], passed) == passed  # a pass shows every skill the task needs
    assert blamed([weak], pieces[:1]) == pieces[:1]


def test_a_missed_puzzle_lowers_the_weaker_skill_more(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "p.sqlite3") as progress:
        progress.record_evidence("game", {f"g/{i}": [Evidence("captures", 1.0, 1.0, 1200.0)] for i in range(3)}, now=T0)
        before = {s.skill: s.rating for s in progress.skills()}
        progress.record_attempt("p1", ["pairing"], 1100, False, 0, now=T0, skills=["captures", "point_cards"])
        after = {s.skill: s for s in progress.skills()}
    assert after["point_cards"].weight > 0.5 > after["captures"].weight - 3
    drop = {k: before[k].rating - after[k].rating.rating for k in ("captures", "point_cards")}
    assert drop["point_cards"] > drop["captures"] > 0
    shares = blamed([before["captures"], SKILL_START], [Evidence("captures", 0.0, 0.5, 1100.0),
                                                          Evidence("point_cards", 0.0, 0.5, 1100.0)])
    assert after["point_cards"].rating == pytest.approx(updated(SKILL_START, shares[1]))


def test_a_skill_left_for_weeks_is_less_sure_and_its_next_evidence_moves_it_more(tmp_path: Path) -> None:
    """As the learner's puzzle rating: each whole day since the skill's last evidence is an empty rating period."""
    shown = {f"p/{i}": [Evidence("sweeps", 1.0, 1.0, 900.0)] for i in range(5)}
    missed = {"p/9": [Evidence("sweeps", 0.0, 1.0, 900.0)]}
    drops = []
    for days in (0, 30):
        with Progress.open(tmp_path / f"p{days}.sqlite3") as progress:
            progress.record_evidence("puzzle", shown, now=T0)
            before = {s.skill: s.rating for s in progress.skills()}["sweeps"]
            progress.record_evidence("puzzle", missed, now=T0 + timedelta(days=days, hours=1))
            after = {s.skill: s.rating for s in progress.skills()}["sweeps"]
        assert after == pytest.approx(updated(after_idle(before, days), missed["p/9"][0]))
        drops.append(before.rating - after.rating)
    assert after_idle(before, 30).deviation > before.deviation
    assert drops[1] > drops[0] > 0


def test_a_move_shows_the_skill_it_uses_by_the_ways_to_miss_it() -> None:
    dealt = (deal_round(variant("classic"), 2, 0, seed) for seed in range(50))
    pos = next(p for p in dealt if {m.kind for m in p.generate()} >= {"capture", "build", "trail"})
    moves = pos.generate()
    capture = next(m for m in moves if m.is_capture)
    assert shown(pos, capture, moves) == {"captures": sum(1 for m in moves if not m.is_capture) / len(moves)}
    build = next(m for m in moves if m.kind == "build")
    assert shown(pos, build, moves) == {"builds": sum(1 for m in moves if m.kind not in BUILD_KINDS) / len(moves)}
    trail = next(m for m in moves if m.kind == "trail")
    assert shown(pos, trail, moves) == {}


def _two_seats(table: str, hand: str, other: str, builds: tuple[Build, ...] = (), mine: int = 20) -> Position:
    """Classic, the last deal, seat 0 to move; of the rest of the deck seat 0 has taken ``mine`` cards, seat 1
    the others."""
    v = variant("classic")
    held, theirs, loose = parse_cards(hand.split()), parse_cards(other.split()), parse_cards(table.split())
    used = set(held + theirs + loose + [c for b in builds for c in b.cards])
    rest = [c for c in v.deck_cards if c not in used]
    return Position(v, 2, hands=[held, theirs], loose=loose, builds=list(builds), stock=[],
                    captured=[rest[:mine], rest[mine:]])


def test_a_position_tests_majorities_and_build_fights_by_the_moves_that_fail_them() -> None:
    # 5H and 8C on 5D 2C 3D KS: of 7 moves only 5H x 5D 3D+2C takes the most, 3 cards
    pos = _two_seats("5D 2C 3D KS", "5H 8C", "QS JH")
    assert position_shares(pos, pos.generate())["majorities"] == pytest.approx(6 / 7)
    # with 40 cards taken the most cards are won: no move tests them
    won = _two_seats("5D 2C 3D KS", "5H 8C", "QS JH", mine=40)
    assert "majorities" not in position_shares(won, won.generate())
    # the other side's build of 8 on the table (seat 1 holds an 8 for it): 8C takes it; the other moves leave it
    theirs = Build(8, tuple(parse_cards(["5D", "3D"])), 1, True)
    stolen = _two_seats("2C KS", "5H 8C", "8H JH", builds=(theirs,))
    moves = stolen.generate()
    steals = [stolen.notation(m) for m in moves if m.builds]
    assert steals == ["8C x [5D+3D]"]
    assert position_shares(stolen, moves)["build_fights"] == pytest.approx((len(moves) - 1) / len(moves))
    ours = _two_seats("2C KS", "5H 8C", "QS JH", builds=(theirs.with_owner(0),))  # seat 0 holds the 8C
    assert "build_fights" not in position_shares(ours, ours.generate())


def _seen_by_seat_0(table: str, hand: str, taken: str, hidden: int = 4) -> Position:
    """Classic, seat 0 to move with ``hand``, seat 1's ``hidden`` cards and the stock unseen; ``taken`` (cards
    captured this round) in seat 1's pile."""
    return Position(variant("classic"), 2, hands=[parse_cards(hand.split()), []], loose=parse_cards(table.split()),
                    builds=[], to_move=0, dealer=1, hidden=[0, hidden], captured=[[], parse_cards(taken.split())],
                    stock_hidden=24, last_capturer=1)


def test_a_position_tests_counting_where_only_the_count_shows_a_safe_move() -> None:
    # 6H and 5S on 3C: trailing the 6 leaves a sweep to a 9, trailing the 5 one to an 8; no other move
    every_nine = _seen_by_seat_0("3C", "6H 5S", "9C 9D 9H 9S")
    moves = every_nine.generate()
    assert sorted(every_nine.notation(m) for m in moves) == ["5S", "6H"]
    # every 9 is taken: the 6 is safe to one who counts, the 5 leaves a sweep to an unseen 8: one move of two fails
    assert position_shares(every_nine, moves)["counting"] == pytest.approx(1 / 2)
    assert position_shares(every_nine, moves)["safe_play"] == pytest.approx(1 / 2)  # the sweep to an 8 either way
    # a 9 and an 8 not taken yet: both trails leave a sweep to an unseen card, as likely: the count shows no safe
    # move (one 9 alone not taken: test_a_position_tests_counting_where_the_count_shows_a_move_likelier_safe)
    even = _seen_by_seat_0("3C", "6H 5S", "9C 9D 9H 8C 8D 8H")
    assert "counting" not in position_shares(even, even.generate())
    # nothing taken this round: nothing to count
    fresh = _seen_by_seat_0("3C", "6H 5S", "")
    assert "counting" not in position_shares(fresh, fresh.generate())


def test_a_position_tests_counting_where_the_count_shows_a_move_likelier_safe(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/skills.md's worked example of the likely case: 6H and 5S on 3C, three 9s taken this round. Trailing the
    6 leaves a sweep to the one 9 not seen, trailing the 5 one to any of four 8s; to one who forgets the 9s taken the
    two trails are as risky, counted the 5 leaves clearly more: it fails counting, the 6 does not."""
    pos = _seen_by_seat_0("3C", "6H 5S", "9C 9D 9H")
    moves = pos.generate()
    forgetful, worth = forgetting(pos), CLUB_V1.table_worth
    counted = {pos.notation(m): round(likely_take(pos, m, worth), 2) for m in moves}
    forgot = {pos.notation(m): round(likely_take(forgetful, m, worth), 2) for m in moves}
    assert counted == {"6H": 0.26, "5S": 0.59} and forgot == {"6H": 0.56, "5S": 0.56}
    assert counted["5S"] - counted["6H"] >= COUNT_MARGIN
    assert failing(pos, moves)["counting"] == [pos.notation(m) == "5S" for m in moves]
    assert position_shares(pos, moves)["counting"] == pytest.approx(1 / 2)
    # the worst case alone does not say so: a 9 may be in the next hand either way
    monkeypatch.setattr(skill_evidence, "COUNT_MARGIN", math.inf)
    assert "counting" not in position_shares(pos, moves)


def _unmarked(played: str, best: str) -> list[Evidence]:
    """The evidence of a move not marked: AS and 7C in hand on KD, the stock not empty (no move but the two
    trails), ``played`` played where the advice's best was ``best``."""
    return _reviewed(played, best)


def _reviewed(played: str, best: str, reasons: tuple[str, ...] = ()) -> list[Evidence]:
    """:func:`_unmarked`'s move, marked an inaccuracy for ``reasons`` (review reason codes) when there are any."""
    v = variant("classic")
    held, theirs, loose = parse_cards(["AS", "7C"]), parse_cards(["3H", "4H"]), parse_cards(["KD"])
    rest = [c for c in v.deck_cards if c not in held + theirs + loose]
    pos = Position(v, 2, hands=[held, theirs], loose=loose, builds=[], stock=rest, to_move=0, dealer=1,
                   captured=[[], []])
    moves = {pos.notation(m): m for m in pos.generate()}
    assert sorted(moves) == ["7C", "AS"]
    grade = "inaccuracy" if reasons else None
    review = MoveReview(0, 1, Ply(pos, moves[played]), MoveValue(moves[played], 0.0, 0.0),
                        MoveValue(moves[best], 0.0, 0.0), grade, grade, (0.0, 0.0))
    mark = Mark(review, None, outcome(pos, moves[played]), outcome(pos, moves[best]),  # type: ignore[arg-type]
                tuple(Why(code) for code in reasons), (moves[best],)) if reasons else None
    return move_evidence(review, mark, 0)


def test_a_mark_fails_the_named_skill_the_played_move_fails_where_the_better_does_not() -> None:
    """A trailed ace marked for the point card kept by the better move and for the likely take it leaves: the move
    shows which skill failed (point_cards: the better move trails no point card), so point_cards takes the whole
    mark, not a share by the model's blame (which would rather pick safe_play or counting, less tested here)."""
    [miss] = _reviewed("AS", "7C", ("keep", "likely"))
    assert (miss.skill, miss.score, miss.weight) == ("point_cards", 0.0, pytest.approx(GRADE_WEIGHTS["inaccuracy"]))
    assert miss.difficulty == share_difficulty(0.5)
    # the reasons name no skill the move shows failed: the mark is shared among the skills named, as before
    shared = _reviewed("7C", "AS", ("likely",))
    assert sorted(e.skill for e in shared) == ["counting", "safe_play"]
    assert [e.weight for e in shared] == [pytest.approx(GRADE_WEIGHTS["inaccuracy"] / 2)] * 2


def test_a_move_not_marked_that_fails_a_skill_where_the_best_does_not_is_a_mild_miss() -> None:
    """Trailing the ace (a point card) where the best move trails the 7: not marked (as good by value), but not a
    pass of point_cards either: a miss, as the mildest mark counts, times the share of the moves that fail it."""
    [miss] = [e for e in _unmarked("AS", "7C") if e.skill == "point_cards"]
    assert (miss.score, miss.weight, miss.difficulty) == (0.0, pytest.approx(UNMARKED_MISS / 2), share_difficulty(0.5))
    assert UNMARKED_MISS == GRADE_WEIGHTS["inaccuracy"]
    # the best move trails the ace too: no evidence of the skill either way
    assert not [e for e in _unmarked("AS", "AS") if e.skill == "point_cards"]
    # the 7 trailed: a pass, weighted by the share of the moves that fail the skill
    [passed] = [e for e in _unmarked("7C", "7C") if e.skill == "point_cards"]
    assert (passed.score, passed.weight) == (1.0, pytest.approx(1 / 2))


def test_a_position_tests_the_last_take_by_the_solvers_lines_in_an_exact_last_deal() -> None:
    # 5H, the round's last card, on 5D 2C, the other side took last: 5H x 5D takes the leftovers, the trail does not
    pos = _two_seats("5D 2C", "5H", "")
    pos.last_capturer = 1
    moves = pos.generate()
    assert sorted(pos.notation(m) for m in moves) == ["5H", "5H x 5D"]
    assert position_shares(pos, moves)["last_take"] == pytest.approx(1 / 2)
    # the learner's side took last: the leftovers are its own either way
    pos.last_capturer = 0
    assert "last_take" not in position_shares(pos, moves)
    # a card still to play after this one: trailing the 5 leaves the 8C nothing to take, so the leftovers go to the
    # other side; taking the 5D now, or trailing the 8 first, keeps the last take (the 5H takes the 5D after it)
    early = _two_seats("5D 2C", "5H 8C", "")
    early.last_capturer = 1
    moves = early.generate()
    assert sorted(early.notation(m) for m in moves) == ["5H", "5H x 5D", "8C"]
    assert position_shares(early, moves)["last_take"] == pytest.approx(1 / 3)


def test_a_skills_trend_is_its_change_over_its_last_ten_pieces_from_the_rating_before_them(tmp_path: Path) -> None:
    """With three pieces, the change from the start (800): the first piece's own effect counts; with twelve, the
    newest rating minus the rating the second piece led to (the one before the last ten)."""
    scores = [0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0]
    ratings, rating = [], SKILL_START
    for score in scores:
        rating = updated(rating, Evidence("sweeps", score, 1.0, 800.0))
        ratings.append(rating.rating)
    with Progress.open(tmp_path / "p.sqlite3") as progress:
        for i, score in enumerate(scores):
            progress.record_evidence("game", {f"g/{i}": [Evidence("sweeps", score, 1.0, 800.0)]}, now=T0)
            if i == 2:
                three = {s.skill: s for s in progress.skills()}["sweeps"]
        twelve = {s.skill: s for s in progress.skills()}["sweeps"]
    assert three.trend == pytest.approx(ratings[2] - SKILL_START.rating)
    assert twelve.trend == pytest.approx(ratings[11] - ratings[1])


def test_the_items_missed_last_are_each_counted_with_their_run_of_misses(tmp_path: Path) -> None:
    """``skill_misses``: among the last pieces of a source, the items whose newest piece failed, the latest first,
    each with its misses in a row from the newest, counted over all its evidence; an item passed since is left out,
    and so is another source's or another skill's."""
    with Progress.open(tmp_path / "p.sqlite3") as progress:
        scores = [("a", 0.0), ("b", 0.0), ("a", 1.0), ("a", 0.0), ("c", 0.5), ("b", 1.0), ("a", 0.0), ("c", 0.0)]
        for ref, score in scores:
            progress.record_evidence("puzzle", {ref: [Evidence("sweeps", score, 1.0, 800)]})
        progress.record_evidence("game", {"a": [Evidence("sweeps", 1.0, 1.0, 800)]})
        progress.record_evidence("puzzle", {"d": [Evidence("captures", 0.0, 1.0, 800)]})
        assert progress.skill_misses("sweeps", "puzzle", 8) == [("c", 2), ("a", 2)]
        assert progress.skill_misses("sweeps", "puzzle", 1) == [("c", 2)]
        assert progress.skill_misses("sweeps", "puzzle", 3) == [("c", 2), ("a", 2)]
        assert progress.skill_misses("counting", "puzzle", 8) == []
