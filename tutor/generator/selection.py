"""Which positions make puzzles: the best answer clearly better than the next, not obvious, and few.

:func:`rejection` applies the rules of ``docs/generator.md`` to a position
and the solver's ranking of its moves for one goal, in this order:

- ``one_card``: the mover holds a single card, so there is no card to choose;
- ``small_gap``: the best move is not :data:`GAPS` better than every other;
- ``too_many_best``: more than :data:`MAX_BEST` moves are best;
- ``only_capture``: a capture goal, and fewer than two captures to choose from;
- ``obvious``: an obvious move (:func:`obvious_moves`) is already best.
"""

from __future__ import annotations

from ..core.moves import Move
from ..core.position import Position
from ..core.solver import Ranking, move_points
from .facts import capture_shape, gap
from .plans import CAPTURE_GOALS

GAPS: dict[str, int] = {"cards": 2, "points": 1, "sweep": 1, "safe": 1, "deal": 2}
"""How much better than every other move the best must be, in the goal's unit
(cards, points, a sweep, points the next player can take, round points)."""

MAX_BEST = 2
"""Most best moves a puzzle may have: each is listed in its solution."""

REJECTIONS = ("one_card", "small_gap", "too_many_best", "only_capture", "obvious")


def rejection(pos: Position, ranking: Ranking) -> str | None:
    """Why this position makes no puzzle for the ranking's goal (a code of :data:`REJECTIONS`), or None to keep it."""
    goal = ranking.goal.name
    if len(pos.hands[pos.to_move]) < 2:
        return "one_card"
    found = gap(ranking)
    if found is None or found < GAPS[goal]:
        return "small_gap"
    best = ranking.best
    if len(best) > MAX_BEST:
        return "too_many_best"
    moves = [j.move for j in ranking.moves]
    if goal in CAPTURE_GOALS and sum(m.is_capture for m in moves) < 2:
        return "only_capture"
    if any(m in best for m in obvious_moves(pos, ranking)):
        return "obvious"
    return None


def obvious_moves(pos: Position, ranking: Ranking) -> list[Move]:
    """The moves a player sees first.

    For ``cards``, ``points`` and ``sweep``: the simple captures (one pair,
    one sum of two cards, or one build) worth the most for the goal.  For
    ``safe`` and ``deal``: the greedy grab, the moves taking the most points,
    then the most cards, right now (a position with no capture has none for
    ``safe``; for ``deal`` every trail is then a grab of nothing).
    """
    moves = [j.move for j in ranking.moves]
    if ranking.goal.name in CAPTURE_GOALS:
        simple = [j for j in ranking.moves if j.move.is_capture and capture_shape(pos, j.move).simple]
        top = max((j.values for j in simple), default=None)
        return [j.move for j in simple if j.values == top]
    if ranking.goal.name == "safe" and not any(m.is_capture for m in moves):
        return []

    def grab(m: Move) -> tuple[int, int]:
        return move_points(pos, m), len(m.captured_cards())

    most = max(map(grab, moves))
    return [m for m in moves if grab(m) == most]
