"""Files the commands write in place are written whole or not at all (tutor/loading/writing.py): a full disk, a
file-size limit or Ctrl-C while writing leaves a puzzle file or a sheet as it was, never half of it."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.cli import puzzles
from tutor.cli.main import main
from tutor.loading import writing
from tutor.loading.writing import write_whole

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 2048
"""The file-size limit the commands run under (RLIMIT_FSIZE, bytes): smaller than the files they write."""


def run_limited(*args: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    """``cassino-tutor ARGS`` with no file allowed past :data:`LIMIT` bytes, as a full disk stops a write."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))

    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "CASSINO_TUTOR_CACHE": ""}
    return subprocess.run([sys.executable, "-m", "tutor", *args, "--lang", lang], capture_output=True, text=True,
                          cwd=ROOT, env=env, preexec_fn=limit)


def left_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize(("lang", "said"), [("en", "the file would be bigger than the system allows"),
                                            ("de", "die Datei würde größer, als das System erlaubt")])
def test_puzzles_rate_that_cannot_write_a_file_whole_leaves_it_as_it_was(
        tmp_path: Path, lang: str, said: str) -> None:
    """Before, ``puzzles rate`` under a 2 KiB limit cut a 4.6 KB puzzle file to its first 2048 bytes."""
    text = (ROOT / "puzzles" / "captures.yaml").read_text(encoding="utf-8")
    text = "\n".join(line.replace(line.split(":")[1], " 1234") if line.strip().startswith("rating:") else line
                     for line in text.split("\n"))
    assert len(text.encode()) > LIMIT
    puzzles = tmp_path / "captures.yaml"
    puzzles.write_text(text, encoding="utf-8")
    result = run_limited("puzzles", "rate", str(puzzles), lang=lang)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr
    assert puzzles.read_text(encoding="utf-8") == text
    assert left_in(tmp_path) == ["captures.yaml"]


def test_a_sheet_written_over_an_old_one_that_cannot_be_written_whole_leaves_the_old_one(tmp_path: Path) -> None:
    sheet = tmp_path / "rules.txt"
    sheet.write_text("the sheet of before\n", encoding="utf-8")
    result = run_limited("sheet", "-o", str(sheet))
    assert result.returncode == 2
    assert sheet.read_text(encoding="utf-8") == "the sheet of before\n"
    assert left_in(tmp_path) == ["rules.txt"]


def test_ctrl_c_while_writing_leaves_the_file_and_no_temporary_file(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("old\n", encoding="utf-8")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(writing.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_whole(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert left_in(tmp_path) == ["p.yaml"]


def test_the_file_keeps_its_permissions_and_a_link_to_it_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("old\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    write_whole(link, "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"
    assert real.stat().st_mode & 0o777 == 0o640
    assert left_in(tmp_path) == ["link.yaml", "real.yaml"]


def test_a_new_file_and_a_file_that_is_no_regular_file(tmp_path: Path) -> None:
    write_whole(tmp_path / "new.txt", "made\n")
    assert (tmp_path / "new.txt").read_text(encoding="utf-8") == "made\n"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    write_whole(fifo, "through the pipe\n")
    assert reader.communicate(timeout=10)[0] == "through the pipe\n"
    assert left_in(tmp_path) == ["fifo", "new.txt"]


def test_a_file_in_a_folder_where_no_file_may_be_made_is_written_in_place(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A sheet written over a file the learner may write, in a folder they may not: as before, in place."""
    path = tmp_path / "rules.txt"
    path.write_text("old\n", encoding="utf-8")
    real_open = os.open

    def no_new_files(name: str, flags: int, mode: int = 0o777) -> int:
        if flags & os.O_CREAT:
            raise PermissionError(13, "Permission denied", name)
        return real_open(name, flags, mode)

    monkeypatch.setattr(writing.os, "open", no_new_files)
    write_whole(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    with pytest.raises(PermissionError):
        write_whole(tmp_path / "new.txt", "made\n")


@pytest.mark.parametrize(("lang", "said"), [("en", "cannot be written"), ("de", "lässt sich nicht schreiben")])
def test_puzzles_generate_says_an_output_it_cannot_write_before_it_mines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
        said: str) -> None:
    """``-o`` a folder, in a folder that is not there, or below a file: said only once every puzzle was mined and
    proved (minutes, for a count of 50), and all of that work lost."""
    def mined(*args: object) -> None:
        raise AssertionError("mined before the output was found unwritable")

    monkeypatch.setattr(puzzles, "generate", mined)
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path / "home"))  # a report of a crash, if any, goes there
    (tmp_path / "a-file").write_text("kept", encoding="utf-8")
    for output in (tmp_path, tmp_path / "none" / "x.yaml", tmp_path / "a-file" / "x.yaml"):
        argv = ["puzzles", "generate", "--theme", "sums", "--count", "1", "--seed", "7", "-o", str(output)]
        assert main([*argv, "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert f"{output}: " in err and said in err and "Traceback" not in err, err
    assert left_in(tmp_path) == ["a-file"] and (tmp_path / "a-file").read_text(encoding="utf-8") == "kept"


@pytest.mark.parametrize(("lang", "said"), [("en", "the file exists; give --force to write over it"),
                                            ("de", "Die Datei gibt es schon; mit --force wird sie überschrieben")])
def test_puzzles_generate_refuses_an_existing_output_before_it_mines_unless_forced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
        said: str) -> None:
    """``-o`` a puzzle file of one's own (or a link to it) was written over without a word; refused at once, the
    file named with the option that writes over it, and written with ``--force``. A device is no file to keep."""
    real = puzzles.generate

    def mined(*args: object) -> None:
        raise AssertionError("mined before an existing output was refused")

    monkeypatch.setattr(puzzles, "generate", mined)
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path / "home"))
    mine = tmp_path / "mine.yaml"
    mine.write_text("puzzles: []  # my own\n", encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(mine)
    argv = ["puzzles", "generate", "--theme", "sums", "--count", "1", "--seed", "3", "--jobs", "1", "--lang", lang]
    for output in (mine, tmp_path / "link.yaml"):
        assert main([*argv, "-o", str(output)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"cassino-tutor puzzles: {output}: {said}") and err.count("\n") == 1, err
    assert mine.read_text(encoding="utf-8") == "puzzles: []  # my own\n"
    monkeypatch.setattr(puzzles, "generate", real)
    assert main([*argv, "-o", str(tmp_path / "link.yaml"), "--force"]) == 0
    assert mine.read_text(encoding="utf-8").startswith("# Generated by: cassino-tutor puzzles generate --theme sums ")
    assert main([*argv, "-o", os.devnull]) == 0
