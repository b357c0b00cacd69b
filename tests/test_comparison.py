"""Explanation data: what the best move takes that the learner's does not."""

from __future__ import annotations

import yaml

from tutor.core.cards import Card
from tutor.core.comparison import compare
from tutor.core.solver import Goal, rank_moves
from tutor.loading.positions import load_position

C = Card.from_str


def test_a_smaller_capture_against_the_sweep() -> None:
    pos = load_position(yaml.safe_dump({"hands": [["7S", "2C"], 4], "table": ["3H", "4D", "7C"]}), "t.yaml")
    ranking = rank_moves(pos, Goal.from_str("cards"))
    played = pos.parse_move("7S x 7C")
    result = compare(pos, played, ranking)
    assert not result.is_best
    assert [pos.notation(f.move) for f in result.best] == ["7S x 7C 4D+3H"]
    assert set(result.missed_cards) == {C("3H"), C("4D")}
    assert result.missed_sweep and result.value_lost == 2
    assert result.played.taken == (C("7C"),)


def test_the_target_card_missed() -> None:
    pos = load_position(yaml.safe_dump({"hands": [["10S", "4C"], 4], "table": ["10D", "6H", "4S"]}), "t.yaml")
    ranking = rank_moves(pos, Goal.from_str("card:10D,points"))
    result = compare(pos, pos.parse_move("4C x 4S"), ranking)
    assert result.missed_target == C("10D")
    assert result.missed_points == 3  # 10D and a sweep, against nothing
    best = compare(pos, ranking.best[0], ranking)
    assert best.is_best and best.missed_target is None and best.value_lost == 0


def test_deal_goal_carries_the_lines() -> None:
    pos = load_position(yaml.safe_dump({
        "hands": [["7S", "10D", "2C"], ["4H", "9C", "AD"]], "to_move": 1,
        "table": ["3H", "5S", "QD"], "captured": [["2S", "8D", "6C", "6H"], ["KS", "KH"]], "last_capturer": 0,
    }), "t.yaml")
    ranking = rank_moves(pos, Goal.from_str("deal"))
    worst = ranking.moves[-1].move
    result = compare(pos, worst, ranking)
    assert result.value_lost > 0
    assert result.played.line[0] == worst and len(result.played.line) == 6
    assert all(len(f.line) == 6 for f in result.best)
