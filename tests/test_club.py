"""The club of issue 25 (CLUB): the exact last deal when it can tell every hand, its own next take, a spade's worth."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from randompos import random_position

from tutor.content.presets import variant
from tutor.core.cards import SPADE
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.search import solve_deal
from tutor.play.game import play_one_round
from tutor.play.heuristics import (
    BUILD_KINDS,
    CLUB,
    CLUB_V1,
    PLAYOUT,
    Club,
    ClubWeights,
    club_best,
    club_promise,
    club_value,
    own_next_take,
    told,
)
from tutor.play.view import SeatView


@pytest.mark.parametrize(("preset", "seed"), [("classic", 3), ("classic", 8), ("royal", 5), ("draw", 2)])
def test_late_in_a_two_player_last_deal_the_club_plays_a_move_the_exact_search_values_best(preset: str,
                                                                                             seed: int) -> None:
    record = play_one_round(variant(preset), [Club(), Club("club-v1", CLUB_V1)], seed)
    checked = 0
    for ply in record.plies:
        pos = ply.before
        if ply.seat != 0 or pos.stock_size or sum(len(h) for h in pos.hands) > CLUB.exact_cards:
            continue
        values = {lv.move: lv.value for lv in solve_deal(pos.copy()).moves}
        assert values[ply.move] == max(values.values()), (str(pos), ply.move)
        checked += 1
    assert checked


def test_the_club_tells_every_hand_when_the_stock_is_empty_and_one_other_hand_holds_cards() -> None:
    """Then that hand is every card the seat has not seen (with two players, the whole last deal)."""
    told_some = 0
    for n in (2, 3, 4):
        record = play_one_round(variant("classic"), [Club("club-v1", CLUB_V1)] * n, 4)
        for ply in record.plies:
            pos = ply.before
            world = told(SeatView.of(pos, ply.seat).position())
            others = [s for s in range(n) if s != ply.seat and pos.hands[s]]
            if pos.stock_size == 0 and len(others) == 1:
                assert world is not None and not any(world.hidden_counts)
                assert [sorted(h) for h in world.hands] == [sorted(h) for h in pos.hands]
                told_some += 1
            else:
                assert world is None, str(pos)
    assert told_some


def test_the_own_next_take_of_a_trail_is_the_movers_best_capture_once_the_turn_comes_back() -> None:
    """Worked out here by playing the trail and giving the mover the turn again (every hand known)."""
    record = play_one_round(variant("classic"), [Club("club-v1", CLUB_V1)] * 2, 6)
    looked = 0
    for ply in record.plies:
        pos = ply.before.copy()
        for move in pos.generate():
            if move.kind != "trail":
                continue
            after = pos.copy()
            after.push(move)
            after.to_move = pos.to_move
            best = max([0.0, *(CLUB.table_worth(after, m) for m in after.generate() if m.is_capture)]) \
                if after.hands[pos.to_move] else 0.0
            assert own_next_take(pos, move, CLUB) == pytest.approx(best), (str(pos), move)
            looked += 1
    assert looked


def test_a_spade_taken_is_worth_more_to_the_new_club_only() -> None:
    pos = play_one_round(variant("classic"), [Club("club-v1", CLUB_V1)] * 2, 1).plies[0].before
    for move in (m for m in pos.generate() if m.is_capture):
        spades = sum(c.suit == "S" for c in move.captured_cards())
        extra = CLUB.table_worth(pos, move) - CLUB_V1.table_worth(pos, move)
        assert extra == pytest.approx(CLUB.spade_worth * spades)


def test_a_breach_of_the_build_duty_costs_its_penalty_in_the_clubs_value_where_it_costs_points() -> None:
    """Michigan (build duty ``penalty``): every move of a round the club-v1 plays, valued by the weights that count
    the breach and by club-v1's: the same where the move keeps the duty; the penalty less where it breaks it, and
    a build that breaks it (one the mover cannot take, or a build beside one it neglects) promises nothing."""
    record = play_one_round(variant("michigan"), [Club("club-v1", CLUB_V1)] * 2, 3)
    seen: Counter[str] = Counter()
    for ply in record.plies:
        pos = ply.before
        penalty, points = pos.variant.default_penalty, pos.variant.card_points
        for move in pos.generate():
            ours, theirs = club_promise(pos, move, PLAYOUT), club_promise(pos, move, CLUB_V1)
            if not pos.penalised(move):
                assert ours == theirs, (str(pos), move)
                seen["kept"] += 1
            elif move.kind in BUILD_KINDS:
                assert ours == pytest.approx(-penalty - PLAYOUT.keep_weight * points[move.card]), (str(pos), move)
                assert theirs > ours + penalty, (str(pos), move)  # club-v1 counted a promise
                seen["build"] += 1
            else:
                assert theirs - ours == pytest.approx(penalty), (str(pos), move)
                seen["other"] += 1
    assert seen["kept"] and seen["build"] and seen["other"], seen


@pytest.mark.parametrize("preset", ["classic", "royal", "draw"])
def test_where_no_breach_costs_points_the_playouts_club_is_club_v1(preset: str) -> None:
    for seed in range(3):
        for ply in play_one_round(variant(preset), [Club("club-v1", CLUB_V1)] * 2, seed).plies:
            moves = ply.before.generate()
            assert club_best(ply.before, moves, PLAYOUT) == club_best(ply.before, moves, CLUB_V1)


def test_the_club_that_counts_the_penalty_breaks_the_duty_less_often() -> None:
    """Four Michigan rounds each (both seats one player): club-v1 broke the duty in most of its moves."""
    def breaches(weights: ClubWeights) -> int:
        rounds = [play_one_round(variant("michigan"), [Club("c", weights)] * 2, seed) for seed in range(4)]
        return sum(ply.before.penalised(ply.move) for r in rounds for ply in r.plies)

    assert 2 * breaches(PLAYOUT) < breaches(CLUB_V1)


def plain_promise(pos: Position, move: Move, weights: ClubWeights) -> float:
    """:func:`club_promise` as the rules of thumb say it, with the move's own methods and lists: its reference."""
    points = pos.variant.card_points
    breach = bool(weights.penalty_weight) and pos.penalised(move)
    value = -weights.penalty_weight * pos.variant.default_penalty if breach else 0.0
    if move.is_capture:
        taken = move.captured_cards()
        sweep = pos.variant.sweep_points if pos.is_sweep(move) else 0
        value += points[move.card] + sum(points[c] for c in taken) + sweep + weights.card_worth * (1 + len(taken))
        if weights.spade_worth:
            value += weights.spade_worth * (SPADE[move.card] + sum(SPADE[c] for c in taken))
        if any(pos.side_of(b.owner) != pos.side_of(pos.to_move) for b in move.builds):
            value += weights.answer_bonus
        return value
    value -= weights.keep_weight * points[move.card]
    if move.kind == "trail" and weights.follow_up:
        value += weights.follow_up * own_next_take(pos, move, weights)
    if move.kind in BUILD_KINDS and not breach:
        cards = [move.card, *move.loose, *(c for b in move.builds for c in b.cards)]
        value += weights.build_promise * (sum(points[c] for c in cards) + weights.card_worth * (len(cards) + 1))
    return value


@pytest.mark.parametrize("weights", [PLAYOUT, CLUB], ids=["playout", "club"])
def test_the_promise_counted_in_loops_is_the_rules_of_thumbs_float(weights: ClubWeights) -> None:
    """club_promise counts a capture's and a build's cards in loops over the move's fields (the move's methods are a
    call through Python each, compiled): the same float as the plain reference, on random positions of every
    variant; and the club's choice is the first move of the most worth, as ``max`` finds it."""
    rng = random.Random(f"promise/{weights.follow_up}")
    kinds: Counter[str] = Counter()
    for _ in range(150):
        pos = random_position(rng)
        moves = pos.generate()
        for move in moves:
            kinds[move.kind] += 1
            assert club_promise(pos, move, weights) == plain_promise(pos, move, weights), (str(pos), move)
        assert club_best(pos, moves, weights) == max(moves, key=lambda m: club_value(pos, m, weights))
    assert kinds["capture"] and kinds["build"] and kinds["trail"], kinds
