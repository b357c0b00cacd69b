"""The real prompt_toolkit session on a pipe, and the shell scripted through standard input."""

from __future__ import annotations

import asyncio
import gc
import io
import os
import subprocess
import sys
import threading
from contextlib import suppress
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from shell_helpers import open_shell, right_answer

from tutor.content.course import QuestionStep
from tutor.shell.commands import dispatch
from tutor.shell.lesson import LessonRun
from tutor.shell.play import GameRun
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.registry import typed_command
from tutor.shell.session import HISTORY_BYTES, KeptHistory, TutorSession, history_file
from tutor.teaching.answers import question_answer

ROOT = Path(__file__).resolve().parent.parent
GERMAN = {"LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}
"""A German locale, whatever the developer's own environment asks for (LANGUAGE and LC_ALL come before LANG)."""


def script_for(home: Path, first: str, done) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines a perfect learner types after ``first``, found by a dry run on another progress file."""
    lines = [first]
    with open_shell(home) as shell:
        dispatch(shell, first)
        while not done(shell):
            line = right_answer(shell)
            lines.append(line)
            dispatch(shell, line)
            assert len(lines) < 200
    return lines


def lesson_script(home: Path) -> tuple[str, list[str]]:
    """The first lesson's id and the lines that play it perfectly."""
    with open_shell(home) as shell:
        lesson = shell.catalog.lessons[0]
    done = lambda s: isinstance(s.activity, LessonRun) and s.activity.done  # noqa: E731
    return lesson.id, script_for(home, f"learn {lesson.id}", done)


def puzzle_script(home: Path) -> tuple[str, list[str]]:
    """The first puzzle's id and the lines that solve it."""
    with open_shell(home) as shell:
        puzzle = shell.catalog.puzzles[0]
    done = lambda s: isinstance(s.activity, PuzzleRun) and s.activity.over  # noqa: E731
    return puzzle.id, script_for(home, f"puzzle {puzzle.id}", done)


def run_session(home: Path, typed: str) -> tuple[list[str], object]:
    said: list[str] = []
    with open_shell(home) as shell, create_pipe_input() as pipe:
        pipe.send_text(typed)
        session = TutorSession(shell, colour=True, input=pipe, output=DummyOutput(), say=said.append)
        assert session.run() == 0
        stars = shell.progress.lesson_stars()
        solved = shell.progress.solved_puzzles()
    return said, (stars, solved)


@pytest.mark.slow
def test_a_whole_lesson_through_the_session(tmp_path: Path) -> None:
    lesson_id, lines = lesson_script(tmp_path / "dry")
    said, (stars, _) = run_session(tmp_path / "real", "".join(line + "\r" for line in lines) + "quit\r")
    assert stars == {lesson_id: 3}
    assert "Welcome" in said[0]
    assert any("Lesson complete" in text for text in said)
    assert "saved" in said[-1]


@pytest.mark.slow
def test_a_whole_puzzle_through_the_session_with_ctrl_c_and_ctrl_d(tmp_path: Path) -> None:
    puzzle_id, lines = puzzle_script(tmp_path / "dry")
    # Ctrl-C on a half-typed line throws the line away; Ctrl-D at an empty prompt ends the session.
    typed = "lessons\r" + "garbage\x03" + "".join(line + "\r" for line in lines) + "\x04"
    said, (_, solved) = run_session(tmp_path / "real", typed)
    assert solved == {puzzle_id}
    assert not any("garbage" in text for text in said)
    assert any("Solved" in text for text in said)


def test_tab_completes_in_the_session(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        lesson = shell.catalog.lessons[0]
    said, (stars, _) = run_session(tmp_path, f"lea\t {lesson.id[:3]}\t\rquit\r")
    assert any(lesson.title.en in text for text in said)


def test_a_wrong_count_through_the_session_names_what_it_adds(tmp_path: Path) -> None:
    """Issue 21: the first lesson's spades question, answered one too high on the real session."""
    lines = ["learn table"]
    with open_shell(tmp_path / "dry") as shell:
        dispatch(shell, lines[0])
        run = shell.activity
        assert isinstance(run, LessonRun)
        while not (isinstance(run.step, QuestionStep) and run.step.ask == "spades" and not run.solved):
            lines.append(right_answer(shell))
            dispatch(shell, lines[-1])
        wrong = str(question_answer(run.step) + 1)
    said, _ = run_session(tmp_path / "real", "".join(line + "\r" for line in [*lines, wrong, "hint"]) + "quit\r")
    reply = next(text for text in said if text.startswith(f"{wrong} is too high"))
    assert "nobody has taken it yet" in reply and "Try again" in reply
    assert any(text.startswith("Count only the spades") for text in said)


@pytest.mark.slow
def test_scripted_from_standard_input_and_kept_across_restarts(tmp_path: Path) -> None:
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path), "NO_COLOR": "1", **GERMAN}
    _, lines = puzzle_script(tmp_path / "dry")
    run = subprocess.run(
        [sys.executable, "-m", "tutor"], input="\n".join(lines) + "\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert "Willkommen" in run.stdout and "Gelöst" in run.stdout  # the locale chose German
    again = subprocess.run(
        [sys.executable, "-m", "tutor", "--lang", "en"], input="progress\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert "1 solved of 1 tried" in again.stdout


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_script_saved_with_a_byte_order_mark_reads_its_first_command(tmp_path: Path, lang: str) -> None:
    """A script file saved as "UTF-8 with BOM" (Windows Notepad) began with U+FEFF, and its first command was
    refused: "“\ufeffpuzzle” is not a command (did you mean “puzzle”?)"."""
    from tutor.shell.app import run_script

    first = "puzzle" if lang == "en" else "aufgabe"
    with open_shell(tmp_path, lang) as shell:
        out = io.StringIO()
        run_script(shell, io.StringIO(f"\ufeff{first}\r\nquit\r\n"), out)
        assert isinstance(shell.activity, PuzzleRun), out.getvalue()
        assert "\ufeff" not in out.getvalue()


def test_a_damaged_progress_file_gets_a_clear_message_and_is_kept(tmp_path: Path) -> None:
    damaged = tmp_path / "progress.sqlite3"
    damaged.write_bytes(b"this is not a database, but it is the learner's file\n" * 100)
    before = damaged.read_bytes()
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path), **GERMAN}
    run = subprocess.run([sys.executable, "-m", "tutor"], input="quit\n", capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert run.returncode == 1
    assert str(damaged) in run.stderr and "Traceback" not in run.stderr
    assert "Fortschrittsdatei" in run.stderr  # in the learner's language
    assert damaged.read_bytes() == before


def event_loops() -> int:
    return sum(isinstance(o, asyncio.AbstractEventLoop) for o in gc.get_objects())


def test_the_prompts_leave_no_event_loop_for_the_garbage_collector(tmp_path: Path) -> None:
    """Every line is read on the session's one event loop. A loop a line left behind (prompt_toolkit holds it in a
    reference cycle) was finalised by the garbage collector at some moment of a later command, such as the
    computers' moves, and a Ctrl-C that landed in its ``__del__`` was swallowed: the moves went on, under
    "Exception ignored in: BaseEventLoop.__del__ ... KeyboardInterrupt"."""
    gc.collect()
    before = event_loops()
    gc.disable()
    try:
        run_session(tmp_path, "help\rhelp\rlessons\rhelp\rquit\r")
        left = event_loops() - before
    finally:
        gc.enable()
    assert left <= 1


def test_a_function_key_keeps_the_half_typed_line(tmp_path: Path) -> None:
    # F1 (ESC O P) in the middle of typing: help is shown, and the line goes on where it was
    said, _ = run_session(tmp_path, "puzzle\r" + "gar" + "\x1bOP" + "bage\r" + "quit\r")
    shown_help = next(i for i, text in enumerate(said) if "help COMMAND" in text or "Commands" in text)
    answered = next(i for i, text in enumerate(said) if "garbage" in text)
    assert shown_help < answered


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_history_file_that_cannot_be_read_or_written_is_said_once_and_the_lines_are_kept_in_memory(
        tmp_path: Path, lang: str) -> None:
    """history.txt a folder (or not readable, or on a full disk): prompt_toolkit printed the traceback at every
    prompt and asked for Enter; now the welcome is followed by one note, and this session's lines are kept for Up."""
    said: list[str] = []
    (tmp_path / "history.txt").mkdir()
    history = history_file(tmp_path / "progress.sqlite3")
    assert list(history.load_history_strings()) == [] and history.error is not None  # raised IsADirectoryError
    history = history_file(tmp_path / "progress.sqlite3")
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        pipe.send_text("show\rhelp\rquit\r")
        session = TutorSession(shell, colour=False, history=history, input=pipe, output=DummyOutput(),
                               say=said.append)
        assert session.run() == 0
    words = {"en": ("cannot be kept in", "it is a folder"), "de": ("nicht für spätere Sitzungen", "ein Ordner")}[lang]
    notes = [text for text in said if words[0] in text]
    assert len(notes) == 1 and words[1] in notes[0] and str(tmp_path / "history.txt") in notes[0]
    assert said.index(notes[0]) == 1, "said under the welcome"
    assert history.get_strings() == ["show", "help", "quit"], "Up recalls them"


def loaded_within(history: KeptHistory, seconds: float) -> list[str] | None:
    """The lines ``history`` loads, or None if loading took longer than ``seconds`` (a pipe it waits on is then
    opened at its other end, to let it go)."""
    got: list[list[str]] = []
    reader = threading.Thread(target=lambda: got.append(list(history.load_history_strings())), daemon=True)
    reader.start()
    reader.join(seconds)
    if reader.is_alive():
        with suppress(OSError):
            os.close(os.open(history.path, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(seconds)
        return None
    return got[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_history_file_that_is_a_pipe_neither_blocks_the_start_nor_is_written_and_is_said(
        tmp_path: Path, lang: str) -> None:
    """history.txt a named pipe: the start waited, a blank screen, until something wrote to the pipe."""
    os.mkfifo(tmp_path / "history.txt")
    history = history_file(tmp_path / "progress.sqlite3")
    assert loaded_within(history, 5) == [], "read at once, as no history"
    said: list[str] = []
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        pipe.send_text("show\rquit\r")
        session = TutorSession(shell, colour=False, history=history, input=pipe, output=DummyOutput(),
                               say=said.append)
        assert session.run() == 0
    why = {"en": "not a regular file but a pipe", "de": "keine gewöhnliche Datei, sondern eine Pipe"}[lang]
    assert [text for text in said if why in text and str(tmp_path / "history.txt") in text]
    assert history.get_strings() == ["show", "quit"]


def test_of_a_history_file_grown_long_the_start_reads_the_latest_lines_only(tmp_path: Path) -> None:
    path = tmp_path / "history.txt"
    entry = "\n# 2026-12-05 14:00:00.000000\n+{n}\n+a second line\n"
    count = 3 * HISTORY_BYTES // len(entry.format(n=0))
    path.write_text("".join(entry.format(n=n) for n in range(count)), encoding="utf-8")
    history = history_file(tmp_path / "progress.sqlite3")
    history.store_string("the newest")
    loaded = list(history.load_history_strings())
    assert loaded[:2] == ["the newest", f"{count - 1}\na second line"]
    assert 0 < len(loaded) < count / 2 and all(line.endswith("a second line") for line in loaded[1:-1])


@pytest.mark.slow
def test_every_reply_is_wrapped_to_the_terminal_at_spaces(tmp_path: Path) -> None:
    script = "learn builds\nnext\nnext\nhint\nhint\nlessons\nhelp\nrules builds\npuzzle\nhint\nmoves\nprogress\n"
    for lang in ("en", "de"):
        outputs = {}
        for columns in ("80", "1000"):
            env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path / lang / columns), "COLUMNS": columns}
            run = subprocess.run([sys.executable, "-m", "tutor", "--lang", lang], input=script, capture_output=True,
                                 text=True, env=env, cwd=ROOT, timeout=120)
            outputs[columns] = run.stdout
        narrow, wide = outputs["80"], outputs["1000"]
        assert max(map(len, narrow.splitlines())) <= 80
        assert max(map(len, wide.splitlines())) > 80, "the script shows long texts"
        assert narrow.split() == wide.split(), "only the line breaks differ: no word is cut"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_while_the_computers_play_says_that_next_plays_on(tmp_path: Path, lang: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C after the learner's move, while the computers played, said "Stopped. Nothing saved so far is lost."
    alone: the learner's move was played and saved, the others are still to move, and only "show" said so."""
    said: list[str] = []
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        dispatch(shell, "play round level=random seed=3")
        run = shell.activity
        assert isinstance(run, GameRun) and run.game.learner_to_move
        move = run.position.notation(next(iter(run.position.generate())))
        saves = 0
        kept = GameRun.after_ply

        def after_ply(self: GameRun) -> None:
            nonlocal saves
            kept(self)
            saves += 1
            if saves == 1:  # the learner's move is saved; Ctrl-C comes as the computer plays
                raise KeyboardInterrupt

        monkeypatch.setattr(GameRun, "after_ply", after_ply)
        pipe.send_text(f"{move}\rquit\r")
        TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), say=said.append).run()
        assert said[1] == shell.ui.message("shell.interrupted") + "\n" + shell.ui.message("play.others_to_move")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_lines_pasted_at_once_run_one_by_one(tmp_path: Path, lang: str) -> None:
    """A paste of several commands (bracketed paste: the prompt takes it whole, newlines and all) was answered as one
    line: “show\\u000alessons” is not a command. Each line runs in turn, as in a script; "quit" among them ends it."""
    said: list[str] = []
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        show, lessons = typed_command(shell, "show"), typed_command(shell, "lessons")
        pipe.send_text(f"\x1b[200~{show}\n\n{lessons}\nquit\n{show}\n\x1b[201~\rquit\r")
        TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), say=said.append).run()
        expected = [dispatch(shell, show).text, dispatch(shell, lessons).text]
    assert said[1:3] == expected and len(said) == 4 and "\\u000a" not in "".join(said), said
