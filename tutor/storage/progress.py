"""The learner's progress: lessons, rated puzzle attempts, reviews, streaks, settings."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from types import TracebackType

from tutor.content.skills import Evidence

from .dashboard import Dashboard, Streaks, lessons_done, runs, theme_order, weak_themes
from .database import FileConnection, Upgrade, open_database, transaction
from .errors import ProgressError
from .game_store import GameStore, ImportReport
from .glicko2 import Rating
from .paths import default_path
from .rating_policy import LEARNER_START, after_idle, puzzle_start, rate_game
from .records import MAX_STARS, Activity, AttemptResult, LessonRecord, ReviewItem, Summary, ThemeStat
from .repair import Repair, finite_number, kept_json, repair_values
from .reviews import ReviewState, after_attempt
from .skills import (
    MIN_EVIDENCE,
    SkillEstimate,
    estimates,
    last_source,
    missed_refs,
    recent_scores,
    record,
    weakest,
)
from .timestamps import checked_time, from_text, to_text, utc

_REVIEW_COLUMNS = "puzzle_id, due_at, stability, difficulty, last_review"
_SUCCESS = "(solved AND hints = 0)"
"""An attempt that counts as solved for ratings, reviews, themes and runs: no hints."""


def _texts(kept: object) -> list[str]:
    """A list of strings kept as JSON; none where it is not one (a hand edit)."""
    try:
        found = kept_json(kept)
    except ValueError:
        return []
    return [x for x in found if isinstance(x, str)] if isinstance(found, list) else []


def _review_state(row: Sequence[object]) -> ReviewState:
    """A queued puzzle's schedule from its row's ``due_at, stability, difficulty, last_review``."""
    due, stability, difficulty, last = row
    assert isinstance(due, str) and (last is None or isinstance(last, str))
    return ReviewState(from_text(due), None if stability is None else float(str(stability)),
                       None if difficulty is None else float(str(difficulty)),
                       None if last is None else from_text(last))


class Progress:
    """One open progress file; each method is one transaction, saved when it returns.

    Several ``Progress`` objects (in one or several processes) may use the same
    file at once.  Times are stored in UTC; a naive ``now`` is taken as local time.
    """

    def __init__(self, conn: sqlite3.Connection, path: Path, repair: Repair | None = None) -> None:
        self._conn = conn
        self.path = path
        self.repair = repair
        """What was repaired when the file was opened (values a hand edit left wrong), or None."""
        self.upgrade: Upgrade | None = getattr(conn, "upgrade", None)
        """The earlier version's file brought up to this version's format when it was opened, or None."""
        self.games = GameStore(conn, path)
        """The games against the computer, kept in this file."""
        self.imported = ImportReport()
        """What was read from the old games folder when the file was opened."""

    @classmethod
    def open(cls, path: Path | None = None, environ: Mapping[str, str] = os.environ,
             notice: Callable[[int], None] | None = None) -> Progress:
        """Open (or create) the progress file; ``path`` defaults to :func:`default_path`.

        The games of the old games folder are read into it first (``notice`` is told
        how many files, before they are read; see :meth:`GameStore.import_folder`).
        """
        file = default_path(environ) if path is None else path
        conn = open_database(file)
        try:
            progress = cls(conn, file, repair_values(conn, file))
            progress.imported = progress.games.import_folder(utc(None), notice)
            return progress
        except BaseException:
            conn.close()
            raise

    def close(self) -> None:
        """Let the games this shell plays go (another shell may take them up), and close the file."""
        self.games.release_all()
        self._conn.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def moved(self) -> bool:
        """Whether the file was moved, replaced or deleted since it was opened: nothing more is saved to it."""
        return isinstance(self._conn, FileConnection) and self._conn.moved(self.path)

    def unwritable(self) -> ProgressError | None:
        """Why nothing can be saved to the file now (read-only, moved: a game cannot be played on here), found by an
        empty write transaction, which changes nothing; None when it can be written."""
        try:
            with self._write():
                return None
        except ProgressError as err:
            return err

    def _write(self) -> AbstractContextManager[sqlite3.Connection]:
        return transaction(self._conn, self.path, write=True)

    def _read(self) -> AbstractContextManager[sqlite3.Connection]:
        return transaction(self._conn, self.path, write=False)

    # lessons

    def save_lesson_step(self, lesson_id: str, step: int, mistakes: int = 0, hints: int = 0,
                         now: datetime | None = None, evidence: Mapping[str, Sequence[Evidence]] | None = None
                         ) -> None:
        """Remember the step reached in a lesson not finished yet, and the mistakes and hints so far; with
        ``evidence`` (by lesson step, as :meth:`record_evidence` takes it), the skills rated in the same
        transaction: the step is saved with its evidence, or neither is.

        None of the three goes back (only the lesson's completion clears them): a second shell on the same lesson,
        a step or a slip behind, does not undo what the first saved."""
        if min(step, mistakes, hints) < 0:
            raise ValueError(f"a lesson's step, mistakes and hints are 0 or more, not {step}, {mistakes}, {hints}")
        moment = to_text(utc(now))
        with self._write() as c:
            for ref, pieces in (evidence or {}).items():
                record(c, "lesson", ref, pieces, moment)
            c.execute(
                "INSERT INTO lesson (id, step, mistakes, hints, touched_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (id) "
                "DO UPDATE SET step = max(step, excluded.step), mistakes = max(mistakes, excluded.mistakes), "
                "hints = max(hints, excluded.hints), "
                "touched_at = excluded.touched_at",
                (lesson_id, step, mistakes, hints, moment),
            )

    def lesson_resume(self, lesson_id: str) -> tuple[int, int, int]:
        """The step, mistakes and hints saved for a lesson; zeros when none (never started, or completed since)."""
        with self._read() as c:
            row = c.execute("SELECT step, mistakes, hints FROM lesson WHERE id = ?", (lesson_id,)).fetchone()
        return (0, 0, 0) if row is None else (int(row[0]), int(row[1]), int(row[2]))

    def record_lesson(self, lesson_id: str, stars: int, now: datetime | None = None) -> None:
        """A completed lesson: keep the best stars, the completion time; forget the step, mistakes and hints."""
        if not 0 <= stars <= MAX_STARS:
            raise ValueError(f"stars are 0 to {MAX_STARS}, not {stars}")
        moment = to_text(utc(now))
        with self._write() as c:
            c.execute(
                "INSERT INTO lesson (id, stars, completed_at, step, touched_at) VALUES (?, ?, ?, 0, ?) "
                "ON CONFLICT (id) DO UPDATE SET stars = max(stars, excluded.stars), "
                "completed_at = excluded.completed_at, step = 0, mistakes = 0, hints = 0, "
                "touched_at = excluded.touched_at",
                (lesson_id, stars, moment, moment),
            )

    def lesson_stars(self) -> dict[str, int]:
        """The best stars of every completed lesson."""
        with self._read() as c:
            return self._lesson_stars(c)

    @staticmethod
    def _lesson_stars(c: sqlite3.Connection) -> dict[str, int]:
        rows = c.execute("SELECT id, stars FROM lesson WHERE completed_at IS NOT NULL").fetchall()
        return {lesson_id: int(stars) for lesson_id, stars in rows}

    def lessons(self) -> list[LessonRecord]:
        """Every lesson started or completed, by id."""
        with self._read() as c:
            rows = c.execute("SELECT id, stars, completed_at, step FROM lesson ORDER BY id").fetchall()
        return [
            LessonRecord(lesson_id, int(stars), None if done is None else from_text(done), int(step))
            for lesson_id, stars, done, step in rows
        ]

    # puzzles

    def record_attempt(
        self,
        puzzle_id: str,
        themes: Sequence[str],
        initial_rating: float,
        solved: bool,
        hints: int,
        now: datetime | None = None,
        skills: Sequence[str] = (),
        streak: int = 0,
    ) -> AttemptResult:
        """Store an attempt; rate learner and puzzle on the puzzle's first attempt only.

        For ratings and reviews a solve with hints counts as a failure.
        ``initial_rating`` (the puzzle file's rating) is used on the first attempt only.
        Each of the puzzle's ``skills`` gets the attempt as evidence: scored as it counts for the
        ratings, as hard as the puzzle's rating before it, a share of one piece's weight each.
        ``streak``: the length of the streak this attempt makes, kept in the same transaction if it is
        the best.
        """
        if min(hints, streak) < 0:
            raise ValueError(f"hints and a streak are 0 or more, not {hints} and {streak}")
        with self._write() as c:
            c.execute("DELETE FROM puzzle_helped WHERE holder = ? AND puzzle_id = ?", (self.games.holder, puzzle_id))
            return self._attempt(c, puzzle_id, themes, initial_rating, solved, hints, utc(now), skills, streak)

    def _attempt(self, c: sqlite3.Connection, puzzle_id: str, themes: Sequence[str], initial_rating: float,
                 solved: bool, hints: int, moment: datetime, skills: Sequence[str], streak: int) -> AttemptResult:
        """:meth:`record_attempt` within the transaction ``c``."""
        success = solved and hints == 0  # what _SUCCESS says in SQL
        before = self._learner(c, moment)
        row = c.execute(
            "SELECT rating, deviation, volatility FROM puzzle WHERE id = ?", (puzzle_id,)
        ).fetchone()
        rated = row is None
        if row is None:
            after, puzzle = rate_game(before, puzzle_start(initial_rating), success)
            c.execute(
                "INSERT INTO puzzle (id, rating, deviation, volatility) VALUES (?, ?, ?, ?)",
                (puzzle_id, puzzle.rating, puzzle.deviation, puzzle.volatility),
            )
            c.execute(
                "INSERT OR REPLACE INTO learner (id, rating, deviation, volatility) VALUES (1, ?, ?, ?)",
                (after.rating, after.deviation, after.volatility),
            )
        else:
            after, puzzle = before, Rating(*row)
        attempt_id = c.execute(
            "INSERT INTO attempt (puzzle_id, at, solved, hints, rated, learner_before, learner_after) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (puzzle_id, to_text(moment), solved, hints, rated, before.rating, after.rating),
        ).lastrowid
        c.executemany(
            "INSERT INTO attempt_theme (attempt_id, theme) VALUES (?, ?)",
            [(attempt_id, theme) for theme in dict.fromkeys(themes)],
        )
        review = self._update_review(c, puzzle_id, success, moment)
        hardness = initial_rating if row is None else float(row[0])
        tested = tuple(dict.fromkeys(skills))
        record(c, "puzzle", puzzle_id, [Evidence(skill, float(success), 1 / len(tested), hardness)
                                        for skill in tested], to_text(moment))
        self._keep_streak(c, streak)
        return AttemptResult(puzzle_id, rated, before, after, puzzle, None if review is None else review.due)

    def hold_help(self, puzzle_id: str, themes: Sequence[str], initial_rating: float, hints: int,
                  now: datetime | None = None, skills: Sequence[str] = ()) -> None:
        """Keep that this shell has puzzle ``puzzle_id`` open after ``hints`` hints and no answer: if the shell is
        killed before :meth:`record_attempt`, the next start counts it as missed (:meth:`settle_left_help`)."""
        with self._write() as c:
            c.execute("INSERT OR REPLACE INTO puzzle_helped (holder, puzzle_id, held_at, themes, rating, skills, "
                      "hints) VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (self.games.holder, puzzle_id, to_text(utc(now)), json.dumps(list(themes)), initial_rating,
                       json.dumps(list(skills)), hints))

    def settle_left_help(self, now: datetime | None = None) -> list[AttemptResult]:
        """Count as missed, each in one transaction, the puzzles held after a hint by shells that no longer run
        (killed before an answer), at the time of their last hint: what leaving the puzzle records."""
        with self._read() as c:
            rows = c.execute("SELECT holder, puzzle_id, held_at FROM puzzle_helped ORDER BY held_at").fetchall()
        settled = []
        for holder, puzzle_id, held_at in rows:
            if holder == self.games.holder or self.games.held_elsewhere(holder, held_at, utc(now)):
                continue
            with self._write() as c:
                row = c.execute("SELECT held_at, themes, rating, skills, hints FROM puzzle_helped "
                                "WHERE holder = ? AND puzzle_id = ?", (holder, puzzle_id)).fetchone()
                if row is None:
                    continue  # another shell settled it meanwhile
                c.execute("DELETE FROM puzzle_helped WHERE holder = ? AND puzzle_id = ?", (holder, puzzle_id))
                at, themes, rating, skills, hints = row
                if not (finite_number(rating) and isinstance(hints, int) and hints >= 1):
                    continue  # a hand edit left no rating or count of hints to count it by: its row goes
                try:
                    moment = checked_time(str(at))
                except ValueError:
                    moment = utc(now)
                settled.append(self._attempt(c, puzzle_id, _texts(themes), float(rating), False, int(hints),
                                             moment, _texts(skills), 0))
        return settled

    @staticmethod
    def _learner(c: sqlite3.Connection, now: datetime | None = None) -> Rating:
        """The learner's rating, at ``now`` (given) grown less sure by the days since the last rated puzzle
        (:func:`~.rating_policy.after_idle`)."""
        row = c.execute("SELECT rating, deviation, volatility FROM learner WHERE id = 1").fetchone()
        if row is None:
            return LEARNER_START
        last = None if now is None else c.execute("SELECT max(at) FROM attempt WHERE rated").fetchone()[0]
        if now is None or last is None:
            return Rating(*row)
        return after_idle(Rating(*row), (utc(now) - from_text(last)).total_seconds() / 86400)

    @staticmethod
    def _update_review(c: sqlite3.Connection, puzzle_id: str, success: bool, now: datetime) -> ReviewState | None:
        row = c.execute(
            f"SELECT {_REVIEW_COLUMNS} FROM review WHERE puzzle_id = ?", (puzzle_id,)
        ).fetchone()
        state = None if row is None else _review_state(row[1:])
        new = after_attempt(state, success, now)
        if new is None:
            c.execute("DELETE FROM review WHERE puzzle_id = ?", (puzzle_id,))
        elif new != state:
            c.execute(
                f"INSERT OR REPLACE INTO review ({_REVIEW_COLUMNS}) VALUES (?, ?, ?, ?, ?)",
                (puzzle_id, to_text(new.due), new.stability, new.difficulty,
                 None if new.last_review is None else to_text(new.last_review)),
            )
        return new

    def learner_rating(self, now: datetime | None = None) -> Rating:
        """The learner's rating; at ``now``, less sure by the days since the last rated puzzle."""
        with self._read() as c:
            return self._learner(c, now)

    def puzzle_rating(self, puzzle_id: str) -> Rating | None:
        """The puzzle's rating after its first attempt; None before."""
        with self._read() as c:
            row = c.execute(
                "SELECT rating, deviation, volatility FROM puzzle WHERE id = ?", (puzzle_id,)
            ).fetchone()
        return None if row is None else Rating(*row)

    def attempted(self, puzzle_id: str) -> bool:
        with self._read() as c:
            return c.execute("SELECT 1 FROM attempt WHERE puzzle_id = ? LIMIT 1", (puzzle_id,)).fetchone() is not None

    def attempted_puzzles(self) -> set[str]:
        """Every puzzle attempted at least once."""
        with self._read() as c:
            return {row[0] for row in c.execute("SELECT DISTINCT puzzle_id FROM attempt")}

    def recent_puzzles(self, last: int, since: datetime) -> set[str]:
        """Puzzles among the ``last`` attempted, or attempted at ``since`` or later."""
        with self._read() as c:
            rows = c.execute(
                "SELECT puzzle_id FROM attempt WHERE id IN (SELECT id FROM attempt ORDER BY at DESC, id DESC LIMIT ?) "
                "OR at >= ?",
                (last, to_text(utc(since))),
            ).fetchall()
        return {row[0] for row in rows}

    def solved_puzzles(self) -> set[str]:
        """Puzzles solved at least once, with or without hints."""
        with self._read() as c:
            return {row[0] for row in c.execute("SELECT DISTINCT puzzle_id FROM attempt WHERE solved")}

    # reviews

    def due_reviews(self, now: datetime | None = None) -> list[str]:
        """Puzzles due for review at ``now``, the longest due first."""
        with self._read() as c:
            rows = c.execute(
                "SELECT puzzle_id FROM review WHERE due_at <= ? ORDER BY due_at, puzzle_id",
                (to_text(utc(now)),),
            ).fetchall()
        return [row[0] for row in rows]

    def add_personal_puzzles(self, puzzles: Mapping[str, str], rating: float, now: datetime | None = None) -> int:
        """Keep personal puzzles (their id and data) and queue each for review now, all in one transaction; how
        many were not kept before.

        A personal puzzle is not rated: its rating (``rating``, the learner's
        level when it was made) is written with it, so no attempt is its first.
        One kept before (the same position and move again: a round's end taken
        back and played again, or the mistake made again) is not counted; still
        queued, it keeps its FSRS memory (stability, difficulty, last review) and
        is due now, or as before when that is earlier: its answers alone rate it
        (the same move reviewed again is no new lapse), on the memory it has.
        """
        moment = to_text(utc(now))
        start = puzzle_start(rating)
        new = 0
        with self._write() as c:
            for puzzle_id, data in puzzles.items():
                new += c.execute("SELECT 1 FROM personal_puzzle WHERE id = ?", (puzzle_id,)).fetchone() is None
                c.execute("INSERT OR REPLACE INTO personal_puzzle (id, made_at, data) VALUES (?, ?, ?)",
                          (puzzle_id, moment, data))
                c.execute("INSERT OR IGNORE INTO puzzle (id, rating, deviation, volatility) VALUES (?, ?, ?, ?)",
                          (puzzle_id, start.rating, start.deviation, start.volatility))
                c.execute("INSERT INTO review (puzzle_id, due_at) VALUES (?, ?) "
                          "ON CONFLICT (puzzle_id) DO UPDATE SET due_at = min(due_at, excluded.due_at)",
                          (puzzle_id, moment))
        return new

    def personal_puzzle(self, puzzle_id: str) -> str | None:
        """The data of a personal puzzle; None when there is none of that id."""
        with self._read() as c:
            row = c.execute("SELECT data FROM personal_puzzle WHERE id = ?", (puzzle_id,)).fetchone()
        return None if row is None else str(row[0])

    def drop_review(self, puzzle_id: str) -> None:
        """Take a puzzle out of the review queue (one that can no longer be shown); its attempts stay."""
        with self._write() as c:
            c.execute("DELETE FROM review WHERE puzzle_id = ?", (puzzle_id,))

    def review_queue(self) -> list[ReviewItem]:
        """Every queued puzzle, by due time."""
        with self._read() as c:
            rows = c.execute(f"SELECT {_REVIEW_COLUMNS} FROM review ORDER BY due_at, puzzle_id").fetchall()
        return [ReviewItem(row[0], (state := _review_state(row[1:])).due, state.interval_days) for row in rows]

    # skills

    def record_evidence(self, source: str, evidence: Mapping[str, Sequence[Evidence]],
                        now: datetime | None = None) -> None:
        """Rate the skills from the ``evidence`` of ``source`` (``lesson``, ``puzzle``, ``game``) by the item it
        came from (a lesson step, a puzzle, a game move), in order, all in one transaction."""
        with self._write() as c:
            for ref, pieces in evidence.items():
                record(c, source, ref, pieces, to_text(utc(now)))

    def skills(self) -> list[SkillEstimate]:
        """What the model knows of every skill, in the order of :data:`tutor.content.skills.SKILLS`."""
        with self._read() as c:
            return estimates(c)

    def weakest_skills(self, n: int, min_evidence: int = MIN_EVIDENCE) -> list[SkillEstimate]:
        """Up to ``n`` skills with at least ``min_evidence`` pieces of evidence, the lowest rated first."""
        return weakest(self.skills(), n, min_evidence)

    def skill_scores(self, skill: str, n: int, after: datetime | None = None) -> list[float]:
        """The scores of the last ``n`` pieces of evidence of ``skill`` (recorded after ``after``, when given), the
        latest first."""
        with self._read() as c:
            return recent_scores(c, skill, n, "" if after is None else to_text(after))

    def skill_misses(self, skill: str, source: str, n: int) -> list[tuple[str, int]]:
        """The items of ``source`` (``lesson/STEP`` for a lesson step) whose newest evidence of ``skill`` scored
        under 1 (not passed since), among its last ``n`` pieces from ``source``, the latest first; each with how
        many of its pieces in a row, from the newest, scored under 1."""
        with self._read() as c:
            return missed_refs(c, skill, source, n)

    def evidence_time(self, skill: str, source: str, ref: str) -> datetime | None:
        """When the newest piece of evidence of ``skill`` from the item ``ref`` of ``source`` was recorded; None
        before any."""
        with self._read() as c:
            row = c.execute("SELECT at FROM skill_evidence WHERE skill = ? AND source = ? AND ref = ? "
                            "ORDER BY id DESC LIMIT 1", (skill, source, ref)).fetchone()
        return None if row is None else from_text(row[0])

    def last_evidence_source(self) -> str | None:
        """Where the model's newest evidence came from (``lesson``, ``puzzle``, ``game``): ``game`` when a reviewed
        round is the last thing the learner did that it learnt from; None before any evidence."""
        with self._read() as c:
            return last_source(c)

    # themes

    def theme_stats(self) -> list[ThemeStat]:
        """Attempts and solves without hints per theme, by theme; every attempt counts."""
        with self._read() as c:
            return self._theme_stats(c)

    @staticmethod
    def _theme_stats(c: sqlite3.Connection) -> list[ThemeStat]:
        rows = c.execute(
            f"SELECT t.theme, count(*), total{_SUCCESS} FROM attempt_theme t "
            "JOIN attempt a ON a.id = t.attempt_id GROUP BY t.theme ORDER BY t.theme"
        ).fetchall()
        return [ThemeStat(theme, int(attempts), int(solved)) for theme, attempts, solved in rows]

    # streaks

    def best_streak(self) -> int:
        with self._read() as c:
            return self._best_streak(c)

    @staticmethod
    def _best_streak(c: sqlite3.Connection) -> int:
        row = c.execute("SELECT length FROM best_streak WHERE id = 1").fetchone()
        return 0 if row is None else int(row[0])

    @classmethod
    def _keep_streak(cls, c: sqlite3.Connection, length: int) -> None:
        """Keep ``length`` if it beats the best streak."""
        if length > cls._best_streak(c):
            c.execute("INSERT OR REPLACE INTO best_streak (id, length) VALUES (1, ?)", (length,))

    # settings and the rest

    def get_setting(self, key: str) -> str | None:
        with self._read() as c:
            row = c.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_setting(self, key: str, value: str) -> None:
        with self._write() as c:
            c.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", (key, value))

    def last_activity(self) -> Activity | None:
        """The lesson or puzzle touched last (a puzzle wins a tie), for "continue where you left off"."""
        with self._read() as c:
            lesson = c.execute("SELECT id, touched_at FROM lesson ORDER BY touched_at DESC LIMIT 1").fetchone()
            puzzle = c.execute("SELECT puzzle_id, at FROM attempt ORDER BY at DESC, id DESC LIMIT 1").fetchone()
        if puzzle is not None and (lesson is None or puzzle[1] >= lesson[1]):
            return Activity("puzzle", puzzle[0], from_text(puzzle[1]))
        if lesson is not None:
            return Activity("lesson", lesson[0], from_text(lesson[1]))
        return None

    def summary(self, now: datetime | None = None) -> Summary:
        """Counts for the ``progress`` command, all read at one moment."""
        with self._read() as c:
            return self._summary(c, utc(now))

    def _summary(self, c: sqlite3.Connection, now: datetime) -> Summary:
        lessons = c.execute("SELECT count(*) FROM lesson WHERE completed_at IS NOT NULL").fetchone()[0]
        attempted, solved, any_solve = c.execute(
            f"SELECT count(DISTINCT puzzle_id), count(DISTINCT CASE WHEN {_SUCCESS} THEN puzzle_id END), "
            "count(DISTINCT CASE WHEN solved THEN puzzle_id END) FROM attempt "
            "WHERE puzzle_id NOT IN (SELECT id FROM personal_puzzle)"  # the collection's: positions from games apart
        ).fetchone()
        return Summary(int(lessons), int(attempted), int(solved), int(any_solve) - int(solved), self._learner(c, now),
                       self._best_streak(c))

    def dashboard(self, course: Sequence[str], next_lesson: str | None, now: datetime | None = None) -> Dashboard:
        """The facts of the ``progress`` dashboard, all read at one moment.

        ``course`` lists the lesson ids in course order, ``next_lesson`` the one
        to do next (None: the course is done); both come from the content,
        which this package does not read.
        """
        with self._read() as c:
            summary = self._summary(c, utc(now))
            history = tuple(
                row[0] for row in c.execute("SELECT learner_after FROM attempt WHERE rated ORDER BY at, id")
            )
            current, best = runs(bool(row[0]) for row in c.execute(f"SELECT {_SUCCESS} FROM attempt ORDER BY at, id"))
            stars = self._lesson_stars(c)
            first_due = c.execute("SELECT min(due_at) FROM review").fetchone()[0]
            themes = theme_order(self._theme_stats(c))
        weak = weak_themes(themes)
        return Dashboard(
            summary=summary,
            history=history,
            themes=tuple(themes),
            weak=tuple(stat.theme for stat in weak),
            lessons=lessons_done(course, stars, next_lesson),
            streaks=Streaks(current, best, summary.best_streak),
            next_review=None if first_due is None else from_text(first_due),
        )
