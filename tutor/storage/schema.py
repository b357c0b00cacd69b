"""The tables of the progress file, as a list of migrations, one per schema version.

``MIGRATIONS[i]`` turns a file of version ``i`` into version ``i + 1`` (kept in
``PRAGMA user_version``).  A new version is one more entry at the end; an
entry, once released, never changes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime, timedelta

Migration = Callable[[sqlite3.Connection], None]

APPLICATION_ID = 0x43415353
"""``PRAGMA application_id`` of a progress file ("CASS"), to tell it from other SQLite files."""

_VERSION_1 = (
    f"PRAGMA application_id = {APPLICATION_ID}",
    """CREATE TABLE lesson (
        id TEXT PRIMARY KEY,
        stars INTEGER NOT NULL DEFAULT 0 CHECK (stars BETWEEN 0 AND 3),
        completed_at TEXT,
        step INTEGER NOT NULL DEFAULT 0 CHECK (step >= 0),
        touched_at TEXT NOT NULL
    )""",
    """CREATE TABLE learner (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL
    )""",
    """CREATE TABLE puzzle (
        id TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL
    )""",
    """CREATE TABLE attempt (
        id INTEGER PRIMARY KEY,
        puzzle_id TEXT NOT NULL,
        at TEXT NOT NULL,
        solved INTEGER NOT NULL CHECK (solved IN (0, 1)),
        hints INTEGER NOT NULL CHECK (hints >= 0),
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
        learner_before REAL NOT NULL,
        learner_after REAL NOT NULL
    )""",
    "CREATE INDEX attempt_by_puzzle ON attempt (puzzle_id)",
    """CREATE TABLE attempt_theme (
        attempt_id INTEGER NOT NULL REFERENCES attempt (id),
        theme TEXT NOT NULL,
        PRIMARY KEY (attempt_id, theme)
    ) WITHOUT ROWID""",
    """CREATE TABLE review (
        puzzle_id TEXT PRIMARY KEY,
        step INTEGER NOT NULL CHECK (step >= 0),
        due_at TEXT NOT NULL
    )""",
    """CREATE TABLE best_streak (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        length INTEGER NOT NULL CHECK (length >= 0)
    )""",
    "CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)


def _to_version_1(conn: sqlite3.Connection) -> None:
    for statement in _VERSION_1:
        conn.execute(statement)


def _to_version_2(conn: sqlite3.Connection) -> None:
    """A lesson not finished keeps its mistakes and hints so far, for its stars after a resume."""
    for column in ("mistakes", "hints"):
        conn.execute(f"ALTER TABLE lesson ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0 CHECK ({column} >= 0)")


def _to_version_3(conn: sqlite3.Connection) -> None:
    """Personal puzzles: positions of the learner's games where a move was marked, as the data that
    makes the puzzle again (tutor/teaching/personal.py), queued for review like a failed puzzle."""
    conn.execute("""CREATE TABLE personal_puzzle (
        id TEXT PRIMARY KEY,
        made_at TEXT NOT NULL,
        data TEXT NOT NULL
    )""")


def _to_version_4(conn: sqlite3.Connection) -> None:
    """Games against the computer (tutor/storage/game_store.py): a row a game, its key chosen here, the
    columns the ``games`` list shows kept beside the document (so listing replays nothing), the shell playing
    it (``holder``), and the files of the old ``games/`` folder already read, with why when one could not be."""
    conn.execute("""CREATE TABLE game (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL UNIQUE,
        started TEXT NOT NULL,
        updated TEXT NOT NULL,
        finished TEXT,
        version INTEGER NOT NULL CHECK (version >= 1),
        holder TEXT,
        held_at TEXT,
        problem TEXT,
        source TEXT,
        variant TEXT NOT NULL,
        players INTEGER NOT NULL,
        learner INTEGER NOT NULL,
        level TEXT NOT NULL,
        kind TEXT NOT NULL,
        seed INTEGER NOT NULL,
        practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
        rounds INTEGER NOT NULL CHECK (rounds >= 0),
        scores TEXT NOT NULL,
        result TEXT,
        data TEXT NOT NULL
    )""")
    conn.execute("CREATE INDEX game_by_start ON game (started DESC, id DESC)")
    conn.execute("CREATE INDEX game_waiting ON game (updated DESC) WHERE finished IS NULL AND problem IS NULL")
    conn.execute("""CREATE TABLE game_file (
        name TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        mtime_ns INTEGER NOT NULL,
        game_id INTEGER REFERENCES game (id),
        problem TEXT,
        seen_at TEXT NOT NULL
    )""")


def _to_version_5(conn: sqlite3.Connection) -> None:
    """The learner's skills (tutor/storage/skills.py): each skill's Glicko-2 rating, and every piece of
    evidence with the rating it led to (for the evidence count and the trend).  Nothing saved before changes."""
    conn.execute("""CREATE TABLE skill (
        id TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL
    )""")
    conn.execute("""CREATE TABLE skill_evidence (
        id INTEGER PRIMARY KEY,
        skill TEXT NOT NULL,
        at TEXT NOT NULL,
        source TEXT NOT NULL,
        ref TEXT NOT NULL,
        score REAL NOT NULL CHECK (score BETWEEN 0 AND 1),
        weight REAL NOT NULL CHECK (weight > 0),
        difficulty REAL NOT NULL,
        rating_after REAL NOT NULL
    )""")
    conn.execute("CREATE INDEX skill_evidence_by_skill ON skill_evidence (skill, id)")


_OLD_INTERVALS_DAYS = (1, 3, 7, 14, 30)
"""The review queue's fixed intervals before FSRS, a step each: what a version-5 ``review.step`` meant."""
MIGRATED_DIFFICULTY = 5.0
"""FSRS difficulty (1 to 10) given to a queued puzzle already reviewed: the middle, as nothing more is known."""


def _reviewed(step: object, due_at: object) -> tuple[int, str] | None:
    """A version-5 queued item's interval and when it was last solved (that interval before it is due); None
    when never (step 0), or when a hand edit left its step or due time wrong (the repair on opening then makes
    it due now)."""
    if not (isinstance(step, int) and step > 0 and isinstance(due_at, str)):
        return None
    try:
        due = datetime.fromisoformat(due_at)
    except ValueError:
        return None
    days = _OLD_INTERVALS_DAYS[min(step, len(_OLD_INTERVALS_DAYS) - 1)]
    return days, (due - timedelta(days=days)).isoformat(timespec="microseconds")


def _to_version_6(conn: sqlite3.Connection) -> None:
    """The review queue scheduled by FSRS (tutor/storage/reviews.py): each item keeps its due time; one never
    solved when due (step 0) is a new FSRS card (no stability yet), one solved ``step`` times is a card in review
    whose stability is the interval it was scheduled with (at FSRS's 90% retention the next interval is the
    stability), last reviewed that interval before it is due."""
    conn.execute("""CREATE TABLE review_fsrs (
        puzzle_id TEXT PRIMARY KEY,
        due_at TEXT NOT NULL,
        stability REAL CHECK (stability > 0),
        difficulty REAL CHECK (difficulty BETWEEN 1 AND 10),
        last_review TEXT
    )""")
    for puzzle_id, step, due_at in conn.execute("SELECT puzzle_id, step, due_at FROM review").fetchall():
        seen = _reviewed(step, due_at)
        conn.execute(
            "INSERT INTO review_fsrs (puzzle_id, due_at, stability, difficulty, last_review) VALUES (?, ?, ?, ?, ?)",
            (puzzle_id, due_at, *((float(seen[0]), MIGRATED_DIFFICULTY, seen[1]) if seen else (None, None, None))),
        )
    conn.execute("DROP TABLE review")
    conn.execute("ALTER TABLE review_fsrs RENAME TO review")


def _to_version_7(conn: sqlite3.Connection) -> None:
    """The review of each finished round of a kept game (tutor/play/review_data.py), so that ``replay`` shows it
    without computing it again; a game kept before has none, and its rounds are reviewed on request."""
    conn.execute("""CREATE TABLE game_review (
        game_id INTEGER NOT NULL REFERENCES game (id),
        round INTEGER NOT NULL CHECK (round >= 1),
        data TEXT NOT NULL,
        PRIMARY KEY (game_id, round)
    ) WITHOUT ROWID""")


def _to_version_8(conn: sqlite3.Connection) -> None:
    """The rounds over whose review at their end has not been kept yet (the tutor was stopped or killed while it
    ran): the next start makes it.  A game kept before has none pending: its rounds are reviewed on request."""
    conn.execute("""CREATE TABLE review_pending (
        game_id INTEGER NOT NULL REFERENCES game (id),
        round INTEGER NOT NULL CHECK (round >= 1),
        PRIMARY KEY (game_id, round)
    ) WITHOUT ROWID""")


def _to_version_9(conn: sqlite3.Connection) -> None:
    """The puzzles open in a shell after a hint and not yet answered (``holder``: the shell, as a game's): a
    shell killed meanwhile has its puzzle counted as missed at the next start, as leaving it would."""
    conn.execute("""CREATE TABLE puzzle_helped (
        holder TEXT NOT NULL,
        puzzle_id TEXT NOT NULL,
        held_at TEXT NOT NULL,
        themes TEXT NOT NULL,
        rating REAL NOT NULL,
        skills TEXT NOT NULL,
        hints INTEGER NOT NULL CHECK (hints >= 1),
        PRIMARY KEY (holder, puzzle_id)
    ) WITHOUT ROWID""")


MIGRATIONS: tuple[Migration, ...] = (
    _to_version_1, _to_version_2, _to_version_3, _to_version_4, _to_version_5, _to_version_6, _to_version_7,
    _to_version_8, _to_version_9,
)
