"""Files written whole or not at all: a crash, Ctrl-C or a full disk while writing leaves the file as it was.

``Path.write_text`` empties the file first and then writes it: stopped half-way
(a disk that fills up, a file-size limit, Ctrl-C, a kill), it leaves half a file,
or none, where a puzzle file or a sheet was.  :func:`write_whole` writes a new
file beside it and renames it over the old one once it is on the disk.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from contextlib import suppress
from pathlib import Path


def write_whole(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to the file ``path`` in place of what it holds, whole or not at all.

    The data goes to a temporary file in the same folder (the folder of the
    file a symbolic link names: the link stays), flushed to the disk, given the
    old file's permissions, then renamed over it.  A ``path`` that is no regular
    file (``/dev/stdout``, a pipe), or a file in a folder where no other file may
    be made, is written in place.  Else an :class:`OSError` leaves the file as it
    was and no temporary file behind.
    """
    blob = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(os.path.realpath(path))
    try:
        found: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        found = None  # a new file: the permissions the umask gives
    if found is not None and not stat.S_ISREG(found.st_mode):
        _write_in_place(target, blob)
        return
    temp = temporary_beside(target)
    try:
        handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    except PermissionError:
        if found is None:
            raise
        _write_in_place(target, blob)  # a file one may write in a folder one may not: in place, as before
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(blob)
            out.flush()
            os.fsync(out.fileno())
            if found is not None:
                os.chmod(temp, stat.S_IMODE(found.st_mode))
        os.replace(temp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise


def refused_target(path: str | Path) -> OSError | None:
    """The error writing ``path`` with :func:`write_whole` would meet, as far as it shows without writing (``path``
    a folder, its folder missing or no folder), or None: for a command to say before its work, not after it."""
    target = Path(os.path.realpath(path))
    for error, code, where in ((IsADirectoryError, errno.EISDIR, target.is_dir()),
                               (FileNotFoundError, errno.ENOENT, not target.parent.exists()),
                               (NotADirectoryError, errno.ENOTDIR, not target.parent.is_dir())):
        if where:
            return error(code, os.strerror(code), str(path))
    return None


def temporary_beside(path: Path) -> Path:
    """A new name for a temporary file in the folder of ``path``: hidden, unique (a random token, not the process's
    number, which a file left by a killed process may hold), and short enough for the system whatever the name (the
    system counts a name's bytes: 200 letters ä are 400)."""
    name = path.name[:200]
    while len(os.fsencode(name)) > 200:
        name = name[:-1]
    return path.with_name(f".{name}.{secrets.token_hex(4)}.tmp")


def _write_in_place(path: Path, blob: bytes) -> None:
    with open(path, "wb") as out:
        out.write(blob)
