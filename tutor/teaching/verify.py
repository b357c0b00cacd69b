"""Proof of content by the engine: what a file claims, the solver confirms.

:func:`verify_lesson` and :func:`verify_puzzle` check one loaded lesson or
puzzle (exercises have something to learn, listed solutions are exactly the
best moves, why-steps show illegal moves whose rule is among the choices);
:func:`verify_advised` that a single-move puzzle's answer is good Cassino by
the advisor (apart: it costs far more than the solver's proof);
:func:`verify_catalog` checks across files (ids unique, required lessons
exist, no cycles).  Each returns the problems found, located as in the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tutor.content.course import Catalog, ExerciseStep, Lesson, Puzzle, Text, WhyStep
from tutor.core.moves import REASON_CODES, Move
from tutor.core.position import Position
from tutor.core.search import LONG_DEAL_CARDS, SearchError
from tutor.core.solver import Goal, Ranking, rank_moves
from tutor.loading.words import Words, rule_section, words
from tutor.loading.yamlfile import Problem

from .answers import why_reason
from .coach import fits_kind
from .hint_claims import Setting, hint_problems
from .soundness import advised, unsound_answer, unsound_message


def verify_lesson(lesson: Lesson) -> list[Problem]:
    """Every exercise and why step checked by the engine.

    (A demo's move is proved legal when the file is read; a question's answer
    is computed, so it cannot be wrong.)
    """
    problems: list[Problem] = []
    for step in lesson.steps:
        message: Words | None = None
        if isinstance(step, ExerciseStep):
            message = _mover_unknown(step.position) or _exercise(step)
        elif isinstance(step, WhyStep):
            message = _mover_unknown(step.position) or _why(step)
        if message is not None:
            problems.append(_at(step.where, message))
    return problems


def verify_puzzle(puzzle: Puzzle) -> list[Problem]:
    """The puzzle has something to find, and its listed solution is exactly the solver's best moves."""
    pos, goal = puzzle.position, puzzle.goal
    ranking = _mover_unknown(pos) or _rank(pos, goal)
    if isinstance(ranking, Words):
        return [_at(puzzle.where, ranking)]
    best = ranking.best
    if len(best) == len(ranking.moves):
        return [_at(puzzle.where, _nothing_to_learn(goal, ranking))]
    messages: list[Words] = []
    wrong: list[Problem] = []
    for n, move in enumerate(puzzle.solution):
        if move not in best:
            worth, top = (_values(j.values) for j in (ranking.judged(move), ranking.moves[0]))
            where = puzzle.solution_at[n] if n < len(puzzle.solution_at) else puzzle.where
            wrong.append(_at(where, _said(f"the solution {pos.notation(move)} is not best for goal {goal}: "
                                          f"it is worth {worth}, the best {top} ({_notations(pos, best)})",
                                          "not_best", move=pos.notation(move), goal=str(goal), worth=worth,
                                          top=top, best=_notations(pos, best))))
    missing = [m for m in best if m not in puzzle.solution]
    if puzzle.solution and missing:
        accepts = f"{len(best)} best move{'s' * (len(best) != 1)}"
        messages.append(_said(f"goal {goal} accepts {accepts}; list every one under solution: "
                              f"(missing: {_notations(pos, missing)})", "missing_best", goal=str(goal),
                              n=len(best), missing=_notations(pos, missing)))
    elif not puzzle.solution and len(best) > 1:
        messages.append(_said(f"goal {goal} has {len(best)} best moves ({_notations(pos, best)}); "
                              "list every accepted one under solution:", "list_best", goal=str(goal), n=len(best),
                              best=_notations(pos, best)))
    messages += _line(puzzle)
    messages += _hints(puzzle.hints, Setting(pos, ranking, puzzle.line))
    return wrong + [_at(puzzle.where, m) for m in messages]


def verify_advised(puzzle: Puzzle) -> list[Problem]:
    """A ``safe``, ``points`` or ``cards`` puzzle's accepted answers are good Cassino: none surely loses the
    review's margin against the advisor's best move from the learner's view (:mod:`.soundness`).  For a puzzle
    that :func:`verify_puzzle` proves; nothing to say for other goals."""
    pos = puzzle.position
    if not advised(puzzle.goal):
        return []
    accepted = puzzle.solution or rank_moves(pos.copy(), puzzle.goal).best
    loss = unsound_answer(pos, accepted)
    if loss is None:
        return []
    detail = unsound_message(pos, loss)
    return [_at(puzzle.where, _said(f"puzzle {puzzle.id}: {detail}", "unsound", id=puzzle.id, detail=detail))]


def _hints(hints: Sequence[Text], setting: Setting | None) -> list[Words]:
    """What is wrong with the claims of engine-made hints (those that keep their claim) in ``setting``."""
    out = []
    for n, hint in enumerate(hints, 1):
        if hint.claim is not None and setting is None:
            out.append(_said(f"hint {n} claims {hint.claim.key}, which needs a goal: give the exercise a goal:",
                             "hint_needs_goal", n=n, key=hint.claim.key))
        elif setting is not None:
            out += [_said(f"hint {n}: {m}", "hint_wrong", n=n, detail=m) for m in hint_problems(hint, setting)]
    return out


def _line(puzzle: Puzzle) -> list[Words]:
    """A line's learner moves and replies are each best at their position; no learner turn but the first is
    trivial."""
    pos, learner, messages = puzzle.position.copy(), puzzle.position.to_move, []
    for n, move in enumerate(puzzle.line, 1):
        ranking = _rank(pos, puzzle.goal)
        if isinstance(ranking, Words):
            return [_said(f"line move {n}: {ranking}", "line_unranked", n=n, why=ranking)]
        best, said = ranking.best, f"line move {n} ({pos.notation(move)})"
        who = "the learner's" if pos.to_move == learner else f"a reply of Player {pos.to_move + 1} (seat {pos.to_move})"
        if move not in best:
            worth, top = (_values(j.values) for j in (ranking.judged(move), ranking.moves[0]))
            messages.append(_said(f"{said}, {who}, is not best for its side: it is worth {worth}, the best {top} "
                                  f"({_notations(pos, best)}); every move of a line is one of the solver's best",
                                  "line_not_best", n=n, move=pos.notation(move), learner=pos.to_move == learner,
                                  seat=pos.to_move, worth=worth, top=top, best=_notations(pos, best)))
        elif pos.to_move == learner and n > 1 and len(best) == len(ranking.moves):
            messages.append(_said(f"{said}: {_all_best(ranking)} best for the learner here, so this turn teaches "
                                  "nothing; end the line on the learner's move before it", "line_trivial", n=n,
                                  move=pos.notation(move), moves=len(ranking.moves)))
        pos.push(move)
    return messages


def verify_catalog(catalog: Catalog) -> list[Problem]:
    """Ids unique across files, every required lesson present, no cycle of requirements."""
    problems: list[Problem] = []
    for kind, items in (("lesson", catalog.lessons), ("puzzle", catalog.puzzles)):
        first: dict[str, str] = {}
        for item in items:
            seen = first.setdefault(item.id, item.where)
            # two puzzles of one file sharing an id are reported when the file is read
            if _file(seen) != _file(item.where):
                problems.append(_at(item.where, _said(f"the {kind} id {item.id} is also used at {seen}; give each "
                                                      "its own id", f"{kind}_id_twice", id=item.id, seen=seen)))
    ids = {lesson.id for lesson in catalog.lessons}
    for lesson in catalog.lessons:
        for i, other in enumerate(lesson.requires):
            if other not in ids:
                message = _said(f"lesson {lesson.id} requires {other}, but there is no lesson {other}; "
                                f"lessons are: {', '.join(sorted(ids))}", "no_required", lesson=lesson.id, other=other,
                                lessons=sorted(ids))
                where = lesson.requires_where[i] if i < len(lesson.requires_where) else lesson.where
                problems.append(_at(where, message))
    cycle = _cycle(catalog.lessons)
    if cycle:
        message = _said("these lessons require each other in a circle, so none can be started: "
                        f"{' -> '.join(cycle)}; remove one requirement", "cycle", cycle=cycle)
        problems.append(_at(catalog.lesson(cycle[0]).where, message))
    return problems


def verify_added(course: Catalog, added: Catalog) -> list[Problem]:
    """:func:`verify_catalog` of ``added`` (lessons and puzzles of some files) joined to the ``course`` (the
    installed content) as the tutor joins them: the problems located in the added files.  The course's items
    from those same files are replaced by the added ones, so a file of the course checked again is not its own
    twin."""
    files = {_resolved(_file(item.where)) for item in added.lessons} | {_resolved(_file(p.where)) for p in added.puzzles}

    def other(item: Lesson | Puzzle) -> bool:
        return _resolved(_file(item.where)) not in files

    joined = Catalog((*filter(other, course.lessons), *added.lessons), (*filter(other, course.puzzles), *added.puzzles))
    return [p for p in verify_catalog(joined) if _resolved(p.file) in files]


def _resolved(file: str) -> str:
    return str(Path(file).resolve())


# ---- steps -----------------------------------------------------------------------


def _at(where: str, message: Words) -> Problem:
    """A problem at a ``file:line:col`` location."""
    file, line, col = where.rsplit(":", 2)
    return Problem.of(file, int(line), int(col), message)


def _said(text: str, key: str, /, **params: object) -> Words:
    """A proof's problem: ``text`` in English, keyed ``verify.KEY`` with ``params``."""
    return words(text, f"verify.{key}", **params)


def _mover_unknown(pos: Position) -> Words | None:
    if pos.is_round_over():
        return _said("the round is over in this position: there is no move to play", "round_over")
    if pos.hidden_counts[pos.to_move]:
        return _said(f"the hand of Player {pos.to_move + 1} (seat {pos.to_move}), to move, must be listed card by "
                     "card", "mover_unknown", seat=pos.to_move)
    return None


def _rank(pos: Position, goal: Goal) -> Ranking | Words:
    """The solver's ranking, or why there is none."""
    cards = sum(map(len, pos.hands))
    if goal.is_deal and cards > LONG_DEAL_CARDS:
        return _said(f"goal {goal} with {cards} cards in the hands may take far longer than a minute to prove; "
                     f"keep a deal to at most {LONG_DEAL_CARDS} cards in all hands (the last two or three a hand)",
                     "deal_too_long", goal=str(goal), cards=cards, most=LONG_DEAL_CARDS)
    try:
        return rank_moves(pos.copy(), goal)
    except SearchError as err:
        return _said(f"goal {goal} cannot be solved here: {err}", "unsolved", goal=str(goal), detail=str(err))


def _exercise(step: ExerciseStep) -> Words | None:
    pos = step.position
    if step.goal is not None:
        ranking = _rank(pos, step.goal)
        if isinstance(ranking, Words):
            return ranking
        if len(ranking.best) == len(ranking.moves):
            return _nothing_to_learn(step.goal, ranking)
        return _joined(_hints(step.hints, Setting(pos, ranking)))
    assert step.find is not None
    if (wrong := _hints(step.hints, None)):
        return _joined(wrong)
    moves = pos.generate()
    fitting = [m for m in moves if fits_kind(pos, m, step.find)]
    if not fitting:
        return _said(f"no legal move here is a {step.find}; change the position or find:", "no_kind",
                     kind=step.find)
    if len(fitting) == len(moves):
        return _said(f"every legal move here is a {step.find}: nothing to learn; change the position or find:",
                     "every_kind", kind=step.find)
    return None


def _joined(found: list[Words]) -> Words | None:
    """Several problems of one step in one, separated by '; '."""
    return _said("; ".join(map(str, found)), "joined", problems=found) if found else None


def _why(step: WhyStep) -> Words | None:
    try:
        code = why_reason(step).code
    except ValueError:
        return _said(f"the move {step.move!r} is legal here; a why step shows a move the rules forbid", "why_legal",
                     move=step.move)
    if code not in step.choices:
        return _said(f"the engine says {step.move!r} breaks rule {code} ({REASON_CODES[code]}), "
                     "which is not among the choices; add it", "why_not_choice", move=step.move, code=code,
                     rules=REASON_CODES[code], section=rule_section(code), reason=words(code, f"reason_titles.{code}"))
    return None


def _nothing_to_learn(goal: Goal, ranking: Ranking) -> Words:
    return _said(f"{_all_best(ranking)} best for goal {goal}: nothing to learn; change the position or the goal",
                 "nothing_to_learn", goal=str(goal), moves=len(ranking.moves))


def _all_best(ranking: Ranking) -> str:
    count = len(ranking.moves)
    return "the only legal move is" if count == 1 else f"all {count} legal moves are"


def _values(values: Sequence[int]) -> str:
    return "/".join(map(str, values))


def _notations(pos: Position, moves: Sequence[Move]) -> str:
    return ", ".join(pos.notation(m) for m in moves)


# ---- the catalog -------------------------------------------------------------------


def _file(where: str) -> str:
    return where.rsplit(":", 2)[0]


def _cycle(lessons: Sequence[Lesson]) -> list[str]:
    """One cycle of requirements as ids (first repeated at the end), or []."""
    requires = {lesson.id: lesson.requires for lesson in lessons}
    state: dict[str, int] = {}  # 1 on the current path, 2 finished
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in requires.get(node, ()):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt in requires and nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for lesson in lessons:
        if lesson.id not in state:
            found = visit(lesson.id)
            if found:
                return found
    return []
