"""The difficulty model: the naive solvers' ladder on hand-made positions, and the ratings' order."""

from __future__ import annotations

import statistics

import pytest

from tutor.content.course import RATING_RANGE
from tutor.core.position import Position
from tutor.core.solver import Goal, rank_moves
from tutor.generator.difficulty import (
    Assessment,
    assess,
    first_capture_solver,
    grab_solver,
    pairs_solver,
    rating,
)
from tutor.loading.positions import load_position


def position(text: str) -> Position:
    return load_position(text, "test.yaml")


def assessed(text: str, goal: str) -> Assessment:
    pos = position(text)
    return assess(pos, rank_moves(pos, Goal.from_str(goal)))


def test_each_naive_solver_plays_its_idea() -> None:
    pos = position("{hands: [[9S, 10C, 7H], 4], table: [10D, 9C, 6H, 2S, AS, 5H]}")
    moves = pos.generate()
    # the most cards now: the nine takes 9♣ and 6+2+1
    assert pos.notation(grab_solver(pos, moves)) == "9S x 9C 6H+2S+AS"
    # pairs only, then points: the ten pairs the 10♦
    assert pos.notation(pairs_solver(pos, moves)) == "10C x 10D"
    assert first_capture_solver(pos, moves) == next(m for m in moves if m.is_capture)


def test_pairs_only_trails_its_lowest_card_without_a_pair() -> None:
    pos = position("{hands: [[9S, 3C], 4], table: [5H, 4C]}")
    assert pos.notation(pairs_solver(pos, pos.generate())) == "3C"


def test_a_random_move_hits_a_best_move_best_over_legal_times() -> None:
    found = assessed("{hands: [[9S, 10C, 7H], 4], table: [10D, 9C, 6H, 2S, AS, 5H]}", "points")
    assert found.random == pytest.approx(1 / found.legal)
    two = assessed("{hands: [[9S, 9D, 4C], 4], table: [9C, 5D, 4S]}", "cards")
    assert two.random == pytest.approx(2 / two.legal)


EASY = [
    # a pair of sixes, the most cards at once
    ("{hands: [[6S, 2H, 9C, KC], 4], table: [6D, 6C, 2S, JH]}", "cards"),
    # the 10♦ paired: the most points and as many cards as any capture
    ("{hands: [[10S, 5C], 4], table: [10D, 5H, 8C]}", "points"),
    # 5+4 and the 9: the biggest grab
    ("{hands: [[9S, KD, 2C], 4], table: [5H, 4C, 9D, 3S]}", "cards"),
]
HARD = [
    # the nine takes four cards for two points; the ten three cards for three points
    ("{hands: [[KS, 9S, 10C, 7H], 4], table: [10D, 9C, QC, 6H, 2S, AS, 5H]}", "points"),
    # the two pairs Little Cassino for a point; the grab, 8 x 5+3, takes more cards and no point
    ("{hands: [[2H, 8D, KC], 4], table: [2S, 5H, 3S, QD]}", "points"),
    # a last deal: pairing the nines ends six round points better than the grab 7♠ x 4+3
    ("{hands: [[AD, 10D], [7S, QH, 9C]], table: [QC, 3S, KS, 9H, 4H, KC], to_move: 1,"
     " captured: [[], []], last_capturer: 0}", "deal"),
]


@pytest.mark.parametrize(("text", "goal"), EASY)
def test_the_grab_solves_the_easy_ones(text: str, goal: str) -> None:
    assert not assessed(text, goal).fails("grab")


@pytest.mark.parametrize(("text", "goal"), HARD)
def test_the_grab_fails_the_hard_ones(text: str, goal: str) -> None:
    assert assessed(text, goal).fails("grab")


def test_a_puzzle_the_grab_fails_is_rated_well_above_one_it_solves() -> None:
    easy = [rating(assessed(t, g)) for t, g in EASY]
    hard = [rating(assessed(t, g)) for t, g in HARD]
    assert RATING_RANGE[0] <= min(easy) and max(hard) <= RATING_RANGE[1]
    assert max(easy) < min(hard)
    assert statistics.median(hard) - statistics.median(easy) >= 150


def test_more_seats_rate_higher_on_the_same_cards() -> None:
    cards = "hands: [[KS, 9S, 10C, 7H], 4], table: [10D, 9C, QC, 6H, 2S, AS, 5H]"
    two = rating(assessed(f"{{{cards}}}", "points"))
    three = rating(assessed(f"{{{cards.replace('4]', '4, 4]')}, players: 3}}", "points"))
    assert two < three
