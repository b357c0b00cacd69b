"""A lesson in progress: its steps one after another, mistakes and hints counted for the stars.

As in puzzles, a wrong answer is told what is wrong with it without naming the
answer (the rule a move breaks, what it falls short by, what kind of move it is,
what a count leaves out or adds) and may try again; the answer shows after
:data:`TRIES` wrong answers, or on ``solution``.  Each wrong answer counts as a
mistake, ``solution`` as one more; a move that cannot be played at all (a typo, a
card not in the hand or not on the table) is told why and counts as nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutor.content.course import DemoStep, ExerciseStep, Lesson, QuestionStep, TextStep, WhyStep, stars
from tutor.content.skills import Evidence
from tutor.core.cards import Card
from tutor.core.comparison import move_facts
from tutor.core.counting import CountPart, miscount
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import gained_at_once, instant_points, score_round, seat_piles
from tutor.core.text import excerpt
from tutor.core.variant import Variant
from tutor.storage import ProgressError
from tutor.teaching.answers import choice_to_rule_out, question_answer, why_reason
from tutor.teaching.coach import Challenge, Task, Verdict, kind_of
from tutor.teaching.skill_evidence import illegal_evidence, step_evidence

from .challenge_text import TRIES, miss_text, taken_text, task_text, verdict_text
from .lesson_hints import card_hint, question_hints, recount_hint, side_seats
from .next_choice import next_why
from .progress_words import note_unsaved, progress_problem
from .state import Activity, Shell


class LessonRun(Activity):
    """Walks through a lesson's steps; the step reached is saved after each one."""

    kind = "lesson"

    def __init__(self, shell: Shell, lesson: Lesson, start: int = 0, mistakes: int = 0, hints: int = 0) -> None:
        super().__init__(shell)
        self.lesson = lesson
        self.index = min(max(start, 0), len(lesson.steps) - 1)
        self.mistakes = mistakes  # so far, a resumed lesson's included: they decide the stars
        self.hints = hints
        self.done = False
        self._enter()
        if start >= len(lesson.steps):  # saved past its last step, which was over: "next" finishes the lesson
            self.solved = self.over = True

    # ---- the current step ----------------------------------------------------

    def _enter(self) -> None:
        step = self.step
        self.solved = isinstance(step, (TextStep, DemoStep))
        self.shown = False  # the step ended with its answer shown, not solved
        self.over = False  # the step was asked and is over: answered, or its answer shown
        self.misses = 0  # wrong answers at this step
        self._step_hints = 0
        self._told: list[str] = []  # what a hint would repeat: the hints given at this step, a count's advice
        self._tried: set[Card] = set()  # the cards of legal moves tried that were wrong
        self._out: list[str] = []  # the why step's choices tried or ruled out
        self._counted: set[CountPart] = set()  # the parts of a count that wrong numbers were told of
        self._wrong: set[Move | str | int] = set()  # the wrong answers given here (a move, an illegal one as typed, a
        # choice, a count): typed again, no second mistake
        self._challenge: Challenge | None = None
        if isinstance(step, ExerciseStep):
            self._challenge = Challenge(step.position.copy(), Task(goal=step.goal, find=step.find))

    @property
    def step(self) -> TextStep | DemoStep | ExerciseStep | WhyStep | QuestionStep:
        return self.lesson.steps[self.index]

    @property
    def challenge(self) -> Challenge | None:
        return self._challenge

    @property
    def position(self) -> Position | None:
        step = self.step
        if isinstance(step, TextStep):
            return None
        return step.position

    @property
    def move_position(self) -> Position | None:
        """The exercise's position: a question's, a why step's or a demo's asks no move."""
        return self.position if self._challenge is not None else None

    @property
    def rules_of(self) -> tuple[Variant, int]:
        """The step's position's rules; on a text step, the lesson's variant with the players of the next step that
        shows a position (the partners lesson speaks of three players, then of four), else of the one before."""
        pos = self.position
        if pos is not None:
            return pos.variant, pos.players
        steps = self.lesson.steps
        shown = (p for step in (*steps[self.index:], *reversed(steps[:self.index]))
                 if (p := getattr(step, "position", None)) is not None)
        return self.lesson.variant, next((p.players for p in shown), 2)

    @property
    def finished(self) -> bool:
        """A lesson done: ``next`` goes on to what comes after it."""
        return self.done

    def going_on(self) -> str:
        return self.ui.message("shell.next_going_on", kind=self.kind, title=self.lesson.title.get(self.shell.lang),
                               step=self.index + 1, steps=len(self.lesson.steps))

    def title(self) -> str:
        return self.ui.message(
            "shell.toolbar_lesson",
            title=self.lesson.title.get(self.shell.lang),
            step=self.index + 1,
            steps=len(self.lesson.steps),
        )

    def show(self) -> str:
        ui, lang, step = self.ui, self.shell.lang, self.step
        params: dict[str, object] = {
            "lesson": self.lesson.title.get(lang),
            "number": self.index + 1,
            "steps": len(self.lesson.steps),
            "text": ui.text(step.text),
            "position": "",
            "task": "",
            "extra": "",
            "kind": type(step).__name__,
        }
        if isinstance(step, DemoStep):
            pos = step.position.copy()
            params["position"] = ui.position(pos)
            facts = move_facts(pos, step.move)
            scored = instant_points(pos, step.move)
            at_once = gained_at_once(pos, step.move)
            fine = -sum(i.points for i in scored if i.code == "penalty")  # the build duty broken (Michigan)
            side = side_seats(pos, pos.to_move)
            after = pos.copy()
            after.push(step.move)
            params["extra"] = ui.render(
                "shell/demo.j2",
                move=ui.move(pos, step.move),
                kind=ui.move_kind(kind_of(pos, step.move)),
                taken=[ui.card(c) for c in facts.taken],
                at_once=at_once,
                later=facts.points - at_once,
                sweep=facts.sweep,
                fine=fine,
                mover=ui.side_name(side),
                alone=len(side) == 1,
                after=ui.table(after),
            )
        elif isinstance(step, ExerciseStep):
            assert self._challenge is not None
            pos = self._challenge.position
            params["position"] = ui.position(pos, pos.to_move)
            params["extra"] = taken_text(self.ui, self._challenge)
            params["task"] = task_text(self.ui, self._challenge)
        elif isinstance(step, WhyStep):
            params["position"] = ui.position(step.position)
            params["extra"] = ui.render(
                "shell/why.j2",
                move=ui.typed_move(step.move),
                choices=[ui.message(f"reason_titles.{code}") for code in step.choices],
            )
        elif isinstance(step, QuestionStep):
            pos = step.position
            counts = step.ask != "cards"  # the counts would give the answer away
            params["position"] = ui.position(pos, counts=counts)
            params["extra"] = ui.render("shell/piles.j2", piles=_piles(self.shell, pos), counts=counts)
            side = side_seats(pos, step.seat)
            params["task"] = ui.message(f"shell.question_{step.ask}", side=ui.side_name(side), plural=len(side) > 1)
        return ui.render("shell/step.j2", **params)

    # ---- answers ---------------------------------------------------------------

    def answer(self, text: str) -> str:
        step = self.step
        if self.solved:
            return self.ui.message("shell.nothing_asked")
        if isinstance(step, ExerciseStep):
            return self._answer_move(text)
        if isinstance(step, WhyStep):
            return self._answer_why(step, text.strip())
        assert isinstance(step, QuestionStep)
        return self._answer_question(step, text.strip())

    def _answer_move(self, text: str) -> str:
        assert self._challenge is not None
        verdict = self._challenge.judge(text)
        if verdict.accepted:
            return self._solved(verdict_text(self.ui, self._challenge, verdict))
        if not verdict.answers:  # a typo, or a card not in the hand, costs nothing
            return verdict_text(self.ui, self._challenge, verdict) + "\n" + self.ui.message("shell.try_again")
        move = verdict.move
        key = move if move is not None else " ".join(text.split()).casefold()  # an illegal move as typed
        if key in self._wrong:
            if move is None:
                return self._tried_already(excerpt(" ".join(text.split())), "typed")
            return self._tried_already(self.ui.move(self._challenge.position, move), "move")
        self._wrong.add(key)
        if move is not None:
            self._tried.add(move.card)
        illegal = illegal_evidence() if verdict.outcome == "illegal" else []
        return self._missed(miss_text(self.ui, self._challenge, verdict), verdict, illegal)

    def _answer_why(self, step: WhyStep, text: str) -> str:
        reason = why_reason(step)
        choice = _choice(text, step.choices)
        if choice is None:
            return self.ui.message("shell.pick_choice", count=len(step.choices))
        if choice != reason.code:
            if choice in self._wrong:
                return self._tried_already(str(step.choices.index(choice) + 1), "choice")
            self._wrong.add(choice)
            if choice not in self._out:
                self._out.append(choice)
            return self._missed(self.ui.message("shell.wrong_choice"))
        return self._solved(self.ui.reason(step.position, reason, by_other=True))

    def _answer_question(self, step: QuestionStep, text: str) -> str:
        try:
            given = int(text)
        except ValueError:
            return self.ui.message("shell.number_expected", example=3)
        if given == question_answer(step):
            return self._solved(self._question_facts(step))
        if given in self._wrong:
            return self._tried_already(str(given), "number")
        self._wrong.add(given)
        wrong = miscount(step.position, step.seat, step.ask, given)
        said = self.ui.miscount(step.position, wrong)
        self._counted.update(p for reading in wrong.readings for p in reading)
        if not wrong.readings:  # what to count again, said now rather than as a hint
            recount = recount_hint(self.ui, step)
            self._told.append(recount)
            said += "\n" + recount
        return self._missed(said)

    def _tried_already(self, answer: str, kind: str) -> str:
        """A wrong answer given again at this step: a slip, told so, and no second mistake."""
        return self.ui.message("shell.tried_already", answer=answer, kind=kind)

    def _missed(self, said: str, verdict: Verdict | None = None, evidence: Sequence[Evidence] = ()) -> str:
        """A wrong answer, counted as a mistake and saved with ``evidence`` (an illegal move's): what is wrong
        with it, and another try; after the last try, what is wrong with it, then the answer (a move's comparison
        with the best, in place of both), and the step is over."""
        self.misses += 1
        self.mistakes += 1
        if self.misses < TRIES:
            self._save(evidence)
            return said + "\n" + self.ui.message("shell.try_again")
        self._end_step(shown=True, evidence=evidence)
        ui = self.ui
        given = ui.message("shell.step_answer", tries=TRIES)
        if verdict is not None and verdict.comparison is not None:  # it names every best move
            assert self._challenge is not None
            shown = [given, verdict_text(ui, self._challenge, verdict)]
        else:
            shown = [said, given, self._answer()]
        return "\n".join([*shown, ui.message("shell.type_next")])

    def _question_facts(self, step: QuestionStep) -> str:
        """The scoring breakdown behind a points answer; the count behind a cards or spades one."""
        if step.ask == "points":
            return self.ui.score(step.position, score_round(step.position))
        side = side_seats(step.position, step.seat)
        return self.ui.message(
            f"shell.counted_{step.ask}", side=self.ui.side_name(side), plural=len(side) > 1, count=question_answer(step)
        )

    def _solved(self, said: str) -> str:
        self._end_step(shown=False)
        return self.ui.message("shell.correct") + "\n" + said + "\n\n" + self.next()

    # ---- help ------------------------------------------------------------------

    def _hinted(self) -> None:
        """Count a hint, saved at once: quitting does not forget it."""
        self.hints += 1
        self._step_hints += 1
        self._save()

    def _end_step(self, shown: bool, evidence: Sequence[Evidence] = ()) -> None:
        """The step is over: saved once, with what it showed of the learner's skills (after ``evidence``, an
        illegal last answer's)."""
        self.solved = self.over = True
        self.shown = shown
        self._save([*evidence, *step_evidence(self.lesson, self.index, self.misses, self._step_hints, shown)])

    def _save(self, evidence: Sequence[Evidence] = ()) -> None:
        """Keep the lesson as it stands (:meth:`_write`); a save that fails is said under the reply and when the
        learner leaves, and the lesson goes on (its step already moved on, or its answer taken)."""
        try:
            self._write(evidence)
        except ProgressError as err:
            self._unsaved(err)

    def _write(self, evidence: Sequence[Evidence]) -> None:
        """The step to resume at, and the mistakes and hints so far: the one after a step that is over, which a
        restart must not ask again (its answer may have been shown, and a second answer would count); with the
        current step's ``evidence``, in one transaction."""
        self.shell.progress.save_lesson_step(self.lesson.id, self.index + self.over, self.mistakes, self.hints,
                                             now=self.shell.clock(), evidence=self._by_step(evidence))

    def _unsaved(self, err: ProgressError) -> None:
        """A save of the lesson failed: said under the reply, and counted for leaving."""
        note_unsaved(self.shell, err)
        self.shell.notes.append(progress_problem(self.ui, err))

    def _by_step(self, evidence: Sequence[Evidence]) -> dict[str, Sequence[Evidence]]:
        """``evidence`` of the current step, by its reference (``lesson/NUMBER``), as the progress file keeps it."""
        return {f"{self.lesson.id}/{self.index + 1}": evidence} if evidence else {}

    def used_help(self) -> None:
        if not self.solved:
            self._hinted()

    def hint(self) -> str:
        """The step's next hint: its written ones, then what the engine can tell without giving the
        answer away; never one already given, never a choice already out."""
        step = self.step
        if self.solved or isinstance(step, (TextStep, DemoStep)):
            return self._nothing_left()
        self._hinted()
        if isinstance(step, WhyStep):
            return self._why_hint(step)
        if isinstance(step, ExerciseStep):
            assert self._challenge is not None
            hints = [self.ui.text(h) for h in step.hints] + [card_hint(self.ui, self._challenge, self._tried)]
        else:
            hints = question_hints(self.ui, step, self._counted)
        said = next((h for h in hints if h not in self._told), None)
        if said is None:
            return self.ui.message("shell.hint_none_left")
        self._told.append(said)
        return said

    def _nothing_left(self) -> str:
        """What "hint" and "solution" say once nothing is left to ask: a text or a demo asks nothing; an asked step
        is over, solved, or with its answer shown above."""
        if isinstance(self.step, (TextStep, DemoStep)):
            return self.ui.message("shell.nothing_asked")
        return self.ui.message("shell.hint_step_shown" if self.shown else "shell.no_hint_needed")

    def _why_hint(self, step: WhyStep) -> str:
        """A wrong choice ruled out, one not out yet; once none may be, the choices still open."""
        ui = self.ui
        choice = choice_to_rule_out(step, self._out)
        if choice is not None:
            self._out.append(choice)
            return ui.message("shell.hint_not_this", choice=ui.message(f"reason_titles.{choice}"))
        still = [f"{i}. {ui.message(f'reason_titles.{c}')}"
                 for i, c in enumerate(step.choices, 1) if c not in self._out]
        return ui.message("shell.hint_open_choices", choices=still)

    def explain(self, text: str) -> str | None:
        """What a move would do (counted as a hint): until the step is solved, a wrong one is told
        what is wrong with it, as an answer would be, naming no accepted move.  A typo, or a card that
        is not there, tells nothing of the answer and is no hint, as it is no wrong answer."""
        challenge = self.challenge
        if challenge is None:
            return None
        verdict = challenge.judge(text)
        if verdict.answers:
            self.used_help()
        return (verdict_text if self.solved else miss_text)(self.ui, challenge, verdict, explained=True)

    def solution(self) -> str:
        if self.solved:
            return self._nothing_left()
        self.mistakes += 1
        self._end_step(shown=True)
        return self._answer() + "\n" + self.ui.message("shell.type_next")

    def _answer(self) -> str:
        """The step's answer: the accepted moves, the rule the move breaks, or the count with what makes it."""
        step, ui = self.step, self.ui
        if isinstance(step, ExerciseStep):
            assert self._challenge is not None
            pos = self._challenge.position
            return ui.message("shell.solution_moves", moves=[ui.move(pos, m) for m in self._challenge.accepted()])
        if isinstance(step, WhyStep):
            return ui.reason(step.position, why_reason(step), by_other=True)
        assert isinstance(step, QuestionStep)
        return self._question_facts(step)

    # ---- going on --------------------------------------------------------------

    def next(self) -> str:
        if not self.solved:
            return self.ui.message("shell.solve_first")
        if self.index + 1 < len(self.lesson.steps):
            saved = self.over  # a step asked and over is saved as passed already: the step after it
            self.index += 1
            self._enter()
            if not saved:
                self._save()
            return self.show()
        return self._finish()

    def _finish(self) -> str:
        self.done = True
        earned = stars(self.mistakes, self.hints)
        try:
            self.shell.progress.record_lesson(self.lesson.id, earned, now=self.shell.clock())
        except ProgressError as err:
            self._unsaved(err)
        done = set(self.shell.progress.lesson_stars())
        following = self.shell.catalog.next_lesson(done)
        return self.ui.render(
            "shell/lesson_done.j2",
            lesson=self.lesson.title.get(self.shell.lang),
            stars=earned,
            mistakes=self.mistakes,
            hints=self.hints,
            next_id=self.shell.lesson_name(following.id) if following else "",
            next_title=following.title.get(self.shell.lang) if following else "",
            why=next_why(self.shell),  # what "next" opens when it is not the next lesson
        )


def _piles(shell: Shell, pos: Position) -> list[dict[str, object]]:
    """Each seat's captured cards and sweeps, for a scoring question: partners one after the other, each with the
    pile it took (the question on partners asks for their piles added up)."""
    assert pos.sweeps is not None
    piles = seat_piles(pos)
    return [
        {"name": shell.ui.side_name([seat]), "cards": [shell.ui.card(c) for c in piles[seat]],
         "sweeps": pos.sweeps[seat]}
        for seat in sorted(range(pos.players), key=pos.side_of)
    ]


def _choice(text: str, choices: tuple[str, ...]) -> str | None:
    """The reason code the learner picked: its number in the list, or the code itself."""
    if re.fullmatch(r"[0-9]{1,2}", text) and 1 <= int(text) <= len(choices):
        return choices[int(text) - 1]
    lowered = text.lower()
    return lowered if lowered in choices else None

