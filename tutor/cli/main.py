"""The ``cassino-tutor`` command line: every command's arguments, each command run, and, with no command, the tutor.

The engine commands ``moves``, ``perft``, ``solve`` and ``check`` (:mod:`.engine`; contract:
``shared/spec/interfaces.md``) read a position file and print a listing, or exactly one JSON document with
``--json``; ``sheet``, ``puzzles``, ``arena``, ``advise`` and ``replay`` each have a module of their own, loaded
only for that command.  Bad input exits with status 2 and a one-line message on standard error; an unexpected
error becomes a crash report and one line (status 70, :data:`EXIT_CRASHED`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from tutor.core.cards import SUIT_SYMBOLS
from tutor.core.text import LAYOUT, escaped, excerpt
from tutor.loading.options import OptionError
from tutor.shell.pager import needs_paging, pager_command, run_pager

from .parser_words import (
    NearestChoice,
    asked_lang,
    asks_help,
    choice_words,
    help_words,
    parse_command_line,
    parser_words,
    placeholder_words,
    take_tools_options,
)
from .support import EXIT_BAD_INPUT, UsageError

EXIT_INTERRUPTED = 130
SUIT_GLYPHS = "".join(SUIT_SYMBOLS.values())
SHEET_FORMATS = ("html", "md", "txt", "pdf")
"""What ``sheet --format`` writes."""
SHEET_ENDINGS = {".html": "html", ".htm": "html", ".md": "md", ".txt": "txt", ".pdf": "pdf"}
"""The format of a sheet written to ``-o FILE`` without ``--format``, by the file's ending."""


def build_parser() -> argparse.ArgumentParser:
    parser = NearestChoice(
        prog="cassino-tutor",
        description="A rules-variant tutor and capture-puzzle trainer for the card game Cassino. "
        "Without a command, starts the interactive tutor.",
    )
    parser.add_argument("--lang", choices=("en", "de"),
                        help="language of the tutor for this session (default: the kept choice, else the locale)")
    parser.add_argument("--keep", action="store_true",
                        help="keep --lang (as the tutor's “lang” command does), --ascii or --glyphs for later sessions")
    parser.add_argument("--ascii", action="store_true", help="letters for suits (S H D C) instead of glyphs")
    parser.add_argument("--glyphs", action="store_true",
                        help="glyphs for suits in place of a kept --ascii (the default), in the tutor only")
    parser.add_argument("--no-color", action="store_true", help="no colours (also when NO_COLOR is set)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("moves", help="list every legal move of a position")
    p.add_argument("file", help="position file (YAML)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                   help="letters for suits (S H D C) instead of glyphs")

    p = sub.add_parser("perft", help="count the move sequences of a given length")
    p.add_argument("file", help="position file (YAML); every hand known, stock empty")
    p.add_argument("depth", help="number of moves in each sequence")

    p = sub.add_parser("solve", help="the best move(s) for a goal")
    p.add_argument("file", help="position file (YAML)")
    p.add_argument("--goal", default="cards", help="cards, points, sweep, safe, card:CODE or deal; join with commas for tie-breaks (default: cards)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                   help="letters for suits instead of glyphs")
    p.add_argument("--jobs", metavar="J", help="processes for a long deal search (default: one a core, up to 4, where processes can be forked)")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help="stop a deal search after this long, print what it has proven and exit with status 3")

    p = sub.add_parser("check", help="validate position, lesson and puzzle files, proving lessons and puzzles by the solver")
    p.add_argument("files", nargs="*", metavar="FILE|DIR",
                   help="files, or folders searched for YAML files (default: the installed lessons and puzzles)")
    p.add_argument("--lang", dest="check_lang", metavar="en|de", choices=("en", "de"),
                   help="language of the problems (default: the locale)")

    p = sub.add_parser("sheet", help="a printable rule sheet for any variant, in English or German")
    p.add_argument("--variant", default="classic", metavar="PRESET", help="the preset to start from (default: classic)")
    p.add_argument("--set", action="append", default=[], dest="options", metavar="OPTION=VALUE",
                   help="an option on top of the preset, like target=11; may be repeated")
    p.add_argument("--players", default="2", metavar="P", help="2, 3 or 4 (default: 2)")
    p.add_argument("--lang", dest="sheet_lang", metavar="en|de", help="language (default: the locale)")
    p.add_argument("--format", choices=SHEET_FORMATS,
                   help="default: the ending of -o FILE (.html, .htm, .md, .txt or .pdf; another ending is refused, "
                        "none gives html); without -o, txt to a terminal, html to a pipe or a redirect; given, FILE "
                        "is written in this format whatever its ending")
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help="page size for printing (default: a4)")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (needed for pdf) instead of standard output")
    p.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                   help="letters for suits instead of glyphs")

    p = sub.add_parser("puzzles", help="make puzzle files: generate finds puzzles in random deals, hints remakes their "
                                       "hints, replace makes some anew, rate gives their ratings")
    actions = p.add_subparsers(dest="puzzles_command", metavar="ACTION")
    p = actions.add_parser("generate", help="puzzles of one theme from seeded random deals, each proved by the solver")
    p.add_argument("--theme", help="the theme every puzzle shows (the themes of docs/formats.md)")
    p.add_argument("--count", metavar="N", help="how many puzzles")
    p.add_argument("--variant", metavar="PRESET", help="the preset played (default: classic, or the theme's own preset)")
    p.add_argument("--players", metavar="P", help="2, 3 or 4 (default: 2; 4 for partnership)")
    p.add_argument("--seed", default="1", metavar="S", help="the same seed and count give the same file (default: 1)")
    p.add_argument("--lines", action="store_true",
                   help="line puzzles: the learner plays, the others reply, the learner plays again (last deals)")
    p.add_argument("--goal", metavar="GOAL", help="the one goal tried, points, safe, cards or deal (a last deal), "
                                                  "instead of the theme's (docs/generator.md)")
    p.add_argument("--max-rating", metavar="R", help="only puzzles the difficulty model rates R or less")
    p.add_argument("--jobs", metavar="J", help="processes to mine with (default: one a core)")
    p.add_argument("--progress", action="store_true", help="a counter on standard error, also when it is not a terminal")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.add_argument("--force", action="store_true", help="write over FILE when it exists (else it is refused)")

    p = actions.add_parser("hints", help="make the hints of generated puzzle files again with the generator's code "
                                         "(each hint with its claim); only the hints change")
    p.add_argument("files", nargs="+", metavar="FILE", help="generated puzzle files, rewritten in place")
    p = actions.add_parser("replace", help="replace puzzles of a generated file by new ones of the same run, each "
                                           "under a new id (ID-r1, then ID-r2, ...), so that a learner's progress "
                                           "on the old puzzle never passes to the new one; the other puzzles "
                                           "untouched")
    p.add_argument("file", metavar="FILE", help="a generated puzzle file, rewritten in place")
    p.add_argument("ids", nargs="+", metavar="ID", help="the puzzles to replace")
    p.add_argument("--jobs", metavar="J", help="processes to mine with (default: one a core)")

    p = actions.add_parser("rate", help="give every puzzle of puzzle files the difficulty model's rating; only the "
                                        "rating: values change")
    p.add_argument("files", nargs="+", metavar="FILE", help="puzzle files, hand-written or generated, rewritten in place")

    p = sub.add_parser("arena", help="computer against computer over mirrored deals: A's points minus B's a pair")
    p.add_argument("--a", metavar="LEVEL", help="side A's level: random, greedy, club or expert; or club-v1, expert-v1: the club and the expert frozen as they were first measured; or expert-trial, expert-replies, expert-next-deal, expert-draw-2, expert-draw-3, expert-fair: candidate experts")
    p.add_argument("--b", metavar="LEVEL", help="side B's level")
    p.add_argument("--variant", default="classic", metavar="PRESET", help="the preset played (default: classic)")
    p.add_argument("--set", action="append", default=[], dest="options", metavar="OPTION=VALUE",
                   help="an option on top of the preset, like target=11; may be repeated")
    p.add_argument("--players", default="2", metavar="P", help="2, 3 or 4 (4: two partnerships; default: 2)")
    p.add_argument("--pairs", default="100", metavar="N", help="mirrored pairs: deals, each played from every side (default: 100)")
    p.add_argument("--seed", default="1", metavar="S", help="the same seed gives the same result (default: 1)")
    p.add_argument("--jobs", metavar="J", help="processes to play with (default: 1); the result is the same whatever J")
    p.add_argument("--record", metavar="DIR", help="write each round to DIR as JSON lines, a move a line")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--lang", dest="arena_lang", metavar="en|de", help="language of the report (default: the locale)")

    p = sub.add_parser("advise", help="every legal move valued from what the seat to move can know, best first")
    p.add_argument("file", help="position file (YAML); other hands and the stock as counts or cards")
    p.add_argument("--level", default="expert", metavar="LEVEL",
                   help="the advising level: expert, or expert-v1, the expert frozen as it was first measured "
                        "(default: expert)")
    p.add_argument("--worlds", metavar="N", help="deals of the unseen cards sampled (default: as the expert plays)")
    p.add_argument("--seed", default="0", metavar="S", help="the same seed gives the same answer (default: 0)")
    p.add_argument("--open", action="store_true", help="value the position as given: every card listed is known")
    p.add_argument("--time-limit", metavar="SECONDS",
                   help="stop after this long with the best found so far, and say so (default: 7)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--lang", dest="advise_lang", metavar="en|de", help="language of the listing (default: the locale)")
    p.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                   help="letters for suits instead of glyphs")

    p = sub.add_parser("replay", help="a saved game, round by round, with the review of your moves")
    p.add_argument("file", metavar="N|FILE", nargs="?",
                   help="game N of the shell's list of games, or a saved-game file (the shell's “games export” writes "
                        "one); without it, the list of games")
    p.add_argument("--review", metavar="all|none|N",
                   help="the rounds whose review of your moves is computed again, which takes seconds a round "
                        "(default: none; a kept game shows the reviews kept with it, unless none)")
    p.add_argument("--lang", dest="replay_lang", metavar="en|de",
                   help="language (default: for your own games, the one kept with the tutor's “lang”, else the locale)")
    p.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                   help="letters for suits instead of glyphs")
    take_tools_options(parser, "language of the command's output and messages (default: the locale)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return run(build_parser(), argv)
    except KeyboardInterrupt:
        print(f"cassino-tutor: {_words(argv)('arguments.interrupted')}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # the reader (say, `head`) stopped early: not an error worth a traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # noqa: BLE001 - the last line of defence: a report, one line, no traceback
        return _crashed(err, argv)


EXIT_CRASHED = 70  # EX_SOFTWARE: an error of ours, not of the input


def _words(argv: Sequence[str] | None) -> Callable[..., str]:
    """The catalog's messages in the language the command line asks for, else the locale's."""
    from tutor.render import Renderer, detect_lang  # the templates load only when there is something to say

    return Renderer(asked_lang(list(sys.argv[1:] if argv is None else argv)) or detect_lang(os.environ)).message


def _crashed(error: Exception, argv: Sequence[str] | None) -> int:
    """Save a report of an unexpected error in the data folder and say so in one line."""
    from tutor.storage import default_path
    from tutor.storage.reports import save_report

    words = list(sys.argv[1:] if argv is None else argv)
    report = save_report(default_path(os.environ).parent, error, f"cassino-tutor {' '.join(words)[:300]}")
    print(f"cassino-tutor: {_words(words)('shell.crashed', path=str(report) if report else '')}", file=sys.stderr)
    return EXIT_CRASHED


MAX_ARGUMENT_CHARS = 8192
"""The longest argument read (twice the longest path Linux takes): a longer one is refused before anything quotes it."""


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    suits = writes_suits(sys.stdout)  # before the help is printed
    if (long := next((w for w in words if len(w) > MAX_ARGUMENT_CHARS), None)) is not None:
        said = _words(words)("arguments.argument_too_long", chars=len(long), text=excerpt(long),
                             quoted=repr(excerpt(long)), most=MAX_ARGUMENT_CHARS)
        print(f"cassino-tutor: {said}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if asks_help(words):
        from tutor.render import Renderer, detect_lang  # the templates load only when help is asked for

        if (lang := asked_lang(words) or detect_lang(os.environ)) != "en":
            help_words(parser, Renderer(lang).message)
    with parser_words(words):
        args = _parsed(parser, words)
    if args.keep and (args.command is not None or (args.lang is None and not args.ascii and not args.glyphs)):
        print(f"cassino-tutor: {_words(words)('arguments.keep_alone')}", file=sys.stderr)
        return EXIT_BAD_INPUT
    # --glyphs undoes the tutor's kept --ascii: a command keeps none, and shows glyphs where its output can write them
    refused = "glyphs_alone" if args.glyphs and args.command is not None else "ascii_and_glyphs" if (
        args.ascii and args.glyphs) else ""
    if refused:
        print(f"cassino-tutor: {_words(words)('arguments.' + refused)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.command is None:
        from tutor.shell.app import start

        asked = True if args.ascii else False if args.glyphs else None  # None: as kept
        return start(args.lang, asked, args.no_color, os.environ, keep=args.keep, glyphs_written=suits)
    if not suits and not getattr(args, "output", None):
        args.ascii = True  # a file (-o) is written in UTF-8 whatever the terminal
    from tutor.play.collector import tune_collector

    from . import engine

    tune_collector()
    handlers = {
        "moves": engine.moves,
        "perft": engine.perft,
        "solve": engine.solve,
        "check": engine.check,
        "sheet": _sheet,
        "puzzles": _puzzles,
        "arena": _arena,
        "advise": _advise,
        "replay": _replay,
    }
    try:
        output, status = handlers[args.command](args)
    except (UsageError, OptionError) as err:
        print(f"cassino-tutor {args.command}: {escaped(str(err), keep=LAYOUT)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    text = escaped(output, keep=LAYOUT)
    if text and not paged(text, os.environ):
        print(text, flush=True)
    return status


def writes_suits(stream: TextIO) -> bool:
    """Whether ``stream`` can write the suits' glyphs: not in an ASCII or Latin-1 locale, a Windows code page or
    with ``PYTHONIOENCODING=ascii``.  When it cannot, it is set to write "?" for any other character it cannot
    write either (a quotation mark, an umlaut) rather than fail, and the suits are to be shown in letters."""
    try:
        SUIT_GLYPHS.encode(stream.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
        return False
    return True


def _parsed(parser: argparse.ArgumentParser, words: list[str]) -> argparse.Namespace:
    """The command line read; a mistake in it said once, in the words of the language it asks for, else the
    locale's: argparse's usage and message name the placeholders (``file``, ``FILE``) in those words too."""
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said):
            return parse_command_line(parser, words)
    except SystemExit as stop:
        from tutor.render import Renderer, detect_lang  # the templates load only when there is a mistake to say

        lang = asked_lang(words) or detect_lang(os.environ)
        if stop.code != EXIT_BAD_INPUT or lang == "en":
            sys.stderr.write(said.getvalue())
            raise
        placeholder_words(parser, Renderer(lang).message)
        choice_words(parser, Renderer(lang).message)
        return parse_command_line(parser, words)  # the same mistake, said with the placeholders and quotes of the learner's


def paged(text: str, environ: Mapping[str, str]) -> bool:
    """Show a command's ``text`` through the pager (the shell's: ``$PAGER``, else ``less``) when standard output is
    a terminal the text is taller than, as git does; False when it was not (then it is printed): piped output, a
    short text, no pager to run, or one that failed."""
    if not needs_paging(text, shutil.get_terminal_size().lines, sys.stdout.isatty()):
        return False
    command = pager_command(environ)
    return command is not None and run_pager(command, text + "\n", sys.stdout.encoding or "utf-8")


def _sheet(args: argparse.Namespace) -> tuple[str, int]:
    from .sheet import sheet  # Jinja and the templates load only for this command

    if args.format is None:
        args.format = sheet_format(args.output, sys.stdout.isatty())
    return sheet(args, list(SHEET_ENDINGS))


def sheet_format(output: str | None, terminal: bool) -> str | None:
    """The format of a sheet asked for without ``--format``: the one ``output``'s ending names (``.htm`` too),
    HTML for a file without an ending, None for another ending (``.docx``: refused, not written as HTML); without
    ``output``, text to read on a ``terminal``, else HTML (a pipe)."""
    if output is None:
        return "txt" if terminal else "html"
    suffix = Path(output).suffix.lower()
    return SHEET_ENDINGS.get(suffix) if suffix else "html"


def _puzzles(args: argparse.Namespace) -> tuple[str, int]:
    from .puzzles import puzzles  # the solver and the templates load only for this command

    return puzzles(args)


def _arena(args: argparse.Namespace) -> tuple[str, int]:
    from .arena import arena  # the players load only for this command

    return arena(args)


def _advise(args: argparse.Namespace) -> tuple[str, int]:
    from .advise import advise_command  # the advisor loads only for this command

    return advise_command(args)


def _replay(args: argparse.Namespace) -> tuple[str, int]:
    from .replay import replay  # the advisor loads only for this command

    return replay(args)
