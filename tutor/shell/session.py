"""The interactive session: a prompt_toolkit prompt with completion, history, key bindings and a toolbar."""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import BinaryIO, TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.application import get_app_or_none, run_in_terminal
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.shortcuts import print_formatted_text
from prompt_toolkit.styles import Style

from tutor.core.text import LAYOUT, escaped, excerpt
from tutor.loading.words import NOT_REGULAR, Words, os_words
from tutor.render.chart import fit
from tutor.render.problems import said as in_words

from .colour import STYLE, ansi, coloured
from .commands import cancel_question, dispatch, farewell, welcome
from .completer import TutorCompleter
from .game_commands import current_run
from .keys import key_bindings
from .pager import Pager
from .state import Shell
from .toolbar import toolbar


class TutorSession:
    """Reads lines at a prompt with completion, history and a toolbar, and shows the replies."""

    def __init__(
        self,
        shell: Shell,
        colour: bool,
        history: History | None = None,
        input: Input | None = None,
        output: Output | None = None,
        say: Callable[[str], None] | None = None,
        pager: bool = False,
        replies: TextIO | None = None,
    ) -> None:
        """``replies``: where the replies go as plain text (standard output redirected to a file), the prompt going
        to ``output``, the terminal; else both go to ``output``."""
        self.shell = shell
        self.colour = colour
        self.output = output
        self.replies = replies
        self.prompt: PromptSession[str] = PromptSession(
            history=history or InMemoryHistory(),
            completer=TutorCompleter(shell),
            complete_while_typing=False,
            bottom_toolbar=lambda: toolbar(shell),
            key_bindings=key_bindings(self._run_key),
            style=Style.from_dict(STYLE),
            include_default_pygments_style=False,
            color_depth=None if colour else ColorDepth.DEPTH_1_BIT,  # --no-color as NO_COLOR: the toolbar too
            input=input,
            output=output,
        )
        self.say = say or self._print
        self.history_told = False  # the note that typed lines cannot be kept in their file is said once
        self.pager = Pager(self._show, lambda: shell.ui.message("shell.pager_more"),
                           failed=self._pager_failed) if pager else None

    def _pager_failed(self, command: str) -> str:
        """The note that the pager ``command`` did not show a reply (``$PAGER`` is the learner's: shown made safe),
        fitted to the terminal's width as every reply is."""
        return fit(self.shell.ui.message("shell.pager_failed", command=excerpt(command, 60)), self.shell.width())

    def _run_key(self, command: str) -> None:
        """A function key's command, its reply shown above the line being typed; Ctrl-C stops it as it stops a
        typed command."""
        with _ctrl_c_raises():
            try:
                reply = dispatch(self.shell, command)
            except KeyboardInterrupt:
                self.say(self._interrupted())
                return
        if reply.text:
            self.say(reply.text)

    def _interrupted(self) -> str:
        """What Ctrl-C during a command says: that it stopped, and in a game whose computers it stopped before the
        learner's turn, that "next" plays on (told only "Stopped", the learner did not know their move was played)."""
        run = current_run(self.shell)
        turn = run.no_turn() if run is not None else None
        return "\n".join(filter(None, [self.shell.ui.message("shell.interrupted"), turn]))

    def _print(self, text: str) -> None:
        """Show a reply fitted to the terminal's width, paged when it is taller than the terminal; under a paged
        reply that holds the task of the activity open (a tall puzzle), the task again: the pager may have been left
        (``q``) above the foot of the screen, where the task is."""
        said = escaped(text, keep=LAYOUT)
        text = fit(said, self.shell.width())
        pager = self.pager
        if pager is None:
            self._show(text)
            return
        app = get_app_or_none()
        activity = self.shell.activity
        task = activity.task_line() if activity is not None else ""

        def show() -> None:
            if pager.show(text, ansi(text) if self.colour else None) and task and task in said:
                self._show(fit(task, self.shell.width()))

        if app is not None and app.is_running:  # a function key's reply: the pager runs below the prompt
            run_in_terminal(lambda: _raising(show))
        else:
            show()

    def _show(self, text: str) -> None:
        if self.replies is not None:
            self.replies.write(text + "\n")
            self.replies.flush()
            return
        print_formatted_text(coloured(text, self.colour), style=Style.from_dict(STYLE), output=self.output)

    def run(self) -> int:
        """Read and answer lines until the learner leaves.  Every line is read on one event loop: prompt_toolkit's
        own ``prompt`` makes a loop a line and leaves it in a reference cycle, which the garbage collector then
        finalises at any moment of a later command, and a Ctrl-C that lands in that finaliser is lost (printed as
        "Exception ignored")."""
        loop = asyncio.new_event_loop()
        try:
            return self._lines(loop)
        finally:
            loop.close()

    def _history_note(self) -> None:
        """Say, once, that the history file could not be read or written, when it could not."""
        history = self.prompt.history
        if isinstance(history, KeptHistory) and history.error is not None and not self.history_told:
            self.history_told = True
            self.say(self.shell.ui.message("shell.history_unkept", path=str(history.path),
                                           reason=in_words(self.shell.ui, history.error)))

    def _lines(self, loop: asyncio.AbstractEventLoop) -> int:
        loop.run_until_complete(_loaded(self.prompt.history))  # read now: a file that cannot be is said at once
        self.say(welcome(self.shell))
        self._history_note()
        while True:
            try:
                line = loop.run_until_complete(self.prompt.prompt_async(FormattedText([("bold", "cassino> ")])))
                self._history_note()  # the line could not be written, if the note is new
            except (KeyboardInterrupt, EOFError) as stop:
                # at a question (resign's) Ctrl-C or Ctrl-D drops it, saying so: a later "y" answers nothing
                kept = cancel_question(self.shell)
                if kept:
                    self.say(kept)
                    continue
                if isinstance(stop, KeyboardInterrupt):
                    continue  # Ctrl-C clears the line, as in other shells
                self.say(farewell(self.shell))  # Ctrl-D leaves as "quit" does, saying so
                break
            if self._answer(line):
                break
        return 0

    def _answer(self, line: str) -> bool:
        """Run the line read, each of its lines in turn when several were pasted at once (as a script's lines run;
        the prompt takes a paste whole, newlines and all): whether the learner left.  Ctrl-C stops the rest."""
        for part in line.splitlines() or [line]:
            try:
                reply = dispatch(self.shell, part)
            except KeyboardInterrupt:
                self.say(self._interrupted())
                return False
            if reply.text:
                self.say(reply.text)
            if reply.quit:
                return True
        return False


@contextmanager
def _ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C as KeyboardInterrupt while a function key's command or its pager runs: the prompt is out of the
    terminal's raw mode then, so Ctrl-C is a signal, which prompt_toolkit keeps for the prompt and, once the
    terminal was given back, takes as a Ctrl-C typed there, dropping the half-typed line (and stopping nothing).
    The event loop is not woken by signals meanwhile, or it would hand this one to the prompt afterwards."""
    app = get_app_or_none()
    try:
        loop = asyncio.get_running_loop()
        taken = app is not None and loop.remove_signal_handler(signal.SIGINT)  # Python's own handler now
    except (RuntimeError, NotImplementedError):  # no loop running (a typed command); no signals on this loop
        taken = False
    if taken:
        signal.set_wakeup_fd(-1)
    try:
        yield
    finally:
        if taken and app is not None:  # given back as prompt_toolkit had it (this wakes the loop again)
            loop.add_signal_handler(signal.SIGINT, lambda: loop.call_soon_threadsafe(app.key_processor.send_sigint))


def _raising(show: Callable[[], None]) -> None:
    """``show`` a reply (through the pager, which takes Ctrl-C itself) with Ctrl-C as KeyboardInterrupt."""
    with _ctrl_c_raises(), suppress(KeyboardInterrupt):
        show()


async def _loaded(history: History) -> None:
    """``history`` read from its file (prompt_toolkit reads it once, then gives the lines it read)."""
    async for _ in history.load():
        pass


HISTORY_BYTES = 1 << 20
"""How much of the end of the history file a start reads: the latest lines typed, however long the file grew."""


class KeptHistory(FileHistory):
    """Typed lines kept in a file for later sessions; when the file cannot be read or written (a folder of that
    name, no permission, a full disk), this session's lines are kept in memory alone and ``error`` says why (else
    prompt_toolkit prints the traceback at every prompt).  A history file that is no regular file (a pipe, which
    blocked the start until something wrote to it, a device) is neither read nor written."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path
        self.error: Words | None = None

    def load_history_strings(self) -> Iterable[str]:
        """The entries of the file's last :data:`HISTORY_BYTES`, newest first, as prompt_toolkit writes them: each
        a line ``# TIME``, then its lines, each after a ``+``."""
        try:
            with _regular(self.path, os.O_RDONLY) as kept:
                size = os.fstat(kept.fileno()).st_size
                if size > HISTORY_BYTES:
                    kept.seek(size - HISTORY_BYTES)
                    kept.readline()  # the rest of a line cut: from the next whole one
                text = kept.read(HISTORY_BYTES).decode("utf-8", "replace")
        except FileNotFoundError:
            return []
        except OSError as err:
            self._failed(err)
            return []
        entries: list[str] = []
        lines: list[str] = []
        for line in [*text.splitlines(keepends=True), "#"]:
            if line.startswith("+"):
                lines.append(line[1:])
            elif lines:
                entries.append("".join(lines)[:-1])
                lines = []
        return reversed(entries)

    def store_string(self, string: str) -> None:
        if self.error == NOT_REGULAR:
            return
        try:
            with _regular(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT) as kept:
                kept.write("".join([f"\n# {datetime.now()}\n", *(f"+{line}\n" for line in string.split("\n"))])
                           .encode("utf-8"))
        except OSError as err:
            self._failed(err)

    def _failed(self, err: OSError) -> None:
        """Keep why the file could not be used, the first time."""
        if self.error is None:
            self.error = NOT_REGULAR if isinstance(err, _NotRegular) else os_words(err)


class _NotRegular(OSError):
    """The file is no regular file."""


def _regular(path: Path, flags: int) -> BinaryIO:
    """``path`` opened with ``flags``, without waiting (a pipe with nobody at its other end would block), if it is a
    regular file; :class:`_NotRegular` if it is not."""
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o666)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):  # a folder opens to be read
            raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
        raise _NotRegular(f"{path} is not a regular file")
    return os.fdopen(fd, "rb" if flags == os.O_RDONLY else "ab")


def history_file(progress_path: Path) -> KeptHistory:
    """Typed lines kept next to the progress file, for the next session."""
    return KeptHistory(progress_path.with_name("history.txt"))
