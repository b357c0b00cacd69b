"""Puzzles in progress: one shown at a time, the first answer rated and saved.

A puzzle is *over* once it is solved, its answer shown by ``solution``, or
missed :data:`TRIES` times.  Until then the screen names no best move and no
theme: a wrong answer is told what it falls short by, and may try again.  A
*hint* is anything that tells about the answer (``hint``, ``explain``): a
solve after one counts as a miss, and the learner is told so there and then.
So does a solve of a puzzle whose answer this session has shown already.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from datetime import datetime

from tutor.content.course import Lesson, Puzzle, Text
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.play.game import Ply
from tutor.storage import AttemptResult, ProgressError
from tutor.teaching.advised import ADVICE
from tutor.teaching.coach import Challenge, Task, Verdict, kind_of
from tutor.teaching.lines import LinePlay
from tutor.teaching.skill_map import puzzle_skills

from .challenge_text import TRIES, miss_text, taken_text, task_text, verdict_text
from .lesson_hints import card_hint
from .progress_words import note_unsaved
from .state import Activity, Shell

#: Picks the next puzzle of a run (``None`` when there is none left).
Chooser = Callable[[], "Puzzle | None"]


class PuzzleRun(Activity):
    """Shows puzzles one after another; the learner's first answer to each is recorded.

    Each learner turn goes :meth:`answer` -> :meth:`judge` -> :meth:`accepted`
    or :meth:`missed`; the last two give the words for the turn.
    """

    kind = "puzzle"

    def __init__(self, shell: Shell, puzzle: Puzzle, chooser: Chooser, mode: str = "puzzle") -> None:
        super().__init__(shell)
        self.chooser = chooser
        self.mode = mode
        self.exhausted = False
        """Whether the chooser had no puzzle left (``next`` then goes on to the next step after a set)."""
        self.answered: list[tuple[bool, datetime | None]] = []
        """Each puzzle of the run answered: whether it was solved on the learner's own (no miss, no help), and when
        it comes back for review (None: it does not)."""
        self.shown: list[str] = []
        """The id of each puzzle the run showed, answered or skipped by ``next``."""
        self.left = 0
        """At a review's end, how many of the puzzles it showed are due still (:meth:`left_due`, counted once there:
        the toolbar, drawn at every key, says it too)."""
        self._start(puzzle)

    def _start(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.shown.append(puzzle.id)
        self._challenge = Challenge(puzzle.position.copy(), Task(goal=puzzle.goal), puzzle.ranking)
        self.hints = 0  # help used: hints and explanations alike
        self._hints_given = 0  # the puzzle's own hints shown, and the card's after them
        self._told: set[Move] = set()  # wrong moves tried or explained: what each leaves has been said
        self._tried: list[Card] = []  # the card of each wrong move tried
        self._missed_moves: set[Move] = set()  # the wrong moves tried at this turn: typed again, no second miss
        self.answer_seen = puzzle.id in self.shell.answers_shown  # given again by id, or as a review
        self.misses = 0
        self.recorded: AttemptResult | None = None
        self.played: Move | None = None  # the best move that solved it
        self.solved = False
        self.over = False
        self._leaving = False  # ``next`` typed once while the puzzle is open: typed again, it skips it
        self._line_start(puzzle)

    @property
    def challenge(self) -> Challenge:
        return self._challenge

    @property
    def move_position(self) -> Position | None:
        """The puzzle's position until it is over: then a move is no answer ("next" goes on)."""
        return None if self.over else self.position

    def title(self) -> str:
        """The mode, and the puzzle in words: the collection's by its id or number once it is over (as the screen),
        a position of the learner's game by the game's day; none once no puzzle is left, and then, at a review's
        end, how many of its puzzles are still due (:attr:`left`): not done while some are."""
        game = self.puzzle.game
        return self.ui.message("shell.toolbar_puzzle", id=self._id(), mode=self.mode, number=self._number(),
                               day=game.day if game is not None else None, done=self.exhausted,
                               left=self.left)

    @property
    def finished(self) -> bool:
        """No puzzle left (a set of ``next``, a review, a theme's puzzles), its end said: ``next`` goes on to the
        next step (docs/skills.md), as the end's words offer, rather than saying the end again."""
        return self.exhausted

    def going_on(self) -> str:
        return self.ui.message("shell.next_going_on", kind=self.mode)

    def show(self) -> str:
        ui, p = self.ui, self.puzzle
        pos = self._challenge.position
        return ui.render(
            "shell/puzzle.j2",
            id=self._id(),
            number=self._number(),
            title=ui.text(p.title) if p.title and self.over else "",
            text=ui.text(p.text) if p.text else "",
            rating=None if p.goal == ADVICE else p.rating,  # a personal puzzle is not rated
            themes=self._themes() if self.over else [],
            mode=self.mode,
            position=ui.position(pos, pos.to_move, match=p.match),
            taken=taken_text(self.ui, self._challenge),
            task=task_text(self.ui, self._challenge) + self._line_intro(),
        )

    def _id(self) -> str:
        """The puzzle's id, once it is over (an id or a title may name a theme: both wait for the end); none for a
        position of the learner's game, whose id is a hash, not a name."""
        return self.puzzle.id if self.over and self.puzzle.game is None else ""

    def _number(self) -> str | None:
        """The puzzle's number in the catalog, once it is over, as the id is."""
        return self.shell.catalog.number(self.puzzle.id) if self.over else None

    def _themes(self) -> list[str]:
        return [self.shell.theme_name(t) for t in self.puzzle.themes]

    def _themes_line(self) -> str:
        return self.ui.message("shell.puzzle_themes", themes=self._themes())

    # ---- answers ---------------------------------------------------------------

    def answer(self, text: str) -> str:
        if self.over:
            return self._over()
        verdict = self.judge(text)
        if not verdict.legal:
            return verdict_text(self.ui, self._challenge, verdict)  # a typo or a move the rules forbid costs nothing
        return self.accepted(verdict) if verdict.accepted else self.missed(verdict)

    def judge(self, text: str) -> Verdict:
        """The typed move against the current position's best moves."""
        return self._challenge.judge(text)

    def accepted(self, verdict: Verdict) -> str:
        """A best move: the puzzle is solved, or its line goes on with the other seats' replies."""
        if self._line_goes_on():
            return self._line_reply(verdict)
        self.played = verdict.move
        return self._solved(verdict_text(self.ui, self._challenge, verdict), self._record(True))

    def missed(self, verdict: Verdict) -> str:
        """A legal move that is not a best one: what it falls short by, and another try;
        the answer after the last try.  A wrong move typed again is a slip, not a second miss: it is told so."""
        if verdict.move in self._missed_moves:
            pos = self._challenge.position
            return self.ui.message("shell.tried_already", answer=self.ui.move(pos, verdict.move), kind="move")
        rating = self._record(False)
        self.misses += 1
        if verdict.move is not None:
            self._told.add(verdict.move)
            self._tried.append(verdict.move.card)
            self._missed_moves.add(verdict.move)
        if self.misses >= TRIES:
            return self._failed(verdict_text(self.ui, self._challenge, verdict), rating)
        said = miss_text(self.ui, self._challenge, verdict)
        return "\n".join(filter(None, [said, rating, self.ui.message("shell.puzzle_try_again")]))

    def _over(self) -> str:
        return self.ui.message("shell.puzzle_over")

    def _solved(self, said: str, rating: str) -> str:
        self.solved = self.over = True
        return "\n".join(filter(None, [self._solved_head(), said, rating, self._ending()]))

    def _solved_head(self) -> str:
        """"Solved!", or what a solve counts for when it came after a miss or a hint."""
        ui, result = self.ui, self.recorded
        if self.misses:
            return ui.message("shell.puzzle_solved_late")
        if (self.hints or self.answer_seen) and result is not None:
            return ui.message("shell.puzzle_solved_helped", rated=result.rated, due=result.review_due)
        return ui.message("shell.puzzle_solved")

    def _said_due(self) -> bool:
        """The head of a solve with help already says when the puzzle comes back for review."""
        return self.solved and not self.misses and bool(self.hints or self.answer_seen)

    def _failed(self, said: str, rating: str) -> str:
        self.over = True
        self.answer_shown()
        return "\n".join(filter(None, [self.ui.message("shell.puzzle_failed"), said, rating, self._ending()]))

    def _ending(self) -> str:
        """What a puzzle shows once it is over: its themes, when it comes back for review (if it does), the best
        line of a deal (from the move that solved it, if any), how to go on."""
        ui, pos = self.ui, self._challenge.position
        parts = [self._themes_line()]
        if not self.solved and (lesson := self._lesson_to_learn()) is not None:
            parts.append(ui.message("shell.puzzle_taught_by", title=ui.text(lesson.title),
                                    target=self.shell.lesson_name(lesson.id)))
        if back := self._comes_back():
            parts.append(back)
        ranking = self._challenge.ranking
        if self.puzzle.goal.is_deal and ranking is not None and ranking.moves:
            best = ranking.judged(self.played) if self.played is not None else ranking.moves[0]
            parts += [ui.message("shell.best_line"), ui.line(pos, best.line, pos.to_move)]
        return "\n".join([*parts, ui.message("shell.type_next")])

    def _comes_back(self) -> str:
        """When the puzzle comes back for review, if it does and the words have not said so yet."""
        result = self.recorded
        if result is None or result.review_due is None or self._said_due():
            return ""
        return self.ui.message("shell.puzzle_comes_back", due=result.review_due)

    def _lesson_to_learn(self) -> Lesson | None:
        """The first lesson, in course order, that teaches a theme of the puzzle and that the learner has not done
        (a classic two-player puzzle is open before its lessons are: :mod:`.picker`); None when all are done."""
        done = self.shell.progress.lesson_stars()
        return next((l for l in self.shell.catalog.lessons_teaching(self.puzzle.themes) if l.id not in done), None)

    def _record(self, solved: bool) -> str:
        """Save the first answer to this showing of the puzzle; the words for a rating change (the change as the
        difference of the two ratings shown, so that "438 → 437" never reads "+0")."""
        if self.recorded is not None:
            return ""
        p = self.puzzle
        self.recorded = result = self.shell.progress.record_attempt(
            p.id, p.themes, p.rating, solved, self.hints + self.answer_seen, now=self.shell.clock(),
            skills=puzzle_skills(p), streak=self._streak(solved),
        )
        self.answered.append((solved and not self.hints + self.answer_seen, result.review_due))
        if not result.rated:
            return ""
        before, after = round(result.before.rating), round(result.after.rating)
        return self.ui.message("shell.rating_change", before=before, after=after, change=after - before)

    def _streak(self, solved: bool) -> int:
        """The streak an answer makes, kept with it: none outside streak mode."""
        return 0

    def answer_shown(self) -> None:
        """The puzzle's answer is on the screen: a later solve of it in this session is not a solve of one's own."""
        self.shell.answers_shown.add(self.puzzle.id)

    # ---- help ------------------------------------------------------------------

    def used_help(self) -> None:
        if not self.over:
            self.hints += 1
            if self.recorded is None:  # after a miss the attempt is kept: nothing is left to settle
                self._hold_help()

    def _hold_help(self) -> None:
        """Keep the help taken at once, before the first answer: a shell killed before it has the puzzle counted as
        missed at the next start (:meth:`~tutor.storage.Progress.settle_left_help`), as leaving it does."""
        p = self.puzzle
        with suppress(ProgressError):  # leaving the puzzle still records it
            self.shell.progress.hold_help(p.id, p.themes, p.rating, self.hints, now=self.shell.clock(),
                                          skills=puzzle_skills(p))

    def hint(self) -> str:
        if self.over:
            return self._hint_when_over()
        self.used_help()
        if self._line is not None and self._line.played:
            return self._line_hint()
        hints = self.puzzle.hints
        while self._hints_given < len(hints):
            self._hints_given += 1
            hint = hints[self._hints_given - 1]
            if self._told_already(hint):
                continue
            if hint.claim is not None and hint.claim.key == "play_card" and self._answer_card_tried():
                return card_hint(self.ui, self._challenge, self._tried)  # the card, said as one already played
            return self.ui.text(hint)
        names_card = any(h.claim is not None and h.claim.key == "play_card" for h in hints)
        if self._hints_given == len(hints) and not names_card:
            self._hints_given += 1
            return card_hint(self.ui, self._challenge, self._tried)
        return self.ui.message("shell.hint_no_more")

    def _answer_card_tried(self) -> bool:
        """Whether the learner has played the card of every best move already, in a wrong move."""
        return all(m.card in self._tried for m in self._challenge.accepted())

    def _told_already(self, hint: Text) -> bool:
        """Whether ``hint`` says what a move leaves the next player (``safe_threat``) of a move the learner has
        tried or had explained: its shortfall said so already."""
        claim = hint.claim
        if claim is None or claim.key != "safe_threat":
            return False
        move = self._challenge.judge(str(dict(claim.params)["move"])).move
        return move is not None and move in self._told

    def _hint_when_over(self) -> str:
        """No hint once a puzzle is over: solved, or missed (its answer shown, or the solution asked), with the answer."""
        if self.solved:
            return self.ui.message("shell.no_hint_needed")
        ui, pos = self.ui, self._challenge.position
        return ui.message("shell.hint_puzzle_missed", moves=[ui.move(pos, m) for m in self._challenge.accepted()])

    def moves(self) -> str:
        """The legal moves; their values and the best ones only once the puzzle is over."""
        if self.over:
            return super().moves() or ""
        ui, pos = self.ui, self._challenge.position
        rows = [{"move": ui.listed_move(pos, m), "values": [], "best": False} for m in pos.generate()]
        return ui.render("shell/moves.j2", rows=rows, values=[], find="", plain=True)

    def explain(self, text: str) -> str:
        """What a move would do (a hint while the puzzle is open): a wrong one is told what
        it falls short by, as an answer would be, naming no best move."""
        challenge = self._challenge
        verdict = challenge.judge(text)
        if verdict.legal:
            self.used_help()  # a typo or a broken rule tells nothing of the answer
            if not verdict.accepted and verdict.move is not None:
                self._told.add(verdict.move)
        return (verdict_text if self.over else miss_text)(self.ui, challenge, verdict, explained=True)

    def solution(self) -> str:
        ui, pos = self.ui, self._challenge.position
        rating = self._record(False)
        self.over = True
        self.answer_shown()
        said = ui.message("shell.solution_moves", moves=[ui.move(pos, m) for m in self._challenge.accepted()])
        return "\n".join(filter(None, [said, rating, self._ending()]))

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
        alone = len(self._challenge.accepted()) == 1
        replies = line.play(verdict.move)
        self._challenge, self._line_hints = line.challenge, 0
        self._missed_moves = set()  # a new position: its moves are new tries
        said = [self._reply_text(r) for r in replies]
        if line.over:  # an instant limit may end the round before the learner's last turn
            return self._solved("\n".join(said), self._record(True))
        said.insert(0, ui.message("shell.line_good", move=played, alone=alone, left=line.turns - line.played))
        pos = self._challenge.position
        return "\n".join([*said, "", ui.position(pos, pos.to_move), "", task_text(self.ui, self._challenge)])

    def _reply_text(self, reply: Ply) -> str:
        ui, pos, move = self.ui, reply.before, reply.move
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
        if self._line_hints == 2:
            card = self._challenge.accepted()[0].card
            return self.ui.message("shell.hint_card", card=self.ui.card(card))
        return self.ui.message("shell.hint_no_more")

    # ---- going on --------------------------------------------------------------

    def next(self) -> str:
        """The next puzzle; while this one is open, ``next`` first says so (as a lesson's step does), and typed
        again skips it."""
        if not self.over and not self._leaving:
            self._leaving = True
            return self.ui.message("shell.puzzle_open", helped=self.helped_unanswered)
        self._left_helped()
        following = self.chooser()
        if following is None:
            self.over = self.exhausted = True
            return self._no_more()
        self._start(following)
        return self.show()

    def leave(self) -> None:
        self._left_helped()

    @property
    def helped_unanswered(self) -> bool:
        """A hint taken, and no answer yet."""
        return bool(self.hints) and self.recorded is None and not self.over

    def _left_helped(self) -> None:
        """The puzzle left unanswered (skipped, another command, the tutor quit) after a hint: its attempt is a
        miss, as an answer after the hint would be, and said so (with the rating's change) under the reply of the line
        that left it.  Left unrecorded, it came back as never tried, and a solve then counted as the learner's own."""
        if self.helped_unanswered:
            try:
                rating = self._record(False)
            except ProgressError as err:  # the disk is full, say: the farewell counts it, no crash report
                note_unsaved(self.shell, err)
                return
            due = self.recorded.review_due if self.recorded is not None else None
            left = self.ui.message("shell.puzzle_left_helped", due=due)
            self.shell.notes.append("\n".join(filter(None, [left, rating])))  # said under the line that left it

    def left_due(self) -> int:
        """In a review, how many of the puzzles it showed are due still: those skipped by ``next`` (an answered one
        is rescheduled a day or more ahead, or leaves the queue); 0 in any other run."""
        if self.mode != "review":
            return 0
        return len(set(self.shown) & set(self.shell.progress.due_reviews(self.shell.clock())))

    def _no_more(self) -> str:
        """Why no puzzle follows; at a review's end, how many of the puzzles skipped by ``next`` are still due (a
        review gives each due puzzle once).  A review queue done is praised only when none is left and every
        puzzle answered was solved on the learner's own, else the words say when those missed come back."""
        skipped = self.left = self.left_due()
        back = [due for own, due in self.answered if not own and due is not None]
        praise = bool(self.answered) and all(own for own, _ in self.answered) and not skipped
        return self.ui.message(f"shell.no_more_{self.mode}", praise=praise, missed=len(back),
                               due=min(back, default=None), skipped=skipped)
