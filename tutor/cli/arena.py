"""``cassino-tutor arena``: arguments checked, mirrored pairs played, the result printed; records written.

The arena itself is :mod:`tutor.play.arena`; this module is its command line,
which writes the records (the play package reads and writes nothing).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from functools import partial
from pathlib import Path
from typing import Any

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.text import excerpt
from tutor.loading.options import check_deal, read_variant
from tutor.loading.positions import position_to_data, variant_to_data
from tutor.parallel.pool import cores_available, in_order
from tutor.play.arena import Contest, Recorder, arrangements, interval, play_pair
from tutor.play.game import RoundRecord
from tutor.play.players import FROZEN, LEVELS, TRIALS
from tutor.render import Renderer, find_name, near_name
from tutor.render.chart import fit
from tutor.render.os_errors import os_reason
from tutor.shell.app import terminal_width
from tutor.shell.status import StatusLine
from tutor.shell.variant_words import variant_label

from .engine import move_data
from .support import Say, UsageError, command_lang, dumps, preset_arg, whole_number

MAX_PAIRS = 100_000
BAR_WIDTH = 30


def arena(args: argparse.Namespace) -> tuple[str, int]:
    """Play the pairs the arguments ask for; the report as text in the chosen language, wrapped to the terminal, or
    one JSON document with ``--json``."""
    lang = command_lang(args.arena_lang, args.lang)
    say = Renderer(lang)
    contest, jobs = read_contest(args, say.message)
    if args.jobs is not None and jobs < int(args.jobs):
        print(say.message("arena.jobs_capped", asked=int(args.jobs), jobs=jobs), file=sys.stderr)
    record = _recorder(args.record, lang, say.message) if args.record is not None else None
    values: list[float] = []
    with StatusLine() as status:  # from half a second on, taken away at the end (or Ctrl-C)
        status.show(partial(_progress_bar, say, 0, contest.pairs))
        for value in in_order(partial(play_pair, contest, record=record), contest.pairs, jobs):
            values.append(value)
            status.show(partial(_progress_bar, say, len(values), contest.pairs))
    result = interval(values)
    rounds = contest.pairs * len(arrangements(contest.players))
    if args.json:
        return dumps({
            "a": contest.a, "b": contest.b, "variant": variant_to_data(contest.variant),
            "players": contest.players, "pairs": contest.pairs, "mean": result.mean,
            "low": result.low, "high": result.high, "sd": result.sd, "rounds": rounds, "seed": contest.seed,
        }), 0
    report = [
        say.message("arena.contest", a=say.message(f"levels.{contest.a}"), b=say.message(f"levels.{contest.b}"),
                    variant=variant_label(say, contest.variant), players=contest.players, pairs=contest.pairs,
                    rounds=rounds, seed=contest.seed),
        say.message("arena.result", mean=result.mean, low=result.low, high=result.high),
    ]
    return fit("\n".join(report), terminal_width()), 0


def read_contest(args: argparse.Namespace, say: Say) -> tuple[Contest, int]:
    """The contest and the number of processes the arguments ask for, at most the cores this process may use;
    UsageError naming what is wrong, in the words of ``say``."""
    levels = [_level(args.a, "--a", say), _level(args.b, "--b", say)]
    variant = read_variant(preset_arg(args.variant), args.options, say)
    players = whole_number(args.players, "--players", 2, 4, say)
    check_deal(variant, players, say)
    pairs = whole_number(args.pairs, "--pairs", 2, MAX_PAIRS, say)
    seed = whole_number(args.seed, "--seed", 0, 2**63, say)
    jobs = whole_number(args.jobs, "--jobs", 1, 256, say) if args.jobs is not None else 1
    return Contest(levels[0], levels[1], variant, players, pairs, seed), min(jobs, cores_available())


def _level(name: str | None, option: str, say: Say) -> str:
    """The level ``name`` means: its code, or its name in either language (``Raffer``: ``greedy``); the ladder's
    levels, the frozen ones (``club-v1``) and the trials (``expert-trial``). A refusal lists the ladder's levels,
    then the others (for measurements: docs/strength.md), and names the level nearest a mistyped name."""
    known = [*LEVELS, *FROZEN, *TRIALS]
    levels, others = ([say(f"levels.{level}") for level in group] for group in (LEVELS, [*FROZEN, *TRIALS]))
    if name is None:
        raise UsageError(say("arguments.no_level", option=option, levels=levels, others=others))
    level = find_name(name, known, "levels.{}")
    if level is None:
        raise UsageError(say("arguments.unknown_level", option=option, text=excerpt(name), quoted=repr(excerpt(name)),
                             near=near_name(name, [*known, *levels, *others]), levels=levels, others=others))
    return level


RECORDS = "pair-*.jsonl"
"""The names of the records a run writes."""


def _recorder(folder: str, lang: str, say: Say) -> Recorder:
    """A recorder writing into ``folder`` (made if missing), its errors in ``lang``, or a UsageError when it cannot
    be, or when the folder holds records already."""
    if not folder.strip():
        raise UsageError(say("arguments.record_empty"))
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UsageError(say("arguments.record_is_file", folder=folder)) from None
    except OSError as err:
        raise UsageError(say("arguments.record_not_made", folder=folder, why=os_reason(say, err))) from None
    if not os.access(path, os.W_OK):
        raise UsageError(say("arguments.record_not_writable", folder=folder))
    if next(path.glob(RECORDS), None) is not None:  # a second run would write over some of them, and mix the two
        raise UsageError(say("arguments.record_not_new", folder=folder))
    return partial(write_round, path, lang)


def write_round(folder: Path, lang: str, index: int, arrangement: str, played: RoundRecord) -> None:
    """One round as ``pair-NNNNNN-ARRANGEMENT.jsonl``: a line a move, the position before it and the move; a
    UsageError in ``lang`` (a code: the recorder runs in the worker processes) when it cannot be written."""
    lines = [json.dumps(round_line(ply.before, ply.move), ensure_ascii=False) for ply in played.plies]
    path = folder / f"pair-{index + 1:06d}-{arrangement}.jsonl"
    try:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as err:
        say = Renderer(lang).message
        raise UsageError(say("arguments.record_write_failed", folder=path, why=os_reason(say, err))) from None


def round_line(before: Position, move: Move) -> dict[str, Any]:
    """A record line: the position block (every hand and the stock as lists of cards, an empty stock as ``[]``,
    not left out) and one element of ``moves --json``."""
    position = position_to_data(before)
    position.setdefault("stock", [])
    return {"position": position, "move": move_data(before, move)}


def _progress_bar(say: Renderer, done: int, pairs: int, spent: float) -> str:
    """The progress line's bar: ``done`` pairs played of ``pairs``, in ``spent`` seconds."""
    filled = BAR_WIDTH * done // pairs
    bar = "#" * filled + "." * (BAR_WIDTH - filled)
    return say.message("arena.progress", bar=bar, done=done, pairs=pairs, spent=spent)
