"""The answers to question and why steps, computed by the engine, never written in a file."""

from __future__ import annotations

from collections.abc import Collection

from tutor.content.course import QuestionStep, WhyStep
from tutor.core.legality import judge
from tutor.core.moves import Reason
from tutor.core.scoring import score_round, side_piles


def question_answer(step: QuestionStep) -> int:
    """The number asked for: the round points, cards or spades of the seat's side.

    Points as :func:`~tutor.core.scoring.score_round` counts them; cards and
    spades in the side's pile (the residue included once the round is over).
    """
    pos = step.position
    side = pos.side_of(step.seat)
    if step.ask == "points":
        return score_round(pos).totals[side]
    pile = side_piles(pos)[side]
    return len(pile) if step.ask == "cards" else sum(c.suit == "S" for c in pile)


def why_reason(step: WhyStep) -> Reason:
    """The rule the step's move breaks (its ``code`` is the right choice); ValueError if the move is legal."""
    found = judge(step.position.copy(), step.intent)
    if isinstance(found, list):
        raise ValueError(f"{step.move!r} is a legal move")
    return found


def choice_to_rule_out(step: WhyStep, out: Collection[str]) -> str | None:
    """A wrong choice a hint may rule out: the first not ``out`` yet (tried or ruled out before), as long
    as another wrong one stays open besides it, so that no hint gives the answer away."""
    right = why_reason(step).code
    open_wrong = [c for c in step.choices if c != right and c not in out]
    return open_wrong[0] if len(open_wrong) >= 2 else None
