"""A last-deal mark's played line follows the round's own moves while they are among the best (tutor.play.exact).

The solver's line after the move played is one best line of several: where the round went on another best way,
the mark shows that one, so its reasons never say what the learner saw not happen (who took last, say)."""

from __future__ import annotations

from functools import cache

from tutor.content.presets import variant
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import score_round
from tutor.core.search import solve_deal
from tutor.play.claims import false_claim
from tutor.play.exact import exact_lines
from tutor.play.game import RoundRecord, play_one_round
from tutor.play.line_claims import ends
from tutor.play.players import player
from tutor.play.review import Mark, review_move, review_round, review_turns
from tutor.play.review_data import review_from_data, review_to_data
from tutor.play.view import SeatView

SEED, SEAT = 1, 1
"""A classic round (club against a random player) whose random player's last-deal mark has a line the round did
not take: the solver's has the other side take last, the round's the random player's own."""


@cache
def game() -> tuple[RoundRecord, Mark]:
    record = play_one_round(variant("classic"), [player("club"), player("random")], SEED)
    review = review_round(record.plies, SEAT, worlds=2, seed=SEED)
    [mark] = [m for m in review.marks if m.lines is not None]
    return record, mark


def then(record: RoundRecord, mark: Mark) -> list[Move]:
    return [ply.move for ply in record.plies[mark.review.index + 1:]]


def best_moves(pos: Position) -> set[Move]:
    solved = solve_deal(pos).moves
    return {lv.move for lv in solved if lv.value == solved[0].value}


def test_the_played_line_is_the_rounds_while_its_moves_are_among_the_best() -> None:
    record, mark = game()
    assert mark.lines is not None
    line, went = mark.lines.played.line, then(record, mark)
    pos = mark.lines.world.copy()
    pos.push(line[0])
    followed = 0
    for move, game_move in zip(line[1:], went):
        assert move in best_moves(pos), f"{move} is not among the best"
        if move != game_move:
            assert game_move not in best_moves(pos), "the line left a best move of the round"
            break
        followed += 1
        pos.push(move)
    assert followed >= 3
    view = SeatView.of(mark.review.ply.before, SEAT).position()
    solvers = exact_lines(view, mark.review.best.move, mark.review.ply.move)
    assert solvers is not None and solvers.played.line != line  # the round's own line is not the solver's
    assert solvers.played.value == mark.lines.played.value


def test_its_last_take_is_the_rounds_where_the_solvers_line_had_the_other_side_take_last() -> None:
    record, mark = game()
    view = SeatView.of(mark.review.ply.before, SEAT).position()
    played, better = mark.review.ply.move, mark.review.best.move
    solvers, rounds = ends(view, played, better), ends(view, played, better, then(record, mark))
    assert solvers is not None and rounds is not None
    assert solvers[1].last_side != rounds[1].last_side
    assert rounds[1].last_side == record.plies[-1].before.side_of(
        next(p.seat for p in reversed(record.plies) if p.move.kind == "capture"))


def test_the_marks_reasons_are_true_of_the_rounds_line() -> None:
    record, mark = game()
    view = SeatView.of(mark.review.ply.before, SEAT).position()
    assert mark.reasons
    for why in mark.reasons:
        assert false_claim(view, mark.review.ply.move, mark.review.best.move, why, mark.advice.worlds, None,
                           then(record, mark)) is None, why


def test_a_review_read_back_from_its_data_shows_the_same_line() -> None:
    record, mark = game()
    review = review_round(record.plies, SEAT, worlds=2, seed=SEED)
    again = review_from_data(record.plies, review_to_data(review, record.plies))
    [kept] = [m for m in again.marks if m.lines is not None]
    assert kept.lines == mark.lines and kept.reasons == mark.reasons


def test_a_review_made_while_the_round_went_on_follows_the_moves_that_came_after() -> None:
    """The shell reviews each move in a worker as it is played, before the round's later moves exist; the round's
    review then gives that mark the line the round took."""
    record, mark = game()
    made_then = {index: review_move(record.plies[index], SEAT, index, turn, seed=SEED, worlds=2)
                 for index, turn in review_turns(record.plies, SEAT)}
    early = made_then[mark.review.index]
    assert early is not None and early[1] is not None and early[1].lines != mark.lines
    review = review_round(record.plies, SEAT, worlds=2, seed=SEED, ready=lambda index, _: made_then[index])
    [kept] = [m for m in review.marks if m.lines is not None]
    assert kept.lines == mark.lines and kept.reasons == mark.reasons


def test_with_three_players_each_line_ends_at_the_value_the_mark_shows() -> None:
    """With three players the others play against the learner in the solver's values; a move of another seat's
    best for itself need not be worst for the learner, and is not followed.  (An Italian round whose played line
    took the next seat's own best, ending 2-5-0, a value of -5 to the learner, beside the value shown, -9.)"""
    seat, seed = 2, 23
    record = play_one_round(variant("italian"), [player("club"), player("club"), player("random")], seed)
    review = review_round(record.plies, seat, worlds=2, seed=seed)
    lined = [m for m in review.marks if m.lines is not None]
    assert lined
    for mark in lined:
        assert mark.lines is not None
        for line in (mark.lines.better, mark.lines.played):
            end = mark.lines.world.copy()
            for move in line.line:
                end.push(move)
            totals, side = score_round(end).totals, end.side_of(seat)
            assert totals[side] - max(t for s, t in enumerate(totals) if s != side) == line.value, line
