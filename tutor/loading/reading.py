"""Files read bounded: regular files (or standard input) only, and never a byte past the limit.

``/dev/zero``, a FIFO, ``<(yes)`` or a file that grows while it is read
would otherwise be read until memory runs out, or block for ever; every file
the tutor reads comes through :func:`read_bounded`.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .words import Words, os_words, words

STDIN = "-"
"""The file name that means standard input, where a command takes one."""


class ReadRefused(ValueError):
    """Why a file was not read, in a few words without its name; ``said``: the same as :class:`Words`; ``line``
    and ``col``: where in the file (1, 1 when it is the whole file)."""

    def __init__(self, said: Words, line: int = 1, col: int = 1) -> None:
        self.said = said
        self.line = line
        self.col = col
        super().__init__(said.text)


def _refused(text: str, key: str, **params: Any) -> ReadRefused:
    return ReadRefused(words(text, f"reading.{key}", **params))


def _unreadable(err: OSError) -> ReadRefused:
    why = os_words(err)
    return _refused(f"cannot be read ({why})", "unreadable", why=why)


def too_big(size: int | None, limit: int, what: str) -> str:
    """The words for a file of ``size`` bytes (None: more than ``limit``, found while reading) past ``limit``."""
    return too_big_words(size, limit, what).text


def too_big_words(size: int | None, limit: int, what: str) -> Words:
    """:func:`too_big` as :class:`Words` (``what`` keyed by :data:`KINDS`)."""
    found = f"the file is {size:,} bytes" if size is not None else f"the file holds more than {limit:,} bytes"
    return words(f"{found}, too big: {what} may be at most {limit:,} bytes ({limit >> 20} MiB)",
                 "reading.too_big", size=size, limit=limit, mib=limit >> 20, what=_kind(what))


KINDS = {"a YAML file": "yaml", "a saved game": "game"}
"""The kinds of file read (``what``), keyed for the words of other languages (``reading.kind_KEY``)."""


def _kind(what: str) -> Words | str:
    return words(what, f"reading.kind_{KINDS[what]}") if what in KINDS else what


def read_bounded(path: str | Path, limit: int, what: str, *, stdin: bool = False) -> str:
    """The UTF-8 text of the regular file ``path`` (with ``stdin``, ``-`` is standard input) of at most
    ``limit`` bytes, reading no more than ``limit`` + 1 bytes; :class:`ReadRefused` saying why not.

    A device, a pipe, a socket or a folder is refused unread (a pipe on
    standard input is read, up to the limit); so is a file that grows past
    ``limit`` while it is read.  ``what`` names the kind of file for the
    messages ("a YAML file").
    """
    if stdin and str(path) == STDIN:
        return _decoded(_read_upto(sys.stdin.buffer.read, limit, what))
    return _decoded(read_bounded_bytes(path, limit, what))


def read_bounded_bytes(path: str | Path, limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path``, as :func:`read_bounded` reads them, undecoded."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise _refused("no such file", "missing") from None
    except IsADirectoryError:
        raise _refused("not a regular file but a folder", "folder") from None
    except OSError as err:
        raise _unreadable(err) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _refused("not a regular file but a folder", "folder")
        if not stat.S_ISREG(info.st_mode):
            raise _refused(f"not a regular file (a device, a pipe or a socket is not read as {what})", "not_regular",
                           what=_kind(what))
        if info.st_size > limit:
            raise ReadRefused(too_big_words(info.st_size, limit, what))
        return _read_upto(lambda n: os.read(fd, n), limit, what)
    except OSError as err:
        raise _unreadable(err) from None
    finally:
        os.close(fd)


def _read_upto(read: Callable[[int], bytes], limit: int, what: str) -> bytes:
    """Up to ``limit`` bytes from ``read``; :class:`ReadRefused` as soon as there is one more."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit and (chunk := read(min(1 << 20, limit + 1 - size))):
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise ReadRefused(too_big_words(None, limit, what))
    return b"".join(chunks)


_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""A control byte, which a binary file has and a text, in whatever encoding, has not (tab, newline and carriage
return apart)."""


def _decoded(data: bytes) -> str:
    """The UTF-8 text of ``data``; a file with control bytes (NUL and the like, which no text has) is refused as
    no text, a text in another encoding (Latin-1, Windows-1252) at its first byte that is not UTF-8, with the way
    to fix it."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        if _CONTROL.search(data):
            raise _refused("not a text file (UTF-8)", "not_text") from None
        start = data.rfind(b"\n", 0, err.start) + 1
        col = len(data[start:err.start].decode("utf-8", "replace")) + 1
        byte = f"0x{data[err.start]:02X}"
        raise ReadRefused(words(f"the byte {byte} here is not UTF-8: save the file as UTF-8 text", "reading.not_utf8",
                                byte=byte), data.count(b"\n", 0, err.start) + 1, col) from None
