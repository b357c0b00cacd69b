"""A line puzzle played out: the learner's turns judged by the solver, the other seats' best replies played.

The learner is the seat to move at the start.  At each of the learner's turns
every best move for the goal (``deal``) is accepted; after an accepted move
that is not the last, the other seats (a partner too) answer with a best
move each: the main line's move while play follows the main line and that
move is among the best, else the first best move in notation order.  A
learner who plays another best move than the main line's goes on from the
real position.  The line has as many learner turns as its main line.

No I/O: the shell shows what happens here.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Goal
from tutor.play.game import Ply

from .coach import Challenge, Task


def learner_turns(start: Position, line: Sequence[Move]) -> int:
    """How many moves of ``line`` the learner (the seat to move in ``start``) plays."""
    pos, turns = start.copy(), 0
    for move in line:
        turns += pos.to_move == start.to_move
        pos.push(move)
    return turns


def choose_reply(pos: Position, best: Sequence[Move], preferred: Move | None) -> Move:
    """The reply played: ``preferred`` (the main line's) when it is among ``best``, else the first in notation order."""
    if preferred is not None and preferred in best:
        return preferred
    return min(best, key=pos.notation)


class LinePlay:
    """A line puzzle in play; ``challenge`` is the learner's turn now (the last one once the line is over)."""

    def __init__(self, start: Position, goal: Goal, main: Sequence[Move]) -> None:
        self.seat = start.to_move
        self.task = Task(goal=goal)
        self.turns = learner_turns(start, main)
        self.played = 0
        self.challenge = Challenge(start.copy(), self.task)
        self._ahead: tuple[Move, ...] | None = tuple(main)  # the main line still to come, while play follows it

    @property
    def over(self) -> bool:
        """Every learner turn played (or the round ended early, as an instant limit may end it)."""
        return self.played >= self.turns or self.challenge.position.is_round_over()

    def play(self, move: Move) -> tuple[Ply, ...]:
        """Play the learner's accepted ``move`` and, unless it was the last turn, the replies up to the next one
        (each with the position it was played in)."""
        if self.over or move not in self.challenge.accepted():
            raise ValueError("only a best move of a learner turn still to play goes on with the line")
        pos = self.challenge.position.copy()
        self._follow(move)
        pos.push(move)
        self.played += 1
        if self.played == self.turns:
            return ()
        replies = []
        while pos.to_move != self.seat and not pos.is_round_over():
            best = Challenge(pos, self.task).accepted()
            reply = choose_reply(pos, best, self._ahead[0] if self._ahead else None)
            replies.append(Ply(pos.copy(), reply))
            self._follow(reply)
            pos.push(reply)
        self.challenge = Challenge(pos, self.task)
        return tuple(replies)

    def _follow(self, move: Move) -> None:
        """Keep to the main line while ``move`` is its next move; leave it for good otherwise."""
        if self._ahead and self._ahead[0] == move:
            self._ahead = self._ahead[1:]
        else:
            self._ahead = None
