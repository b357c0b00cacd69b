"""The difficulty model: its features on hand-made positions, its promises, the solvers and the Elo curve."""

from __future__ import annotations

import itertools

import pytest

from tutor.content.course import RATING_RANGE
from tutor.core.position import Position
from tutor.core.solver import Goal, rank_moves
from tutor.generator import difficulty
from tutor.generator.difficulty import Features, measure, puzzle_rating, rating
from tutor.generator.elo import expected, free_fit
from tutor.generator.elo import puzzle_rating as elo_rating
from tutor.generator.readings import Turn, one_number, turn, units
from tutor.generator.solvers import LADDER, solve_chance, turn_chance
from tutor.loading.positions import load_position


def position(text: str) -> Position:
    return load_position(text, "test.yaml")


def measured(text: str, goal: str) -> Features:
    return measure(position(text), Goal.from_str(goal))[0]


def first_turn(text: str, goal: str) -> Turn:
    pos = position(text)
    return turn(pos, rank_moves(pos.copy(), Goal.from_str(goal)))


PAIR_ACES = "{hands: [[AH, 9S, KC, 6D], 4], table: [AS, AD, 8C, 5H]}"
"""The issue's three-aces: the ace takes both aces, and the grab takes them too."""
PAIR_ACES_PAST_THE_GRAB = "{hands: [[AS, 7H, 6S, KD], 4], table: [KH, KS, 6C, 5C, AC, AH]}"
"""The issue's face-cards-1-7: the ace takes both aces, while the grab takes 5+A+A with the seven."""
LAST_TAKE = ("{hands: [[AD, 10D], [7S, QH, 9C]], table: [QC, 3S, KS, 9H, 4H, KC], to_move: 1,"
             " captured: [[], []], last_capturer: 0}")


def test_pairing_aces_is_one_idea_whether_or_not_the_grab_takes_them() -> None:
    easy, past = measured(PAIR_ACES, "points"), measured(PAIR_ACES_PAST_THE_GRAB, "points")
    assert easy.idea == past.idea == ("capture", ("pairing", "aces"), False, 1, 1)
    assert easy.grab == 0 < past.grab
    assert abs(rating(easy) - rating(past)) <= 150


def test_a_three_card_sum_is_more_hidden_than_a_pair() -> None:
    found = measured("{hands: [[6H, KS, 8C, 10D], 4], table: [JC, AS, QC, 5D, 2H, 4C]}", "points")
    assert found.tags == ("sums", "big-cassino", "aces") and found.hidden == pytest.approx(2 / 3)
    assert measured(PAIR_ACES, "points").hidden == 0


def test_depth_is_the_shortest_reading_that_finds_the_answer() -> None:
    # points are all taken now: a glance finds the best capture
    assert measured(PAIR_ACES, "points").depth == 1
    # a last deal whose best move one ply does not show
    deal = first_turn(LAST_TAKE, "deal")
    assert not deal.finds("glance") and deal.finds("exact")
    assert measured(LAST_TAKE, "deal").depth == difficulty.depth(deal) > 1


def test_a_safe_answer_that_saves_only_a_card_is_its_own_idea() -> None:
    # the queen trailed leaves the next player no point and two cards to take, the 2 no point and three
    card = measured("{hands: [[QS, 2D], 4], table: [9C, 6H, 4D], captured: [[], []]}", "safe")
    # the 8 trailed (or the 3 building 8) leaves no point; the 3 trailed leaves one
    point = measured("{hands: [[3S, 8D], 4], table: [5C, 2H], captured: [[], []]}", "safe")
    assert card.fine and not point.fine
    assert card.idea != point.idea


def test_the_position_part_keeps_one_idea_within_150() -> None:
    assert all(w >= 0 for w in difficulty.POSITION.values())
    assert sum(difficulty.POSITION.values()) <= difficulty.POSITION_BUDGET <= 140
    base = measured(PAIR_ACES, "points")
    corners = []
    for shares in itertools.product((0.0, 1.0), repeat=len(difficulty.POSITION)):
        corners.append(rating(Features(base.goal, base.tags, base.fine, base.depth, base.turns, *shares)))
    assert max(corners) - min(corners) <= 150


def test_every_rating_is_in_the_range_and_a_line_turn_adds() -> None:
    found = measured(LAST_TAKE, "deal")
    longer = Features(**{**found.__dict__, "turns": 2})
    assert RATING_RANGE[0] <= rating(found) < rating(longer) <= RATING_RANGE[1]


def test_a_puzzle_where_every_move_is_best_is_not_rated() -> None:
    with pytest.raises(ValueError, match="every legal move is best"):
        puzzle_rating(position("{hands: [[3S], 4], table: [KD]}"), Goal.from_str("cards"))


def test_one_number_keeps_the_goals_order_and_weighs_a_tie_break_as_a_reader_does() -> None:
    # safe: a point fewer beats any number of cards fewer; between equal points a card counts 0.3
    rows = [(-1, -9), (-2, 0), (-1, -8)]
    flat = one_number(rows, units(Goal.from_str("safe")))
    assert sorted(range(3), key=lambda i: flat[i]) == sorted(range(3), key=lambda i: rows[i])
    assert flat[2] - flat[0] == pytest.approx(0.3)
    # the 10 of diamonds first, then the cards taken: a card is one
    flat = one_number([(1, 2), (1, 3), (0, 5)], units(Goal.from_str("card:10D,cards")))
    assert flat[1] - flat[0] == pytest.approx(1.0) and flat[2] < flat[0]


def test_a_random_solver_finds_best_over_legal_and_the_best_solver_nearly_always() -> None:
    first = first_turn(PAIR_ACES, "points")
    assert turn_chance(LADDER[0], first) == pytest.approx(1 / len(first.moves))
    assert turn_chance(LADDER[-1], first) > 0.97
    assert solve_chance(LADDER[-1], [first, first]) == pytest.approx(turn_chance(LADDER[-1], first) ** 2)


def test_classic_habits_miss_what_the_variant_scores() -> None:
    # spade Cassino: the 3 takes two spades (two points); classic counts nothing there, and the 10♦ pair more
    text = "{variant: spade, hands: [[3H, 10S], 4], table: [2S, AS, 10D, 4C]}"
    first = first_turn(text, "points")
    habits, knows = LADDER[2], LADDER[3]
    assert habits.classic and not knows.classic and habits.reading == knows.reading == "glance"
    assert not first.finds("glance/classic") and first.finds("glance")


def test_the_elo_curve_and_its_inverse() -> None:
    solvers = [s.rating for s in LADDER]
    for r in (600.0, 1500.0, 2700.0):
        assert elo_rating([expected(r, s) for s in solvers], solvers) == pytest.approx(r, abs=0.5)
    assert expected(1000, 1400) == pytest.approx(10 / 11)


def test_a_free_fit_finds_the_spacing_of_solvers() -> None:
    solvers = [400.0, 900.0, 1300.0]
    puzzles = [300.0 + 100 * i for i in range(15)]
    chances = [[expected(p, s) for s in solvers] for p in puzzles]
    assert free_fit(chances, 400.0) == pytest.approx(solvers, abs=5)
