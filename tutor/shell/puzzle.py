"""Puzzles in progress: one shown at a time, the first answer rated and saved."""

from __future__ import annotations

from collections.abc import Callable

from ..coach import Challenge, Task, Verdict, kind_of
from ..course import Puzzle
from ..lines import LinePlay, Reply
from ..progress import AttemptResult
from .activity import Activity, task_text, verdict_text
from .state import Shell

#: Picks the next puzzle of a run (``None`` when there is none left).
Chooser = Callable[[], "Puzzle | None"]


class PuzzleRun(Activity):
    """Shows puzzles one after another; the learner's first answer to each is recorded."""

    kind = "puzzle"

    def __init__(self, shell: Shell, puzzle: Puzzle, chooser: Chooser, mode: str = "puzzle") -> None:
        super().__init__(shell)
        self.chooser = chooser
        self.mode = mode
        self._start(puzzle)

    def _start(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._challenge = Challenge(puzzle.position.copy(), Task(goal=puzzle.goal))
        self.hints = 0
        self.recorded: AttemptResult | None = None
        self.solved = False
        self.over = False
        self._line_start(puzzle)

    @property
    def challenge(self) -> Challenge:
        return self._challenge

    def title(self) -> str:
        return self.ui.message("shell.toolbar_puzzle", id=self.puzzle.id, mode=self.mode)

    def show(self) -> str:
        ui, lang, p = self.ui, self.shell.lang, self.puzzle
        return ui.render(
            "shell/puzzle.j2",
            id=p.id,
            title=p.title.get(lang) if p.title else "",
            text=p.text.get(lang) if p.text else "",
            rating=p.rating,
            themes=[self.shell.theme_name(t) for t in p.themes],
            mode=self.mode,
            position=ui.position(self._challenge.position, self._challenge.position.to_move),
            task=task_text(self.shell, self._challenge) + self._line_intro(),
        )

    # ---- answers ---------------------------------------------------------------

    def answer(self, text: str) -> str:
        if self.over:
            return self._over()
        verdict = self._challenge.judge(text)
        said = verdict_text(self.shell, self._challenge, verdict)
        if not verdict.legal:
            return said  # a typo or a move the rules forbid is not an answer: it costs nothing
        if verdict.accepted and self._line_goes_on():
            return self._line_reply(verdict)
        rating = self._record(verdict.accepted)
        return self._solved(said, rating) if verdict.accepted else self._failed(said, rating)

    def _over(self) -> str:
        return self.ui.message("shell.puzzle_over")

    def _solved(self, said: str, rating: str) -> str:
        self.solved = self.over = True
        return "\n".join(filter(None, [self.ui.message("shell.puzzle_solved"), said, rating, self.ui.message("shell.type_next")]))

    def _failed(self, said: str, rating: str) -> str:
        return "\n".join(filter(None, [said, rating, self.ui.message("shell.try_again_or_solution")]))

    def _record(self, solved: bool) -> str:
        """Save the first answer to this showing of the puzzle; the words for a rating change."""
        if self.recorded is not None:
            return ""
        p = self.puzzle
        self.recorded = result = self.shell.progress.record_attempt(
            p.id, p.themes, p.rating, solved, self.hints, now=self.shell.clock()
        )
        if not result.rated:
            return ""
        return self.ui.message(
            "shell.rating_change",
            before=round(result.before.rating),
            after=round(result.after.rating),
            change=round(result.after.rating - result.before.rating),
        )

    # ---- help ------------------------------------------------------------------

    def used_help(self) -> None:
        if not self.over:
            self.hints += 1

    def hint(self) -> str:
        if self.over:
            return self.ui.message("shell.no_hint_needed")
        self.hints += 1
        if self._line is not None and self._line.played:
            return self._line_hint()
        hints = self.puzzle.hints
        if self.hints <= len(hints):
            return hints[self.hints - 1].get(self.shell.lang)
        card = self._challenge.accepted()[0].card
        return self.ui.message("shell.hint_card", card=self.ui.card(card))

    def solution(self) -> str:
        ui, pos = self.ui, self._challenge.position
        rating = self._record(False)
        self.over = True
        said = ui.message("shell.solution_moves", moves=[ui.move(pos, m) for m in self._challenge.accepted()])
        return "\n".join(filter(None, [said, rating, ui.message("shell.type_next")]))

    # ---- lines: the learner plays, the other seats reply, the learner plays again ----------

    def _line_start(self, puzzle: Puzzle) -> None:
        self._line = LinePlay(puzzle.position, puzzle.goal, puzzle.line) if puzzle.line else None
        self._line_hints = 0  # hints asked at this turn of the line
        if self._line is not None:
            self._challenge = self._line.challenge

    def _line_intro(self) -> str:
        line = self._line
        if line is None:
            return ""
        others = self._challenge.position.players - 1
        return "\n" + self.ui.message("shell.line_intro", turns=line.turns, played=line.played, others=others)

    def _line_goes_on(self) -> bool:
        """An accepted move now leaves more turns of the line to play."""
        return self._line is not None and self._line.played + 1 < self._line.turns

    def _line_reply(self, verdict: Verdict) -> str:
        """The accepted move played, the replies shown one by one, then the new position."""
        ui, line = self.ui, self._line
        assert line is not None and verdict.move is not None
        played = ui.move(self._challenge.position, verdict.move)
        replies = line.play(verdict.move)
        self._challenge, self._line_hints = line.challenge, 0
        said = [self._reply_text(r) for r in replies]
        if line.over:  # an instant limit may end the round before the learner's last turn
            return self._solved("\n".join(said), self._record(True))
        said.insert(0, ui.message("shell.line_good", move=played, left=line.turns - line.played))
        pos = self._challenge.position
        return "\n".join([*said, "", ui.position(pos, pos.to_move), "", task_text(self.shell, self._challenge)])

    def _reply_text(self, reply: Reply) -> str:
        ui, pos, move = self.ui, reply.position, reply.move
        assert self._line is not None
        return ui.message(
            "shell.line_reply",
            who=ui.seat_name(reply.seat),
            partner=pos.side_of(reply.seat) == pos.side_of(self._line.seat),
            move=ui.move(pos, move),
            kind=ui.move_kind(kind_of(pos, move)),
            taken=ui.cards(move.captured_cards()) if move.is_capture else "",
        )

    def _line_hint(self) -> str:
        """At a later turn of a line the file's hints (for the first move) no longer fit: the idea, then the card."""
        self._line_hints += 1
        if self._line_hints == 1:
            return self.ui.message("shell.line_hint")
        card = self._challenge.accepted()[0].card
        return self.ui.message("shell.hint_card", card=self.ui.card(card))

    # ---- going on --------------------------------------------------------------

    def next(self) -> str:
        following = self.chooser()
        if following is None:
            self.over = True
            return self.ui.message(f"shell.no_more_{self.mode}")
        self._start(following)
        return self.show()
