"""A game against the computer in the shell (:class:`GameRun`): moves, ``undo``, ``taken``, ``analysis``, ``hint``.

The commands that open and end one (``play``, ``resume``, ``resign``) are :mod:`.game_commands`.

The learner sits at seat 0 (Player 1) and sees only what that seat can know:
everything shown comes from :meth:`TableGame.view`.  The game is saved in the
progress file after every move, the computers' included
(:class:`tutor.storage.game_store.GameStore`), so quitting or a crash loses
nothing, and ``resume`` (offered at start) goes on.  A move that could not be
saved is said at once, and again when the learner leaves.  While a shell
plays a game, another shell on the same data folder may not take it up.
A claim (:mod:`.claim`) ends the game like its last move: the screen says the
claim and its count in place of the round's score.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection
from contextlib import suppress
from functools import partial

from tutor.core.moves import MoveError
from tutor.core.position import Position
from tutor.play.game import Ply
from tutor.play.review import RoundReview, reviewable
from tutor.play.review_data import fitting_review, review_to_data
from tutor.play.table_game import Saver, TableGame
from tutor.render.review import BRIEF_MARKS, none_to_review, review_brief
from tutor.storage import ProgressError
from tutor.storage.game_store import GameChanged, GameStore, summary_of
from tutor.storage.games import SavedGame

from . import review_screen
from .challenge_text import move_error_text
from .game_text import (
    at_once_text,
    breach_text,
    ended_text,
    fitted,
    game_variant,
    hint_text,
    instant_win,
    played_text,
    round_over_text,
    score_text,
    skunk_win,
)
from .progress_words import progress_problem, progress_reason
from .review_screen import (
    REVIEW_WORLDS,
    MoveReviews,
    Replay,
    full_review,
    hint_advice,
    review_again,
    reviewed_round,
)
from .state import Activity, Shell
from .status import StatusLine

EXAMPLE_MOVE = "7S x 7D"
"""The prompt's example move when the learner has no legal move to show instead."""


_RUNS = itertools.count(1)
"""Numbers the games opened in this process, for :attr:`GameRun.unsaved_key`."""


MARKS_SAID = (BRIEF_MARKS, BRIEF_MARKS, 1, 0)
"""The marked moves a round's end lists at each step of :func:`fitted` (the briefest: none, its head line says how
many and names ``analysis``)."""


def store(shell: Shell) -> GameStore:
    """Where the shell's games are kept: the progress file."""
    return shell.progress.games


class GameRun(Activity):
    """A game in progress: typed moves, the computers' replies, the rounds' scores, saved after every move."""

    kind = "game"

    def __init__(self, shell: Shell, saved: SavedGame) -> None:
        super().__init__(shell)
        self.saved = saved
        self.save_error = ""  # why the last save failed, said once
        self.unsaved_moves = 0  # moves played since the game was last saved
        self.save_reason = ""  # why the last save failed ("" when another shell took the game up)
        self.taken_by: int | None = None  # another shell's process took the game up: this copy is stale
        self.stale = False
        self.reviewed: tuple[int, RoundReview] | None = None  # the last round reviewed here, by its number
        self.stopped: int | None = None  # the round whose review at its end Ctrl-C stopped: nothing of it queued
        self.background = MoveReviews()  # the learner's moves of the round in play, reviewed as they are played
        self.since: float | None = None
        """When the last moves played began (:meth:`playing`): the screen has stood still since."""
        self.unsaved_key = f"game {next(_RUNS)}"
        """This run's entry in what could not be saved: a run left with moves not saved keeps it to the end."""

    @property
    def game(self) -> TableGame:
        return self.saved.game

    @property
    def position(self) -> Position:
        """What the learner's seat knows, as a position: the other hands and the stock as counts."""
        return self.game.view().position()

    @property
    def finished(self) -> bool:
        """A game over, and still this shell's: ``next`` goes on to what comes after it (after a round, a set on
        the weakest skill: docs/skills.md)."""
        return self.game.over and not self.stale

    def going_on(self) -> str:
        return self.ui.message("shell.next_going_on", kind=self.kind)

    def title(self) -> str:
        """The round (between rounds, the round after which the game waits, as the lines about a game say it) and
        the points against the level; once the game is over, that it is, and how when no points tell (resigned, or
        ended by a claim, the round's points not added)."""
        game, summary = self.game, summary_of(self.saved)
        level = self.ui.message(f"levels.{game.settings.level}")
        if (result := game.result) is not None:
            return self.ui.message("play.toolbar_over", level=level, reason=result.reason, points=game.scores,
                                   won=result.winner == game.learner_side)
        return self.ui.message("play.toolbar", level=level, round=summary.rounds, between=summary.between,
                               points=game.scores)

    # ---- what the learner sees ---------------------------------------------------

    def show(self) -> str:
        return self.head() + "\n" + self.table()

    def head(self) -> str:
        """The round's title."""
        game = self.game
        s = game.settings
        return self.ui.message("play.round_head", round=len(game.rounds), kind=s.kind, target=s.variant.target,
                               variant=game_variant(self.ui, s))

    def table(self) -> str:
        """What the learner sees of the position, and what to do now."""
        game, ui, shown = self.game, self.ui, self.position
        if game.over:
            said = self.result_text()
        elif game.round_over:  # resumed or shown between rounds: the round's score, then the match's
            score = game.current.score
            assert score is not None
            scored = ui.score(game.position, score, game.learner, skunk_won=False)
            said = "\n".join(filter(None, [scored, self.standing(), ui.message("play.type_next")]))
        elif game.learner_to_move:
            said = ui.message("play.your_move", example=self.example(shown))
        else:  # the computers were stopped (Ctrl-C) before the learner's turn
            said = ui.message("play.others_to_move")
        prompt = not (game.over or game.round_over)  # the prompt to move says whose move it is
        # a seat's penalty turns only where they count towards the instant limit: each breach is said with its move,
        # its points are in the score at once and the round's score counts them (a tally said the breach again)
        tally = game.settings.variant.instant_limit is not None
        return ui.position(shown, game.learner, match=game.settings.kind == "match", turn=not prompt,
                           penalties=tally, ended=game.over, scores=game.scores) + "\n" + said

    def task_line(self) -> str:
        """The line that asks for the learner's move, when it is their turn (said again under a paged screen)."""
        game = self.game
        if game.over or game.round_over or not game.learner_to_move:
            return ""
        return self.ui.message("play.your_move", example=self.example(self.position))

    def example(self, pos: Position) -> str:
        """A move for the prompt's example, as the learner types it: the shortest capture of the learner's legal moves
        in ``pos`` (what the learner sees), or the shortest of them when none captures; ``7S x 7D`` only when the
        learner has no move to play."""
        moves = pos.generate() if self.game.learner_to_move else []
        captures = [m for m in moves if m.kind == "capture"]
        notations = [pos.notation(m) for m in captures or moves]
        return self.ui.typed_move(min(notations, key=len) if notations else EXAMPLE_MOVE)

    def standing(self) -> str:
        """The match's standing after a round, to the target (nothing once the game is over)."""
        game = self.game
        if game.over or game.settings.kind != "match":
            return ""
        return self.ui.message("play.standing", score=score_text(self.ui, game), target=game.settings.variant.target)

    def describe(self, plies: list[Ply], brief: bool = False) -> str:
        """Each move in words, in the order of play, with a breach of the build duty and what it costs (``brief``:
        not why it is one), and the new hands when they are dealt; in Draw Cassino the card the mover draws after a
        move, in the move's line (a line of its own would make a four-player turn taller than the terminal)."""
        ui, me = self.ui, self.game.learner
        # the stock after each move: before the next move, or for the last, now (unless the round's end took it)
        after = [ply.before.stock_size for ply in plies[1:]]
        if plies:
            ended = self.game.round_over and self.game.claimed is None
            after.append(plies[-1].before.stock_size if ended else self.game.position.stock_size)
        lines: list[str] = []
        for ply, left in zip(plies, after):
            refilled = left < ply.before.stock_size
            draw = self.game.settings.variant.draw and refilled
            lines.append(" ".join(filter(None, [played_text(ui, ply, me, drew=left if draw else None),
                                                at_once_text(ui, ply, me), breach_text(ui, ply, me, brief)])))
            if refilled and not draw:
                lines.append(ui.message("play.dealt", stock=left))
        return "\n".join(lines)

    def after_moves(self, plies: list[Ply]) -> str:
        """The moves just played, then the position, or the round's end; said more briefly until it fits a 24-row
        terminal (:func:`fitted`)."""
        if not self.game.round_over:
            return fitted(lambda brief: ("\n" if brief > 1 else "\n\n").join(filter(None, [
                "\n".join(filter(None, [self.describe(plies, brief > 0), self.save_error])), self.table()])),
                self.shell.width())
        end = self.round_end()  # no blank line: the round's end fits 24 rows, under its own first line
        return fitted(lambda brief: "\n".join(filter(None, [self.describe(plies, brief > 0), self.save_error,
                                                            end(brief)])), self.shell.width())

    def round_end(self) -> Callable[[int], str]:
        """The round's score and the game's result (or the match's standing), the review in short (a line for each
        marked move, the full review one command away; none when the learner made no move to review), then what to
        type next (the next round, or after the game what may follow it); as said at a step of :func:`fitted`."""
        game, ui = self.game, self.ui
        score = game.current.score
        assert score is not None
        # a round that ended before the learner's first move (a claim, an instant win) has nothing to review
        review = self.review() if reviewable(game.current.plies, game.learner) else lambda most: ""
        self.background.stop()
        if game.claimed is not None:  # the claim's count stands for the round's score: the round was cut short
            return lambda brief: "\n".join(filter(None, [self.result_text(), review(MARKS_SAID[brief]),
                                                         ui.message("play.type_after_game")]))
        over = round_over_text(ui, game)
        scored = ui.score(game.position, score, game.learner, decided=instant_win(game), skunk_won=skunk_win(game))
        outcome = self.result_text(scored_above=True) if game.over else self.standing()
        then = ui.message("play.type_after_game" if game.over else "play.type_next")
        return lambda brief: "\n".join(filter(None, [over, self.residue(brief > 0), scored, outcome,
                                                     review(MARKS_SAID[brief]), then]))

    def residue(self, brief: bool = False) -> str:
        """Who got the cards left on the table at the round's end, if any were (``brief``: how many, not which)."""
        last, end = self.game.current.plies[-1], self.game.position
        loose, builds = last.before.table_after(last.move)
        cards = [*loose, *(c for b in builds for c in b.cards)]
        if not cards or end.last_capturer is None or not end.is_round_over():
            return ""
        me = self.game.learner
        return self.ui.message("play.residue", count=len(cards), cards="" if brief else self.ui.cards(cards),
                               me=end.last_capturer == me,
                               who=self.ui.player_name(end, me, end.last_capturer))

    def review(self) -> Callable[[int], str]:
        """The review of the learner's moves in the round just over, in short (docs/review.md) with at most as many
        marked moves as asked, with the round's deal seed (so ``replay`` shows the same); its marked positions join
        the review queue."""
        current, (status, show) = self.game.current, self.review_status(self.since)
        try:
            review, note = reviewed_round(self.shell, current.plies, self.game.learner, seed=current.seed,
                                          game=self.saved.id, match=self.game.settings.kind == "match",
                                          replay=Replay(self.saved.key, len(self.game.rounds)), progress=show,
                                          ready=self.background.ready(current.plies, current.seed),
                                          hinted=current.hinted)
        except KeyboardInterrupt:  # the round's end is said without it; "analysis" makes it, as it would have been
            self.stopped = len(self.game.rounds)
            stopped = self.ui.message("play.review_stopped")
            return lambda most: stopped
        finally:
            self.background.stop()
            status.clear()
        self.reviewed = (len(self.game.rounds), review)
        self.keep_review(review, len(self.game.rounds), current.plies)
        return lambda most: "\n".join(filter(None, [review_brief(self.ui, review, most), note]))

    def review_status(self, since: float | None = None) -> tuple[StatusLine, Callable[[int, int], None]]:
        """A status line for a review (quiet for half a second from ``since``, by default from now; its seconds
        the review's), and what its progress is told (moves done, moves to review)."""
        status = StatusLine(quiet_from=since)

        def show(done: int, moves: int) -> None:
            status.show(lambda spent: self.ui.message("review.review_progress", done=done, moves=moves, spent=spent))

        return status, show

    def analysis(self) -> str:
        """The full review of the last round over: every marked move, the better one and why."""
        if (said := self.elsewhere()) is not None:
            return said
        over = [(number, r) for number, r in enumerate(self.game.rounds, 1) if r.score is not None]
        if not over:
            return self.ui.message("play.no_round_over")
        number, last = over[-1]
        head = self.ui.message("play.analysis_head", round=number)
        if not reviewable(last.plies, self.game.learner):
            return head + "\n" + none_to_review(self.ui, last.plies, self.game.learner)
        note = ""
        if self.stopped == number:  # its review stopped at the round's end: made now as it would have been then
            review, note = self.review_stopped_round(number, last.plies, last.seed)
            self.reviewed = (number, review)
        elif self.reviewed is None or self.reviewed[0] != number:  # resumed: the kept review, else made again
            self.reviewed = (number, (self.kept_review(number, last.plies)
                                       or self.review_again(last.plies, last.seed, last.hinted)))
        return "\n".join(filter(None, [head, full_review(self.shell, self.reviewed[1], Replay(self.saved.key, number)),
                                        note]))

    def review_stopped_round(self, number: int, plies: list[Ply], seed: int) -> tuple[RoundReview, str]:
        """The review of round ``number``, which Ctrl-C stopped at its end, made as the round's end makes it: its
        evidence recorded, its marked positions queued, the review kept; with the note on what was queued."""
        status, show = self.review_status()
        try:
            review, note = reviewed_round(self.shell, plies, self.game.learner, seed=seed, game=self.saved.id,
                                          match=self.game.settings.kind == "match",
                                          replay=Replay(self.saved.key, number), progress=show,
                                          hinted=self.game.rounds[number - 1].hinted)
        finally:
            status.clear()
        self.stopped = None
        self.keep_review(review, number, plies)
        return review, note

    def kept_review(self, number: int, plies: list[Ply]) -> RoundReview | None:
        """Round ``number``'s review as kept with the saved game, if one was and it fits the round's moves."""
        if self.saved.key is None:
            return None
        with suppress(ProgressError):
            data = store(self.shell).reviews(self.saved.key).get(number)
            return None if data is None else fitting_review(plies, data, self.game.learner)
        return None

    def review_again(self, plies: list[Ply], seed: int, hinted: Collection[int]) -> RoundReview:
        """The round's review made again, the same as at the round's end (``hinted``: the plies played after a
        hint)."""
        status, show = self.review_status()
        with status:  # Ctrl-C leaves no line behind
            return review_again(plies, self.game.learner, seed, hinted, show)

    def keep_review(self, review: RoundReview, number: int, plies: list[Ply]) -> None:
        """Keep the review of round ``number`` (its ``plies``) with the saved game, so that ``replay`` shows it at
        once (best effort: a round without one is reviewed by ``replay --review`` on request)."""
        if self.saved.key is not None and not self.stale:
            with suppress(ProgressError):
                store(self.shell).keep_review(self.saved.key, number, review_to_data(review, plies))

    def result_text(self, scored_above: bool = False) -> str:
        """How the game ended, with the claim that ended it, if one did (:func:`~.game_text.ended_text`)."""
        return ended_text(self.ui, self.game, scored_above)

    # ---- the learner's turn ---------------------------------------------------------

    def elsewhere(self) -> str | None:
        """What a game command says once another shell has taken the game up: it is played there now."""
        return self.ui.message("play.stale", pid=self.taken_by or "") if self.stale else None

    def closed(self) -> str | None:
        """What a game command says once the game is over (finished or resigned), or taken up by another shell:
        there is none to act on here."""
        return self.elsewhere() or (self.ui.message("play.game_over") if self.game.over else None)

    def answer(self, text: str) -> str:
        game = self.game
        if (said := self.closed()) is not None:
            return said
        if game.round_over:
            return self.ui.message("play.type_next")
        if not game.learner_to_move:  # the computers were stopped (Ctrl-C) before the learner's turn
            return self.play_on()
        pos = self.position
        try:
            move = pos.parse_move(text)
        except MoveError as err:
            return move_error_text(self.ui, pos, err)
        return self.after_moves(self.playing(partial(game.play, move)))

    def play_on(self) -> str:
        """The computers, stopped by Ctrl-C before the learner's turn, play on to it (or to the round's end): every
        move since the learner's last one, as a resumed game says them (the stop said none of those already played),
        then the position or the round's end."""
        self.playing(self.game.advance)
        return self.after_moves(self.last_turn())

    def playing(self, turn: Callable[[Saver], list[Ply]]) -> list[Ply]:
        """The plies of ``turn`` (the learner's move and the computers' replies, or these alone), each saved as it
        is played; once they take half a second, a progress line counts them (a round's review after them goes on
        from the same half second: :attr:`since`)."""
        status, done = StatusLine(), 0
        self.since = status.start

        def words(spent: float) -> str:
            return self.ui.message("play.moves_progress", n=done, spent=spent)

        def saved() -> None:
            nonlocal done
            self.after_ply()
            done += 1
            status.show(words)

        with status:
            status.show(words)
            return turn(saved)

    def after_ply(self) -> None:
        """A move was played (or a computer claimed): save the game; a move of the learner's starts being reviewed."""
        self.unsaved_moves += 1
        self.save()
        current = self.game.current
        if self.game.claimed is None:  # a claim plays nothing: the last move's review goes on
            self.background.played(current.plies, self.game.learner, current.seed)

    def save(self) -> None:
        """Write the game as it stands; a failure is said at once (then once a save) and when the learner leaves.

        Until the save is done it counts as failed: stopped by Ctrl-C half-way, it is not said saved.
        """
        if not self.stale:
            self.note_unsaved(self.ui.message("play.save_interrupted"))
            try:
                store(self.shell).save(self.saved, self.shell.clock())
            except GameChanged as err:
                self.stale, self.taken_by, self.save_reason = True, err.pid, ""
                self.save_error = self.ui.message("play.taken_elsewhere", pid=err.pid or "")
            except ProgressError as err:
                self.save_reason = progress_reason(self.ui, err) or progress_problem(self.ui, err)
                # a file moved away takes no later save either: what to do, not "the next move tries again"
                self.save_error = progress_problem(self.ui, err) if err.code == "moved" else self.ui.message(
                    "play.cannot_save", path=str(err.path), reason=self.save_reason)
            else:
                self.save_error, self.unsaved_moves = "", 0
                self.shell.unsaved.pop(self.unsaved_key, None)
                return
        self.note_unsaved(self.save_reason)

    def note_unsaved(self, reason: str) -> None:
        """Keep, to be said when the learner leaves, that the game as it stands is not saved, and why."""
        self.shell.unsaved[self.unsaved_key] = ("shell.unsaved_game", {
            "moves": self.unsaved_moves, "reason": reason, "pid": self.taken_by or ""})

    def leave(self) -> None:
        """Let another shell take the game up; end the review's worker."""
        self.background.stop()
        if self.saved.key is not None and not self.stale:
            store(self.shell).release(self.saved.key)

    def next(self) -> str:
        if (said := self.elsewhere()) is not None:
            return said
        game = self.game  # a game over is left by ``next`` (commands._finished)
        if not game.round_over and not game.learner_to_move:  # the computers, stopped by Ctrl-C, play on
            return self.play_on()
        if not game.round_over:
            return self.ui.message("play.finish_round") + "\n\n" + self.show()
        game.begin_round()
        self.save()
        return self.start()

    def start(self, head: bool = True) -> str:
        """A round begun or resumed (:meth:`begin`), said more briefly until it fits a 24-row terminal."""
        return fitted(self.begin(head), self.shell.width())

    def begin(self, head: bool = True) -> Callable[[int], str]:
        """A round begun or resumed: its title (unless not ``head``), the moves up to the learner's turn (resumed:
        from the learner's last move on, as the screen said them before), then the position; as said at a step of
        :func:`fitted` (with what the caller says above it)."""
        game = self.game
        if not game.rounds and not game.over:  # a kept game whose first round was never dealt: deal it now
            game.begin_round()
            self.save()
        plies: list[Ply] = []
        if not game.over and not game.round_over:
            self.playing(game.advance)
            plies = self.last_turn()
        return lambda brief: "\n".join(filter(None, [self.head() if head else "", self.describe(plies, brief > 0),
                                                     self.save_error, self.table()]))

    def last_turn(self) -> list[Ply]:
        """The round's moves from the learner's last one on (all of them before the learner's first)."""
        plies, me = self.game.current.plies, self.game.learner
        return plies[max((i for i, ply in enumerate(plies) if ply.seat == me), default=0):]

    # ---- help ---------------------------------------------------------------------------

    def no_turn(self) -> str | None:
        """Why the learner has no move to make now, if so: the round is over (``next`` deals the next), or another
        player is to move."""
        if self.game.round_over:
            return round_over_text(self.ui, self.game) + " " + self.ui.message("play.type_next")
        return None if self.game.learner_to_move else self.ui.message("play.others_to_move")

    def hint(self) -> str:
        """The advisor's move from the learner's view only, its value and the next best's; where a claim would win
        now, that first."""
        game, ui = self.game, self.ui
        if (said := self.no_turn()) is not None:
            return said
        if game.claim_wins(game.learner):
            return ui.message("play.hint_claim", target=game.settings.variant.target)
        with StatusLine() as status:  # Ctrl-C leaves no line behind
            def show(done: int) -> None:
                status.show(lambda spent: ui.message("play.hint_progress", done=done, worlds=REVIEW_WORLDS,
                                                     spent=spent))

            show(0)
            advice = hint_advice(game, show)
        game.note_hint()  # the move played now is the advisor's: no evidence of the learner's skills or strength
        self.save()  # kept at once: a game resumed after a quit or a kill still knows the move is the advisor's
        said = hint_text(ui, self.position, advice, review_screen.HINT_BUDGET)  # the budget hint_advice gave
        return "\n".join(filter(None, [said, self.save_error]))

    def solution(self) -> str:
        return self.ui.message("play.no_solution")

    def moves(self) -> str:
        if (said := self.closed() or self.no_turn()) is not None:
            return said
        pos = self.position
        return self.ui.message("play.moves", moves=[self.ui.listed_move(pos, m) for m in pos.generate()]).rstrip()

    def explain(self, text: str) -> str:
        return self.closed() or self.ui.message("play.no_explain")

    def undo(self) -> str:
        if (said := self.closed()) is not None:
            return said
        if not self.game.undo():
            return self.ui.message("play.nothing_to_undo")
        self.save()
        undone = self.ui.message("play.undone", practice=self.game.practice_from)
        return "\n".join(filter(None, [undone, self.save_error, self.show()]))

    def taken(self) -> str:
        """The cards each side has taken this round; once the game is over, in its last round (still worth a look
        beside the score)."""
        if (said := self.elsewhere()) is not None:
            return said
        return self.ui.taken(self.position, self.game.learner, listed=True, ended=self.game.over)

    def resign(self) -> str:
        if (said := self.elsewhere()) is not None:
            return said
        self.game.resign()
        self.background.stop()
        self.save()
        return "\n".join(filter(None, [self.save_error, self.result_text(), self.ui.message("play.play_again")]))

