"""The ``progress`` dashboard: its facts from a constructed history, its charts, its screen in both languages."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from shell_helpers import open_shell, right_answer, wrong_answer

from tutor.render.chart import SPARKS, SPARKS_ASCII, bar, columns, fit, sample, sparkline, stars
from tutor.shell.commands import dispatch, typed_command
from tutor.shell.game_choice import game_choice, game_why
from tutor.shell.play import GameRun
from tutor.shell.state import Shell
from tutor.storage import Progress, Streaks, ThemeStat
from tutor.storage.dashboard import WEAK_RATE, runs, theme_order, weak_themes

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=timezone.utc)
HOUR = timedelta(hours=1)
COURSE = ["table", "pairing", "sums", "faces"]


# ---- the facts --------------------------------------------------------------------------------


def test_runs_count_the_current_and_the_longest() -> None:
    assert runs([]) == (0, 0)
    assert runs([True, True, False, True, True, True, False, True]) == (1, 3)
    assert runs([False, True, True]) == (2, 2)
    assert runs([True, False]) == (0, 1)


def test_theme_order_puts_judged_weakest_first_and_the_untried_last() -> None:
    stats = [
        ThemeStat("sums", 4, 3),  # 75%
        ThemeStat("sweep", 3, 1),  # 33%
        ThemeStat("build", 6, 2),  # 33%, more attempts: first on the tie
        ThemeStat("trail", 1, 0),  # too few to judge
        ThemeStat("pair", 2, 2),  # too few to judge, more tried
    ]
    ordered = theme_order(stats)
    assert [s.theme for s in ordered] == ["build", "sweep", "sums", "pair", "trail"]
    assert [s.theme for s in weak_themes(ordered)] == ["build", "sweep"]  # 75% is not weak
    assert all(s.rate < WEAK_RATE for s in weak_themes(ordered))


def attempt(progress: Progress, when: int, puzzle: str, themes: list[str], solved: bool, hints: int = 0,
            streak: int = 0) -> float | None:
    """Record an attempt ``when`` hours after T0 (making a ``streak``); the learner's rating after it when it was
    rated."""
    result = progress.record_attempt(puzzle, themes, 1500, solved, hints, now=T0 + when * HOUR, streak=streak)
    return result.after.rating if result.rated else None


def test_dashboard_facts_from_a_constructed_history(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        results = [
            attempt(progress, 1, "a", ["sums"], True),
            attempt(progress, 2, "b", ["sums", "sweep"], False),
            attempt(progress, 3, "b", ["sums", "sweep"], True),  # a retry: not rated
            attempt(progress, 4, "c", ["sums"], True, hints=1),  # solved with a hint: not a success
            attempt(progress, 5, "d", ["sweep"], True),
            attempt(progress, 6, "e", ["sweep"], True),
            attempt(progress, 7, "f", ["pair"], True),
            attempt(progress, 8, "g", ["sums"], False),
            attempt(progress, 9, "h", ["pair"], True, streak=4),
        ]
        progress.record_lesson("pairing", 2, now=T0)
        progress.record_lesson("table", 3, now=T0)
        progress.record_lesson("gone", 3, now=T0)  # a lesson since removed from the course
        # b, c and g failed at hours 2, 4 and 8; the earliest is due a day later
        facts = progress.dashboard(COURSE, "sums", T0 + 20 * HOUR)
        assert progress.due_reviews(T0 + 20 * HOUR) == []

    assert facts.history == tuple(r for r in results if r is not None)
    assert len(facts.history) == 8
    # success per attempt: T F T F T T T F T
    assert facts.streaks == Streaks(current=1, best=3, streak_mode=4)
    assert [(s.theme, s.solved, s.attempts) for s in facts.themes] == [
        ("sums", 2, 5),  # 40%, weak
        ("sweep", 3, 4),  # 75%
        ("pair", 2, 2),  # too few to judge
    ]
    assert facts.weak == ("sums",)
    assert facts.lessons.stars == (("table", 3), ("pairing", 2))
    assert (facts.lessons.done, facts.lessons.left, facts.lessons.earned, facts.lessons.improvable) == (2, 2, 5, ("pairing",))
    assert facts.next_review == T0 + 2 * HOUR + timedelta(days=1)


def test_dashboard_of_a_new_learner_is_empty_and_points_to_the_first_lesson(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        facts = progress.dashboard(COURSE, "table", T0)
    assert facts.history == () and facts.themes == () and facts.weak == ()
    assert facts.streaks == Streaks(0, 0, 0)
    assert facts.lessons.done == 0 and facts.lessons.left == 4
    assert facts.next_review is None


def test_failed_puzzles_are_due_a_day_later(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        attempt(progress, 0, "a", ["sums"], False)
        attempt(progress, 1, "b", ["sums"], False)
        due = [progress.due_reviews(T0 + hours * HOUR) for hours in (23, 24, 25)]
    assert due == [[], ["a"], ["a", "b"]]


# ---- the charts -------------------------------------------------------------------------------


def test_sparkline_maps_the_lowest_and_highest_to_the_ends() -> None:
    line = sparkline([1500, 1600, 1550, 1700], 80)
    assert len(line) == 4
    assert line[0] == SPARKS[0] and line[3] == SPARKS[-1]
    assert line[0] < line[2] < line[1] < line[3]  # the glyphs are in rising order
    assert sparkline([1500, 1700], 80, symbols=False) == SPARKS_ASCII[0] + SPARKS_ASCII[-1]


def test_sparkline_of_a_flat_an_empty_and_a_single_history() -> None:
    flat = sparkline([1500.0] * 5, 80)
    assert len(flat) == 5 and len(set(flat)) == 1
    assert flat[0] not in (SPARKS[0], SPARKS[-1])  # neither low nor high: there is no change
    assert sparkline([], 80) == ""
    assert len(sparkline([1612.0], 80)) == 1


def test_a_long_history_is_sampled_to_the_width_and_ends_at_the_last_rating() -> None:
    history = [float(i) for i in range(1000)]
    assert sample(history, 10) == [99.0, 199.0, 299.0, 399.0, 499.0, 599.0, 699.0, 799.0, 899.0, 999.0]
    line = sparkline(history, 50)
    assert len(line) == 50 and line[-1] == SPARKS[-1]
    assert list(line) == sorted(line)  # a rising history draws a rising line


@given(st.lists(st.floats(min_value=0, max_value=4000), max_size=300), st.integers(min_value=1, max_value=100))
def test_sparkline_length_and_order(values: list[float], width: int) -> None:
    line = sparkline(values, width)
    assert len(line) == min(len(values), width)
    assert set(line) <= set(SPARKS)
    if 0 < len(values) <= width:
        # a higher value never gets a lower glyph
        for (a, ga), (b, gb) in zip(sorted(zip(values, line)), sorted(zip(values, line))[1:]):
            assert SPARKS.index(ga) <= SPARKS.index(gb) or a == b
        if min(values) < max(values):
            assert line[values.index(min(values))] == SPARKS[0]
            assert line[values.index(max(values))] == SPARKS[-1]


def test_bars_stars_and_columns() -> None:
    assert bar(0.5, 10) == "█████░░░░░"
    assert bar(1 / 3, 9, symbols=False) == "###......"
    assert bar(0.0, 4) == "░░░░" and bar(1.0, 4) == "████"
    assert stars(2) == "★★☆" and stars(1, symbols=False) == "*.."
    cells = [f"cell {i}" for i in range(7)]
    two = columns(cells, 20)
    assert len(two) == 4 and two[0] == "  cell 0  cell 4"
    assert columns(cells, 200) == ["  " + "  ".join(cells)]
    assert columns([], 80) == []


def test_fit_wraps_long_lines_under_their_indent() -> None:
    text = "short\n  " + " ".join(["word"] * 30)
    fitted = fit(text, 40).split("\n")
    assert fitted[0] == "short"
    assert all(len(line) <= 40 for line in fitted)
    assert fitted[1].startswith("  word") and fitted[2].startswith("    word")
    assert " ".join(" ".join(fitted[1:]).split()) == " ".join(["word"] * 30)


# ---- the screen -------------------------------------------------------------------------------


def lived(shell: Shell, puzzles: int = 60) -> None:
    """A learner with a history: lessons with stars, puzzles of several themes, a weak one, reviews."""
    progress = shell.progress
    for lesson, n in zip(shell.catalog.lessons[:3], (3, 2, 3)):
        progress.record_lesson(lesson.id, n, now=T0)
    themes = ["pairing", "sums", "building", "trailing"]
    # puzzles of the collection: a queued id that is not one is dropped from the review queue when it is due
    by_theme = {theme: [p.id for p in shell.catalog.puzzles if theme in p.themes] for theme in themes}
    for i in range(puzzles):
        theme = themes[i % len(themes)]
        solved = i % 5 == 0 if theme == "sums" else i % 7 != 0
        attempt(progress, i, by_theme[theme][i // len(themes)], [theme], solved, streak=5 if i == puzzles - 1 else 0)


def chart_of(text: str, levels: str) -> str:
    """The sparkline on the screen: the longest word of chart glyphs only (lesson stars in ASCII are short)."""
    words = [word for line in text.split("\n") for word in line.split() if set(word) <= set(levels)]
    return max(words, key=len, default="")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [80, 40])
def test_the_screen_fits_the_width_in_both_languages(tmp_path: Path, lang: str, width: int) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        shell.width = lambda: width
        lived(shell)
        text = dispatch(shell, "progress").text
    lines = text.split("\n")
    assert max(len(line) for line in lines) <= width
    chart = chart_of(text, SPARKS)
    assert 10 < len(chart) < 60  # 60 games, sampled to fit beside its legend


def test_the_english_screen_says_everything(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        lived(shell)
        facts = shell.progress.dashboard([lesson.id for lesson in shell.catalog.lessons], None, shell.clock())
        due = shell.progress.due_reviews(shell.clock())
        text = dispatch(shell, "progress").text
    low, high = round(min(facts.history)), round(max(facts.history))
    assert f"after {len(facts.history)} rated puzzles" in text
    assert f"low {low}, high {high}" in text
    sums = next(line for line in text.split("\n") if line.strip().startswith("sums "))
    assert sums.endswith("weak") and "3/15" in sums and "20%" in sums
    assert "pairing " in text and "weak" not in next(line for line in text.split("\n") if "pairing " in line)
    assert "Lessons: 3 of" in text and "★★☆ Pairing" in text and "8 of 9 stars" in text
    assert f"{facts.streaks.current} now, best {facts.streaks.best}" in text
    assert "Streak mode (“streak”): best 5" in text
    # reviews of the failed puzzles are due a day later; the clock says 2026-11-29
    assert f"{len(due)} failed puzzles are due for review: type “review”." in text


def test_the_german_screen_uses_german_names_and_commands(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        lived(shell)
        text = dispatch(shell, "fortschritt").text
        shell.clock.now = T0  # before any review is due
        later = dispatch(shell, "fortschritt").text
    assert "Dein Fortschritt" in text and "Wertungszahl" in text
    assert "summen" in text and "schwach" in text and "20 %" in text
    assert "★★☆ Paare einnehmen" in text
    assert "Tippe „wiederholen“" in text
    assert "die nächste Wiederholung ist am 3.11.2026" in later  # the first failure, at T0, is due a day later
    assert "Nächste Lektion „Bildkarten“: Tippe „lerne bildkarten“." in later


def test_a_new_learner_sees_a_sensible_screen(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        text = dispatch(shell, "progress").text
        first = shell.catalog.lessons[0]
        attempt(shell.progress, 0, "p", ["sums"], True)
        one = dispatch(shell, "progress").text
    assert "a first guess: no rated puzzle yet" in text
    assert "Lessons: none done yet" in text
    assert "Success by theme" not in text
    assert f"type “learn {first.id}”" in text
    assert "after 1 rated puzzle\n" in one and "low" not in one  # one game: no range to show


def test_ascii_screen_has_no_chart_glyphs(tmp_path: Path) -> None:
    with open_shell(tmp_path, symbols=False) as shell:
        lived(shell)
        text = dispatch(shell, "progress").text
    assert not set(text) & set(SPARKS + "░★☆")
    assert "**. Pairing" in text
    assert len(chart_of(text, SPARKS_ASCII)) > 10


def test_when_the_course_is_done_the_dashboard_names_the_game_next_starts(tmp_path: Path) -> None:
    """Every lesson done, a weak theme, no skill weak: "what next" names the game ``next`` starts; the weak theme is
    marked in its table, not proposed instead."""
    with open_shell(tmp_path, lang="de") as shell:
        for lesson in shell.catalog.lessons:
            shell.progress.record_lesson(lesson.id, 3, now=T0)
        for i in range(4):
            attempt(shell.progress, i, f"s{i}", ["sums"], i == 0)
            attempt(shell.progress, i, f"p{i}", ["pairing"], True)
        shell.clock.now = T0  # no review due yet
        text = dispatch(shell, "progress").text
        assert "Lektionen: alle" in text
        assert "schwach" in next(line for line in text.splitlines() if line.strip().startswith("summen"))
        game = game_choice(shell)
        assert game is not None
        block = " ".join(text[text.index("Wie es weitergeht\n"):].split())
        assert " ".join(game_why(shell, game).split()) in block and "aufgabe summen" not in block
        dispatch(shell, "weiter")  # it starts the game named
        assert isinstance(shell.activity, GameRun) and shell.activity.game.settings.level == game.level


@pytest.mark.parametrize(("lang", "day"), [("en", "30 Nov 2026"), ("de", "30.11.2026")])
def test_review_dates_are_written_as_the_language_writes_them(tmp_path: Path, lang: str, day: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        sums = next(p for p in shell.catalog.puzzles if "sums" in p.themes)
        shell.progress.record_attempt(sums.id, ["sums"], 1500, False, 0, now=shell.clock())  # 29 Nov, 12:00 UTC
        assert day in dispatch(shell, "review").text
        assert day in dispatch(shell, "progress").text


def test_the_tutor_fits_the_dashboard_to_the_terminal_columns(tmp_path: Path) -> None:
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        for i in range(30):
            attempt(progress, i, f"p{i}", ["sums", "building"], i % 4 != 0)
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "50"}
    run = subprocess.run(
        [sys.executable, "-m", "tutor", "--lang", "en"],
        input="progress\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    board = run.stdout[run.stdout.index("Your progress") :]
    assert "after 30 rated puzzles" in board
    assert max(len(line) for line in board.split("\n")) <= 50


@pytest.mark.parametrize(("lang", "header", "run"), [
    ("en", "Success by theme (solved at the first answer, without hints / attempts)",
     "Puzzles solved in a row at the first answer, without hints: 0 now"),
    ("de", "Erfolg nach Themen (mit der ersten Antwort ohne Tipp gelöst / Versuche)",
     "Aufgaben in Folge mit der ersten Antwort ohne Tipp gelöst: jetzt 0"),  # "Puzzles" as the English says
])
def test_a_puzzle_solved_at_the_second_answer_is_counted_as_the_screen_says(tmp_path: Path, lang: str, header: str,
                                                                            run: str) -> None:
    with open_shell(tmp_path, lang) as shell:
        dispatch(shell, "puzzle three-aces")
        wrong = wrong_answer(shell)
        assert wrong is not None
        dispatch(shell, wrong)
        if not shell.activity.over:  # type: ignore[union-attr]  # a second answer, without a hint
            dispatch(shell, right_answer(shell))
        screen = dispatch(shell, "progress").text
    text = " ".join(screen.split())
    assert header in text and run in text
    rows = [line for line in screen.splitlines() if re.search(r"\d+/ *\d+ +\d+ ?%", line)]
    assert rows and all(re.search(r"\b0/1 +0 ?%", line) for line in rows), rows


@pytest.mark.parametrize(("lang", "puzzles", "helped"), [
    ("en", "Puzzles: 1 solved of 3 tried", "  1 of them solved with help: that counts as a miss."),
    ("de", "Aufgaben: 1 von 3 gelöst", "  Davon 1 mit Hilfe gelöst: Das zählt als nicht gelöst."),
])
def test_the_dashboard_counts_as_solved_what_the_puzzle_counted_as_solved(tmp_path: Path, lang: str, puzzles: str,
                                                                          helped: str) -> None:
    """A puzzle solved after a hint said "Solved with help: this counts as a miss", and the dashboard then said
    "1 solved of 1 tried".  Now it counts as solved only the puzzles solved on the learner's own, and says those
    solved with help apart, within 80 columns (one solved, one solved after a hint, one missed)."""
    with open_shell(tmp_path, lang) as shell:
        shell.width = lambda: 80
        dispatch(shell, typed_command(shell, "puzzle") + " pair-the-sixes")
        assert dispatch(shell, right_answer(shell)).text.startswith(shell.ui.message("shell.puzzle_solved"))
        dispatch(shell, typed_command(shell, "puzzle") + " three-aces")
        dispatch(shell, typed_command(shell, "hint"))
        said = dispatch(shell, right_answer(shell)).text
        assert said.startswith(shell.ui.message("shell.puzzle_solved_helped", rated=True, due=None)[:12]), said
        dispatch(shell, typed_command(shell, "puzzle") + " pairing-1-3")
        dispatch(shell, typed_command(shell, "solution"))
        screen = dispatch(shell, typed_command(shell, "progress")).text
    assert puzzles in screen and f"\n{helped}\n" in screen, screen
    assert max(len(line) for line in screen.splitlines()) <= 80


@pytest.mark.parametrize(("lang", "puzzles", "header", "note"), [
    ("en", "Puzzles: 0 solved of 1 tried", "without hints / attempts)",
     "A review is a new attempt, so one puzzle may count more than once."),
    ("de", "Aufgaben: 0 von 1 gelöst", "ohne Tipp gelöst / Versuche)",
     "Eine Wiederholung ist ein neuer Versuch: Eine Aufgabe kann mehrmals zählen."),
])
def test_the_dashboard_says_the_themes_count_attempts_where_the_puzzles_count_puzzles(
        tmp_path: Path, lang: str, puzzles: str, header: str, note: str) -> None:
    """One puzzle missed, then missed again at its review: the puzzle line counts 1 puzzle tried, the theme rows
    2 attempts, and the screen said "0 solved of 1 tried" above rows of 0/2 headed "… / tried".  Now the rows are
    headed attempts and a line says a review is another, within 80 columns."""
    with open_shell(tmp_path, lang) as shell:
        shell.width = lambda: 80
        dispatch(shell, typed_command(shell, "puzzle"))
        dispatch(shell, typed_command(shell, "solution"))
        shell.clock.advance(2)  # the review falls due a day later
        dispatch(shell, typed_command(shell, "review"))
        wrong = wrong_answer(shell)
        assert wrong is not None
        dispatch(shell, wrong)
        screen = dispatch(shell, typed_command(shell, "progress")).text
    rows = [line for line in screen.splitlines() if re.search(r"\d+/ *\d+ +\d+ ?%", line)]
    assert rows and all(re.search(r"\b0/2 +0 ?%", line) for line in rows), rows
    assert puzzles in screen and header in screen and screen.count(f"  {note}\n") == 1  # under the themes only
    assert max(len(line) for line in screen.splitlines()) <= 80


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_of_progress_names_the_skills_and_the_playing_strength_the_dashboard_shows(tmp_path: Path,
                                                                                       lang: str) -> None:
    """``help progress`` said "rating chart, themes, lessons, streaks, what next": the dashboard has shown each skill
    and the playing strength since, each under a heading of its own; the help names them by those headings."""
    with open_shell(tmp_path, lang=lang) as shell:
        lived(shell)
        screen = dispatch(shell, "progress").text
        helped = " ".join(dispatch(shell, "help progress").text.split()).lower()
    headings = [line.split(":")[0] for line in screen.split("\n") if line and not line.startswith(" ")]
    skills, strength = {"en": ("Skills", "Playing strength"), "de": ("Fähigkeiten", "Spielstärke")}[lang]
    assert skills in headings and strength in headings
    assert skills.lower() in helped and strength.lower() in helped
