"""What the learner is doing now (a lesson or a puzzle), and the words for a typed move."""

from __future__ import annotations

from abc import ABC, abstractmethod

from tutor.teaching.coach import Challenge, Verdict
from tutor.core.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError
from tutor.core.position import Position
from tutor.core.solver import Goal
from tutor.render import Renderer
from .state import Shell


class Activity(ABC):
    """A lesson or a puzzle in progress.  Every method answers with text to show."""

    kind: str

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    @property
    def ui(self) -> Renderer:
        return self.shell.ui

    @abstractmethod
    def title(self) -> str:
        """A short name for the toolbar."""

    @abstractmethod
    def show(self) -> str:
        """The current position and what to do."""

    @abstractmethod
    def answer(self, text: str) -> str:
        """Take a typed move or answer."""

    @abstractmethod
    def hint(self) -> str:
        ...

    @abstractmethod
    def solution(self) -> str:
        ...

    @abstractmethod
    def next(self) -> str:
        """Go on: the next step or puzzle."""

    @property
    def challenge(self) -> Challenge | None:
        """The position and task being solved now, if any."""
        return None

    @property
    def position(self) -> Position | None:
        challenge = self.challenge
        return challenge.position if challenge is not None else None

    def used_help(self) -> None:
        """The learner looked at the moves or had one explained: count it as a hint."""

    def moves(self) -> str | None:
        """Every legal move with its value for the task (``None`` when nothing is asked)."""
        challenge = self.challenge
        if challenge is None:
            return None
        self.used_help()
        return listing_text(self.shell, challenge)

    def explain(self, text: str) -> str | None:
        """How a move would do, without playing it (``None`` when nothing is asked)."""
        challenge = self.challenge
        if challenge is None:
            return None
        self.used_help()
        return verdict_text(self.shell, challenge, challenge.judge(text))


def verdict_text(shell: Shell, challenge: Challenge, verdict: Verdict) -> str:
    """The words for a typed move: a typo, a broken rule, or how it compares with the best."""
    ui, pos = shell.ui, challenge.position
    if verdict.error is not None:
        return move_error_text(ui, pos, verdict.error)
    assert verdict.move is not None
    if verdict.comparison is not None:
        return ui.comparison(pos, verdict.comparison)
    if verdict.outcome == "correct":
        return ui.message("shell.kind_found", move=ui.move(pos, verdict.move), kind=ui.move_kind(verdict.kind or ""))
    assert challenge.task.find is not None
    return ui.message(
        "shell.wrong_kind",
        move=ui.move(pos, verdict.move),
        kind=ui.move_kind(verdict.kind or ""),
        wanted=ui.move_kind(challenge.task.find),
    )


def move_error_text(ui: Renderer, pos: Position, err: MoveError) -> str:
    """The words for a typed move that names no legal move: a typo (with the expected form and an
    example), a broken rule, or the moves it could mean."""
    if isinstance(err, AmbiguousMoveError):
        return ui.ambiguous(pos, err)
    if isinstance(err, IllegalMoveError):
        return ui.reason(pos, err.reason)
    assert isinstance(err, InvalidMoveError)
    return ui.invalid(err)


def task_text(shell: Shell, challenge: Challenge) -> str:
    """The instruction for a challenge: the goal in words, or the kind of move to find."""
    task = challenge.task
    if task.goal is not None:
        return shell.ui.goal(task.goal)
    assert task.find is not None
    return shell.ui.message("shell.find_kind", kind=shell.ui.move_kind(task.find))


def taken_text(shell: Shell, challenge: Challenge) -> str:
    """What each side has taken, where the task's answer depends on it: a ``deal`` goal counts the
    round's points, a ``safe`` goal the cards still out (so every taken card is listed)."""
    pos, goal = challenge.position, challenge.task.goal
    if goal is None or not any(pos.captured or ()):
        return ""
    safe = any(c.name == "safe" for c in goal.criteria)
    if not (goal.is_deal or safe):
        return ""
    return shell.ui.taken(pos, pos.to_move, listed=safe)


def listing_text(shell: Shell, challenge: Challenge) -> str:
    """Every legal move with its value for the task, best first."""
    ui, pos = shell.ui, challenge.position
    accepted = set(challenge.accepted())
    rows = [
        {"move": ui.move(pos, move), "values": list(values), "best": move in accepted}
        for move, values in challenge.listing()
    ]
    goal: Goal | None = challenge.task.goal
    values = [ui.message("goals.value", name=c.name, card=c.card) for c in goal.criteria] if goal else []
    find = ui.move_kind(challenge.task.find) if challenge.task.find else ""
    return ui.render("shell/moves.j2", rows=rows, values=values, find=find)
