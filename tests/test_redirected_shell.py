"""The tutor typed at a terminal whose output goes to a file: the prompt on the terminal, the replies in the file."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _read_until(fd: int, wanted: bytes, seen: bytearray, times: int = 1, timeout: float = 60) -> None:
    """Read the terminal's side ``fd`` into ``seen`` until ``wanted`` is in it ``times`` times (or the terminal is
    closed)."""
    end = time.monotonic() + timeout
    while seen.count(wanted) < times and time.monotonic() < end:
        if select.select([fd], [], [], 0.5)[0]:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the other side closed
                return
            if not chunk:
                return
            seen += chunk


@pytest.mark.parametrize("stderr_too", [False, True])
def test_a_shell_typed_at_a_terminal_writing_to_a_file_prompts_on_the_terminal(tmp_path: Path,
                                                                              stderr_too: bool) -> None:
    """``cassino-tutor > session.txt`` at a terminal wrote the prompt, the toolbar and their redrawing into the file,
    and nothing to the terminal.  As Python's prompt does, the prompt now goes to standard error's terminal, and the
    file gets the replies alone, in plain text; with standard error redirected too, there is no terminal to prompt
    on, and the lines typed are read as a script's."""
    terminal, tty = pty.openpty()
    out = tmp_path / "session.txt"
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path / "home"), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1",
           "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": ""}
    with out.open("w", encoding="utf-8") as file:
        process = subprocess.Popen([sys.executable, "-m", "tutor"], stdin=tty, stdout=file,
                                   stderr=file if stderr_too else tty, env=env, cwd=ROOT)
    os.close(tty)
    seen = bytearray()
    try:
        for line in (b"rules\r", b"quit\r"):
            if not stderr_too:  # the prompt, drawn again for the next line
                _read_until(terminal, b"cassino>", seen, times=seen.count(b"cassino>") + 1)
            os.write(terminal, line)
        _read_until(terminal, b"\0", seen)  # until the tutor has gone
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        os.close(terminal)
    said = out.read_text(encoding="utf-8")
    assert said.startswith("Welcome to cassino-tutor!\n") and "Topics (type “rules” and a topic to read it):" in said
    assert said.rstrip().endswith("Goodbye! Your progress is saved."), said
    assert "cassino>" not in said and "\x1b" not in said and "\r" not in said, said
    assert (b"cassino>" in seen) != stderr_too and b"Goodbye" not in seen, bytes(seen)
