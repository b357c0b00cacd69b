"""A round's review (:mod:`tutor.play.review`) in the learner's words: each marked move, then a summary."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.play.review import GRADES, Mark, RoundReview, margin

from .renderer import Renderer


@dataclass(frozen=True)
class MarkView:
    """A marked move as the review template shows it: moves in the learner's letters, points as decimals."""

    turn: int
    played: str
    kind: str
    grade: str
    loss: str
    better: str
    better_kind: str
    value_played: str
    value_better: str
    gains: tuple[str, ...]


def decimal(ui: Renderer, points: float) -> str:
    """Points with one decimal, as the language writes them (``2.5``, ``2,5``)."""
    return ui.message("review.decimal", x=points)


def mark_view(ui: Renderer, mark: Mark) -> MarkView:
    """The view of ``mark``."""
    review, pos = mark.review, mark.review.ply.before
    played, better = review.ply.move, mark.better.facts.move
    assert review.grade is not None
    return MarkView(
        turn=review.turn,
        played=ui.move(pos, played),
        kind=ui.move_kind(played.kind),
        grade=review.grade,
        loss=decimal(ui, review.loss),
        better=ui.move(pos, better),
        better_kind=ui.move_kind(better.kind),
        value_played=decimal(ui, review.played.value),
        value_better=decimal(ui, review.best.value),
        gains=tuple(ui.message(f"review.why_{why.code}", **why.params) for why in mark.reasons),
    )


def review_text(ui: Renderer, review: RoundReview) -> str:
    """The review of a round: each marked move with the better one and why, then moves reviewed, marks, points lost."""
    return ui.render(
        "review",
        marks=[mark_view(ui, m) for m in review.marks],
        moves=len(review.moves),
        counts=[ui.message(f"review.grades_{grade}", n=review.count(grade)) for grade in reversed(GRADES)],
        lost=decimal(ui, review.points_lost),
        margin=decimal(ui, margin(review.players)),
    )
