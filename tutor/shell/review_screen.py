"""The review after a round of the learner's game, and its marked positions added to the review queue."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from tutor.play.advisor import DEFAULT_WORLDS, Advice, Clock, Progress
from tutor.play.game import Ply
from tutor.play.review import RoundReview, ply_advice, review_round
from tutor.play.table_game import TableGame
from tutor.render.review import review_text
from tutor.storage import ProgressError
from tutor.teaching.personal import puzzle_data
from tutor.teaching.skill_evidence import round_evidence

from .state import Shell

REVIEW_WORLDS = DEFAULT_WORLDS
"""Worlds the advisor samples for each move reviewed: the margins of docs/review.md are measured with these."""
HINT_BUDGET: float | None = 5.0
"""Seconds a hint takes at most (a big position's advice can take far longer): then it gives the best so far."""
REVIEW_BUDGET: float | None = 15.0
"""Seconds the review after a round takes at most: the moves not reached by then are left unreviewed."""


def hint_advice(game: TableGame, progress: Progress | None = None, clock: Clock = time.perf_counter) -> Advice:
    """The advice a hint gives the learner now: the very advice the review will judge the move by (the round's
    deal seed, this ply's index, the review's worlds), so the move a hint recommends is never marked, unless
    :data:`HINT_BUDGET` (on ``clock``) ran out first (:attr:`Advice.stopped`); ``progress`` hears of each move
    valued."""
    current = game.current
    return ply_advice(game.view(), current.seed, len(current.plies), worlds=REVIEW_WORLDS, budget=HINT_BUDGET,
                      clock=clock, progress=progress)


def reviewed_round(shell: Shell, plies: Sequence[Ply], seat: int, seed: int = 0,
                   progress: Callable[[int, int], None] | None = None,
                   clock: Clock = time.perf_counter) -> tuple[RoundReview, str]:
    """Review the learner's (``seat``'s) moves of a round within :data:`REVIEW_BUDGET` seconds of ``clock``
    (``progress``: :func:`~tutor.play.review.review_round`'s); record what each move shows of the skills, and
    queue a personal puzzle for each marked position (each in one transaction); the review, and the note said
    under it: the moves left unreviewed, the puzzles queued (or why they could not be)."""
    review = review_round(plies, seat, worlds=REVIEW_WORLDS, seed=seed, budget=REVIEW_BUDGET, clock=clock,
                          progress=progress)
    notes = [unreviewed_note(shell, review)]
    try:
        shell.progress.record_evidence("game", round_evidence(review, seed), now=shell.clock())
    except ProgressError as err:  # the review is still shown
        notes.append(shell.ui.message(f"shell.progress_{err.code}", **err.params))
        return review, "\n".join(filter(None, notes))
    if review.marks:
        now = shell.clock()
        try:
            rating = shell.progress.learner_rating().rating
            puzzles = dict(puzzle_data(m, now.date(), rating) for m in review.marks)
            shell.progress.add_personal_puzzles(puzzles, rating, now=now)
        except ProgressError as err:  # the review is still shown; only its puzzles are not kept
            notes.append(shell.ui.message(f"shell.progress_{err.code}", **err.params))
        else:
            notes.append(shell.ui.message("review.added_puzzles", n=len(review.marks)))
    return review, "\n".join(filter(None, notes))


def unreviewed_note(shell: Shell, review: RoundReview) -> str:
    """What the review says of the moves it had no time for, if any."""
    if not review.unreviewed:
        return ""
    return shell.ui.message("review.stopped", n=review.unreviewed, limit=REVIEW_BUDGET)


def review_again(plies: Sequence[Ply], seat: int, seed: int,
                 progress: Callable[[int, int], None] | None = None) -> RoundReview:
    """A round's review made again, as it was at the round's end (the same seed, worlds and time), nothing
    queued."""
    return review_round(plies, seat, worlds=REVIEW_WORLDS, seed=seed, budget=REVIEW_BUDGET, progress=progress)


def full_review(shell: Shell, review: RoundReview) -> str:
    """The review in full: every marked move with the better one and why, and the moves it had no time for."""
    return "\n".join(filter(None, [review_text(shell.ui, review), unreviewed_note(shell, review)]))

