"""A learner's typed move checked against the rules and the solver, as feedback data.

The shell asks; this module answers with facts (a :class:`Verdict`), and the
templates put them into words.  Nothing here prints.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.content.course import FIND_KINDS
from tutor.core.comparison import Comparison, compare
from tutor.core.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, MoveError
from tutor.core.position import Position
from tutor.core.solver import Goal, Ranking, rank_moves
from tutor.parallel.workers import sharing, usable_cores


@dataclass(frozen=True)
class Task:
    """What the learner is asked to do in a position: reach a goal, or find a kind of move."""

    goal: Goal | None = None
    find: str | None = None

    def __post_init__(self) -> None:
        if (self.goal is None) == (self.find is None):
            raise ValueError("a task has either a goal or a kind of move to find")
        if self.find is not None and self.find not in FIND_KINDS:
            raise ValueError(f"unknown kind of move {self.find!r}")


OUTCOMES = ("invalid", "ambiguous", "illegal", "correct", "not_best", "wrong_kind")
"""What a typed move may come to (:attr:`Verdict.outcome`)."""
ABSENT = ("card_not_in_hand", "card_not_on_table", "build_not_on_table")
"""The reasons of an illegal move that names a card or build that is not there: it cannot be played at all, like a
typo, rather than breaking a rule of play."""


@dataclass(frozen=True)
class Verdict:
    """What a typed move came to.

    ``outcome`` is one of:

    - ``invalid``: not a move in the notation (``error`` says why);
    - ``ambiguous``: several legal moves fit (``error`` lists them);
    - ``illegal``: the rules forbid it (``error.reason``);
    - ``correct``: legal and accepted; ``comparison`` names the other best moves;
    - ``not_best``: legal but worse than the best (``comparison`` says how);
    - ``wrong_kind``: legal but not the kind of move asked for (``kind`` is what it was).
    """

    outcome: str
    text: str
    move: Move | None = None
    error: MoveError | None = None
    comparison: Comparison | None = None
    kind: str | None = None

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"unknown verdict {self.outcome!r}")

    @property
    def accepted(self) -> bool:
        return self.outcome == "correct"

    @property
    def legal(self) -> bool:
        return self.move is not None

    @property
    def answers(self) -> bool:
        """Whether the typed move is an answer to judge: a legal move, or one a rule of play forbids; not a typo, a
        text that could mean several moves, or a move naming a card or build that is not there (:data:`ABSENT`)."""
        if self.legal:
            return True
        return isinstance(self.error, IllegalMoveError) and self.error.reason.code not in ABSENT


def kind_of(pos: Position, move: Move) -> str:
    """The move's kind, with a capture that clears the table called ``sweep`` and a new multiple build
    ``multiple_build``."""
    return "sweep" if pos.is_sweep(move) else pos.kind_of(move)


def fits_kind(pos: Position, move: Move, kind: str) -> bool:
    """Whether ``move`` is a move of ``kind`` (a sweep is a capture too)."""
    return move.kind == kind or (kind == "sweep" and pos.is_sweep(move))


def rank(pos: Position, task: Task) -> Ranking | None:
    """The solver's ranking for a goal task (``None`` for a find-a-kind task); a long search uses every core."""
    return rank_moves(pos, task.goal, sharing(usable_cores())) if task.goal is not None else None


def accepted_moves(pos: Position, task: Task, ranking: Ranking | None) -> list[Move]:
    """Every move the task accepts: the best ones for a goal, or every move of the kind asked."""
    if task.goal is not None:
        assert ranking is not None
        return list(ranking.best)
    assert task.find is not None
    return [m for m in pos.generate() if fits_kind(pos, m, task.find)]


def read_move(pos: Position, text: str) -> Move | MoveError:
    """The legal move ``text`` names, or the error that says why it names none."""
    try:
        return pos.parse_move(text)
    except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as err:
        return err


def judge_answer(pos: Position, text: str, task: Task, ranking: Ranking | None) -> Verdict:
    """Check the move typed as ``text`` against the rules and the task."""
    found = read_move(pos, text)
    if not isinstance(found, Move):
        outcome = {InvalidMoveError: "invalid", IllegalMoveError: "illegal", AmbiguousMoveError: "ambiguous"}
        return Verdict(outcome[type(found)], text, error=found)
    move = found
    if task.find is not None:
        if fits_kind(pos, move, task.find):
            return Verdict("correct", text, move, kind=kind_of(pos, move))
        return Verdict("wrong_kind", text, move, kind=kind_of(pos, move))
    assert ranking is not None
    comparison = compare(pos, move, ranking)
    return Verdict("correct" if comparison.is_best else "not_best", text, move, comparison=comparison)


class Challenge:
    """A position and a task, with the solver asked once and its ranking kept (or a ranking given)."""

    def __init__(self, position: Position, task: Task, ranking: Ranking | None = None) -> None:
        self.position = position
        self.task = task
        self._ranking = ranking

    @property
    def ranking(self) -> Ranking | None:
        if self._ranking is None and self.task.goal is not None:
            self._ranking = rank(self.position, self.task)
        return self._ranking

    def accepted(self) -> list[Move]:
        return accepted_moves(self.position, self.task, self.ranking)

    def judge(self, text: str) -> Verdict:
        return judge_answer(self.position, text, self.task, self.ranking)

    def listing(self) -> list[tuple[Move, tuple[int, ...]]]:
        """Every legal move with its value for the task, best first.

        A find-a-kind task values a move 1 when it is of that kind.
        """
        if self.ranking is not None:
            return [(j.move, j.values) for j in self.ranking.moves]
        assert self.task.find is not None
        moves = [(m, (int(fits_kind(self.position, m, self.task.find)),)) for m in self.position.generate()]
        return sorted(moves, key=lambda mv: -mv[1][0])
