"""Lesson files: one lesson a file, its steps in order (format: docs/formats.md).

:func:`load_lesson` reads a lesson file and :func:`lesson_from_node` a parsed
one; both report every problem at once as a
:class:`~tutor.loading.yamlfile.FileError`.  What needs the solver (which
moves an exercise accepts, whether a why-step's move is illegal) is proved by
:mod:`tutor.teaching.verify`.
"""

from __future__ import annotations

from tutor.content.course import (
    ASK_KINDS,
    FIND_KINDS,
    DemoStep,
    ExerciseStep,
    Lesson,
    QuestionStep,
    Step,
    Text,
    TextStep,
    WhyStep,
)
from tutor.core.moves import REASON_CODES, InvalidMoveError
from tutor.core.notation import parse_intent
from tutor.core.position import Position
from tutor.core.text import excerpt

from .fields import FieldReader
from .words import thing
from .yamlfile import Node, load_document

LESSON_KEYS = ("lesson", "title", "summary", "variant", "requires", "steps")
STEP_KEYS = {
    "text": (),
    "demo": ("text", "position", "move"),
    "exercise": ("text", "position", "goal", "find", "hints"),
    "why": ("text", "position", "move", "choices"),
    "question": ("text", "position", "seat", "ask"),
}


def load_lesson(text: str, filename: str) -> Lesson:
    """The lesson a lesson file's text describes; raise FileError listing every problem."""
    return lesson_from_node(load_document(text, filename), filename)


def lesson_from_node(node: Node, filename: str) -> Lesson:
    """The lesson a parsed lesson file describes; raise FileError listing every problem."""
    return _LessonReader(filename).lesson(node)


class _LessonReader(FieldReader):
    def lesson(self, root: Node) -> Lesson:
        p = self.problems
        if not self.mapping(root, thing("a_lesson"), LESSON_KEYS):
            p.raise_if_any()
        found = {key: self.required(root, key, thing("the_lesson"))
                 for key in ("lesson", "title", "summary", "variant", "steps")}
        lesson_id = self.ident(found["lesson"], thing("lesson_id")) if found["lesson"] else None
        title = self.text(found["title"], "title") if found["title"] else None
        summary = self.text(found["summary"], "summary") if found["summary"] else None
        variant_node = found["variant"]
        variant = self.variant(variant_node) if variant_node else None
        required = self.requires(root.get("requires"), lesson_id)
        default = variant_node if variant is not None else None
        steps_node = found["steps"]
        read = [self.step(s, default) for s in self.items(steps_node, "steps")] if steps_node else []
        p.raise_if_any()
        assert lesson_id is not None and title is not None and summary is not None and variant is not None
        steps = tuple(s for s in read if s is not None)
        requires, requires_where = tuple(r for r, _ in required), tuple(w for _, w in required)
        return Lesson(lesson_id, title, summary, variant, requires, steps, self.where(root), requires_where)

    def requires(self, node: Node | None, lesson_id: str | None) -> list[tuple[str, str]]:
        """Each lesson required, with where the file names it."""
        if node is None or node.is_null:
            return []
        out: list[tuple[str, str]] = []
        for item in self.items(node, "requires", empty_ok=True):
            other = self.ident(item, thing("required_lesson"))
            if other is not None and other == lesson_id:
                self.problems.add(item, f"lesson {other} cannot require itself; remove it from requires",
                                  "files.requires_itself", lesson=other)
            elif other is not None:
                out.append((other, self.where(item)))
        return out

    def step(self, node: Node, variant: Node | None) -> Step | None:
        kinds = list(STEP_KEYS)
        if not node.is_mapping or len(node.pairs) != 1:
            self.problems.add(node, f"a step is a mapping with one key, {', '.join(kinds[:-1])} or {kinds[-1]}, "
                                    "like '- text: {en: ..., de: ...}'", "files.bad_step", kinds=kinds)
            return None
        key, body = node.pairs[0]
        kind = self.choice(key, kinds, thing("step_kind"))
        if kind is None:
            return None
        where = self.where(node)
        if kind == "text":
            text = self.text(body, thing("text_step"))
            return TextStep(text, where) if text is not None else None
        what = thing("step", kind=kind)
        if not self.mapping(body, what, STEP_KEYS[kind]):
            return None
        text_node, pos_node = (self.required(body, k, what) for k in ("text", "position"))
        text = self.text(text_node, thing("step_text", kind=kind)) if text_node else None
        pos = self.position(pos_node, variant) if pos_node else None
        if kind == "demo":
            move_node = self.required(body, "move", what)
            move = self.move(pos, move_node, thing("demo_move")) if pos is not None and move_node else None
            if text is None or pos is None or move is None:
                return None
            return DemoStep(text, pos, move, where)
        if kind == "exercise":
            return self.exercise(body, text, pos, where)
        if kind == "why":
            return self.why(body, text, pos, where)
        return self.question(body, text, pos, where)

    def exercise(self, body: Node, text: Text | None, pos: Position | None, where: str) -> ExerciseStep | None:
        goal_node, find_node = body.get("goal"), body.get("find")
        accepts = "goal: (the best moves for it are accepted) or find: (any move of that kind is accepted)"
        if goal_node is None and find_node is None:
            self.problems.add(body, f"an exercise needs {accepts}", "files.exercise_needs")
            return None
        if goal_node is not None and find_node is not None:
            self.problems.add(find_node, f"an exercise has either {accepts}, not both; remove one", "files.exercise_both")
            return None
        goal = self.goal(goal_node, pos) if goal_node else None
        find = self.choice(find_node, FIND_KINDS, thing("move_kind")) if find_node else None
        hints_node = body.get("hints")
        hints = self.texts(hints_node, "hints", thing("hint"), claims=True) if hints_node else ()
        if text is None or pos is None or (goal is None and find is None):
            return None
        return ExerciseStep(text, pos, goal, find, hints, where)

    def why(self, body: Node, text: Text | None, pos: Position | None, where: str) -> WhyStep | None:
        what = thing("step", kind="why")
        move_node, choices_node = (self.required(body, k, what) for k in ("move", "choices"))
        intent = None
        if move_node is not None:
            if move_node.is_scalar and not move_node.is_null:
                try:
                    intent = parse_intent(move_node.text)
                except InvalidMoveError as err:
                    self.problems.add(move_node, f"the move {move_node.text!r} cannot be read: {err.message}",
                                      "files.why_move_unreadable", text=excerpt(move_node.text), example=err.example)
            else:
                self.problems.add(move_node, f"the move must be a move like 7S x 8D, not {move_node.describe()}",
                                  "files.why_move_not_text", value=move_node.description())
        choices: list[str] = []
        for item in self.items(choices_node, "choices") if choices_node else ():
            code = self.choice(item, list(REASON_CODES), thing("reason_code"))
            if code in choices:
                self.problems.add(item, f"the choice {code} is listed twice; keep one", "files.choice_twice", code=code)
            elif code is not None:
                choices.append(code)
        if choices_node is not None and choices_node.is_list and len(choices_node.children) < 2:
            self.problems.add(choices_node, "a why step needs at least two choices to pick from", "files.why_choices")
        if text is None or pos is None or intent is None or move_node is None or len(choices) < 2:
            return None
        return WhyStep(text, pos, move_node.text, intent, tuple(choices), where)

    def question(self, body: Node, text: Text | None, pos: Position | None, where: str) -> QuestionStep | None:
        what = thing("step", kind="question")
        seat_node, ask_node = (self.required(body, k, what) for k in ("seat", "ask"))
        players = pos.players if pos is not None else 4
        seat = self.whole(seat_node, "seat", 0, players - 1) if seat_node else None
        ask = self.choice(ask_node, ASK_KINDS, thing("question")) if ask_node else None
        if text is None or pos is None or seat is None or ask is None:
            return None
        return QuestionStep(text, pos, seat, ask, where)
