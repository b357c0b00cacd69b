"""The last line of defence: an error nobody expected becomes a saved report and one line (issue 15)."""

from __future__ import annotations

from pathlib import Path

import pytest
from shell_helpers import open_shell, right_answer

from tutor.cli import engine as engine_commands
from tutor.cli import main as cli
from tutor.shell.commands import dispatch
from tutor.shell.registry import COMMANDS, Command


def broken(shell: object, arg: str) -> str:
    raise RuntimeError("a bug in a command")


@pytest.mark.parametrize(("lang", "words"), [("en", "Something went wrong"), ("de", "etwas schiefgegangen")])
def test_the_shell_reports_and_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, words: str) -> None:
    with open_shell(tmp_path, lang=lang) as shell:
        dispatch(shell, "puzzle")
        solved = dispatch(shell, right_answer(shell)).text
        monkeypatch.setitem(COMMANDS, "show", Command("show", broken))
        reply = dispatch(shell, "show").text
        assert words in reply and len(reply.splitlines()) == 1 and "Traceback" not in reply
        report = Path(reply.split(" ")[-1].rstrip("."))
        assert report.parent == tmp_path / "reports"
        text = report.read_text(encoding="utf-8")
        assert "RuntimeError: a bug in a command" in text and "'show'" in text
        assert dispatch(shell, "help").text, "the shell goes on"
        assert solved and shell.progress.solved_puzzles(), "what was saved stays saved"


def test_the_command_line_reports_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr(engine_commands, "moves", lambda args: broken(None, ""))
    status = cli.main(["--lang", "de", "moves", "docs/examples/start.yaml"])
    err = capsys.readouterr().err
    assert status == cli.EXIT_CRASHED
    assert err.startswith("cassino-tutor: Bei uns ist etwas schiefgegangen") and len(err.splitlines()) == 1
    reports = list((tmp_path / "reports").iterdir())
    assert len(reports) == 1 and str(reports[0]) in err
    assert "RuntimeError: a bug in a command" in reports[0].read_text(encoding="utf-8")


def test_no_report_folder_still_gives_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    with open_shell(tmp_path) as shell:
        monkeypatch.setattr(shell.progress, "path", blocked / "progress.sqlite3")
        monkeypatch.setitem(COMMANDS, "show", Command("show", broken))
        assert dispatch(shell, "show").text.endswith("No report could be saved.")


def test_two_errors_in_one_second_keep_two_reports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second report of a second was written over the first (the same name: the second and the process)."""
    with open_shell(tmp_path) as shell:
        monkeypatch.setitem(COMMANDS, "show", Command("show", broken))
        replies = [dispatch(shell, "show").text for _ in range(3)]
    reports = [Path(reply.split(" ")[-1].rstrip(".")) for reply in replies]
    assert len(set(reports)) == 3 and sorted(reports) == sorted((tmp_path / "reports").iterdir())
    assert all("'show'" in report.read_text(encoding="utf-8") for report in reports)
