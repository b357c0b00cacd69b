"""At the shell's start, what a shell stopped or killed last time left undone: a puzzle open after a hint is counted
as missed, as leaving it would have; a review that a round's end began and never kept is made as the round's end
makes it, its evidence recorded and its marked positions queued.  So nothing a session showed of the learner is
lost."""

from __future__ import annotations

from contextlib import suppress

from tutor.play.review import reviewable
from tutor.play.review_data import review_to_data
from tutor.storage import ProgressError
from tutor.storage.games import GameFileError

from .review_screen import Replay, reviewed_round
from .state import Shell
from .status import StatusLine


def catch_up(shell: Shell) -> str:
    """Count as missed the puzzles left after a hint by a shell killed since; review every round left pending (the
    oldest first) and keep its review.  What the welcome says of it (nothing when there was nothing to do).  Ctrl-C
    stops the reviews: the rounds not reviewed stay pending for the next start."""
    games = shell.progress.games
    try:
        missed = shell.progress.settle_left_help(shell.clock())
        pending = games.pending_reviews(shell.clock())
    except ProgressError:
        return ""  # the welcome's other lines say what is wrong with the progress file
    said = [shell.ui.message("shell.help_left_missed", count=len(missed))] if missed else []
    for key, number in pending:
        try:
            saved = games.load(key)
        except (GameFileError, ProgressError):
            _drop(shell, key, number)  # "games" says what is wrong with it
            continue
        game = saved.game
        rounds = game.rounds
        if number > len(rounds) or rounds[number - 1].score is None or not reviewable(rounds[number - 1].plies,
                                                                                      game.learner):
            _drop(shell, key, number)
            continue
        ended = rounds[number - 1]
        status = StatusLine()

        def show(done: int, moves: int, game_number: int = key, round_number: int = number) -> None:
            status.show(lambda spent: shell.ui.message("shell.catching_up", game=game_number, round=round_number,
                                                       done=done, moves=moves, spent=spent))

        try:
            review, note = reviewed_round(shell, ended.plies, game.learner, seed=ended.seed,
                                          game=saved.id, match=game.settings.kind == "match",
                                          replay=Replay(key, number), progress=show, hinted=ended.hinted)
        except KeyboardInterrupt:
            said.append(shell.ui.message("shell.catch_up_stopped"))
            break
        finally:
            status.clear()
        # if it cannot be kept it stays pending: the next start reviews it again (its evidence and positions are
        # not doubled: each is kept once by its reference)
        with suppress(ProgressError):
            games.keep_review(key, number, review_to_data(review, ended.plies))
        said.append("\n".join(filter(None, [shell.ui.message("shell.caught_up", game=key, round=number,
                                                             marks=len(review.marks)), note])))
    return "\n".join(said)


def _drop(shell: Shell, key: int, number: int) -> None:
    with suppress(ProgressError):  # else asked again at the next start
        shell.progress.games.drop_pending(key, number)
