"""The engine commands ``moves``, ``perft``, ``solve`` and ``check``.

Each takes the parsed arguments and returns (text to print, exit status); bad
input raises :class:`~tutor.cli.support.UsageError`.  JSON shapes follow
``shared/spec/interfaces.md`` exactly (keys may only be added).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from tutor.content.course import Catalog, Lesson, Puzzle
from tutor.content.folders import content_dir
from tutor.core.moves import Move
from tutor.core.notation import typed_card
from tutor.core.position import Position
from tutor.core.search import LONG_DEAL_CARDS, SearchError
from tutor.core.solver import Goal, GoalError, Ranking, rank_moves
from tutor.core.text import LAYOUT, escaped, excerpt
from tutor.loading.catalog import load_file, read_catalog, unlisted_folders, yaml_files
from tutor.loading.positions import load_position, table_to_data
from tutor.loading.reading import STDIN
from tutor.loading.words import Words
from tutor.loading.yamlfile import FileError, Problem, read_yaml_file
from tutor.parallel.pool import in_order
from tutor.parallel.workers import MOST_WORKERS, sharing, usable_cores
from tutor.render import Renderer, detect_lang
from tutor.render.chart import fit
from tutor.render.problems import problem_words, said
from tutor.shell.status import StatusLine
from tutor.teaching.verify import verify_added, verify_advised, verify_lesson, verify_puzzle

from .support import EXIT_STOPPED, UsageError, command_lang, dumps, seconds, whole_number

MOVE_COLUMN = 10
"""Where a move starts in a row of ``solve``'s listing (after the mark and the value); a long row goes on there."""


def load(path: str, lang: str | None = None) -> Position:
    """The position in ``path``, or a one-line :class:`UsageError` (its problem in ``lang``, English if None)."""
    try:
        return load_position(read_yaml_file(path, stdin=True), path)
    except FileError as err:
        ui = Renderer(lang or "en")
        more = len(err.problems) - 1
        said = problem_words(ui, err.problems[0]) + (" " + ui.message("files.more", n=more) if more else "")
        raise UsageError(said) from None


def to_move_known(pos: Position, ui: Renderer) -> None:
    """A UsageError (in the words of ``ui``) unless the round is over or the hand of the seat to move is listed."""
    if pos.is_round_over():
        return
    if pos.hidden_counts[pos.to_move]:
        raise UsageError(ui.message("arguments.hand_unknown", player=_player(ui, pos.to_move)))


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
    """Every legal move, in the language of ``--lang`` (else the locale's), or one JSON document with ``--json``."""
    ui = Renderer(command_lang(None, args.lang), symbols=not args.ascii)
    pos = load(args.file, ui.lang)
    to_move_known(pos, ui)
    listed = list(pos.legal_moves())
    if args.json:
        return dumps({"to_move": pos.to_move, "moves": [move_data(pos, m) for m in listed]}), 0
    if pos.is_round_over() or pos.needs_deal():  # nobody is to move
        return no_move_words(pos, ui.message), 0
    lines = [ui.message("engine.to_move", player=_player(ui, pos.to_move), n=len(listed))]
    shown = [ui.move(pos, m) for m in listed]
    width = max(map(len, shown), default=0)
    for m, notation in zip(listed, shown):
        note = ui.message("engine.move_note", kind=m.kind, taken=len(m.captured_cards()), sweep=pos.is_sweep(m))
        lines.append(f"  {notation:<{width}}  {note}")
    return "\n".join(lines), 0


def no_move_words(pos: Position, say: Callable[..., str]) -> str:
    """Why nobody is to move, in words: every hand is empty and the next deal is due, else the round is over."""
    return say("engine.deal_due", n=pos.stock_size) if pos.needs_deal() else say("engine.no_move")


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
    lang = command_lang(None, args.lang)
    say = Renderer(lang).message
    try:
        depth = int(args.depth)
    except ValueError:
        raise UsageError(say("arguments.depth_not_number", text=excerpt(args.depth),
                             quoted=repr(excerpt(args.depth)))) from None
    if depth < 0:
        raise UsageError(say("arguments.depth_negative"))
    pos = load(args.file, lang)
    if any(pos.hidden_counts) or pos.stock_size:
        raise UsageError(say("arguments.perft_needs_known", unknown=_unknown(pos, say)))
    return str(perft_count(pos, depth)), 0


def solve(args: argparse.Namespace) -> tuple[str, int]:
    """The moves ranked for ``--goal``, in the language of ``--lang`` (else the locale's), or one JSON document
    with ``--json``."""
    ui = Renderer(command_lang(None, args.lang), symbols=not args.ascii)
    say = ui.message
    try:
        goal = Goal.from_str(_typed_goal(args.goal))
    except GoalError as err:
        raise UsageError(said(ui, Words(str(err), f"files.goal_{err.code}", tuple(err.params.items())))) from None
    jobs = whole_number(args.jobs, "--jobs", 1, MOST_WORKERS, say) if args.jobs is not None else usable_cores()
    limit = seconds(args.time_limit, "--time-limit", say, ui.lang) if args.time_limit is not None else None
    pos = load(args.file, ui.lang)
    to_move_known(pos, ui)
    cards = sum(map(len, pos.hands))
    if goal.is_deal and cards > LONG_DEAL_CARDS:
        print(f"cassino-tutor solve: {say('engine.long_deal', cards=cards, limited=bool(limit))}",
              file=sys.stderr, flush=True)
    start = time.perf_counter()
    deadline = time.monotonic() + limit if limit else None
    stop = (lambda: time.monotonic() > deadline) if deadline is not None else None
    try:
        with StatusLine() as line:
            if goal.is_deal:
                line.show(lambda spent: say("engine.searching", spent=spent))
            ranking = rank_moves(pos, goal, sharing(jobs), stop)
    except SearchError:  # its one cause: a deal goal where a hand or the stock is not known
        raise UsageError(say("arguments.deal_needs_known", unknown=_unknown(pos, say))) from None
    ms = round((time.perf_counter() - start) * 1000, 3)
    status = 0 if ranking.complete else EXIT_STOPPED
    if not ranking.complete:
        stopped = say("engine.stopped", limit=limit, valued=len(ranking.moves),
                      moves=len(ranking.moves) + len(ranking.unfinished))
        print(f"cassino-tutor solve: {stopped}", file=sys.stderr, flush=True)
    if args.json:
        return dumps(solve_data(pos, ranking, ms)), status
    first = goal.criteria[0]
    unit = say("engine.unit", name=first.name, card=first.card)
    if not ranking.moves and ranking.complete:
        over = [] if ranking.value is None else [say("engine.over", goal=_goal_words(goal, ui), value=ranking.value,
                                                     unit=unit)]
        return "\n".join([no_move_words(pos, say), *over]), 0
    best = ranking.best
    lines = [say("engine.best", goal=_goal_words(goal, ui), complete=ranking.complete, value=ranking.value, n=len(best),
                 unit=unit)]
    if not ranking.moves:
        lines = [say("engine.nothing_valued", goal=_goal_words(goal, ui))]
    elif first.name == "card" and first.card not in pos.table_cards():
        lines.append(say("engine.card_not_on_table", card=first.card))
    width = max((len(ui.move(pos, m)) for m in (*(j.move for j in ranking.moves if j.line[1:]),
                                                 *(u.move for u in ranking.unfinished))), default=0)
    for j in ranking.moves:
        mark = "*" if j.move in best else " "
        shown = "/".join(str(v) for v in j.values)
        text = f" {mark} {shown:>5}  {ui.move(pos, j.move)}"
        if j.line[1:]:
            text = f"{text:<{MOVE_COLUMN + width}}   " + say("engine.then", moves=_line_notations(pos, j.line, ui.move)[1:])
        lines.append(text)
    for u in ranking.unfinished:  # the bounds in the column of the valued moves' lines
        text = f"   {'?':>5}  {ui.move(pos, u.move)}"
        lines.append(f"{text:<{MOVE_COLUMN + width}}   {say('engine.bounds', lower=u.lower, upper=u.upper)}")
    lines.append(say("engine.searched", nodes=ranking.nodes, ms=ms))
    return fit("\n".join(lines), shutil.get_terminal_size().columns, hang=MOVE_COLUMN), status


def _typed_goal(text: str) -> str:
    """The goal as typed, each ``card:CODE`` in the English code the goal reads: a German player may type the
    card as a German screen shows it (``card:DKa``)."""
    parts = []
    for part in text.split(","):
        name, colon, code = part.partition(":")
        found = typed_card(code) if colon and name.strip().lower() == "card" else None
        parts.append(f"card:{found}" if found is not None else part)
    return ",".join(parts)


def _goal_words(goal: Goal, ui: Renderer) -> str:
    """The goal as the learner types it, a card in their language's letters (``card:DKa``)."""
    return ",".join(f"card:{ui.typed_card(c.card)}" if c.card is not None else c.name for c in goal.criteria)


def _line_notations(pos: Position, line: Sequence[Move],
                    shown: Callable[[Position, Move], str] = Position.notation) -> list[str]:
    """The notations of a line of play from the current position (its first move included), each as ``shown``
    writes a move of its position (by default the notation's English codes)."""
    out = []
    for move in line:
        out.append(shown(pos, move))
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
        problems += [problem_words(ui, p) for p in unlisted_folders(path)] if path.is_dir() else []
    named: dict[str, str] = {}
    for file in files:  # a file named twice (or within a folder named too) is checked once
        named.setdefault(_same_file(file), file)
    files = list(named.values())
    if not files and not problems:
        raise UsageError(ui.message("check.no_files", targets=targets))
    lessons: list[Lesson] = []
    puzzles: list[Puzzle] = []
    proved: list[Puzzle] = []
    positions = 0
    with StatusLine() as status:  # the installed content takes a minute: its files counted, then its puzzles
        for done, path_text in enumerate(files):
            status.show(partial(_checking, ui, "check.progress_files", done, len(files)))
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
        status.show(partial(_checking, ui, "check.progress_advised", 0, len(proved)))
        for done, found in enumerate(in_order(partial(_advised, tuple(proved)), len(proved), usable_cores()), 1):
            problems += [problem_words(ui, p) for p in found]
            status.show(partial(_checking, ui, "check.progress_advised", done, len(proved)))
    if lessons or puzzles:
        # the files join the installed course, as once they are in lessons/ or puzzles/: their ids must be new
        # there, and a lesson may require the course's lessons (with no files named, they are the course)
        course = read_catalog()[0] if args.files else Catalog((), ())
        problems += [problem_words(ui, p) for p in verify_added(course, Catalog(tuple(lessons), tuple(puzzles)))]
    if problems:
        print(escaped("\n".join(problems), keep=LAYOUT), file=sys.stderr)
        print(ui.message("check.found", n=len(problems)), file=sys.stderr)
        return "", 2
    return ui.message("check.good", lessons=len(lessons), puzzles=len(puzzles), positions=positions), 0


def _same_file(name: str) -> str:
    """What names one file however it is written (``-``, standard input, as itself)."""
    return name if name == STDIN else os.path.realpath(name)


def _checking(ui: Renderer, key: str, done: int, total: int, spent: float) -> str:
    """``check``'s progress line: ``done`` of ``total`` files checked, or puzzles weighed (``key``)."""
    return ui.message(key, done=done, total=total, spent=spent)


def _advised(puzzles: tuple[Puzzle, ...], index: int) -> list[Problem]:
    """:func:`verify_advised` of one puzzle, by its index (a pool's task)."""
    return verify_advised(puzzles[index])


def _unknown(pos: Position, say: Callable[..., str]) -> list[str]:
    """What of ``pos`` is not known, in words: each hand given as a number of cards, and the stock."""
    hands = [say("arguments.unknown_hand", seat=seat, n=n) for seat, n in enumerate(pos.hidden_counts) if n]
    return hands + ([say("arguments.unknown_stock", n=pos.stock_size)] if pos.stock_size else [])


def _player(ui: Renderer, seat: int) -> str:
    """A seat as the tutor names it, with its number in the position file."""
    return ui.message("engine.player", name=ui.seat_name(seat), seat=seat)
