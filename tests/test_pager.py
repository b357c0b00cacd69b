"""Long replies paged (tutor/shell/pager.py): when, through what, and the fallbacks; the commands whose replies
are taller than a 24-row terminal at 80 columns."""

from __future__ import annotations

import io
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from shell_helpers import open_shell

from tutor.render.chart import fit
from tutor.shell.commands import Reply, dispatch
from tutor.shell.pager import LESS, Pager, builtin_page, needs_paging, pager_command
from tutor.shell.play import GameRun
from tutor.shell.puzzle import PuzzleRun
from tutor.shell.registry import typed_command
from tutor.shell.session import TutorSession
from tutor.shell.state import Shell


class Terminal(io.StringIO):
    """Standard output that says it is a terminal, or not."""

    def __init__(self, tty: bool = True) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_only_a_reply_taller_than_the_terminal_on_a_terminal_is_paged() -> None:
    text = "\n".join(f"line {i}" for i in range(30))
    assert needs_paging(text, rows=24, terminal=True)
    assert not needs_paging(text, rows=24, terminal=False)  # piped: never
    assert not needs_paging(text, rows=40, terminal=True)
    assert not needs_paging("\n".join(["x"] * 22), rows=24, terminal=True)  # 22 rows and the prompt's two fit
    assert needs_paging("\n".join(["x"] * 23), rows=24, terminal=True)


def test_the_pager_is_PAGER_else_less_quitting_if_one_screen_else_none() -> None:
    def has_less(name: str) -> str | None:
        return "/usr/bin/less" if name == "less" else None

    assert pager_command({"PAGER": "most -s"}, has_less) == ["most", "-s"]
    assert pager_command({}, has_less) == LESS and {"-R", "-F", "-X"} <= set(LESS)
    assert pager_command({"PAGER": "  "}, has_less) == LESS
    assert pager_command({}, lambda name: None) is None
    assert pager_command({"TERM": "dumb"}, has_less) is None  # less cannot drive it: the built-in pager
    assert pager_command({"TERM": "dumb", "PAGER": "cat"}, has_less) == ["cat"]


def test_the_built_in_pager_shows_a_screen_at_a_time_and_stops_when_asked() -> None:
    out, asked = io.StringIO(), []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "" if len(asked) == 1 else "q"

    builtin_page("\n".join(str(i) for i in range(60)), rows=10, more="MORE", read=read, out=out)
    assert out.getvalue().split() == [str(i) for i in range(18)] and asked == ["MORE", "MORE"]


@pytest.mark.parametrize("key", [EOFError, KeyboardInterrupt])
def test_ctrl_c_or_ctrl_d_in_the_built_in_pager_stops_it_and_ends_its_question_line(key: type[BaseException]) -> None:
    """Stopped with Ctrl-C or Ctrl-D, the pager left the cursor behind its question, and the prompt came on the
    same line ("-- more: ... --^Ccassino>")."""
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)  # as input() writes it, without a newline
        raise key

    builtin_page("\n".join(str(i) for i in range(60)), rows=10, more="MORE", read=read, out=out)
    assert out.getvalue().split("\n")[-2:] == ["MORE", ""]
    assert out.getvalue().split() == [*(str(i) for i in range(9)), "MORE"]


def test_a_pager_that_cannot_start_falls_back_to_printing_whole() -> None:
    shown: list[str] = []
    text = "\n".join(["x"] * 40)
    pager = Pager(shown.append, lambda: "more", {"PAGER": "/nonexistent/pager --flag"}, out=Terminal())
    pager.show(text)
    assert shown == [text]


def test_a_short_reply_or_a_pipe_is_printed_whole_and_a_long_one_goes_to_the_pager(
        capfd: pytest.CaptureFixture[str]) -> None:
    shown: list[str] = []
    long = "\n".join(f"row {i}" for i in range(40))
    Pager(shown.append, lambda: "more", {"PAGER": "cat"}, out=Terminal(tty=False)).show(long)
    Pager(shown.append, lambda: "more", {"PAGER": "cat"}, out=Terminal()).show("short")
    assert shown == [long, "short"]
    Pager(shown.append, lambda: "more", {"PAGER": f"{sys.executable} -c 'import sys; print(sys.stdin.read()[::-1])'"},
          out=Terminal()).show(long)
    assert shown == [long, "short"] and capfd.readouterr().out.strip() == long[::-1].strip()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_session_pages_help_rules_and_lessons_at_80_by_24(tmp_path: Path, lang: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    paged: list[str] = []

    def pager(command: list[str], text: str, encoding: str = "utf-8") -> bool:
        paged.append(text)
        return True

    monkeypatch.setattr("tutor.shell.pager.run_pager", pager)
    monkeypatch.setattr(Pager, "rows", lambda self: 24)
    monkeypatch.setattr(sys, "stdout", Terminal())
    lines = ["help", "rules builds", "lessons"]
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        shell.width = lambda: 80
        replies = [fit(dispatch(shell, line).text, 80) for line in lines]
        assert all(reply.count("\n") + 1 > 22 for reply in replies)  # taller than the terminal at 80 columns
        pipe.send_text("".join(line + "\r" for line in [*lines, "moves", "quit"]))
        TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), pager=True).run()
    assert paged == [reply + "\n" for reply in replies]  # the short replies (welcome, moves, goodbye) not paged


@pytest.mark.parametrize("broken", ["false", "sh -c 'exit 127'", "/nonexistent/pager"])
def test_a_pager_that_fails_leaves_the_reply_printed_whole_and_says_so_once(broken: str) -> None:
    """A ``$PAGER`` that ends with an error status showed nothing: the reply is printed whole all the same, and the
    first time a note names the pager."""
    shown: list[str] = []
    text = "\n".join(["x"] * 40)
    pager = Pager(shown.append, lambda: "more", {"PAGER": broken}, out=Terminal(), failed=lambda c: f"failed: {c}")
    pager.show(text)
    pager.show(text)
    assert shown == [text, f"failed: {broken}", text]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("width", [80, 40])
def test_the_sessions_note_on_a_failed_pager_names_it_in_the_learners_language(
        tmp_path: Path, lang: str, width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The note is fitted to the terminal's width like any reply (it was printed as one long line, which the
    terminal broke mid-word: "(the P" / "AGER setting")."""
    said: list[str] = []
    monkeypatch.setenv("PAGER", "false")
    monkeypatch.setattr(Pager, "rows", lambda self: 24)
    monkeypatch.setattr(sys, "stdout", Terminal())
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        shell.width = lambda: width
        pipe.send_text("help\rquit\r")
        session = TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), pager=True)
        monkeypatch.setattr(session, "_show", said.append)
        session.pager.plain = said.append  # type: ignore[union-attr]
        session.run()
    note = shell.ui.message("shell.pager_failed", command="false")
    assert len(said) == 4 and said[1].count("\n") > 22  # welcome, help whole, the note, goodbye
    assert said[2] == fit(note, width) and max(map(len, said[2].split("\n"))) <= width < len(note)


def test_a_command_whose_output_is_taller_than_the_terminal_is_paged_and_piped_output_is_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``cassino-tutor moves FILE`` (any command's text, ``replay`` the longest) goes through ``$PAGER`` on a
    terminal it does not fit, as git's commands do; printed whole on a terminal it fits, or into a pipe."""
    from tutor.cli.main import main

    shown = tmp_path / "paged.txt"
    pager = f"{sys.executable} -c \"import sys; open(sys.argv[1], 'w').write(sys.stdin.read())\" {shown}"
    monkeypatch.setenv("PAGER", pager)
    start = str(Path(__file__).parent.parent / "docs" / "examples" / "start.yaml")
    assert main(["moves", start]) == 0  # a pipe (captured): printed
    printed = capsys.readouterr().out
    assert printed.count("\n") > 3 and not shown.exists()
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=(80, 24): os.terminal_size((80, 200)))
    assert main(["moves", start]) == 0  # a terminal it fits: printed
    assert capsys.readouterr().out == printed and not shown.exists()
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=(80, 24): os.terminal_size((80, 3)))
    assert main(["moves", start]) == 0  # too tall: the pager shows it, nothing printed
    assert capsys.readouterr().out == "" and shown.read_text(encoding="utf-8") == printed


@pytest.mark.parametrize("lang", ["en", "de"])
def test_under_a_paged_puzzle_the_task_is_said_again(tmp_path: Path, lang: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle taller than the terminal went to ``less``, whose first screen ends above the task at the screen's
    foot: quit there with ``q``, it left the position on screen and no word of what to find.  Under a paged reply
    that holds the open puzzle's task, the task is said again; not under one that does not (``help``), nor under
    a puzzle printed whole."""
    paged: list[str] = []

    def pager(command: list[str], text: str, encoding: str = "utf-8") -> bool:
        paged.append(text)
        return True

    def session_said(home: Path, rows: int, lines: list[str]) -> tuple[list[str], str]:
        """What the session printed itself (not through the pager) at ``rows`` rows, and the puzzle's task."""
        said: list[str] = []
        monkeypatch.setattr(Pager, "rows", lambda self: rows)
        with open_shell(home, lang) as shell, create_pipe_input() as pipe:
            shell.width = lambda: 80
            pipe.send_text("".join(line + "\r" for line in [*lines, "quit"]))
            session = TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), pager=True)
            monkeypatch.setattr(session, "_show", said.append)
            session.pager.plain = said.append  # type: ignore[union-attr]
            session.run()
            challenge = shell.activity.challenge if shell.activity is not None else None
            assert challenge is not None
            pos = challenge.position
            assert challenge.task.goal is not None
            return said, shell.ui.goal(challenge.task.goal, pos.variant, pos.players)

    monkeypatch.setattr("tutor.shell.pager.run_pager", pager)
    monkeypatch.setattr(sys, "stdout", Terminal())
    puzzle = "puzzle sweep-michigan-1-4" if lang == "en" else "aufgabe sweep-michigan-1-4"
    said, task = session_said(tmp_path, 20, [puzzle, "help" if lang == "en" else "hilfe"])
    assert len(paged) == 2 and task in paged[0].replace("\n", " ") and task not in paged[1]  # the premise
    assert len(said) == 3 and said[1] == fit(task, 80), said  # welcome, the task under the puzzle, goodbye
    said, task = session_said(tmp_path / "tall", 40, [puzzle])
    assert len(paged) == 2 and len(said) == 3 and task in said[1].replace("\n", " ")  # printed whole: once


@pytest.mark.parametrize("lang", ["en", "de"])
def test_under_a_paged_game_screen_the_line_asking_for_the_move_is_said_again(
        tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 60×15 a game's move screen went to ``less``, whose first screen ends above the line that asks for the
    learner's move; quit there with ``q``, it left the screen cut in the middle of that sentence. Said again, as a
    puzzle's task is; not under a screen printed whole."""
    paged: list[str] = []
    said: list[str] = []

    def pager(command: list[str], text: str, encoding: str = "utf-8") -> bool:
        paged.append(text)
        return True

    monkeypatch.setattr("tutor.shell.pager.run_pager", pager)
    monkeypatch.setattr(sys, "stdout", Terminal())
    rows = iter([40, 10])  # the welcome, then the game's first screen
    monkeypatch.setattr(Pager, "rows", lambda self: next(rows, 40))
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:
        shell.width = lambda: 80
        play, show = typed_command(shell, "play"), typed_command(shell, "show")
        pipe.send_text(f"{play} round level=random seed=3\r{show}\rquit\r")
        session = TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), pager=True)
        monkeypatch.setattr(session, "_show", said.append)
        session.pager.plain = said.append  # type: ignore[union-attr]
        session.run()
        run = shell.activity
        assert isinstance(run, GameRun)
        asked = run.task_line()
    assert asked and len(paged) == 1 and asked in paged[0]  # the premise: the game's first screen was paged
    assert said[1] == fit(asked, 80), said  # under it, the line again
    assert said[2].endswith(asked) and len(said) == 4, "printed whole: once"  # then goodbye


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_in_a_function_keys_pager_keeps_the_half_typed_line(tmp_path: Path, lang: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """F1 pages help below a half-typed line; Ctrl-C in the pager (a signal: the terminal is out of raw mode then)
    came back to the prompt once the pager ended, as a Ctrl-C typed there: the half-typed line was dropped."""
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:

        def pager(command: list[str], text: str, encoding: str = "utf-8") -> bool:
            try:
                os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the pager reaches the tutor too
                time.sleep(0.2)
            except KeyboardInterrupt:  # as run_pager takes it
                pass
            rest = ("zzle" if lang == "en" else "gabe") + "\rquit\r"  # the learner finishes the line, later
            threading.Timer(0.5, pipe.send_text, [rest]).start()
            return True

        monkeypatch.setattr("tutor.shell.pager.run_pager", pager)
        monkeypatch.setattr(Pager, "rows", lambda self: 20)
        monkeypatch.setattr(sys, "stdout", Terminal())
        shell.width = lambda: 80
        pipe.send_text(("pu" if lang == "en" else "auf") + "\x1bOP")  # F1
        TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), pager=True).run()
        assert isinstance(shell.activity, PuzzleRun)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_ctrl_c_stops_a_function_keys_long_command_and_keeps_the_half_typed_line(
        tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """F2's hint may search for seconds; Ctrl-C then neither stopped it nor left the line alone: the search ran to
    its end and the prompt dropped the half-typed line.  It stops the command, as it stops a typed one."""
    said: list[str] = []
    with open_shell(tmp_path, lang) as shell, create_pipe_input() as pipe:

        def dispatching(shell: Shell, line: str) -> Reply:
            if line != "hint":
                return dispatch(shell, line)
            threading.Timer(0.5, pipe.send_text, [("zzle" if lang == "en" else "gabe") + "\rquit\r"]).start()
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C while the search runs; the learner finishes the line later
            time.sleep(0.2)
            return Reply("the search went on to its end")

        monkeypatch.setattr("tutor.shell.session.dispatch", dispatching)
        pipe.send_text(("pu" if lang == "en" else "auf") + "\x1bOQ")  # F2
        TutorSession(shell, colour=False, input=pipe, output=DummyOutput(), say=said.append).run()
        assert said[1] == shell.ui.message("shell.interrupted") and isinstance(shell.activity, PuzzleRun), said
