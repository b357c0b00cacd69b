"""A tutor shell on a temporary progress file, and a learner who answers from the engine."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from functools import cache
from pathlib import Path

from tutor.content.course import DemoStep, ExerciseStep, QuestionStep, TextStep
from tutor.loading import load_catalog
from tutor.shell.commands import dispatch
from tutor.shell.lesson import LessonRun
from tutor.shell.play import GameRun
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.state import Shell
from tutor.storage import Progress
from tutor.storage.game_store import GameSummary
from tutor.storage.games import SavedGame
from tutor.teaching.answers import question_answer, why_reason

ROOT = Path(__file__).resolve().parent.parent


def shell_process(home: Path, stderr: int = subprocess.PIPE) -> subprocess.Popen[str]:
    """The tutor's shell as a process of its own on the progress in ``home``, in English, its lines unwrapped and
    uncoloured, driven through its standard input and output (to be killed as a user's terminal would)."""
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "1000"}
    return subprocess.Popen([sys.executable, "-m", "tutor", "--lang", "en"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=stderr, text=True, env=env, cwd=ROOT)


installed_catalog = cache(load_catalog)
"""The installed lessons and puzzles, read once a test process (the catalog is frozen, and a shell holds one for
a whole session, as each test's shell shares it here)."""


def game_run(shell: Shell) -> GameRun:
    """The game the shell is playing (failing the test when it plays none)."""
    assert isinstance(shell.activity, GameRun)
    return shell.activity


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, days: float) -> None:
        self.now += timedelta(days=days)


@contextmanager
def open_shell(home: Path, lang: str = "en", symbols: bool = True) -> Iterator[Shell]:
    progress = Progress.open(home / "progress.sqlite3")
    try:
        shell = Shell(installed_catalog(), progress, lang, symbols=symbols, clock=Clock())
        try:
            yield shell
        finally:
            shell.activity = None  # as when the learner leaves: a game's review worker ends
    finally:
        progress.close()


def classic_course_done(shell: Shell, stars: int | dict[str, int] = 3, now: datetime | None = None) -> None:
    """Every lesson of the classic game done (those that change no option, as the shell's ``classic_done`` reads
    the course), with ``stars`` (3 unless said, for each lesson named); ``now``: when (the progress's clock)."""
    for lesson in shell.catalog.lessons:
        if not lesson.variant.changed_options():
            got = stars if isinstance(stars, int) else stars.get(lesson.id, 3)
            shell.progress.record_lesson(lesson.id, got, now=now)


def kept_games(home: Path) -> list[SavedGame]:
    """The games kept in the progress file of ``home``, newest first, each read back (replayed) from it."""
    with Progress.open(home / "progress.sqlite3") as progress:
        store = progress.games
        return [store.load(g.key) for g in store.summaries(Clock()()) if isinstance(g, GameSummary) and g.key]


def play_first_moves(shell: Shell, settings: str, *, round_only: bool = False) -> GameRun:
    """``play SETTINGS`` in ``shell``, the learner always playing its first legal move until the game is over
    (with ``round_only``, its first round): the game's run."""
    dispatch(shell, f"play {settings}")
    run = shell.activity
    assert isinstance(run, GameRun)
    while not (run.game.round_over if round_only else run.game.over):
        pos = run.position
        dispatch(shell, pos.notation(pos.generate()[0]))
    return run


def right_answer(shell: Shell) -> str:
    """What a learner who knows everything types now."""
    activity = shell.activity
    if isinstance(activity, PuzzleRun):
        if activity.over:
            return "next"
        move = activity.challenge.accepted()[0]
        return activity.challenge.position.notation(move)
    assert isinstance(activity, LessonRun)
    step = activity.step
    if activity.solved or isinstance(step, (TextStep, DemoStep)):
        return "next"
    if isinstance(step, ExerciseStep):
        challenge = activity.challenge
        assert challenge is not None
        return challenge.position.notation(challenge.accepted()[0])
    if isinstance(step, QuestionStep):
        return str(question_answer(step))
    return str(step.choices.index(why_reason(step).code) + 1)


def wrong_answer(shell: Shell, but: str | None = None) -> str | None:
    """A legal but wrong answer to the current step, if the step has one; ``but``: another than this one (a wrong
    answer typed again is no second miss)."""
    activity = shell.activity
    challenge = activity.challenge if activity is not None else None
    if isinstance(activity, LessonRun) and isinstance(activity.step, QuestionStep):
        right = question_answer(activity.step)
        return str(right + 2 if but == str(right + 1) else right + 1)
    if challenge is None:
        return None
    accepted = set(challenge.accepted())
    for move in challenge.position.generate():
        if move not in accepted and challenge.position.notation(move) != but:
            return challenge.position.notation(move)
    return None
