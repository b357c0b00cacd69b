"""The review after a round of the learner's game, and its marked positions added to the review queue."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial
from typing import NamedTuple

from tutor.parallel.pool import background, stop_now
from tutor.play.advisor import DEFAULT_WORLDS, Advice, Clock, Progress
from tutor.play.game import Ply
from tutor.play.review import (
    Ready,
    Reviewed,
    RoundReview,
    last_review_turn,
    ply_advice,
    review_move,
    review_round,
    set_apart,
)
from tutor.play.table_game import TableGame
from tutor.render.review import review_text
from tutor.storage import ProgressError
from tutor.teaching.personal import puzzle_data
from tutor.teaching.skill_evidence import round_evidence

from .progress_words import progress_problem
from .state import Shell

REVIEW_WORLDS = DEFAULT_WORLDS
"""Worlds the advisor samples for each move reviewed: the margins of docs/review.md are measured with these."""
HINT_BUDGET: float | None = 5.0
"""Seconds a hint takes at most (a big position's advice can take far longer): then it gives the best so far."""
REVIEW_BUDGET: float | None = 15.0
"""Seconds the learner waits for the review after a round at most: the moves not reviewed by then are left
unreviewed."""
BACKGROUND = True
"""Whether the learner's moves are reviewed in a worker process as they are played (:class:`MoveReviews`)."""


def hint_advice(game: TableGame, progress: Progress | None = None, clock: Clock = time.perf_counter) -> Advice:
    """The advice a hint gives the learner now: the very advice the review will judge the move by (the round's
    deal seed, this ply's index, the review's worlds), so the move a hint recommends is never marked, unless
    :data:`HINT_BUDGET` (on ``clock``) ran out first (:attr:`Advice.stopped`); ``progress`` hears of each move
    valued."""
    current = game.current
    return ply_advice(game.view(), current.seed, len(current.plies), worlds=REVIEW_WORLDS, budget=HINT_BUDGET,
                      clock=clock, progress=progress)


class MoveReviews:
    """The learner's moves of a round, each reviewed in one worker process as soon as it is played, so that at the
    round's end the review has only what is not finished left to do (:meth:`ready`).  The worker starts at the
    learner's first move and is ended with the round's review (:meth:`stop`).  Nothing depends on it: a move
    whose review the worker did not give (not sent, not finished, the worker gone) is reviewed at the round's end
    as before, to the same review."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._sent: dict[int, tuple[int, Ply, Future[Reviewed | None]]] = {}
        """Each move's review sent to the worker, by ply index: the round's seed, the ply, the result to come."""

    def played(self, plies: Sequence[Ply], seat: int, seed: int) -> None:
        """The last of ``plies`` was just played: send its review to the worker if it is ``seat``'s with a choice
        (a move of the round's ``seed``, the review's worlds).  Best effort: should the worker not start or
        take it, the move is reviewed at the round's end."""
        last = len(plies) - 1
        for undone in [i for i in self._sent if i >= last]:  # moves taken back
            self._sent.pop(undone)[2].cancel()
        chosen = last_review_turn(plies, seat) if BACKGROUND else None
        if chosen is None:
            return
        index, turn = chosen
        try:
            if self._pool is None:
                self._pool = background()
            self._sent[index] = (seed, plies[index], self._pool.submit(
                partial(review_move, plies[index], seat, index, turn, seed=seed, worlds=REVIEW_WORLDS)))
        except (OSError, RuntimeError):  # no process could be started, or the worker is gone (BrokenProcessPool)
            self._end_worker()  # the reviews it finished are kept; the next move starts another

    def ready(self, plies: Sequence[Ply], seed: int) -> Ready:
        """The reviews of the round's ``plies`` the worker made, for :func:`~tutor.play.review.review_round`: a
        move's review the worker is making is waited for (as long as the review may still take), one it has not
        started is left to the caller, as is one whose worker failed."""

        def made(index: int, left: float | None) -> Reviewed | None:
            seed_sent, ply, future = self._sent.get(index, (None, None, None))
            if future is None or seed_sent != seed or ply != plies[index] or future.cancel():
                return None
            try:
                return future.result(timeout=left)
            except Exception:  # not finished in time (then the caller stops), or the worker failed: reviewed here
                return None

        return made

    def stop(self) -> None:
        """End the worker now (a review still running is not waited for) and forget the reviews sent."""
        self._sent.clear()
        self._end_worker()

    def _end_worker(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            stop_now(pool)


def reviewed_round(shell: Shell, plies: Sequence[Ply], seat: int, seed: int = 0, *, game: str, match: bool,
                   replay: Replay, progress: Callable[[int, int], None] | None = None,
                   clock: Clock = time.perf_counter, ready: Ready | None = None,
                   hinted: Collection[int] = ()) -> tuple[RoundReview, str]:
    """Review the learner's (``seat``'s) moves of a round of the ``match`` or one-round game whose id is ``game``,
    waiting at most :data:`REVIEW_BUDGET` seconds of ``clock`` (``progress`` and ``ready``, the reviews made while
    the round went on: those of :func:`~tutor.play.review.review_round`); record what each move shows of the
    skills (each move once: its item is ``GAME/SEED/PLY``, so that the same deal in another game is new evidence,
    the same move reviewed again after the round's end was taken back is not; none of the plies in ``hinted``, played
    after the learner asked the advisor: set apart, :func:`~tutor.play.review.set_apart`), and queue a personal
    puzzle for each marked position of the learner's own moves (each in one transaction); the review, and the note
    said under it: the moves left unreviewed (with the command that reviews the round in full, :class:`Replay`), the
    positions new to the queue (or why they could not be queued)."""
    review = set_apart(review_round(plies, seat, worlds=REVIEW_WORLDS, seed=seed, budget=REVIEW_BUDGET, clock=clock,
                                    progress=progress, ready=ready), hinted)
    notes = [unreviewed_note(shell, review, replay)]
    moves = {f"{game}/{ref}": pieces for ref, pieces in round_evidence(review, seed).items()}
    try:
        shell.progress.record_evidence("game", moves, now=shell.clock())
    except ProgressError as err:  # the review is still shown
        notes.append(progress_problem(shell.ui, err))
        return review, "\n".join(filter(None, notes))
    if review.marks:
        now = shell.clock()
        try:
            rating = shell.progress.learner_rating().rating
            day = now.astimezone().date()  # the learner's day (its time stays in UTC): 00:30 is not yesterday
            puzzles = dict(puzzle_data(m, day, rating, match) for m in review.marks)
            new = shell.progress.add_personal_puzzles(puzzles, rating, now=now)
        except ProgressError as err:  # the review is still shown; only its puzzles are not kept
            notes.append(progress_problem(shell.ui, err))
        else:  # those kept before (the round's end taken back and played again) were said then
            notes.append(shell.ui.message("review.added_puzzles", n=new) if new else "")
    return review, "\n".join(filter(None, notes))


class Replay(NamedTuple):
    """Where ``cassino-tutor replay`` finds a round: the game's number in ``games`` (None: the game is not kept)
    and the round's."""

    game: int | None
    round: int


def unreviewed_note(shell: Shell, review: RoundReview, replay: Replay) -> str:
    """What the review says of the moves it had no time for, if any, with the command that reviews the round of
    ``replay`` in full."""
    if not review.unreviewed:
        return ""
    return shell.ui.message("review.stopped", n=review.unreviewed, limit=REVIEW_BUDGET, reviewed=len(review.moves),
                            game=replay.game, round=replay.round)


def review_again(plies: Sequence[Ply], seat: int, seed: int, hinted: Collection[int],
                 progress: Callable[[int, int], None] | None = None) -> RoundReview:
    """A round's review made again, as it was at the round's end (the same seed, worlds and time, the moves played
    after a hint, their plies in ``hinted``, set apart), nothing queued."""
    return set_apart(review_round(plies, seat, worlds=REVIEW_WORLDS, seed=seed, budget=REVIEW_BUDGET,
                                  progress=progress), hinted)


def full_review(shell: Shell, review: RoundReview, replay: Replay) -> str:
    """The review in full of the round of ``replay``: every marked move with the better one and why, and the moves it
    had no time for."""
    return "\n".join(filter(None, [review_text(shell.ui, review), unreviewed_note(shell, review, replay)]))

