"""How the difficulty model's simulated solvers read a move: five readings, from the grab to the exact value.

Each reading gives every legal move a number, higher better, in the goal's
own unit (cards, round points) so that one noise level means the same in
each; the solvers of :mod:`tutor.generator.solvers` choose by them.  Which
is read how depends on how far ahead the goal looks:

| reading | capture goals (cards, points, ...) | ``safe`` | ``deal`` |
|---|---|---|---|
| ``grab`` | cards taken now, then points | the same | the same |
| ``glance`` | the goal's value (it is all now) | what is taken now less what the next player is likely to take (the club level's count) | the score after the move, one ply |
| ``reply`` | the goal's value | the goal's value: the most the next player can take | the score after the best reply, two plies |
| ``deep`` | the goal's value | the goal's value | three plies |
| ``exact`` | the goal's value | the goal's value | the exact value to the round's end |

A goal's later values only break the ties of the first (:func:`one_number`); the
cards ``safe`` leaves count as the club level counts a card, 0.3 of a point.
A score in the ``deal`` readings is what the mover's side has taken so far
counted as the round is (:func:`tutor.core.scoring.score_round`, majorities
by the cards taken so far), less the best other side's; at the round's end it
is the exact value.  The weaker solvers also read with *classic habits*
(:func:`habit`): the points counted as in classic Cassino whatever the variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import round_margin
from tutor.core.solver import Goal, Ranking, move_points, move_values
from tutor.core.variant import Variant
from tutor.play.heuristics import CLUB_V1, club_value

from .facts import capture_shape

PLIES = {"glance": 1, "reply": 2, "deep": 3}
"""How far ahead each reading looks in a last deal."""

CLASSIC_SCORING = {"point_cards": dict(Variant().point_cards), "sweep_points": 1, "spade_points": False,
                   "most_spades": 1, "most_cards": 3}
"""The options that count points, as classic Cassino sets them: what a player with classic habits counts."""


@dataclass(frozen=True)
class Turn:
    """One learner turn of a puzzle, as the solvers see it.

    ``moves``: the legal moves, in the ranking's order; ``best``: whether each is
    a best move; ``hidden``: how hard each is to see (:func:`hidden`);
    ``readings``: each move's value by each reading, and by ``grab`` and
    ``glance`` with classic habits (``grab/classic``, ``glance/classic``).
    """

    moves: tuple[Move, ...]
    best: tuple[bool, ...]
    hidden: tuple[int, ...]
    readings: dict[str, tuple[float, ...]]

    def finds(self, reading: str) -> bool:
        """Whether ``reading`` puts a best move strictly above every other move."""
        values = self.readings[reading]
        top = max(v for v, b in zip(values, self.best) if b)
        return all(v < top for v, b in zip(values, self.best) if not b)


def hidden(pos: Position, move: Move) -> int:
    """How hard a move is to see: for a capture, each card beyond the first in each sum it takes, and each
    sum beyond the first (a pair, or several, is seen at once); for a build, raise or add, the loose cards
    it joins; a trail 0."""
    if move.kind == "capture":
        sums = capture_shape(pos, move).sums
        return sum(len(g) - 1 for g in sums) + max(0, len(sums) - 1)
    return len(move.loose)


def habit(pos: Position) -> Position:
    """A copy of ``pos`` whose points are counted as in classic Cassino (the rules of play kept)."""
    copy = pos.copy()
    copy.variant = pos.variant.with_options(**CLASSIC_SCORING)
    return copy


def units(goal: Goal) -> tuple[float, ...]:
    """What one step of each of a goal's values is worth to a reader: a point or a card is one, but the cards
    ``safe`` leaves to take count as the club level counts a card (:attr:`~tutor.play.heuristics.ClubWeights.card_worth`
    of a point)."""
    return tuple(u for c in goal.criteria for u in ((1.0, CLUB_V1.card_worth) if c.name == "safe" else (1.0,)))


def one_number(rows: Sequence[Sequence[float]], worth: Sequence[float]) -> tuple[float, ...]:
    """Each move's values (a row each: the first deciding, later ones breaking its ties) as one number that
    keeps their order: each value counts ``worth`` a step, an earlier one more if it must, so that a step of
    it outweighs every difference after it."""
    out = [worth[-1] * r[-1] for r in rows]
    for i in range(len(rows[0]) - 2, -1, -1):
        low = min(out)
        step = max(worth[i], max(out) - low + worth[i + 1])
        out = [r[i] * step + (o - low) for r, o in zip(rows, out)]
    return tuple(out)


def grab(pos: Position, moves: Sequence[Move]) -> tuple[float, ...]:
    """The grab: cards taken now, then points taken now."""
    return tuple(len(m.captured_cards()) + 0.1 * move_points(pos, m) for m in moves)


def glance(pos: Position, moves: Sequence[Move], goal: Goal) -> tuple[float, ...]:
    """One move deep: the goal's values now, ``safe`` read by the club level's count, a last deal by the
    score after the move."""
    if goal.is_deal:
        return lookahead(pos, moves, 1)
    return one_number([[club_value(pos, m) if c.name == "safe" else move_values(pos, m, c)[0]
                        for c in goal.criteria] for m in moves], [1.0] * len(goal.criteria))


def lookahead(pos: Position, moves: Sequence[Move], plies: int) -> tuple[float, ...]:
    """Each move's score (the mover's side's less the best other side's) after ``plies`` plies, the mover
    taking its best and the other sides theirs; the exact score where the round ends sooner."""
    play = pos.copy()
    side = pos.side_of(pos.to_move)

    def edge() -> float:
        return round_margin(play, side)

    def search(depth: int) -> float:
        if depth == 0 or play.is_round_over() or play.needs_deal():
            return edge()
        mine = play.side_of(play.to_move) == side
        found = []
        for m in play.generate():
            play.push(m)
            found.append(search(depth - 1))
            play.pop()
        return max(found) if mine else min(found)

    out = []
    for m in moves:
        play.push(m)
        out.append(search(plies - 1))
        play.pop()
    return tuple(out)


def turn(pos: Position, ranking: Ranking) -> Turn:
    """The solvers' view of one turn: ``pos`` and the solver's ranking of its moves for the puzzle's goal."""
    goal = ranking.goal
    moves = tuple(j.move for j in ranking.moves)
    best = set(ranking.best)
    exact = one_number([j.values for j in ranking.moves], units(goal))
    classic = habit(pos)
    readings = {
        "grab": grab(pos, moves),
        "grab/classic": grab(classic, moves),
        "glance": glance(pos, moves, goal),
        "glance/classic": glance(classic, moves, goal),
        "exact": exact,
    }
    for name in ("reply", "deep"):
        readings[name] = lookahead(pos, moves, PLIES[name]) if goal.is_deal else exact
    return Turn(moves, tuple(m in best for m in moves), tuple(hidden(pos, m) for m in moves), readings)
