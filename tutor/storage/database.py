"""Opening a progress file safely: checks, WAL journal, migrations, transactions.

Every sqlite error that means "this file cannot be used" becomes a
:class:`ProgressError`; errors that mean a bug in the caller stay as they are.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tutor.core.text import excerpt
from tutor.loading.words import NOT_REGULAR, Words, os_words, words

from .errors import ProgressError
from .schema import APPLICATION_ID, MIGRATIONS, Migration
from .timestamps import utc

BUSY_TIMEOUT_SECONDS = 10.0
"""How long a write waits for another shell's transaction before giving up."""

SQLITE_WORDS: dict[str, tuple[str, str]] = {
    "SQLITE_READONLY": ("storage_errors.read_only", "the file is read-only"),
    "SQLITE_FULL": ("os_errors.full", "the disk is full"),
    "SQLITE_IOERR": ("storage_errors.io", "the disk could not be read or written"),
    "SQLITE_NOTADB": ("storage_errors.not_a_database", "it is not a database file"),
    "SQLITE_CORRUPT": ("storage_errors.malformed", "the database in it is malformed"),
    "SQLITE_CANTOPEN": ("storage_errors.cannot_open", "SQLite could not open or create a file it needs"),
    "SQLITE_PERM": ("os_errors.denied", "permission denied"),
}
"""SQLite's failures said in words of our own (its own are English whatever the learner reads), by the name of
the primary result code: each one's message key and its English words."""


@dataclass(frozen=True)
class Upgrade:
    """An earlier version's file brought up to this version's format when it was opened: its format then
    (``PRAGMA user_version``), this version's, and the copy of the file as it was."""

    found: int
    supported: int
    backup: Path


class FileConnection(sqlite3.Connection):
    """A connection that knows the file it opened (its device and inode), to tell when another file took its name."""

    opened: tuple[int, int] | None = None
    upgrade: Upgrade | None = None
    """The file brought up to this version's format as it was opened, if it was."""

    def moved(self, path: Path) -> bool:
        """Whether ``path`` is no longer the file this connection opened: moved, replaced or deleted since."""
        if self.opened is None:
            return False
        try:
            found = os.stat(path)
        except OSError:
            return True
        return (found.st_dev, found.st_ino) != self.opened


def open_database(path: Path, migrations: Sequence[Migration] = MIGRATIONS) -> sqlite3.Connection:
    """A connection to a checked progress file at ``path``, created or migrated to the last version.

    A file that is damaged, someone else's, or of a newer version raises
    :class:`ProgressError` before anything is written to it.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file where the folder should be: not that the progress file exists
        raise _refused(NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)), path) from None
    except OSError as err:
        raise _refused(err, path) from None
    if _not_regular(path):
        raise ProgressError("cannot_open", path, said=NOT_REGULAR)
    try:
        # isolation_level=None: the transactions below are ours, not the module's implicit ones
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, factory=FileConnection)
        found = os.stat(path)
        conn.opened = (found.st_dev, found.st_ino)
    except OSError as err:  # gone between the two
        raise _refused(err, path) from None
    except sqlite3.Error as err:
        raise _converted(err, path, "cannot_open") from None
    try:
        _check(conn, path, migrations)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        _migrate(conn, path, migrations)
    except sqlite3.Error as err:
        conn.close()
        raise _converted(err, path, "cannot_open") from None
    except BaseException:
        conn.close()
        raise
    return conn


def _not_regular(path: Path) -> bool:
    """Whether ``path`` is a pipe, a device or a socket (SQLite said of a pipe, or of a link to ``/dev/null``,
    "the disk could not be read or written"); a folder is said by SQLite's error, as the system's."""
    try:
        mode = os.stat(path).st_mode
    except OSError:  # none yet (it is made), or refused: said by SQLite's error
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _check(conn: sqlite3.Connection, path: Path, migrations: Sequence[Migration]) -> None:
    supported = len(migrations)
    problems = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
    if problems != ["ok"]:
        raise ProgressError("damaged", path, said=sqlite_words("SQLITE_CORRUPT"))  # its details: SQLite's English
    application_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if application_id != APPLICATION_ID:
        tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        if version or tables:
            raise ProgressError("foreign", path)
    elif version > supported:
        raise ProgressError("newer_version", path, found=version, supported=supported)
    else:
        _check_tables(conn, path, migrations[:version])


def _check_tables(conn: sqlite3.Connection, path: Path, migrations: Sequence[Migration]) -> None:
    """Refuse, as damaged, a file of ours without a table or a column its version has (a hand edit dropped it: each
    command that reads it failed), or with a trigger, which the tutor never makes (a hand edit's trigger refused
    the tutor's writes, or changed what they wrote)."""
    trigger = conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").fetchone()
    if trigger is not None:
        name = excerpt(str(trigger[0]))  # the hand edit's name: any length, any character
        raise ProgressError("damaged", path, said=words(
            f"it holds a trigger, {name}, which cassino-tutor never makes", "storage_errors.trigger", name=name))
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table, columns in _tables(tuple(migrations)).items():
        if table not in tables:
            raise ProgressError("damaged", path, said=words(f"the table {table} is missing", "storage_errors.no_table",
                                                            table=table))
        found = {row[1] for row in conn.execute("SELECT * FROM pragma_table_info(?)", (table,))}
        for column in columns:
            if column not in found:
                raise ProgressError("damaged", path, said=words(f"the table {table} has no column {column}",
                                                                "storage_errors.no_column", table=table, column=column))


@cache
def _tables(migrations: tuple[Migration, ...]) -> dict[str, tuple[str, ...]]:
    """The tables ``migrations`` make, each with its columns, in order."""
    made = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migration in migrations:
            migration(made)
        names = [name for (name,) in made.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
        return {name: tuple(row[1] for row in made.execute("SELECT * FROM pragma_table_info(?)", (name,)))
                for name in names}
    finally:
        made.close()


def _migrate(conn: sqlite3.Connection, path: Path, migrations: Sequence[Migration]) -> None:
    """Apply the missing migrations, each in its own transaction.

    The version is read again inside each write transaction, so two shells
    opening a new file at once migrate it once.
    """
    found, supported = conn.execute("PRAGMA user_version").fetchone()[0], len(migrations)

    def upgrade_words(cause: Words) -> Words:  # at the start, before the learner did anything: not "cannot save"
        return words(f"it is in the format of an earlier version ({found}); to bring it up to this version's "
                     f"({supported}) the tutor must write it, but {cause.text}", "storage_errors.upgrade",
                     found=found, supported=supported, cause=cause)

    if 0 < found < supported:  # an earlier version's file: kept as it was, which that version reads
        backup = copy_before(conn, path, f"version-{found}", upgrade_words, "cannot_open")
        if _version(backup) != found:  # another shell brought it up meanwhile, and keeps the copy of it as it was
            with suppress(OSError):
                backup.unlink()
        elif isinstance(conn, FileConnection):
            conn.upgrade = Upgrade(found, supported, backup)
    while True:
        try:
            with transaction(conn, path, write=True):
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version >= supported:
                    return
                migrations[version](conn)
                conn.execute(f"PRAGMA user_version = {version + 1}")
        except ProgressError as err:
            if err.code != "cannot_save" or err.said is None or not found:
                raise
            raise ProgressError("cannot_open", path, said=upgrade_words(err.said)) from None


@contextmanager
def transaction(conn: sqlite3.Connection, path: Path, *, write: bool) -> Iterator[sqlite3.Connection]:
    """One transaction, committed at the end or rolled back on any exception (Ctrl-C too).

    Writes start with ``BEGIN IMMEDIATE``: the write lock is taken before the
    first read, so a read-modify-write never works on a stale value.  A write
    to a file moved, replaced or deleted since it was opened (the learner
    removed it while the tutor ran) is refused: it would be lost with it.
    """
    try:
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            if write and isinstance(conn, FileConnection) and conn.moved(path):
                error = ProgressError("moved", path, said=words(
                    "the file was moved, replaced or deleted since the tutor opened it", "storage_errors.moved"))
                error.unsaved = True
                raise error
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise
    except sqlite3.DatabaseError as err:
        if type(err) not in (sqlite3.OperationalError, sqlite3.DatabaseError):
            raise  # integrity or programming errors are bugs, not a bad file
        error = _converted(err, path, "cannot_save" if write else "cannot_open")
        error.unsaved = write
        raise error from None


def error_name(err: sqlite3.Error) -> str:
    """The name of SQLite's result code for ``err`` (``SQLITE_READONLY``), else the exception's own name."""
    name: str = getattr(err, "sqlite_errorname", "")
    return name or type(err).__name__


def sqlite_words(name: str) -> Words:
    """SQLite's failure of the result code ``name`` (``SQLITE_IOERR_WRITE``) in words of ours, for every language:
    :data:`SQLITE_WORDS` by its primary code, else the code's name."""
    primary = "_".join(name.split("_")[:2])
    if primary in SQLITE_WORDS:
        key, text = SQLITE_WORDS[primary]
        return words(text, key)
    return words(f"SQLite reported {name}", "storage_errors.other", name=name)


def _converted(err: sqlite3.Error, path: Path, otherwise: str) -> ProgressError:
    text, name = str(err), error_name(err)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return ProgressError("busy", path, seconds=int(BUSY_TIMEOUT_SECONDS))
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "not a database" in text or "malformed" in text:
        damage = name if name.startswith("SQLITE_") else "SQLITE_CORRUPT"  # known by its text alone
        return ProgressError("damaged", path, said=sqlite_words(damage))
    if name.startswith("SQLITE_CANTOPEN") and otherwise == "cannot_open" and (why := _why_not_opened(path)):
        return _refused(why, path)
    return ProgressError(otherwise, path, said=sqlite_words(name))


def _refused(err: OSError, path: Path) -> ProgressError:
    """The progress file the system refuses, said in words of ours."""
    return ProgressError("cannot_open", path, said=os_words(err))


def _why_not_opened(path: Path) -> OSError | None:
    """Why the system refuses ``path`` as a file to read and write, which sqlite's "unable to open database file"
    does not say: the error of opening it so ourselves (creating it, as sqlite would), if there is one."""
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o644))
    except OSError as err:
        return err
    return None


def _version(path: Path) -> int | None:
    """The format (``PRAGMA user_version``) of the database at ``path``, None if it cannot be read."""
    try:
        with closing(sqlite3.connect(path)) as conn:
            version: int = conn.execute("PRAGMA user_version").fetchone()[0]
            return version
    except sqlite3.Error:
        return None


def copy_before(conn: sqlite3.Connection, path: Path, label: str, failed: Callable[[Words], Words], code: str) -> Path:
    """A copy of the whole file beside it (``NAME.LABEL-DATE-TIME``, written as ``.NAME.LABEL-DATE-TIME.tmp`` and then
    renamed), before anything is changed; a copy that fails is removed, and :class:`ProgressError` ``code`` says why
    in the words ``failed`` makes of the cause."""
    stamp = utc(None).strftime("%Y%m%d-%H%M%S")
    cause: Words
    begun: Path | None = None  # the copy being written, once its name is known to be free: the copy there is ours
    try:
        target = path.with_name(f"{path.name}.{label}-{stamp}")
        count = 1
        # a second copy within a second keeps the first; exists(), unlike os.path.lexists, raises a name too long,
        # which is then said
        while target.is_symlink() or target.exists():
            count += 1
            target = path.with_name(f"{path.name}.{label}-{stamp}-{count}")
        begun = target.with_name(f".{target.name}.tmp")  # given its name once whole: a kill leaves no half copy there
        begun.unlink(missing_ok=True)  # a link, or a copy a kill left: never written through
        copy = sqlite3.connect(begun)
        try:
            conn.backup(copy)
        finally:
            copy.close()
        os.replace(begun, target)
    except OSError as err:  # the name is too long for the system, say
        cause = os_words(err)
    except sqlite3.Error as err:
        cause = sqlite_words(error_name(err))
    else:
        return target
    if begun is not None:
        with suppress(OSError):  # the learner is told the copy failed; one that cannot be removed stays
            begun.unlink(missing_ok=True)
    raise ProgressError(code, path, said=failed(cause))
