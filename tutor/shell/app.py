"""Starting the tutor: open the progress and the content, then run the session, or a script from a pipe."""

from __future__ import annotations

import io
import os
import shutil
import signal
import sys
from collections.abc import Mapping
from typing import TextIO

from tutor.content.course import Catalog
from tutor.core.text import LAYOUT, escaped
from tutor.loading.catalog import LeftOut
from tutor.loading.content_cache import cache_folder, cached_catalog
from tutor.play.collector import tune_collector
from tutor.render import LANGS, Renderer, detect_lang
from tutor.render.chart import fit
from tutor.render.problems import problem_words
from tutor.storage import Progress, ProgressError, default_path
from tutor.teaching.verify import verify_catalog

from .catch_up import catch_up
from .commands import dispatch, farewell, farewell_due, welcome
from .progress_words import progress_problem
from .state import DEFAULT_WIDTH, Shell
from .status import StatusLine

SUITS_SETTING = "suits"
"""The progress file's setting of how suits are shown: ``ascii`` (letters) or ``glyphs`` (kept by ``--keep``)."""


def run_script(shell: Shell, lines: TextIO, out: TextIO) -> int:
    """Read commands line by line (standard input is not a terminal), print each reply; at the end of the input
    without ``quit``, say what could not be saved, if anything could not, that ``resume`` goes on with a game left
    open, and how to keep a language not kept.  A byte order mark before the first line (a script saved by
    Windows Notepad) is no part of its command."""
    out.write(fit(escaped(welcome(shell), keep=LAYOUT), shell.width()) + "\n")
    for number, line in enumerate(lines):
        reply = dispatch(shell, line.removeprefix("\ufeff") if number == 0 else line)
        if reply.text:
            out.write(fit(reply.text, shell.width()) + "\n")
        out.flush()
        if reply.quit:
            return 0
    if farewell_due(shell):
        out.write(fit(escaped(farewell(shell), keep=LAYOUT), shell.width()) + "\n")
    return 0


def terminal_width() -> int:
    """The terminal's columns (``COLUMNS`` first), or the default when output goes elsewhere."""
    return shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns


def read_content(ui: Renderer, environ: Mapping[str, str]) -> tuple[Catalog, tuple[LeftOut, ...]]:
    """The lessons and puzzles (:func:`~tutor.loading.content_cache.cached_catalog`); read afresh (the first start,
    or after an update: seconds), with a progress line that counts the files read."""
    with StatusLine() as status:
        def reading(done: int, files: int) -> None:
            status.show(lambda spent: ui.message("shell.reading_content", done=done, files=files, spent=spent))

        return cached_catalog(cache_folder(environ), progress=reading)


def leave_on_hangup() -> None:
    """A terminal closed under the tutor (SIGHUP) or a polite kill (SIGTERM) leaves as Ctrl-D does, without its
    farewell: the activity is left (a puzzle hinted and not answered is recorded as its miss, a game let go) and the
    progress file closed.  By default they ended the process with nothing of that done."""
    def leave(signum: int, frame: object) -> None:
        if signum == getattr(signal, "SIGHUP", None):  # the terminal is gone: what is still written goes nowhere
            gone = os.open(os.devnull, os.O_WRONLY)
            for stream in (1, 2):
                os.dup2(gone, stream)
        raise SystemExit(128 + signum)

    for name in ("SIGHUP", "SIGTERM"):
        if hasattr(signal, name):  # Windows has no SIGHUP
            signal.signal(getattr(signal, name), leave)


def start(lang: str | None, ascii_only: bool | None, no_color: bool, environ: Mapping[str, str], keep: bool = False,
          glyphs_written: bool = True) -> int:
    """Open the learner's progress and the content, then run the shell (or the script on stdin) in ``lang``, else
    the language kept, else the locale's; suits in letters when ``ascii_only``, else when kept so (None), or
    always when standard output cannot write the glyphs (not ``glyphs_written``); ``keep``: keep ``lang`` and
    ``ascii_only``, those given, for later sessions."""
    fallback = lang or detect_lang(environ)

    def importing(count: int) -> None:
        print(Renderer(fallback).message("shell.importing", count=count), file=sys.stderr, flush=True)

    try:
        progress = Progress.open(environ=environ, notice=importing)
    except ProgressError as err:
        print(fit(escaped(progress_problem(Renderer(fallback), err), keep=LAYOUT), terminal_width()),
              file=sys.stderr)
        return 1
    stored = progress.get_setting("lang")
    kept = stored if stored in LANGS else detect_lang(environ)
    # a file that cannot be read is left out, and the welcome says so; the others are the course
    catalog, left_out = read_content(Renderer(lang or kept), environ)
    across = verify_catalog(catalog)  # a learner's own file may reuse an id or require a lesson that is not there
    if across:
        ui = Renderer(lang or kept)
        said = [ui.message("shell.course_unreadable"), *(problem_words(ui, p) for p in across)]
        print(escaped("\n".join(said), keep=LAYOUT), file=sys.stderr)
        return 2
    letters = progress.get_setting(SUITS_SETTING) == "ascii" if ascii_only is None else ascii_only
    shell = Shell(catalog, progress, lang or kept, symbols=glyphs_written and not letters, width=terminal_width,
                  kept_lang=kept, left_out=left_out)
    try:  # the session goes on as asked; leaving, it says the language was not kept
        if keep and lang is not None:
            shell.set_lang(lang)
        if keep and ascii_only is not None:
            progress.set_setting(SUITS_SETTING, "ascii" if ascii_only else "glyphs")
    except ProgressError as err:
        print(fit(escaped(progress_problem(shell.ui, err), keep=LAYOUT), terminal_width()), file=sys.stderr)
    leave_on_hangup()
    try:
        tune_collector()
        shell.caught_up = catch_up(shell)  # before the welcome, which counts the positions it queues
        # typed at a terminal, with a terminal to prompt on (standard output, else standard error, as Python's own
        # prompt goes): else a script, the replies alone on standard output
        if not sys.stdin.isatty() or not (sys.stdout.isatty() or sys.stderr.isatty()):
            if isinstance(sys.stdin, io.TextIOWrapper):  # a line its encoding cannot read is answered, not a crash
                sys.stdin.reconfigure(errors="replace")
            return run_script(shell, sys.stdin, sys.stdout)
        # prompt_toolkit loads only for a terminal
        from prompt_toolkit.output import create_output

        from .colour import colour_wanted
        from .session import TutorSession, history_file

        colour, history = colour_wanted(no_color, environ), history_file(default_path(environ))
        if sys.stdout.isatty():
            return TutorSession(shell, colour, history=history, pager=True).run()
        # standard output goes to a file or a pipe: the prompt on the terminal, the replies (plain text) to the file
        return TutorSession(shell, colour, history=history, output=create_output(sys.stderr), replies=sys.stdout).run()
    finally:
        shell.activity = None  # a game's review worker ends now, not waited for at exit
        progress.close()
