"""The progress file: kept across restarts, crashes and two shells; damaged files refused."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import platformdirs
import pytest
from shell_helpers import open_shell

from tutor.render import Renderer
from tutor.shell.commands import welcome
from tutor.storage import Activity, Progress, ProgressError, Rating, ReviewItem, ThemeStat, default_path
from tutor.storage.database import open_database, transaction
from tutor.storage.glicko2 import SCALE, Game, rate
from tutor.storage.rating_policy import LEARNER_START, TAU, puzzle_start, rate_game
from tutor.storage.reviews import LEARNED_DAYS
from tutor.storage.schema import MIGRATIONS
from tutor.storage.timestamps import to_text

REPO = Path(__file__).resolve().parents[1]
T0 = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)
DAY = timedelta(days=1)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


def pragma(path: Path, name: str) -> object:
    return rows(path, f"PRAGMA {name}")[0][0]


def rows(path: Path, query: str) -> list[tuple[object, ...]]:
    """What ``query`` reads from the file at ``path``, outside the tutor."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(query).fetchall()
    finally:
        conn.close()


def replay(results: list[bool], puzzle_rating: float = 1500.0) -> Rating:
    """The learner's rating after first attempts with these results, one fresh puzzle each."""
    learner = LEARNER_START
    for won in results:
        learner, _ = rate_game(learner, puzzle_start(puzzle_rating), won)
    return learner


# ---- where the file lives, and its version ---------------------------------------------------


def test_home_variable_sets_the_folder(tmp_path: Path) -> None:
    assert default_path({"CASSINO_TUTOR_HOME": str(tmp_path)}) == tmp_path / "progress.sqlite3"


NO_USER = "~no-such-user-of-cassino-tutor"
"""A home folder no system has: Path.expanduser raised RuntimeError on it, a traceback at the start."""


def test_a_home_variable_under_the_home_of_no_user_is_taken_as_set_and_the_tutor_starts(tmp_path: Path) -> None:
    assert default_path({"CASSINO_TUTOR_HOME": f"{NO_USER}/home"}) == Path(NO_USER) / "home" / "progress.sqlite3"
    run = subprocess.run([sys.executable, "-m", "tutor"], input="quit\n", capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "CASSINO_TUTOR_HOME": f"{NO_USER}/home", "CASSINO_TUTOR_CACHE": "",
                              "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert (tmp_path / NO_USER / "home" / "progress.sqlite3").is_file()


def test_without_the_variable_the_file_is_in_the_user_data_folder() -> None:
    path = default_path({})
    assert path.name == "progress.sqlite3"
    assert path.parent == Path(platformdirs.user_data_dir("cassino-tutor", appauthor=False))


def test_a_fresh_file_is_created_at_the_current_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "not" / "there" / "yet"
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(home))
    with Progress.open() as progress:
        assert progress.path == home / "progress.sqlite3"
        assert progress.learner_rating() == Rating(800, 350, 0.06)
        assert progress.lesson_stars() == {}
        assert progress.last_activity() is None
    file = home / "progress.sqlite3"
    assert pragma(file, "user_version") == len(MIGRATIONS)
    assert pragma(file, "journal_mode") == "wal"


def _add_hints_column(conn: sqlite3.Connection) -> None:
    """A stand-in version 2: ALTER fails if run twice, so a rerun would show."""
    conn.execute("ALTER TABLE lesson ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0")
    conn.execute("UPDATE lesson SET hints_used = stars")


def test_an_older_file_is_migrated_one_step_at_a_time(path: Path) -> None:
    with Progress.open(path) as progress:
        progress.record_lesson("intro", 2, now=T0)
    two_steps = (*MIGRATIONS, _add_hints_column)
    for _ in range(2):  # the second open finds nothing left to do
        open_database(path, two_steps).close()
    assert pragma(path, "user_version") == len(two_steps)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT id, stars, hints_used FROM lesson").fetchall() == [("intro", 2, 2)]
    conn.close()


def test_a_fresh_file_runs_every_step(path: Path) -> None:
    open_database(path, (*MIGRATIONS, _add_hints_column)).close()
    assert pragma(path, "user_version") == len(MIGRATIONS) + 1


def test_a_version_1_file_keeps_its_lessons_and_gains_their_slips(path: Path) -> None:
    conn = open_database(path, MIGRATIONS[:1])
    conn.execute("INSERT INTO lesson (id, step, touched_at) VALUES ('builds', 3, '2024-03-01T09:00:00.000000+00:00')")
    conn.close()
    with Progress.open(path) as progress:
        assert progress.lesson_resume("builds") == (3, 0, 0)
        progress.save_lesson_step("builds", 4, mistakes=1, hints=2)
        assert progress.lesson_resume("builds") == (4, 1, 2)
        progress.record_lesson("builds", 1)
        assert progress.lesson_resume("builds") == (0, 0, 0)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_earlier_versions_file_is_copied_as_it_was_before_it_is_brought_up(path: Path, lang: str) -> None:
    """The migrations changed the file in place, and kept no copy: the earlier version refuses the file brought up
    (a newer format), so a learner who went back to it had their progress no more.  A copy of the file as it was
    is kept beside it, the earlier version's format and rows, and the welcome says where; a second start copies
    nothing again."""
    conn = open_database(path, MIGRATIONS[:2])
    conn.execute("INSERT INTO lesson (id, step, touched_at) VALUES ('builds', 3, '2024-03-01T09:00:00.000000+00:00')")
    conn.close()
    with open_shell(path.parent, lang) as shell:
        upgrade = shell.progress.upgrade
        assert upgrade is not None and (upgrade.found, upgrade.supported) == (2, len(MIGRATIONS))
        assert upgrade.backup.parent == path.parent and upgrade.backup.name.startswith("progress.sqlite3.version-2-")
        said = " ".join(welcome(shell).split())
    assert Renderer(lang).message("shell.progress_upgraded", found=2, supported=len(MIGRATIONS),
                                  backup=str(upgrade.backup)) in said, said
    copy = sqlite3.connect(upgrade.backup)
    assert copy.execute("PRAGMA user_version").fetchone()[0] == 2
    assert copy.execute("SELECT id, step FROM lesson").fetchall() == [("builds", 3)]
    copy.close()
    with Progress.open(path) as progress:
        assert progress.upgrade is None
    assert sorted(p.name for p in path.parent.iterdir() if ".version-" in p.name) == [upgrade.backup.name]


# ---- refused files -----------------------------------------------------------------------------


def _not_a_database(path: Path) -> None:
    path.write_text("these are my notes, not a database\n" * 200)


def _broken_pages(path: Path) -> None:
    with Progress.open(path) as progress:
        for i in range(5):
            progress.record_attempt(f"p{i}", ["fork"], 1500, True, 0)
    data = bytearray(path.read_bytes())
    page = pragma(path, "page_size")
    assert isinstance(page, int)
    for start in range(page, len(data), page):  # every page but the first: its cell pointers
        data[start + 8 : start + 40] = b"\x07" * 32
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [_not_a_database, _broken_pages])
def test_a_damaged_file_is_refused_and_left_alone(path: Path, damage: Callable[[Path], None]) -> None:
    damage(path)
    before = path.read_bytes()
    with pytest.raises(ProgressError) as caught:
        Progress.open(path)
    assert caught.value.code == "damaged"
    assert caught.value.params["path"] == str(path)
    assert str(path) in str(caught.value)
    assert "move it away" in str(caught.value).lower()
    assert path.read_bytes() == before


def test_a_newer_version_is_refused_and_left_alone(path: Path) -> None:
    with Progress.open(path) as progress:
        progress.set_setting("lang", "de")
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ProgressError) as caught:
        Progress.open(path)
    assert caught.value.code == "newer_version"
    assert caught.value.params == {"path": str(path), "found": len(MIGRATIONS) + 1, "supported": len(MIGRATIONS)}
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before


def test_another_programs_database_is_refused(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.close()
    with pytest.raises(ProgressError) as caught:
        Progress.open(path)
    assert caught.value.code == "foreign"
    assert str(path) in str(caught.value)


def test_a_folder_in_the_way_cannot_be_opened(tmp_path: Path) -> None:
    (tmp_path / "progress.sqlite3").mkdir()
    with pytest.raises(ProgressError) as caught:
        Progress.open(tmp_path / "progress.sqlite3")
    assert caught.value.code == "cannot_open"


def test_an_interrupted_write_leaves_nothing_and_the_file_usable(path: Path) -> None:
    with Progress.open(path) as progress:
        conn = sqlite3.connect(path, isolation_level=None)
        with pytest.raises(KeyboardInterrupt):
            with transaction(conn, path, write=True) as c:
                c.execute("INSERT INTO setting (key, value) VALUES ('lang', 'de')")
                raise KeyboardInterrupt
        conn.execute("INSERT INTO setting (key, value) VALUES ('colour', 'no')")
        conn.close()
        assert progress.get_setting("lang") is None
        assert progress.get_setting("colour") == "no"


# ---- kept across restarts, crashes and two shells ----------------------------------------------


def test_everything_is_kept_across_close_and_reopen(path: Path) -> None:
    with Progress.open(path) as progress:
        progress.record_lesson("intro", 3, now=T0)
        progress.save_lesson_step("builds", 4, now=T0 + timedelta(minutes=1))
        first = progress.record_attempt("p1", ["fork", "sweep"], 1600, False, 0, now=T0 + timedelta(minutes=2))
        progress.record_attempt("p2", ["sweep"], 1400, True, 0, now=T0 + timedelta(minutes=3), streak=4)
        progress.set_setting("lang", "de")
        seen = (
            progress.lesson_stars(), progress.lessons(), progress.learner_rating(), progress.puzzle_rating("p1"),
            progress.solved_puzzles(), progress.review_queue(), progress.theme_stats(), progress.best_streak(),
            progress.last_activity(), progress.summary(T0 + 2 * DAY),
        )
    with Progress.open(path) as progress:
        again = (
            progress.lesson_stars(), progress.lessons(), progress.learner_rating(), progress.puzzle_rating("p1"),
            progress.solved_puzzles(), progress.review_queue(), progress.theme_stats(), progress.best_streak(),
            progress.last_activity(), progress.summary(T0 + 2 * DAY),
        )
        assert again == seen
        assert progress.lesson_resume("builds")[0] == 4
        assert progress.get_setting("lang") == "de"
        assert progress.attempted("p1") and progress.attempted("p2") and not progress.attempted("p3")
        assert progress.review_queue() == [ReviewItem("p1", first.review_due or T0, 1)]
        assert progress.due_reviews(T0 + 2 * DAY) == ["p1"]


KILLED_WRITER = """
import sys
from pathlib import Path
from tutor.storage import Progress
with Progress.open(Path(sys.argv[1])) as progress:
    for i in range(1_000_000):
        progress.record_attempt(f"p{i}", ["t"], 1500.0, i % 3 == 0, 0)
        print(i, flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_killed_process_keeps_every_committed_attempt(path: Path) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(path)], stdout=subprocess.PIPE, text=True, cwd=REPO
    )
    assert writer.stdout is not None
    printed = []
    for line in writer.stdout:
        printed.append(int(line))
        if len(printed) == 40:
            break
    writer.send_signal(signal.SIGKILL)
    writer.wait()
    printed += [int(line) for line in writer.stdout.read().split()]
    writer.stdout.close()
    assert writer.returncode == -signal.SIGKILL
    with Progress.open(path) as progress:
        stored = [i for i in range(len(printed) + 2) if progress.attempted(f"p{i}")]
        # every printed attempt was committed; one more may have committed before its print
        assert stored[: len(printed)] == printed
        assert len(stored) in (len(printed), len(printed) + 1)
        assert progress.learner_rating() == pytest.approx(replay([i % 3 == 0 for i in stored]))


def test_two_objects_on_one_file_interleave_without_losing_updates(path: Path) -> None:
    with Progress.open(path) as one, Progress.open(path) as two:
        results = [True, False, True, True, False, False]
        for i, won in enumerate(results):
            shell = one if i % 2 == 0 else two
            shell.record_attempt(f"p{i}", ["t"], 1500, won, 0, streak=(3, 5, 4, 0, 0, 0)[i])  # a streak of each
        for shell in (one, two):
            assert shell.learner_rating() == pytest.approx(replay(results))
            assert shell.best_streak() == 5
            assert shell.summary().puzzles_attempted == len(results)


CONCURRENT_WRITER = """
import sys
from pathlib import Path
from tutor.storage import Progress
path, name, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
with Progress.open(path) as progress:
    print("ready", flush=True)
    sys.stdin.readline()
    for i in range(count):
        progress.record_attempt(f"{name}{i}", ["t"], 1500.0, True, 0)
"""


def test_two_processes_writing_at_once_lose_nothing(path: Path) -> None:
    count = 40
    Progress.open(path).close()
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", CONCURRENT_WRITER, str(path), name, str(count)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=REPO,
        )
        for name in ("a", "b")
    ]
    for writer in writers:
        assert writer.stdout is not None and writer.stdout.readline() == "ready\n"
    for writer in writers:  # both start together
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
    for writer in writers:
        writer.communicate(timeout=60)
        assert writer.returncode == 0
    with Progress.open(path) as progress:
        # every game is the same (a win over a fresh 1500 puzzle), so the order does not
        # matter and a lost update would leave the rating of fewer games
        assert progress.learner_rating() == pytest.approx(replay([True] * 2 * count))
        assert progress.summary().puzzles_solved == 2 * count


# ---- ratings -------------------------------------------------------------------------------------


def test_only_the_first_attempt_of_a_puzzle_is_rated(path: Path) -> None:
    with Progress.open(path) as progress:
        assert progress.puzzle_rating("p1") is None
        first = progress.record_attempt("p1", ["fork"], 1700, True, 0)
        assert first.rated
        assert first.before == LEARNER_START
        learner, puzzle = rate_game(LEARNER_START, puzzle_start(1700), True)
        assert first.after == learner and first.puzzle == puzzle
        assert first.after.rating > first.before.rating
        assert first.puzzle.rating < 1700
        assert progress.learner_rating() == learner and progress.puzzle_rating("p1") == puzzle
        for solved in (False, True):
            later = progress.record_attempt("p1", ["fork"], 1700, solved, 0)
            assert not later.rated
            assert later.before == later.after == learner
            assert later.puzzle == puzzle
        assert progress.learner_rating() == learner
        assert progress.puzzle_rating("p1") == puzzle


def test_the_puzzle_starts_at_its_file_rating(path: Path) -> None:
    with Progress.open(path) as progress:
        easy = progress.record_attempt("easy", [], 1200, True, 0)
    with Progress.open(path.with_name("other.sqlite3")) as progress:
        hard = progress.record_attempt("hard", [], 1800, True, 0)
    assert hard.after.rating - hard.before.rating > easy.after.rating - easy.before.rating > 0
    # the learner's start and tau as documented: one win against a 1200 puzzle
    alone = rate(Rating(800, 350, 0.06), [Game(puzzle_start(1200), 1)], tau=0.5)
    assert TAU == 0.5 and easy.after == alone


def test_a_solve_with_hints_is_rated_as_a_failure(path: Path) -> None:
    with Progress.open(path) as progress:
        helped = progress.record_attempt("p1", [], 1500, True, 2)
        failed = progress.record_attempt("p2", [], 1500, False, 0)
    assert helped.rated and helped.after.rating < helped.before.rating
    assert helped.before == LEARNER_START and helped.after == rate_game(LEARNER_START, puzzle_start(1500), False)[0]
    assert failed.after.rating < failed.before.rating


def test_a_puzzle_held_after_a_hint_by_a_shell_gone_is_settled_once_as_a_miss(path: Path) -> None:
    now = datetime(2026, 12, 5, 12, 0, tzinfo=timezone.utc)
    ended = subprocess.Popen([sys.executable, "-c", ""])  # a process that ran and ended, as the killed shell did
    ended.wait()
    with Progress.open(path) as gone, Progress.open(path) as running, Progress.open(path) as later:
        host, _, token = gone.games.holder.rsplit("/", 2)
        gone.games.holder = f"{host}/{ended.pid}/{token}"
        gone.hold_help("p1", ["pairing"], 1200, 1, now=now, skills=["captures"])
        gone.hold_help("p1", ["pairing"], 1200, 2, now=now + DAY / 24, skills=["captures"])  # a second hint
        running.hold_help("p2", [], 1300, 1, now=now)  # a shell of this process, which runs
        (missed,) = later.settle_left_help(now + DAY / 12)
        assert missed.puzzle_id == "p1" and missed.rated and missed.after.rating < missed.before.rating
        assert missed.review_due is not None and missed.review_due > now + DAY / 24
        assert later.settle_left_help(now + DAY / 12) == [], "settled once"
        stats = later.theme_stats()
        assert [(s.theme, s.attempts, s.solved) for s in stats] == [("pairing", 1, 0)]
        assert later.evidence_time("captures", "puzzle", "p1") == now + DAY / 24
    assert rows(path, "SELECT puzzle_id, solved, hints, at FROM attempt") == [("p1", 0, 2, to_text(now + DAY / 24))]
    assert rows(path, "SELECT puzzle_id FROM puzzle_helped") == [("p2",)], "not settled by itself"


@pytest.mark.parametrize(("column", "value"), [("rating", "abc"), ("hints", "x"), ("hints", 2.5)])
def test_a_hand_edited_hold_is_dropped_not_a_crash_at_every_start(path: Path, column: str, value: object) -> None:
    """A held puzzle's rating or hints edited to what is no number (SQLite keeps it) stopped every start with a
    ValueError, the row kept for the next."""
    ended = subprocess.Popen([sys.executable, "-c", ""])
    ended.wait()
    with Progress.open(path) as gone:
        host, _, token = gone.games.holder.rsplit("/", 2)
        gone.games.holder = f"{host}/{ended.pid}/{token}"
        gone.hold_help("p1", ["pairing"], 1200, 1)
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.execute(f"UPDATE puzzle_helped SET {column} = ?", (value,))
    finally:
        conn.close()
    with Progress.open(path) as later:
        assert later.settle_left_help() == []
        assert later.settle_left_help() == []
    assert rows(path, "SELECT count(*) FROM puzzle_helped") == [(0,)]


def test_an_answer_or_a_miss_recorded_removes_the_shells_own_hold(path: Path) -> None:
    with Progress.open(path) as progress:
        progress.hold_help("p1", [], 1200, 1)
        progress.record_attempt("p1", [], 1200, True, 1)
        assert progress.settle_left_help() == []
    assert rows(path, "SELECT count(*) FROM puzzle_helped") == [(0,)]


def test_days_without_a_rated_puzzle_make_the_rating_less_sure(path: Path) -> None:
    """Each whole day away is an empty Glicko-2 rating period: the deviation grows by the volatility (the rating
    itself stays), the next attempt moves the rating further, and a new learner's deviation is the most."""
    with Progress.open(path) as progress:
        for i in range(8):
            progress.record_attempt(f"p{i}", [], 800, i % 2 == 0, 0, now=T0 + i * timedelta(minutes=5))
        settled = progress.learner_rating()
        assert progress.learner_rating(T0 + timedelta(hours=20)) == settled  # the same day: no period passed
        last = T0 + timedelta(minutes=35)
        away = progress.learner_rating(last + 30 * DAY)
        grown = (settled.deviation ** 2 + 30 * (settled.volatility * SCALE) ** 2) ** 0.5
        assert away.rating == settled.rating and away.deviation == pytest.approx(grown) and grown > settled.deviation
        assert progress.summary(last + 30 * DAY).rating == away
        back = progress.record_attempt("p9", [], 800, True, 0, now=last + 30 * DAY)
        assert back.before == away and back.after == rate_game(away, puzzle_start(800), True)[0]
        assert progress.learner_rating(T0 + 10_000 * DAY).deviation == LEARNER_START.deviation


def test_solved_puzzles_counts_any_solve(path: Path) -> None:
    with Progress.open(path) as progress:
        progress.record_attempt("p1", [], 1500, False, 0)
        progress.record_attempt("p1", [], 1500, True, 0)
        progress.record_attempt("p2", [], 1500, True, 1)
        progress.record_attempt("p3", [], 1500, False, 0)
        assert progress.solved_puzzles() == {"p1", "p2"}
        summary = progress.summary()  # solved as the puzzle counts it: p2, solved after a hint, counted a miss
        assert (summary.puzzles_attempted, summary.puzzles_solved, summary.puzzles_helped) == (3, 1, 1)


def test_the_puzzle_counts_leave_out_the_positions_from_games(path: Path) -> None:
    """"Puzzles: 1 solved of 2 tried" counts the collection's puzzles: a position from a game, tried and solved,
    is queued and counted apart (the dashboard said 22 tried where 5 of them were positions)."""
    with Progress.open(path) as progress:
        progress.record_attempt("p1", [], 1500, True, 0)
        progress.record_attempt("p2", [], 1500, False, 0)
        progress.add_personal_puzzles({"game-1-4": "{}"}, 800)
        progress.record_attempt("game-1-4", [], 800, True, 0)
        summary = progress.summary()
        assert (summary.puzzles_attempted, summary.puzzles_solved, summary.puzzles_helped) == (2, 1, 0)


def test_recent_puzzles_are_the_last_attempted_or_those_of_the_last_hours(path: Path) -> None:
    with Progress.open(path) as progress:
        for i in range(5):
            progress.record_attempt(f"p{i}", [], 1500, i % 2 == 0, 0, now=T0 + i * DAY)
        progress.record_attempt("p1", [], 1500, True, 0, now=T0 + 5 * DAY)  # tried again: it counts once
        assert progress.attempted_puzzles() == {f"p{i}" for i in range(5)}
        assert progress.recent_puzzles(2, T0 + 10 * DAY) == {"p1", "p4"}
        assert progress.recent_puzzles(1, T0 + 3 * DAY) == {"p1", "p3", "p4"}
        assert progress.recent_puzzles(0, T0 + 10 * DAY) == set()


# ---- the review queue ------------------------------------------------------------------------------


def test_review_intervals_grow_and_a_failure_starts_again(path: Path) -> None:
    """FSRS: a failure comes back the next day, each solve when due waits longer, and a solve that would wait
    LEARNED_DAYS or more ends the reviews."""
    with Progress.open(path) as progress:
        assert progress.record_attempt("p1", [], 1500, True, 0, now=T0).review_due is None
        assert progress.review_queue() == []  # a solved puzzle is not queued
        result = progress.record_attempt("p2", [], 1500, False, 0, now=T0)
        assert result.review_due == T0 + DAY
        assert progress.due_reviews(T0 + DAY - timedelta(seconds=1)) == []
        assert progress.due_reviews(T0 + DAY) == ["p2"]

        # solving before it is due changes nothing
        progress.record_attempt("p2", [], 1500, True, 0, now=T0 + timedelta(hours=2))
        assert progress.review_queue() == [ReviewItem("p2", T0 + DAY, 1)]

        now = T0 + DAY
        seen = [1]
        while (due := progress.record_attempt("p2", [], 1500, True, 0, now=now).review_due) is not None:
            (item,) = progress.review_queue()
            assert item.due == due == now + item.interval_days * DAY
            seen.append(item.interval_days)
            now = item.due
            assert len(seen) < 10
        assert seen == sorted(set(seen)) and len(seen) >= 3 and seen[-1] < LEARNED_DAYS
        assert progress.review_queue() == [] and progress.due_reviews(now + 365 * DAY) == []

        # failed again: back to one day; a solve with hints is a failure here too
        progress.record_attempt("p2", [], 1500, False, 0, now=now)
        assert progress.review_queue() == [ReviewItem("p2", now + DAY, 1)]
        progress.record_attempt("p2", [], 1500, True, 1, now=now + DAY)
        assert progress.review_queue() == [ReviewItem("p2", now + 2 * DAY, 1)]


def test_due_reviews_come_oldest_first(path: Path) -> None:
    with Progress.open(path) as progress:
        progress.record_attempt("late", [], 1500, False, 0, now=T0 + timedelta(hours=5))
        progress.record_attempt("early", [], 1500, False, 0, now=T0)
        assert progress.due_reviews(T0 + 2 * DAY) == ["early", "late"]
        assert progress.due_reviews(T0 + DAY + timedelta(hours=1)) == ["early"]


# ---- themes, lessons, streaks, settings, last activity --------------------------------------------


def test_theme_stats(path: Path) -> None:
    outcomes = {
        "fork": [True, True, True, False],  # 3 of 4
        "sweep": [False, False, True],  # 1 of 3
        "build": [False, True, False, False],  # 1 of 4
        "trail": [False],  # too few attempts to judge
    }
    with Progress.open(path) as progress:
        for theme, results in outcomes.items():
            for i, solved in enumerate(results):
                progress.record_attempt(f"{theme}{i}", [theme, theme], 1500, solved, 0)
        progress.record_attempt("helped", ["fork"], 1500, True, 1)  # a failure: fork 3 of 5
        stats = {stat.theme: stat for stat in progress.theme_stats()}
        assert stats["fork"] == ThemeStat("fork", 5, 3)
        assert stats["sweep"].rate == pytest.approx(1 / 3)
        assert stats["trail"] == ThemeStat("trail", 1, 0)


def test_lessons_keep_the_best_stars_and_the_step_reached(path: Path) -> None:
    with Progress.open(path) as progress:
        assert progress.lesson_resume("intro")[0] == 0
        progress.save_lesson_step("intro", 3, now=T0)
        assert progress.lesson_resume("intro")[0] == 3
        assert progress.lesson_stars() == {}  # started is not done
        progress.record_lesson("intro", 2, now=T0 + DAY)
        assert progress.lesson_resume("intro")[0] == 0
        progress.record_lesson("intro", 1, now=T0 + 2 * DAY)
        progress.record_lesson("captures", 3, now=T0 + 2 * DAY)
        assert progress.lesson_stars() == {"intro": 2, "captures": 3}
        (captures, intro) = progress.lessons()
        assert intro.completed_at == T0 + 2 * DAY and intro.stars == 2
        assert captures.lesson_id == "captures"
        assert progress.summary().lessons_done == 2
        with pytest.raises(ValueError):
            progress.record_lesson("intro", 4)
        with pytest.raises(ValueError):
            progress.save_lesson_step("intro", -1)


def test_streaks_keep_the_best(path: Path) -> None:
    with Progress.open(path) as progress:
        assert progress.best_streak() == 0
        for n, (streak, best) in enumerate([(1, 1), (3, 3), (2, 3), (0, 3), (7, 7)]):
            progress.record_attempt(f"p{n}", ["t"], 1500, streak > 0, 0, streak=streak)
            assert progress.best_streak() == best
        with pytest.raises(ValueError):
            progress.record_attempt("p9", ["t"], 1500, True, 0, streak=-1)
        assert progress.best_streak() == 7
        assert progress.summary().best_streak == 7


def test_settings(path: Path) -> None:
    with Progress.open(path) as progress:
        assert progress.get_setting("lang") is None
        progress.set_setting("lang", "de")
        progress.set_setting("lang", "en")
        progress.set_setting("theme", "dark")
        assert progress.get_setting("lang") == "en"
        assert progress.get_setting("theme") == "dark"


def test_last_activity_is_the_latest_lesson_or_puzzle(path: Path) -> None:
    with Progress.open(path) as progress:
        progress.save_lesson_step("intro", 2, now=T0)
        assert progress.last_activity() == Activity("lesson", "intro", T0)
        progress.record_attempt("p9", [], 1500, False, 0, now=T0 + timedelta(minutes=5))
        assert progress.last_activity() == Activity("puzzle", "p9", T0 + timedelta(minutes=5))
        progress.record_lesson("builds", 3, now=T0 + timedelta(minutes=9))
        assert progress.last_activity() == Activity("lesson", "builds", T0 + timedelta(minutes=9))
