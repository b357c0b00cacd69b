"""A progress line on standard error for work that may take a while (a command, the shell's hint or review):
quiet for the first half second."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Mapping
from typing import TextIO

QUIET_FOR = 0.5
"""Seconds of work before the line shows."""
EVERY = 0.1
"""Seconds at least between two showings."""


class StatusLine:
    """A line rewritten in place on ``stream`` (standard error), once :data:`QUIET_FOR` seconds of ``clock``
    have passed since it was made, and at most every :data:`EVERY` seconds; ``words`` is told the seconds
    spent.  Off when the stream is not a terminal, unless ``always``."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, stream: TextIO | None = None,
                 always: bool = False, environ: Mapping[str, str] | None = None) -> None:
        self.clock = clock
        self.stream = stream or sys.stderr
        self.on = always or self.stream.isatty()
        self.dumb = (os.environ if environ is None else environ).get("TERM") == "dumb"
        self.start = self.last = clock()
        self.shown = False
        self.width = 0  # of the line shown

    def __enter__(self) -> StatusLine:
        return self

    def __exit__(self, *stopped: object) -> None:
        """The line taken away, also when what it told of was stopped (Ctrl-C): nothing of it is left on the
        screen beside what is said next."""
        self.clear()

    def show(self, words: Callable[[float], str]) -> None:
        if not self.on:
            return
        now = self.clock()
        if now - self.start >= QUIET_FOR and now - self.last >= EVERY:
            self.last, self.shown = now, True
            self._put(words(now - self.start))

    def clear(self) -> None:
        """The line taken away, when it was shown."""
        if self.shown:
            self._put("")

    def _put(self, text: str) -> None:
        """``text`` in place of the line shown: the line erased by its escape code, or on a terminal that shows
        escape codes as they are (``TERM=dumb``) covered with ``text`` and spaces."""
        if self.dumb:
            print("\r" + text.ljust(self.width) + "\r" + text, end="", file=self.stream, flush=True)
            self.width = len(text)
        else:
            print("\r\033[K" + text, end="", file=self.stream, flush=True)
