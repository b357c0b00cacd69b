"""``cassino-tutor advise``: a position file valued by the advisor from the mover's information.

Cards the file lists in other hands or in the stock are treated as unknown
(only their number counts) unless ``--open``; the advisor itself is
:mod:`tutor.play.advisor`.
"""

from __future__ import annotations

import argparse
import dataclasses

from tutor.core.occurrence import unheld_builds
from tutor.core.position import Position
from tutor.core.text import excerpt
from tutor.play.advisor import Advice, Expert, Progress, advise, advise_open
from tutor.play.players import player
from tutor.play.view import SeatView
from tutor.render import Renderer, find_name
from tutor.render.chart import fit
from tutor.shell.app import terminal_width
from tutor.shell.status import StatusLine

from .engine import load, to_move_known
from .support import UsageError, command_lang, dumps, seconds, whole_number

LEVELS = ("expert", "expert-v1")
"""The levels that advise: the ladder's expert, and the expert frozen as the arena first measured it (its playouts
by the first club's rules of thumb); the others play by rules of thumb and value no move."""
MAX_WORLDS = 10_000
DEFAULT_TIME_LIMIT = 7.0
"""Seconds the advice takes at most when not told otherwise: with loading, an answer within 10 s."""


def advise_command(args: argparse.Namespace) -> tuple[str, int]:
    """The advice the arguments ask for: a listing in the chosen language, wrapped to the terminal's width, or one
    JSON document with ``--json``."""
    lang = command_lang(args.advise_lang, args.lang)
    say = Renderer(lang, symbols=not args.ascii)
    words = say.message
    level = find_name(args.level, LEVELS, "levels.{}")
    if level is None:
        raise UsageError(words("arguments.not_advising", text=excerpt(args.level), quoted=repr(excerpt(args.level)),
                               levels=[words(f"levels.{n}") for n in LEVELS]))
    adviser = player(level)
    assert isinstance(adviser, Expert)
    worlds = whole_number(args.worlds, "--worlds", 1, MAX_WORLDS, words) if args.worlds is not None else adviser.worlds
    seed = whole_number(args.seed, "--seed", 0, 2**63, words)
    limit = seconds(args.time_limit, "--time-limit", words, lang) if args.time_limit is not None else DEFAULT_TIME_LIMIT
    pos = load(args.file, lang)
    to_move_known(pos, say)
    if pos.needs_deal():
        raise UsageError(words("arguments.deal_due", n=pos.stock_size))
    if pos.is_round_over() or not pos.generate():
        raise UsageError(words("arguments.round_over"))
    unheld = unheld_builds(pos)  # no world could deal such a seat its cards
    if unheld:
        fact = unheld[0]
        raise UsageError(words("arguments.cannot_value", reason=words(f"files.{fact.code}", **dict(fact.params))))
    if args.open and (any(pos.hidden_counts) or pos.stock_hidden):
        raise UsageError(words("arguments.open_needs_cards"))
    with StatusLine() as status:  # Ctrl-C leaves no line behind
        show = progress_line(say, limit, 1 if args.open else worlds, status)
        show(0)
        if args.open:
            advice = advise_open(pos, seed=seed, budget=limit, progress=show, playout=adviser.playout)
        else:
            advice = advise(SeatView.of(pos, pos.to_move), worlds=worlds, seed=seed, budget=limit, progress=show,
                            playout=adviser.playout, inference=adviser.inference, max_worlds=adviser.max_worlds,
                            exact=adviser.exact, replies=adviser.replies, beyond=adviser.beyond,
                            draw_turns=adviser.draw_turns)
    advice = dataclasses.replace(advice, level=level)  # the advisor's settings are the level's: its name
    if args.json:
        return dumps({
            "level": advice.level, "worlds": advice.worlds, "move": pos.notation(advice.best),
            "moves": [{"notation": pos.notation(mv.move), "value": mv.value, "spread": mv.spread} for mv in advice.moves],
            "seed": seed, "open": args.open, "to_move": pos.to_move,
            "time_limit": limit, "stopped_early": advice.stopped, "unvalued": advice.unvalued,
        }), 0
    return fit(listing(advice, pos, say, seed, args.open, limit), terminal_width()), 0


def progress_line(say: Renderer, limit: float, worlds: int, status: StatusLine) -> Progress:
    """The advisor's progress on ``status``: the worlds valued and the seconds spent of ``limit``."""
    def show(done: int) -> None:
        status.show(lambda spent: say.message("advise.progress", done=done, worlds=worlds, spent=spent, limit=limit))

    return show


def listing(advice: Advice, pos: Position, say: Renderer, seed: int, opened: bool, limit: float) -> str:
    """Every move with its value and spread, best first, under a header saying whose advice it is and on what."""
    header = say.message("advise.header", level=say.message(f"levels.{advice.level}"),
                         seat=say.seat_name(pos.to_move), worlds=advice.worlds, seed=seed, open=opened)
    rows = [(say.listed_move(pos, mv.move), say.decimal(mv.value, signed=True), say.decimal(mv.spread)) for mv in advice.moves]
    width = max(len(r[0]) for r in rows)
    lines = [header, say.message("advise.unit", worlds=advice.worlds)]
    if advice.stopped:
        lines.append(say.message("advise.stopped", limit=limit, worlds=advice.worlds, unvalued=advice.unvalued))
    lines += [f"  {move:<{width}}  {value:>7}  ± {spread}" for move, value, spread in rows]
    return "\n".join(lines)

