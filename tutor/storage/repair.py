"""Values a hand-edited progress file may hold that SQLite's own checks let through, found and repaired.

SQLite keeps any value in any column: ``UPDATE learner SET rating = 'abc'``
passes ``PRAGMA quick_check``.  :func:`repair_values` reads every checked
column once when the file is opened; when some value is not what the tutor
writes, it copies the file aside first (nothing is lost), then, in one
transaction, drops the rows the tutor can do without (a rating starts again)
and resets the others (a review falls due now).
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeGuard

from tutor.loading.words import words

from .database import copy_before, transaction
from .timestamps import to_text, utc


def finite_number(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a number SQLite kept as one, and finite (a hand edit may leave text or NaN)."""
    return isinstance(value, (int, float)) and math.isfinite(value)


def kept_json(text: object) -> Any:
    """The JSON value a column keeps; ValueError where it holds none, nested too deep too (a hand edit's
    ``[[[…]]]``: Python's RecursionError, which no reader expected, a crash report at each start)."""
    try:
        return json.loads(str(text))
    except RecursionError:
        raise ValueError("JSON nested too deep") from None


RATINGS = (-1000.0, 5000.0)
"""The ratings a file may keep: far past any the tutor writes (its puzzles are rated 400 to 3000), near enough for
Glicko-2's arithmetic between any two (two ratings more than about 6,400 apart divide by zero)."""
MAX_DEVIATION = 10_000.0
"""The largest deviation a file may keep: far past any the tutor writes (350 at most); a learner's 1e300
overflowed its growth over idle days (a crash report at every start)."""
VOLATILITIES = (1e-6, 10.0)
"""The volatilities a file may keep: Glicko-2's stays near its start, 0.06 (a tiny one fails its logarithm)."""


def _rating(value: object) -> bool:
    return finite_number(value) and RATINGS[0] <= value <= RATINGS[1]


def _deviation(value: object) -> bool:
    return finite_number(value) and 0 < value <= MAX_DEVIATION


def _volatility(value: object) -> bool:
    return finite_number(value) and VOLATILITIES[0] <= value <= VOLATILITIES[1]


def _text(value: object) -> bool:
    return isinstance(value, str)


def _number_or_null(value: object) -> bool:
    return value is None or finite_number(value)


def _count(value: object) -> bool:
    return isinstance(value, int) and value >= 0


def _flag(value: object) -> bool:
    return value in (0, 1) and isinstance(value, int)


def _time(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def _time_or_null(value: object) -> bool:
    return value is None or _time(value)


@dataclass(frozen=True)
class Column:
    """A column checked on opening, and how a row with a wrong value there is repaired:
    ``reset`` is the SQL value to put instead (``now`` for the current time), or None to drop the row."""

    table: str
    name: str
    valid: Callable[[object], bool]
    reset: str | None = None


COLUMNS = (
    *(Column(table, c, valid) for table in ("learner", "puzzle", "skill")
      for c, valid in (("rating", _rating), ("deviation", _deviation), ("volatility", _volatility))),
    Column("attempt", "at", _time), Column("attempt", "solved", _flag), Column("attempt", "hints", _count),
    Column("attempt", "rated", _flag),
    Column("attempt", "learner_before", finite_number), Column("attempt", "learner_after", finite_number),
    Column("review", "puzzle_id", _text), Column("review", "due_at", _time, "now"),
    Column("review", "last_review", _time_or_null, "NULL"),
    *(Column("review", c, _number_or_null, "NULL") for c in ("stability", "difficulty")),
    *(Column("skill_evidence", c, finite_number) for c in ("score", "weight")),  # SQLite checks their range
    *(Column("skill_evidence", c, _rating) for c in ("difficulty", "rating_after")),
    Column("lesson", "step", _count, "0"), Column("lesson", "touched_at", _time, "now"),
    Column("lesson", "mistakes", _count, "0"), Column("lesson", "hints", _count, "0"),
    Column("lesson", "completed_at", _time_or_null, "now"),
    Column("best_streak", "length", _count, "0"),
)


@dataclass(frozen=True)
class Repair:
    """What was repaired: ``places`` (``table.column`` with a wrong value), rows ``dropped`` and ``reset``,
    and the copy of the file as it was."""

    places: tuple[str, ...]
    dropped: int
    reset: int
    backup: Path


def repair_values(conn: sqlite3.Connection, path: Path) -> Repair | None:
    """Find and repair wrong values (see the module's docstring); None when every value is right."""
    bad = _wrong_values(conn, path)
    if not bad:
        return None
    backup = copy_before(conn, path, "before-repair", lambda cause: words(
        f"no copy could be made before a repair ({cause})", "storage_errors.no_backup", cause=cause), "cannot_save")
    dropped: set[tuple[str, int]] = set()
    reset = 0
    now = to_text(utc(None))
    with transaction(conn, path, write=True):
        for column, rowid in bad:
            if column.reset is None:
                if (column.table, rowid) not in dropped:
                    if column.table == "attempt":
                        conn.execute("DELETE FROM attempt_theme WHERE attempt_id = ?", (rowid,))
                    conn.execute(f"DELETE FROM {column.table} WHERE rowid = ?", (rowid,))
                    dropped.add((column.table, rowid))
            elif (column.table, rowid) not in dropped:
                value = now if column.reset == "now" else None if column.reset == "NULL" else int(column.reset)
                conn.execute(f"UPDATE {column.table} SET {column.name} = ? WHERE rowid = ?", (value, rowid))
                reset += 1
    places = tuple(dict.fromkeys(f"{c.table}.{c.name}" for c, _ in bad))
    return Repair(places, len(dropped), reset, backup)


def _wrong_values(conn: sqlite3.Connection, path: Path) -> list[tuple[Column, int]]:
    found = []
    with transaction(conn, path, write=False):
        for column in COLUMNS:
            rows = conn.execute(f"SELECT rowid, {column.name} FROM {column.table}")
            found += [(column, rowid) for rowid, value in rows if not column.valid(value)]
    return found
