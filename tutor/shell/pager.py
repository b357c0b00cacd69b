"""Long replies paged as git and pgcli page them: through ``$PAGER``, else ``less -R -F -X``, else a small pager
of our own; only when standard output is a terminal and the reply is taller than it (piped output never pages)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import TextIO

LESS = ["less", "-R", "-F", "-X"]
"""``less`` keeping colours (-R), quitting at once when the text fits one screen (-F), leaving it on screen (-X)."""
BELOW = 2
"""Rows under a reply in the shell: the line typed at and the toolbar."""


def needs_paging(text: str, rows: int, terminal: bool) -> bool:
    """Whether ``text`` (already wrapped to the terminal's width) is paged: only on a terminal of ``rows`` rows
    that cannot show it whole above the line typed at and the toolbar."""
    return terminal and text.count("\n") + 1 > rows - BELOW


def pager_command(environ: Mapping[str, str], which: Callable[[str], str | None] = shutil.which) -> list[str] | None:
    """The pager to run: ``$PAGER`` when it is set (and not blank), else ``less`` when it is installed and the
    terminal is not ``TERM=dumb`` (where less stops at "terminal is not fully functional"); None when there is
    neither (the built-in pager then pages)."""
    chosen = environ.get("PAGER", "").strip()
    if chosen:
        try:
            return shlex.split(chosen) or None
        except ValueError:  # unbalanced quotes: not a command we can run
            return None
    return LESS if environ.get("TERM") != "dumb" and which("less") else None


def run_pager(command: list[str], text: str, encoding: str = "utf-8") -> bool:
    """Give ``text`` to the pager ``command`` and wait for it; False when it could not be started or ended with an
    error status (``false``, a command its shell did not find): the text was not shown.  ``less`` named by
    ``$PAGER`` gets git's options (``LESS=FRX``) unless ``LESS`` is set."""
    env = {**os.environ, "LESS": os.environ.get("LESS", "FRX")}
    try:
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, env=env)
    except OSError:
        return False
    try:
        proc.communicate(text.encode(encoding, errors="replace"))
    except KeyboardInterrupt:  # Ctrl-C belongs to the pager (less stops its search): wait until it ends
        proc.wait()
        return True
    return proc.returncode <= 0  # killed by a signal (Ctrl-C): it was showing the text


def builtin_page(text: str, rows: int, more: str, read: Callable[[str], str] = input,
                 out: TextIO | None = None) -> None:
    """Page ``text`` a screen at a time, asking ``more`` (Enter goes on, anything typed before it stops; Ctrl-C or
    Ctrl-D stops too, and ends the line it was asked on, where the prompt would follow it)."""
    out = out or sys.stdout
    lines = text.split("\n")
    step = max(rows - 1, 1)
    for start in range(0, len(lines), step):
        out.write("\n".join(lines[start:start + step]) + "\n")
        if start + step >= len(lines):
            return
        try:
            if read(more).strip():
                return
        except (EOFError, KeyboardInterrupt):
            out.write("\n")
            return


class Pager:
    """Shows a reply whole, or paged when :func:`needs_paging` says so; ``plain`` shows it whole."""

    def __init__(self, plain: Callable[[str], None], more: Callable[[], str], environ: Mapping[str, str] | None = None,
                 out: TextIO | None = None, failed: Callable[[str], str] | None = None) -> None:
        self.plain = plain
        self.more = more
        self.failed = failed  # the note, said once, that the pager (its command given) did not show a reply
        self.told = False
        self.environ = os.environ if environ is None else environ
        self.out = out or sys.stdout

    def rows(self) -> int:
        return shutil.get_terminal_size().lines

    def show(self, text: str, coloured: str | None = None) -> bool:
        """Show ``text`` (``coloured``: the same with colour codes, for the pager), paged when it is too tall: whether
        it was paged (the learner may have left the pager before its end)."""
        rows = self.rows()
        if not needs_paging(text, rows, self.out.isatty()):
            self.plain(text)
            return False
        command = pager_command(self.environ)
        shown = coloured if coloured is not None else text
        if command is None:
            builtin_page(shown, rows, self.more(), out=self.out)
        elif not run_pager(command, shown + "\n", self.out.encoding or "utf-8"):
            self.plain(text)
            if self.failed is not None and not self.told:
                self.told = True
                self.plain(self.failed(shlex.join(command)))
            return False
        return True
