"""Puzzles that are good Cassino: a single-move puzzle's answer is among the advisor's best moves.

A ``safe``, ``points`` or ``cards`` goal judges one side of a move only (what
the next player can take, or what the move takes now).  So the answer it
proves may still be a poor move at the table: a sure point given up to avoid
an unlikely sweep.  :func:`unsound_answer` values the puzzle's position by the
advisor from the learner's view (:func:`tutor.play.advisor.advise` on the
learner's :class:`~tutor.play.view.SeatView`, as ``cassino-tutor advise``
does) with a fixed seed, so the same puzzle gets the same answer every run.
An accepted move is refused only when it *surely* loses the review's margin
(:func:`tutor.play.review.margin`) against the advisor's best, as the review
would judge it: its loss is confirmed with more worlds of the same seed
(:func:`tutor.play.confirm.confirm`) until its interval lies on one side of
the margin, and refused when it lies above.  (Confirming only the losses whose
mean over the advice's 48 worlds is above the margin would halve the cost, but
let through answers that lose about a point over 768 worlds.)
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Goal
from tutor.play.advisor import DEFAULT_WORLDS, advise
from tutor.play.confirm import Loss, confirm
from tutor.play.review import margin
from tutor.play.view import SeatView

ADVISED_GOALS = ("safe", "points", "cards")
"""The goals whose answers the advisor must also find good (judged by their first criterion)."""

SEED = 0
"""The advisor's seed for every puzzle: the check gives the same answer every run."""


def advised(goal: Goal) -> bool:
    """Whether a puzzle with ``goal`` must have an answer the advisor finds good."""
    return goal.name in ADVISED_GOALS


def unsound_answer(pos: Position, accepted: Sequence[Move]) -> Loss | None:
    """The first of the ``accepted`` moves (legal in ``pos``, the mover's hand known) that surely loses more than
    the review's margin against the advisor's best move from the mover's view, as its confirmed loss; None when
    none surely does."""
    view = SeatView.of(pos, pos.to_move)
    advice = advise(view, worlds=DEFAULT_WORLDS, seed=SEED)
    best, least = advice.moves[0], margin(pos.players)
    seen = view.position()
    for move in accepted:
        if move == best.move:
            continue
        loss = confirm(seen, SEED, advice.worlds, best, advice.value_of(move), (least,))
        if loss.low >= least:
            return loss
    return None


def unsound_message(pos: Position, loss: Loss) -> str:
    """What :func:`unsound_answer` found, in one line for ``check`` (cards as typed, like its other lines)."""
    played, better = pos.notation(loss.played.move), pos.notation(loss.better.move)
    spread = "exactly" if loss.low == loss.high else f"{loss.low:.2f} to {loss.high:.2f} over {loss.worlds} worlds"
    return (f"the answer {played} is not good Cassino: the advisor from the learner's view (cassino-tutor advise "
            f"--seed {SEED}) prefers {better}, and {played} loses {loss.mean:.2f} round points against it "
            f"({spread}), surely more than the margin of {margin(pos.players):g}; repair the puzzle (another goal "
            "or position) or drop it")
