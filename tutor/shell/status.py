"""A progress line on standard error for work that may take a while (a command, the shell's hint or review):
quiet for the first half second, then kept up to date while the work goes on."""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import TextIO

QUIET_FOR = 0.5
"""Seconds of work before the line shows."""
EVERY = 0.1
"""Seconds at least between two showings."""


def columns(stream: TextIO) -> int | None:
    """The columns of the terminal ``stream`` writes to; None when it writes to none."""
    try:
        return os.get_terminal_size(stream.fileno()).columns if stream.isatty() else None
    except (AttributeError, OSError, ValueError):  # no file behind it (io.UnsupportedOperation is an OSError)
        return None


def cut(text: str, width: int | None) -> str:
    """``text`` within ``width`` columns less one (the last column would wrap a terminal's line), when a width is
    known: a line rewritten in place must stay one line."""
    return text if width is None else text[:max(width - 1, 0)]


class StatusLine:
    """A line rewritten in place on ``stream`` (standard error), once :data:`QUIET_FOR` seconds of ``clock``
    have passed since ``quiet_from`` (when the screen began to stand still; by default, when the line was made),
    and at most every :data:`EVERY` seconds; ``words`` is told the seconds spent since the line was made.  Off
    when the stream is not a terminal, unless ``always``.

    On a terminal (or when ``ticking``) a thread shows the last words given again every :data:`EVERY` seconds,
    so that the line comes at half a second and its seconds go on between two steps of the work (a computer's
    move, a move reviewed), however long a step takes."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter, stream: TextIO | None = None,
                 always: bool = False, environ: Mapping[str, str] | None = None, quiet_from: float | None = None,
                 ticking: bool | None = None) -> None:
        self.clock = clock
        self.stream = stream or sys.stderr
        self.on = always or self.stream.isatty()
        self.dumb = (os.environ if environ is None else environ).get("TERM") == "dumb"
        self.start = clock()
        self.quiet_from = self.last = self.start if quiet_from is None else quiet_from
        self.shown = False
        self.width = 0  # of the line shown
        self.words: Callable[[float], str] | None = None  # the last given
        self.ticking = self.on and (self.stream.isatty() if ticking is None else ticking)
        self.lock = threading.Lock()  # one writer at a time: the work's thread or the ticker
        self.done = threading.Event()
        self.ticker: threading.Thread | None = None
        self.columns = columns(self.stream)

    def __enter__(self) -> StatusLine:
        return self

    def __exit__(self, *stopped: object) -> None:
        """The line taken away, also when what it told of was stopped (Ctrl-C): nothing of it is left on the
        screen beside what is said next."""
        self.clear()

    def show(self, words: Callable[[float], str]) -> None:
        """The line now says ``words`` (once it may show), and goes on saying them until the next ``show``."""
        if not self.on or self.done.is_set():
            return
        with self.lock:
            self.words = words
            self._refresh()
        if self.ticking and self.ticker is None and not self.done.is_set():
            self.ticker = threading.Thread(target=self._tick, name="status line", daemon=True)
            self.ticker.start()

    def clear(self) -> None:
        """The line taken away, when it was shown; it shows no more."""
        self.done.set()
        if self.ticker is not None:
            self.ticker.join()
            self.ticker = None
        if self.shown:
            self._put("")
            self.shown = False

    def _tick(self) -> None:
        while not self.done.wait(EVERY):
            with self.lock:
                if not self.done.is_set():
                    self._refresh()

    def _refresh(self) -> None:
        """The last words shown, when the line may show (under the lock)."""
        now = self.clock()
        if self.words is not None and now - self.quiet_from >= QUIET_FOR and now - self.last >= EVERY:
            self.last, self.shown = now, True
            self._put(self.words(now - self.start))

    def _put(self, text: str) -> None:
        """``text`` in place of the line shown: the line erased by its escape code, or on a terminal that shows
        escape codes as they are (``TERM=dumb``) covered with ``text`` and spaces."""
        text = cut(text, self.columns)
        if self.dumb:
            print("\r" + text.ljust(self.width) + "\r" + text, end="", file=self.stream, flush=True)
            self.width = len(text)
        else:
            print("\r\033[K" + text, end="", file=self.stream, flush=True)
