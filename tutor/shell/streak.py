"""Streak mode: puzzles of rising rating until the first mistake; the best streak is kept, also of a streak left
unfinished (the session ended, another command begun)."""

from __future__ import annotations

from tutor.content.course import Puzzle
from tutor.teaching.coach import Verdict

from .challenge_text import verdict_text
from .picker import open_puzzles, played_counts, recent_puzzles
from .puzzle import PuzzleRun
from .state import Shell


def streak_order(shell: Shell, theme: str | None) -> list[Puzzle]:
    """The open puzzles of a streak (of ``theme``) not tried lately (as ``puzzle`` leaves them out), easiest first:
    those of the player counts the learner plays (:func:`~.picker.played_counts`, as ``puzzle`` and ``next``
    prefer them), or of any count when none of theirs is left."""
    recent = recent_puzzles(shell)
    left = sorted((p for p in open_puzzles(shell, theme) if p.id not in recent), key=lambda p: (p.rating, p.id))
    played = played_counts(shell)
    return [p for p in left if p.position.players in played] or left


class StreakRun(PuzzleRun):
    """Each solved puzzle adds one and brings a harder one; a wrong move or the solution ends it."""

    def __init__(self, shell: Shell, order: list[Puzzle]) -> None:
        self.order = order
        self.count = 0
        self.raised = False
        """Whether this streak's last solve made it longer than the best kept then (its own, kept as it grows, or
        another window's): a streak that only equals the best is no new best."""
        super().__init__(shell, order[0], self._following, mode="streak")

    def _following(self) -> Puzzle | None:
        return self.order[self.count] if self.count < len(self.order) else None

    @property
    def finished(self) -> bool:
        """A streak over: ``next`` goes on past it."""
        return self.over

    def title(self) -> str:
        return self.ui.message("shell.toolbar_streak", count=self.count, id=self.puzzle.id if self.over else "",
                               number=self._number())

    def _over(self) -> str:
        return self.ui.message("shell.streak_over_already")

    def _streak(self, solved: bool) -> int:
        """A solve makes the streak one longer, kept in the transaction of the attempt (a kill between two lost it)."""
        return self.count + 1 if solved else 0

    def _record(self, solved: bool) -> str:
        best = self.shell.progress.best_streak()
        said = super()._record(solved)
        if solved:
            self.raised = self.count + 1 > best
        return said

    def missed(self, verdict: Verdict) -> str:
        """The first wrong move ends the streak: the move against the best, when the puzzle comes back for review,
        then the end."""
        rating = self._record(False)
        self.answer_shown()
        said = verdict_text(self.ui, self.challenge, verdict)
        return "\n".join(filter(None, [said, rating, self._themes_line(), self._comes_back(), self._end()]))

    def _solved(self, said: str, rating: str) -> str:
        self.count += 1
        done = "\n".join(filter(None, [said, rating, self._themes_line()]))
        following = self._following()
        if following is None:
            return done + "\n" + self._end()
        self._start(following)
        return "\n".join([done, self.ui.message("shell.streak_count", count=self.count), "", self.show()])

    def hint(self) -> str:
        return self.ui.message("shell.streak_over_already" if self.over else "shell.streak_no_hints")

    def explain(self, text: str) -> str:
        if not self.over:
            return self.ui.message("shell.streak_no_hints")
        return super().explain(text)

    def solution(self) -> str:
        ui, challenge = self.ui, self.challenge
        shown = ui.message("shell.solution_moves", moves=[ui.move(challenge.position, m) for m in challenge.accepted()])
        if self.over:
            return shown
        rating = self._record(False)
        self.answer_shown()
        return "\n".join(filter(None, [shown, rating, self._themes_line(), self._comes_back(), self._end()]))

    def next(self) -> str:
        """The puzzle again, and why: a streak goes on by solving only (a streak over is finished: ``next`` goes
        on past it)."""
        return "\n".join([self.ui.message("shell.streak_no_skip"), "", self.show()])

    def _end(self) -> str:
        """The streak's end: a new best when its last solve beat the best kept then and no streak of another window
        beat it since."""
        self.over = True
        best = self.shell.progress.best_streak()
        return self.ui.message(
            "shell.streak_end",
            count=self.count,
            best=best,
            new_best=self.raised and self.count >= best,
            complete=self.count == len(self.order),
        )
