"""The engine commands ``moves``, ``perft``, ``solve`` and ``check``.

Each takes the parsed arguments and returns (text to print, exit status); bad
input raises :class:`~tutor.cli.support.UsageError`.  JSON shapes follow
``shared/spec/interfaces.md`` exactly (keys may only be added).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from tutor.content.course import Catalog, Lesson, Puzzle
from tutor.content.folders import content_dir
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.search import LONG_DEAL_CARDS, SearchError
from tutor.core.solver import Goal, GoalError, Ranking, rank_moves
from tutor.core.text import LAYOUT, escaped, excerpt
from tutor.loading.catalog import load_file, yaml_files
from tutor.loading.positions import load_position, table_to_data
from tutor.loading.words import Words
from tutor.loading.yamlfile import FileError, Problem, read_yaml_file
from tutor.parallel.pool import in_order
from tutor.parallel.workers import MOST_WORKERS, sharing, usable_cores
from tutor.render import Renderer, detect_lang
from tutor.render.problems import problem_words, said
from tutor.teaching.verify import verify_advised, verify_catalog, verify_lesson, verify_puzzle

from .support import EXIT_STOPPED, UsageError, dumps, seconds, whole_number


def load(path: str, lang: str | None = None) -> Position:
    """The position in ``path``, or a one-line :class:`UsageError` (its problem in ``lang``, English if None)."""
    try:
        return load_position(read_yaml_file(path, stdin=True), path)
    except FileError as err:
        ui = Renderer(lang or "en")
        more = len(err.problems) - 1
        said = problem_words(ui, err.problems[0]) + (" " + ui.message("files.more", n=more) if more else "")
        raise UsageError(said) from None


def to_move_known(pos: Position) -> None:
    """A UsageError unless the round is over or the hand of the seat to move is listed."""
    if pos.is_round_over():
        return
    if pos.hidden_counts[pos.to_move]:
        raise UsageError(f"the hand of {_player(pos.to_move)}, to move, is not known; list its cards")


def move_data(pos: Position, move: Move) -> dict[str, Any]:
    """One entry of the ``moves`` JSON."""
    loose, builds = pos.table_after(move)
    return {
        "notation": pos.notation(move),
        "card": str(move.card),
        "kind": move.kind,
        "captured": [str(c) for c in move.captured_cards()],
        "table": table_to_data(loose, builds, pos.variant),
        "sweep": pos.is_sweep(move),
    }


def moves(args: argparse.Namespace) -> tuple[str, int]:
    pos = load(args.file, args.lang)
    to_move_known(pos)
    listed = list(pos.legal_moves())
    if args.json:
        return dumps({"to_move": pos.to_move, "moves": [move_data(pos, m) for m in listed]}), 0
    symbols = not args.ascii
    lines = [f"{_player(pos.to_move)} to move: {_count(len(listed), 'legal move')}"]
    width = max((len(pos.notation(m, symbols)) for m in listed), default=0)
    for m in listed:
        taken = len(m.captured_cards())
        note = m.kind + (f", takes {taken}" if taken else "") + (", sweep" if pos.is_sweep(m) else "")
        lines.append(f"  {pos.notation(m, symbols):<{width}}  {note}")
    return "\n".join(lines), 0


def perft_count(pos: Position, depth: int) -> int:
    """Distinct move sequences of ``depth`` moves (shorter where the round ends)."""
    if depth == 0:
        return 1
    listed = pos.generate()
    if not listed:
        return 1
    if depth == 1:
        return len(listed)
    total = 0
    for m in listed:
        pos.push(m)
        total += perft_count(pos, depth - 1)
        pos.pop()
    return total


def perft(args: argparse.Namespace) -> tuple[str, int]:
    try:
        depth = int(args.depth)
    except ValueError:
        raise UsageError(f"depth must be a whole number, not {excerpt(args.depth)!r}") from None
    if depth < 0:
        raise UsageError("depth must be 0 or more")
    pos = load(args.file, args.lang)
    if any(pos.hidden_counts) or pos.stock_size:
        raise UsageError("perft needs every hand known and the stock empty")
    return str(perft_count(pos, depth)), 0


def solve(args: argparse.Namespace) -> tuple[str, int]:
    say = partial(_say, args.lang)
    try:
        goal = Goal.from_str(args.goal)
    except GoalError as err:
        raise UsageError(said(Renderer(args.lang or "en"), Words(str(err), f"files.goal_{err.code}",
                                                                  tuple(err.params.items())))) from None
    jobs = whole_number(args.jobs, "--jobs", 1, MOST_WORKERS, say) if args.jobs is not None else usable_cores()
    limit = seconds(args.time_limit, "--time-limit", say) if args.time_limit is not None else None
    pos = load(args.file, args.lang)
    to_move_known(pos)
    cards = sum(map(len, pos.hands))
    if goal.is_deal and cards > LONG_DEAL_CARDS:
        advice = "" if limit else "; give --time-limit SECONDS to stop it with what it has proven"
        print(f"cassino-tutor solve: {cards} cards in the hands: this exact search may take much longer "
              f"than a minute{advice}", file=sys.stderr, flush=True)
    start = time.perf_counter()
    deadline = time.monotonic() + limit if limit else None
    stop = (lambda: time.monotonic() > deadline) if deadline is not None else None
    try:
        ranking = rank_moves(pos, goal, sharing(jobs), stop)
    except SearchError as err:
        raise UsageError(str(err)) from None
    ms = round((time.perf_counter() - start) * 1000, 3)
    status = 0 if ranking.complete else EXIT_STOPPED
    if not ranking.complete:
        print(f"cassino-tutor solve: stopped at the {limit:g} s time limit with {len(ranking.moves)} of "
              f"{len(ranking.moves) + len(ranking.unfinished)} moves valued; what is shown is proven",
              file=sys.stderr, flush=True)
    if args.json:
        return dumps(solve_data(pos, ranking, ms)), status
    symbols = not args.ascii
    if not ranking.moves and ranking.complete:
        return "No legal move: the round is over.", 0
    best = ranking.best
    found = "best value" if ranking.complete else "best value found"
    lines = [f"Goal {goal}: {found} {ranking.value} ({_unit(goal)}), {_count(len(best), 'best move')}"]
    if not ranking.moves:
        lines = [f"Goal {goal}: no move valued before the time limit"]
    for j in ranking.moves:
        mark = "*" if j.move in best else " "
        shown = "/".join(str(v) for v in j.values)
        text = f" {mark} {shown:>5}  {pos.notation(j.move, symbols)}"
        if j.line[1:]:
            text += "   then " + ", ".join(_line_notations(pos, j.line, symbols)[1:])
        lines.append(text)
    for u in ranking.unfinished:
        lines.append(f"   {'?':>5}  {pos.notation(u.move, symbols)}   {_bounds_text(u.lower, u.upper)}")
    lines.append(f"({ranking.nodes} positions searched in {ms:.0f} ms)")
    return "\n".join(lines), status


def _bounds_text(lower: int | None, upper: int | None) -> str:
    if lower is None and upper is None:
        return "not valued"
    if upper is None:
        return f"at least {lower}"
    if lower is None:
        return f"at most {upper}"
    return f"from {lower} to {upper}"


def _line_notations(pos: Position, line: Sequence[Move], symbols: bool = False) -> list[str]:
    """The notations of a line of play from the current position (its first move included)."""
    out = []
    for move in line:
        out.append(pos.notation(move, symbols))
        pos.push(move)
    for _ in line:
        pos.pop()
    return out


def solve_data(pos: Position, ranking: Ranking, ms: float) -> dict[str, Any]:
    """The ``solve --json`` document (interfaces.md), with ``nodes``, ``ms`` and lines added."""
    moves = []
    for j in ranking.moves:
        entry: dict[str, Any] = {"notation": pos.notation(j.move), "value": j.value}
        if len(j.values) > 1:
            entry["values"] = list(j.values)
        if j.line:
            entry["line"] = _line_notations(pos, j.line)[1:]
        moves.append(entry)
    return {
        "goal": str(ranking.goal),
        "value": ranking.value,
        "best": [pos.notation(m) for m in ranking.best],
        "moves": moves,
        "nodes": ranking.nodes,
        "ms": ms,
        "complete": ranking.complete,
        **({"unfinished": [{"notation": pos.notation(u.move), "lower": u.lower, "upper": u.upper}
                           for u in ranking.unfinished]} if ranking.unfinished else {}),
    }


def check(args: argparse.Namespace) -> tuple[str, int]:
    """Validate position, lesson and puzzle files (folders searched), proving content by the solver; the
    problems and the count in the language of ``--lang``, else the locale's."""
    ui = Renderer(args.check_lang or args.lang or detect_lang(os.environ))
    targets = args.files or [str(content_dir("lessons")), str(content_dir("puzzles"))]
    problems: list[str] = []
    files: list[str] = []
    for target in targets:
        path = Path(target)
        files += [str(f) for f in yaml_files(path)] if path.is_dir() else [target]
    if not files:
        raise UsageError(ui.message("check.no_files", targets=targets))
    lessons: list[Lesson] = []
    puzzles: list[Puzzle] = []
    proved: list[Puzzle] = []
    positions = 0
    for path_text in files:
        try:
            content = load_file(read_yaml_file(path_text, stdin=True), path_text)
        except FileError as err:
            problems += [problem_words(ui, p) for p in err.problems]
            continue
        if isinstance(content, Lesson):
            lessons.append(content)
            found = verify_lesson(content)
        elif isinstance(content, Position):
            positions += 1
            found = []
        else:
            puzzles += content
            found = []
            for puzzle in content:
                found += (wrong := verify_puzzle(puzzle))
                proved += [] if wrong else [puzzle]
        problems += [problem_words(ui, p) for p in sorted(found, key=lambda p: (p.line, p.col))]
    problems += [problem_words(ui, p) for found in in_order(partial(_advised, tuple(proved)), len(proved),
                                                            usable_cores()) for p in found]
    if len(files) > 1:
        problems += [problem_words(ui, p) for p in verify_catalog(Catalog(tuple(lessons), tuple(puzzles)))]
    if problems:
        print(escaped("\n".join(problems), keep=LAYOUT), file=sys.stderr)
        print(ui.message("check.found", n=len(problems)), file=sys.stderr)
        return "", 2
    return ui.message("check.good", lessons=len(lessons), puzzles=len(puzzles), positions=positions), 0


def _advised(puzzles: tuple[Puzzle, ...], index: int) -> list[Problem]:
    """:func:`verify_advised` of one puzzle, by its index (a pool's task)."""
    return verify_advised(puzzles[index])


def _say(lang: str | None, key: str, /, **params: Any) -> str:
    """The catalog message ``key`` in ``lang`` (English if None); the templates load only when one is said."""
    return Renderer(lang or "en").message(key, **params)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def _player(seat: int) -> str:
    """A seat as the tutor names it, with its number in the position file."""
    return f"Player {seat + 1} (seat {seat})"


_UNITS = {
    "cards": "table cards taken",
    "points": "points taken",
    "sweep": "1 for a sweep",
    "safe": "minus the points the next player can take, then minus the cards",
    "deal": "round points of the mover's side minus the best other side's",
}


def _unit(goal: Goal) -> str:
    """What a value of ``goal`` counts, for the listing's first line."""
    first = goal.criteria[0]
    return f"1 for taking {first.card}" if first.card is not None else _UNITS[first.name]
