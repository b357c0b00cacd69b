"""The content kept read: the catalog saved in the user's cache folder, so that a start parses the YAML files
again only when one of them, or the code that reads them, has changed.

Parsing every lesson and puzzle takes about two seconds; loading the kept catalog a twentieth of that.  The kept
copy is named by a key of what it was read from: the Python version, the size and time of change of every file
of the ``tutor`` package (a new version of the code reads afresh) and of every content file.  A kept copy that
cannot be read, or names anything but the classes of the tutor's values, is read afresh; one that cannot be written is not
kept.  The cache is only ever a shortcut: what a start shows is what :func:`~.catalog.read_catalog` gives.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import platformdirs

from tutor.content.course import Catalog

from .catalog import LeftOut, content_folders, read_catalog, yaml_files
from .reading import read_bounded_bytes
from .writing import write_whole

CACHE_VARIABLE = "CASSINO_TUTOR_CACHE"
"""The folder of the kept catalog, instead of the user's cache folder; set and empty, none is kept."""
PREFIX = "catalog-"
LEFT_TEMPORARY = 3600
"""Seconds after which a temporary copy (``.catalog-….pickle.….tmp``) is taken for one a killed start left."""
MAX_BYTES = 256 << 20
"""The largest kept copy read: many times the course's (about 1 MiB)."""
KEPT = 4
"""Copies kept, the newest: a few checkouts or versions may share the folder without reading afresh in turn."""
_PACKAGE = Path(__file__).resolve().parents[1]
"""The ``tutor`` package folder: its files are part of the key."""

Read = tuple[Catalog, tuple[LeftOut, ...]]


def cache_folder(environ: Mapping[str, str]) -> Path | None:
    """``$CASSINO_TUTOR_CACHE`` (None when set and empty), else the user's cache folder for the tutor."""
    chosen = environ.get(CACHE_VARIABLE)
    if chosen is not None:
        return Path(os.path.expanduser(chosen)) if chosen else None  # ~NAME of no user stays (Path's raised)
    return Path(platformdirs.user_cache_dir("cassino-tutor", appauthor=False))


def cached_catalog(folder: Path | None, lessons_dir: Path | None = None, puzzles_dir: Path | None = None,
                   progress: Callable[[int, int], None] | None = None) -> Read:
    """:func:`~.catalog.read_catalog`'s catalog and files left out, from the copy kept in ``folder`` when it was
    read from the same files by the same code, else read (``progress`` told of it as ``read_catalog`` tells) and
    kept there (``folder`` None: read, not kept)."""
    if folder is None:
        return read_catalog(lessons_dir, puzzles_dir, progress)
    lessons, puzzles = content_folders(lessons_dir, puzzles_dir)
    path = folder / f"{PREFIX}{cache_key([*yaml_files(lessons), *yaml_files(puzzles)], (lessons, puzzles))}.pickle"
    kept = _kept(path)
    if kept is not None:
        return kept
    read = read_catalog(lessons, puzzles, progress)
    _keep(path, read)
    return read


def cache_key(content: Iterable[Path], folders: Iterable[Path]) -> str:
    """A digest of the Python version, the code of the ``tutor`` package and the content files (and the folders
    they were found in): each file's path, size and time of change."""
    digest = hashlib.sha256(f"{sys.version}\0{sys.implementation.cache_tag}\0".encode())
    code = sorted(p for p in _PACKAGE.rglob("*") if "__pycache__" not in p.parts)
    for path in [*folders, *code, *content]:
        try:
            seen = path.stat()
        except OSError:  # gone since it was listed: a key no copy has
            digest.update(f"{path}\0gone\0".encode())
            continue
        digest.update(f"{path}\0{seen.st_size}\0{seen.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:32]


VALUE_MODULES = ("tutor.content.", "tutor.core.")
"""The packages whose classes a catalog holds: values, without I/O."""


class _TutorTypesOnly(pickle.Unpickler):
    """Unpickles the classes of the tutor's values and nothing else: a kept copy cannot make anything else run.

    A name with dots would reach through a module to what it imports (``tutor.storage.game_files`` and
    ``os.system``), so only a class defined in a module of :data:`VALUE_MODULES`, by its own name, is taken."""

    def find_class(self, module: str, name: str) -> type:
        if module.startswith(VALUE_MODULES) and name.isidentifier():
            found = super().find_class(module, name)
            if isinstance(found, type) and found.__module__ == module:
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not one of the tutor's types")


def _kept(path: Path) -> Read | None:
    """The catalog kept at ``path``; None where there is none, or it cannot be read whole (or is no regular file of
    at most :data:`MAX_BYTES`: a pipe there blocked the start, a link to ``/dev/zero`` filled the memory)."""
    try:
        data = read_bounded_bytes(path, MAX_BYTES, "a kept catalog")
        read = _TutorTypesOnly(io.BytesIO(data)).load()
    except Exception:  # a missing, cut or foreign copy is read afresh: the cache never stops a start
        return None
    if not (isinstance(read, tuple) and len(read) == 2 and isinstance(read[0], Catalog)):
        return None
    return read


def _keep(path: Path, read: Read) -> None:
    """Write ``read`` to ``path`` whole or not at all (a temporary file renamed), and remove all but the newest
    :data:`KEPT` copies."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and not path.is_file():  # a pipe would block the write, a device swallow it
            return
        write_whole(path, pickle.dumps(read, protocol=pickle.HIGHEST_PROTOCOL))
        copies = sorted(path.parent.glob(f"{PREFIX}*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for older in copies[KEPT:]:
            older.unlink(missing_ok=True)
        for left in path.parent.glob(f".{PREFIX}*.pickle.*.tmp"):  # a start killed while it wrote
            if time.time() - left.stat().st_mtime > LEFT_TEMPORARY:  # a younger one may be another start's
                left.unlink(missing_ok=True)
    except OSError:  # a read-only or full disk: the next start reads the files again
        return
