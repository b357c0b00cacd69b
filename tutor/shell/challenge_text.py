"""The words for a challenge (a position and a task): the task, a typed move's verdict, the moves listed."""

from __future__ import annotations

from tutor.core.comparison import shortfall
from tutor.core.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, MoveError
from tutor.core.notation import parse_intent
from tutor.core.position import Position
from tutor.core.solver import Goal
from tutor.core.text import excerpt
from tutor.render import Renderer
from tutor.teaching.advised import ADVICE
from tutor.teaching.coach import Challenge, Verdict
from tutor.teaching.personal import exact

from .variant_words import variant_line

TRIES = 2
"""Wrong answers a puzzle or a lesson's step takes; the answer is shown after the last."""


def verdict_text(ui: Renderer, challenge: Challenge, verdict: Verdict, explained: bool = False) -> str:
    """The words for a typed move: a typo, a broken rule, or how it compares with the best; ``explained``: a move
    only asked about (``explain``), not played."""
    pos = challenge.position
    if verdict.error is not None:
        return move_error_text(ui, pos, verdict.error)
    assert verdict.move is not None
    if verdict.comparison is not None:
        cmp = verdict.comparison
        threat = None if cmp.is_best else shortfall(pos, cmp).threat  # what a wrong move leaves, as a miss says
        return ui.comparison(pos, cmp, threat, exact_advice(challenge), explained)
    if verdict.outcome == "correct":
        return ui.message("shell.kind_found", move=ui.move(pos, verdict.move), kind=ui.move_kind(verdict.kind or ""))
    assert challenge.task.find is not None
    return ui.message(
        "shell.wrong_kind",
        move=ui.move(pos, verdict.move),
        kind=ui.move_kind(verdict.kind or ""),
        wanted=ui.move_kind(challenge.task.find),
    )


def miss_text(ui: Renderer, challenge: Challenge, verdict: Verdict, explained: bool = False) -> str:
    """The words for a typed move that is not accepted, naming no accepted move: a typo, the rule a
    move breaks, what a legal move falls short by, or the kind of move it is (``explained``: as for
    :func:`verdict_text`)."""
    pos = challenge.position
    if verdict.comparison is not None and not verdict.accepted:
        return ui.shortfall(pos, shortfall(pos, verdict.comparison), exact_advice(challenge), explained)
    return verdict_text(ui, challenge, verdict, explained)


def move_error_text(ui: Renderer, pos: Position, err: MoveError) -> str:
    """The words for a typed move that names no legal move: a typo (with the expected form and an
    example), a broken rule, or the moves it could mean."""
    if isinstance(err, AmbiguousMoveError):
        return ui.ambiguous(pos, err)
    if isinstance(err, IllegalMoveError):
        return ui.reason(pos, err.reason)
    assert isinstance(err, InvalidMoveError)
    if err.code == "not_a_card" and reads_as_words(err.text):  # ``six of spades``: not "“si” is not a card"
        return ui.message("shell.words_not_move", text=excerpt(" ".join(err.text.split()))) + "\n" + \
            ui.move_form(err.example)
    return ui.invalid(err)


def reads_as_card(word: str) -> bool:
    """Whether a move's first word reads as a card, a rank or a word of a move (``take``: said to go after the
    card), not as text that is no card at all."""
    try:
        parse_intent(word)
    except InvalidMoveError as err:
        return err.code != "not_a_card"
    return True


def reads_as_words(text: str) -> bool:
    """Whether typed text is words, not a move: two or more, of letters only, none a card, a rank or a word of a
    move (the parser read ``six of spades`` as "si", a capture "x", "of"…, and said "si" was no card)."""
    words = text.split()
    return len(words) > 1 and all(w.isalpha() and not reads_as_card(w) for w in words)


def task_text(ui: Renderer, challenge: Challenge) -> str:
    """The instruction for a challenge (:func:`goal_text`); in a variant other than Classic, its name and what scores
    differently come first."""
    said, line = goal_text(ui, challenge), variant_line(ui, challenge.position.variant)
    return f"{line}\n{said}" if line else said


def exact_advice(challenge: Challenge) -> bool:
    """Whether ``challenge`` is a personal puzzle of the last deal, valued by the solver rather than averaged."""
    return challenge.task.goal == ADVICE and exact(challenge.position)


def goal_text(ui: Renderer, challenge: Challenge) -> str:
    """What a challenge asks to find, in one sentence: the goal in words, or the kind of move to find."""
    task, pos = challenge.task, challenge.position
    if task.goal is not None:
        return ui.goal(task.goal, pos.variant, pos.players, exact=exact_advice(challenge))
    assert task.find is not None
    return ui.message("shell.find_kind", kind=ui.move_kind(task.find))


def taken_text(ui: Renderer, challenge: Challenge) -> str:
    """What each side has taken, where the task's answer depends on it: a ``deal`` goal counts the
    round's points, a ``safe`` goal the cards still out (so every taken card is listed)."""
    pos, goal = challenge.position, challenge.task.goal
    if goal is None or not any(pos.captured or ()):
        return ""
    safe = any(c.name == "safe" for c in goal.criteria)
    if not (goal.is_deal or safe):
        return ""
    return ui.taken(pos, pos.to_move, listed=safe)


def listing_text(ui: Renderer, challenge: Challenge) -> str:
    """Every legal move with its value for the task, best first."""
    pos = challenge.position
    accepted = set(challenge.accepted())
    rows = [
        {"move": ui.listed_move(pos, move), "values": ui.goal_values(challenge.task.goal, values), "best": move in accepted}
        for move, values in challenge.listing()
    ]
    goal: Goal | None = challenge.task.goal
    criteria = goal.criteria if goal else ()
    sure = exact_advice(challenge)
    values = [ui.message("goals.value", name=c.name, card=c.card, players=pos.players, exact=sure) for c in criteria]
    find = ui.move_kind(challenge.task.find) if challenge.task.find else ""
    return ui.render("shell/moves.j2", rows=rows, values=values, find=find)
