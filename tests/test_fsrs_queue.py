"""The review queue moved to FSRS (schema version 6): every queued item kept, none due later than before."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from tutor.storage import Progress
from tutor.storage.database import open_database
from tutor.storage.reviews import ReviewState, after_attempt
from tutor.storage.schema import MIGRATED_DIFFICULTY, MIGRATIONS
from tutor.storage.timestamps import from_text, to_text

T0 = datetime(2026, 11, 1, 12, tzinfo=timezone.utc)
DAY = timedelta(days=1)
OLD_INTERVALS = (1, 3, 7, 14, 30)  # the fixed schedule's, a step each


def old_queue(path: Path, rows: list[tuple[str, object, object]]) -> None:
    """A version-5 progress file (fixed intervals) with these ``review`` rows (puzzle, step, due)."""
    conn = open_database(path, MIGRATIONS[:5])
    try:
        conn.executemany("INSERT INTO review (puzzle_id, step, due_at) VALUES (?, ?, ?)", rows)
    finally:
        conn.close()


def test_the_migration_keeps_every_queued_item_and_its_due_time(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    rows: list[tuple[str, object, object]] = [
        (f"p{step}-{days}", step, to_text(T0 + days * DAY)) for step in range(5) for days in (-40, -1, 0, 2, 31)
    ]
    rows.append(("game-2026-11-01-abc", 0, to_text(T0)))  # a personal puzzle, never tried
    old_queue(path, rows)
    with Progress.open(path) as progress:
        queue = {item.puzzle_id: item for item in progress.review_queue()}
        assert sorted(queue) == sorted(puzzle for puzzle, _, _ in rows)
        for puzzle, step, due in rows:
            assert isinstance(due, str) and isinstance(step, int)
            assert queue[puzzle].due == from_text(due)
            assert queue[puzzle].interval_days == (OLD_INTERVALS[step] if step else 0)
        assert progress.due_reviews(T0) == sorted(
            (p for p, _, due in rows if isinstance(due, str) and from_text(due) <= T0),
            key=lambda p: (queue[p].due, p))
        # a migrated card goes on with FSRS: stability from its old interval, the middle difficulty
        kept = ReviewState(T0 + 2 * DAY, float(OLD_INTERVALS[2]), MIGRATED_DIFFICULTY, T0 + 2 * DAY - 7 * DAY)
        progress.record_attempt("p2-2", [], 1500, True, 0, now=T0 + 2 * DAY)
        expected = after_attempt(kept, True, T0 + 2 * DAY)
        assert expected is not None and expected.interval_days > OLD_INTERVALS[2]
        again = {item.puzzle_id: item for item in progress.review_queue()}
        assert again["p2-2"].due == expected.due and len(again) == len(rows)


def test_items_a_hand_edit_left_wrong_are_kept_too(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    old_queue(path, [("bad-step", "abc", to_text(T0)), ("bad-due", 2, "someday"), ("fine", 1, to_text(T0))])
    with Progress.open(path) as progress:
        assert progress.repair is not None
        ids = {item.puzzle_id: item for item in progress.review_queue()}
        assert sorted(ids) == ["bad-due", "bad-step", "fine"]
        assert ids["bad-step"].due == T0 and ids["fine"].interval_days == OLD_INTERVALS[1]
        assert ids["bad-due"].due <= datetime.now(timezone.utc)  # the repair made it due now


def test_a_queued_position_made_again_keeps_its_memory_and_is_due_now(tmp_path: Path) -> None:
    """A personal puzzle already queued and answered, queued again (the same position, the same move: a round's end
    taken back and played again, or the mistake made again), keeps its FSRS memory and is due at once: its next
    answer is rated on that memory.  One never answered keeps its place in the queue."""
    puzzle, fresh = "game-0000000000b1", "game-0000000000b2"
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        progress.add_personal_puzzles({puzzle: "{}", fresh: "{}"}, 800, now=T0)
        progress.record_attempt(puzzle, [], 800, False, 0, now=T0)
        missed = after_attempt(ReviewState(T0), False, T0)
        assert missed is not None
        progress.record_attempt(puzzle, [], 800, True, 0, now=T0 + 3 * DAY)
        solved = after_attempt(missed, True, T0 + 3 * DAY)
        assert solved is not None and solved.due > T0 + 4 * DAY
        progress.add_personal_puzzles({puzzle: "{}", fresh: "{}"}, 800, now=T0 + 4 * DAY)
        queue = {item.puzzle_id: item for item in progress.review_queue()}
        assert queue[puzzle].due == T0 + 4 * DAY and queue[puzzle].interval_days == 1  # from its last answer, kept
        progress.record_attempt(puzzle, [], 800, True, 0, now=T0 + 4 * DAY)
        expected = after_attempt(ReviewState(T0 + 4 * DAY, solved.stability, solved.difficulty, solved.last_review),
                                 True, T0 + 4 * DAY)
        forgotten = after_attempt(ReviewState(T0 + 4 * DAY), True, T0 + 4 * DAY)  # a new card's first Good
        assert expected is not None and forgotten is not None and expected.due != forgotten.due
        assert {item.puzzle_id: item for item in progress.review_queue()}[puzzle].due == expected.due
        assert queue[fresh].due == T0 and progress.due_reviews(T0 + 4 * DAY) == [fresh]
