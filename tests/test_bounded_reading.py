"""Every file read bounded: regular files only, or standard input up to the limit, never a byte more (issue 22)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.loading.reading import ReadRefused, read_bounded
from tutor.loading.yamlfile import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parents[1]
START = ROOT / "docs" / "examples" / "start.yaml"
GUARD = 300
"""Seconds after which a command that reads for ever is stopped, so that the test fails instead of hanging."""


def run(*args: str, stdin: bytes | int | None = None) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "tutor", *args]
    if isinstance(stdin, bytes):
        return subprocess.run(command, input=stdin, capture_output=True, cwd=ROOT, timeout=GUARD)
    return subprocess.run(command, stdin=stdin, capture_output=True, cwd=ROOT, timeout=GUARD)


def one_line(result: subprocess.CompletedProcess[bytes], says: str) -> None:
    err = result.stderr.decode()
    assert result.returncode == 2 and says in err and "Traceback" not in err, err
    assert err.count("\n") == (2 if err.endswith("problem found\n") else 1)


@pytest.mark.parametrize("command", ["moves", "solve", "advise", "check", "perft"])
def test_a_device_is_refused_unread(command: str) -> None:
    extra = ["1"] if command == "perft" else []
    one_line(run(command, "/dev/zero", *extra), "/dev/zero:1:1: not a regular file")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pos.yaml"
    os.mkfifo(fifo)
    one_line(run("moves", str(fifo)), "not a regular file")


def test_a_pipe_named_dev_stdin_is_refused() -> None:
    one_line(run("moves", "/dev/stdin", stdin=b"y\n" * (MAX_FILE_BYTES)), "not a regular file")


def test_standard_input_is_read_up_to_the_limit_and_refused_past_it() -> None:
    one_line(run("moves", "-", stdin=b"y\n" * (MAX_FILE_BYTES // 2 + 1)), "more than 1,048,576 bytes")
    result = run("moves", "-", stdin=START.read_bytes())
    assert result.returncode == 0 and b"legal moves" in result.stdout


def test_a_file_of_standard_input_is_read_as_a_file() -> None:
    with open(START, "rb") as file:
        result = run("moves", "/dev/stdin", stdin=file.fileno())
    assert result.returncode == 0 and b"legal moves" in result.stdout


class Endless(io.RawIOBase):
    """A stream of ``y`` lines that never ends, counting the bytes asked of it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        buffer[:] = b"y" * len(buffer)
        self.given += len(buffer)
        return len(buffer)


def test_no_byte_past_the_limit_is_read_from_an_endless_input(monkeypatch: pytest.MonkeyPatch) -> None:
    endless = Endless()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(endless, buffer_size=1)))  # type: ignore[type-var]
    with pytest.raises(ReadRefused, match="more than 4,096 bytes"):
        read_bounded("-", 4096, "a test file", stdin=True)
    assert endless.given <= 4097


def test_a_file_name_dash_is_a_file_where_standard_input_is_not_offered(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_text("text", encoding="utf-8")
    assert read_bounded("-", 100, "a test file") == "text"
    with pytest.raises(ReadRefused, match="too big"):
        read_bounded("-", 3, "a test file")


def test_a_content_file_that_is_a_device_is_one_problem_and_the_others_still_load(tmp_path: Path) -> None:
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    result = run("check", str(tmp_path / "zero.yaml"), str(START))
    err = result.stderr.decode()
    assert result.returncode == 2 and "zero.yaml:1:1: not a regular file" in err and "1 problem found" in err
