"""Saved-game files: read bounded, written new and whole, and what the old ``games/`` folder left behind.

Games are kept in the progress file (:mod:`.game_store`); files are for
sharing (``games export``, ``games import``, ``cassino-tutor replay FILE``)
and the one-file-a-game folder of earlier versions, read once and moved to
``games/imported/``.  No file name here comes from a file's text.
"""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

from tutor.loading.reading import ReadRefused, read_bounded
from tutor.loading.writing import temporary_beside

from .games import MAX_BYTES, GameFileError, SavedGame, parse_game

FOLDER = "games"
"""The folder, beside the progress file, where earlier versions kept a file a game."""
IMPORTED = "imported"
"""Where, inside :data:`FOLDER`, the files already moved into the progress file go."""
OLD_TEMP = re.compile(r"\..+\.json\.(\d+)\.tmp")
"""A temporary file an earlier version left when it was killed while saving: ``.<id>.json.<pid>.tmp``."""


def read_game_file(path: Path) -> SavedGame:
    """The game in the file at ``path``, read bounded; :class:`GameFileError` (one line naming the file) if it
    cannot be read."""
    try:
        text = read_bounded(path, MAX_BYTES, "a saved game")
    except ReadRefused as err:
        raise GameFileError(str(path), err.said) from None
    return parse_game(text, str(path), located=True)


def write_new_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, which must not exist yet (FileExistsError), so that a crash leaves no half file.

    The text goes to a temporary file in the same folder, flushed to disk, then
    is linked to its name (or, where links are not supported, renamed).
    """
    temp = temporary_beside(path)
    try:
        with open(temp, "x", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            raise
        except OSError:  # a file system without hard links
            if path.exists():
                raise FileExistsError(errno.EEXIST, "File exists", str(path)) from None
            os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def export_target(path: Path, key: int) -> Path:
    """Where ``games export`` writes game ``key`` given ``path``: ``path`` itself, or, a folder, as ``cp`` writes
    into one, ``cassino-tutor-game-<key>.json`` in it (named by the program's number, never by the document); a name
    the system cannot look up (too long, say) is no folder's: writing to it says why."""
    return path / f"cassino-tutor-game-{key}.json" if os.path.isdir(path) else path


def old_game_files(folder: Path) -> list[Path]:
    """The ``*.json`` entries of the old games folder, by name (not yet read: a bad one is said when read)."""
    try:
        return sorted(p for p in folder.iterdir() if p.name.endswith(".json") and not p.name.startswith("."))
    except OSError:
        return []


def remove_old_temp_files(folder: Path) -> int:
    """Remove the temporary files an earlier version left in ``folder`` when killed while saving; how many.

    A file whose process still runs (an earlier version saving now) is left.
    """
    removed = 0
    try:
        names = [p for p in folder.iterdir() if (m := OLD_TEMP.fullmatch(p.name)) and not process_runs(int(m[1]))]
    except OSError:
        return 0
    for path in names:
        try:
            path.unlink()
            removed += 1
        except OSError:
            pass  # tried again at the next start
    return removed


def process_runs(pid: int) -> bool:
    """Whether a process ``pid`` runs on this computer (True when it cannot be told)."""
    if os.name != "posix":
        return True
    if not 0 < pid < 2**31:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def move_aside(path: Path) -> Path | None:
    """Move a file read into the progress file to ``imported/`` beside it (never over another); where it went."""
    target_folder = path.parent / IMPORTED
    try:
        target_folder.mkdir(exist_ok=True)
        target = target_folder / path.name
        number = 1
        while os.path.lexists(target):  # a link to nothing is no free name
            number += 1
            target = target_folder / f"{path.stem}.{number}{path.suffix}"
        os.rename(path, target)
    except OSError:
        return None  # the progress file remembers the file was read: it is not read again
    return target
