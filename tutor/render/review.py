"""A round's review (:mod:`tutor.play.review`) in the learner's words: each marked move, then a summary."""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from tutor.core.cards import RANKS
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import score_round
from tutor.core.variant import Variant
from tutor.play.exact import ExactLines
from tutor.play.game import Ply
from tutor.play.review import GRADES, MARGINS, ROUNDING, Mark, MoveReview, RoundReview, Why, grade_of, margin

from .numbers import POINT_PLACES, rounded_out, shown_gap
from .renderer import Renderer


@dataclass(frozen=True)
class MarkView:
    """A marked move as the review template shows it: moves in the learner's letters, points as decimals.

    ``grade`` is the grade as words (a range of grades where the advisor's sampling cannot settle it, then
    ``interval`` gives the loss's 95% interval); ``sure_sweep``: marked only because it passed up a sure sweep;
    ``lines``: where every card is known in the last deal, the solver's line after the better move and after
    the played one, each with the round's totals it ends with.
    """

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
    interval: tuple[str, str] | None
    sure_sweep: bool
    lines: tuple[str, str] | None
    players: int
    draws: tuple[int, int] | None = None
    """The random draws of the hidden cards the values are over and a hint's, where the mark's are more (its
    loss confirmed over more) and no reason says how many: a hint's values for these moves can differ."""
    hinted: bool = False
    """The move was played after a hint: said as such, without a grade, and not counted as the learner's."""


def grade_bounds(review: MoveReview, players: int) -> tuple[float, float]:
    """The losses a mark's grade (or range of grades) stands for: from its grade's least loss to the least loss of
    the grade above its ``upto`` (infinity above a blunder)."""
    assert review.grade is not None
    least, top = MARGINS[players], GRADES.index(review.upto or review.grade) + 1
    return least[GRADES.index(review.grade)], least[top] if top < len(least) else math.inf


MORE_PLACES = 9
"""The most decimals a mark's values are shown with (:func:`loss_places`): a loss less than
:data:`~tutor.play.review.ROUNDING` (1e-9) short of a grade's least loss earns that grade, so with nine decimals the
difference of the values shown, within 1e-9 of the loss, stays below the least loss of the grade above.  Three were
the most once, and an inaccuracy that lost 0.99974 with two players showed as "lost 1.000"; it needs four."""


def loss_places(review: MoveReview, players: int) -> int:
    """The decimals a mark's values and loss are shown with: :data:`POINT_PLACES`, or as many more as it takes
    (at most :data:`MORE_PLACES`) where the loss lies within its grade's losses (:func:`grade_bounds`) but the
    difference of the values shown with one decimal does not: an inaccuracy that lost 1.44 points with three
    players, between −5.33 and −6.78, shown as "lost 1.5" beside "1.5 a mistake"."""
    low, high = grade_bounds(review, players)
    if not low - ROUNDING <= review.loss < high:
        return POINT_PLACES  # a sure sweep passed up, marked below the margin: the mark says so
    return next((places for places in range(POINT_PLACES, MORE_PLACES + 1)
                 if low - ROUNDING <= shown_gap(review.best.value, review.played.value, places) < high), MORE_PLACES)


def shown_loss(review: MoveReview, places: int) -> Decimal:
    """The points a move lost as the review shows them: the better move's shown value minus the played one's, with
    ``places`` decimals (:func:`loss_places`)."""
    return shown_gap(review.best.value, review.played.value, places)


def shown_interval(ui: Renderer, review: MoveReview, places: int = POINT_PLACES) -> tuple[str, str]:
    """The loss's interval as the review shows it: rounded outward, so that it holds the loss shown beside it."""
    low, high = rounded_out(*review.interval, places=places)
    return ui.decimal(low, places), ui.decimal(high, places)


def grade_words(ui: Renderer, grade: str, upto: str | None = None) -> str:
    """A grade (``a mistake``), or the range from ``grade`` to ``upto`` (``a mistake or a blunder``)."""
    grades = GRADES[GRADES.index(grade):GRADES.index(upto or grade) + 1]
    return ui.message("review.grade_range", grades=list(grades))


def line_words(ui: Renderer, world: Position, line: tuple[Move, ...], seat: int) -> str:
    """A solver's line from ``world`` to the round's end, move by move, and the round's totals it ends with."""
    end = world.copy()
    for move in line:
        end.push(move)
    totals = score_round(end).totals
    sides = [ui.side_name([s for s in range(end.players) if end.side_of(s) == side], seat)
             for side in range(len(totals))]
    return "\n".join([ui.line(world, line, seat, partner=True, score=False),
                      "  " + ui.message("review.line_totals", totals=list(zip(sides, totals)))])


def lines_words(ui: Renderer, lines: ExactLines, seat: int) -> tuple[str, str]:
    """The lines after the better move and the played one, indented under the mark."""
    better, played = (textwrap.indent(line_words(ui, lines.world, lv.line, seat), "  ")
                      for lv in (lines.better, lines.played))
    return better, played


def why_words(ui: Renderer, why: Why, seat: int, players: int, variant: Variant | None = None) -> str:
    """A reason as a phrase after "it" (the better move), for the learner at ``seat``: a side its reason names by
    its ``seats`` is named by ``name(seats)``; ``team``: the learner has a partner; ``players``: at the table.
    Where the ``variant`` has face builds, a build's ``value`` above 10 is a face build's (no card of a number takes
    more): it is named by its rank, as the table names it."""
    params = dict(why.params)
    value = params.get("value")
    if variant is not None and variant.face_builds and isinstance(value, int) and 10 < value <= len(RANKS):
        params["value"] = RANKS[value - 1]
    return ui.message(f"review.why_{why.code}", name=lambda seats: ui.side_name(seats, seat), team=players == 4,
                      players=players, **params)


def mark_view(ui: Renderer, mark: Mark, hinted: bool = False) -> MarkView:
    """The view of ``mark`` (``hinted``: of a move played after a hint)."""
    review, pos = mark.review, mark.review.ply.before
    played, better = review.ply.move, mark.better.facts.move
    assert review.grade is not None
    ranged = review.upto not in (None, review.grade)
    places = loss_places(review, pos.players)
    return MarkView(
        turn=review.turn,
        played=ui.move(pos, played),
        kind=ui.move_kind(pos.kind_of(played)),
        grade=grade_words(ui, review.grade, review.upto),
        loss=ui.decimal(shown_loss(review, places), places),
        better=ui.move(pos, better),
        better_kind=ui.move_kind(pos.kind_of(better)),
        value_played=ui.decimal(review.played.value, places),
        value_better=ui.decimal(review.best.value, places),
        gains=tuple(why_words(ui, why, review.ply.seat, pos.players, pos.variant) for why in mark.reasons),
        interval=shown_interval(ui, review, places) if ranged else None,
        sure_sweep=review.sure_sweep and grade_of(review.interval[0], pos.players) is None,
        lines=None if mark.lines is None else lines_words(ui, mark.lines, review.ply.seat),
        players=pos.players,
        draws=confirmed_draws(mark),
        hinted=hinted,
    )


def confirmed_draws(mark: Mark) -> tuple[int, int] | None:
    """The draws :attr:`MarkView.draws` names, or None."""
    said = any(why.code == "later" for why in mark.reasons)  # it names the draws itself
    if mark.drawn is None or mark.drawn <= mark.advice.worlds or said:
        return None
    return mark.drawn, mark.advice.worlds


def marks_shown(review: RoundReview) -> list[tuple[Decimal, int]]:
    """Each marked move's loss as the review shows it (:func:`shown_loss`), and its decimals (:func:`loss_places`)."""
    places = [loss_places(m.review, review.players) for m in review.marks]
    return [(shown_loss(m.review, p), p) for m, p in zip(review.marks, places)]


def shown_total(ui: Renderer, review: RoundReview) -> str:
    """The points the round's marked moves lost, as the sum of the losses shown (so the total agrees with them),
    with as many decimals as the most any of them has."""
    shown = marks_shown(review)
    lost = sum((loss for loss, _ in shown), Decimal(0))
    return ui.decimal(lost, max((places for _, places in shown), default=POINT_PLACES))


def praise(ui: Renderer, review: RoundReview) -> str:
    """The praise of a round whose moves together lost less than the margin (:attr:`RoundReview.well_played`), or
    nothing."""
    return ui.message("review.praise", margin=ui.decimal(margin(review.players), places=None),
                      moves=len(review.own)) if review.well_played else ""


def after_hint(ui: Renderer, review: RoundReview) -> str:
    """The line naming the moves played after a hint, not counted as the learner's, or nothing."""
    turns = [str(m.turn) for m in review.moves if m.index in review.hinted]
    return ui.message("review.after_hint", turns=turns) if turns else ""


def review_text(ui: Renderer, review: RoundReview) -> str:
    """The review of a round: each marked move with the better one and why (those played after a hint among them, in
    the order played, said as such), then the learner's own moves reviewed, marks, points lost, and the moves played
    after a hint."""
    ranges = [ui.message("review.grades_range", n=n, grades=grade_words(ui, low, high))
              for (low, high), n in review.ranges().items()]
    views = [mark_view(ui, m) for m in review.marks] + [mark_view(ui, m, hinted=True) for m in review.hinted_marks]
    return ui.render(
        "review",
        marks=sorted(views, key=lambda view: view.turn),
        marked=bool(review.marks),
        moves=len(review.own),
        counts=[ui.message(f"review.grades_{grade}", n=n) for grade in reversed(GRADES)
                if (n := review.count(grade))] + ranges,
        lost=shown_total(ui, review),
        margin=ui.decimal(margin(review.players), places=None),
        players=review.players,
        least=[ui.decimal(loss, places=None) for loss in MARGINS[review.players]],
        praise=praise(ui, review),
        after_hint=after_hint(ui, review),
    )


BRIEF_MARKS = 3
"""Marked moves the short review lists at most (those that lost most), so that a round's end fits 24 rows."""


def none_to_review(ui: Renderer, plies: Sequence[Ply], seat: int) -> str:
    """Why a round of ``plies`` has no move of ``seat``'s to review (:func:`~tutor.play.review.reviewable` false):
    each move it made was the only legal one, or it made none (the round ended first: an instant win, a claim,
    its own claim too)."""
    return ui.message("review.none_to_review", moved=any(ply.seat == seat for ply in plies))


def review_brief(ui: Renderer, review: RoundReview, most: int = BRIEF_MARKS) -> str:
    """The review in short, for the end of a round: a head line, then one line for each marked move (the grade,
    the points lost, the better move), at most ``most`` of them, those that lost most as the review shows the
    losses (the line under them says the rest cost no more; of equal ones, the most before rounding), in the order
    played (``most`` 0: the head line alone, which names ``analysis``); the reasons are :func:`review_text`'s.  The
    praise only where :attr:`~tutor.play.review.RoundReview.well_played`; a review the time limit stopped says nothing
    before its first move (the note of the moves not reviewed says so); last (but under the head line alone), the
    moves played after a hint, not counted (:func:`after_hint`)."""
    moves, lost, hinted = len(review.own), shown_total(ui, review), after_hint(ui, review)
    if not review.marks:
        if not moves:  # each move reviewed was played after a hint, or the time limit stopped it before the first
            return hinted
        return "\n".join(filter(None, [" ".join(filter(None, [
            ui.message("review.brief_none", moves=moves, margin=ui.decimal(margin(review.players), places=None)),
            praise(ui, review)])), hinted]))
    lines = [ui.message("review.brief_head", moves=moves, marked=len(review.marks), lost=lost)]
    shown = marks_shown(review)
    costliest = sorted(range(len(review.marks)),
                       key=lambda i: (-shown[i][0], -review.marks[i].review.loss))[:most]
    for i, mark in enumerate(review.marks):
        if i in costliest:
            view = mark_view(ui, mark)
            lines.append(ui.message("review.brief_mark", turn=view.turn, played=view.played, grade=view.grade,
                                    loss=view.loss, better=view.better))
    if 0 < most < len(review.marks):
        lines.append(ui.message("review.brief_more", n=len(review.marks) - most, shown=most))
    return "\n".join(filter(None, [*lines, hinted if most else ""]))
