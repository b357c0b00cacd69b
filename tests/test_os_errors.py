"""The system's refusals of a file in the learner's words (tutor/render/os_errors.py, tutor/loading/words.py): on
writing, and on opening the progress file and reading a file."""

from __future__ import annotations

import errno
import io
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.loading.words import OS_ERRORS
from tutor.render import LANGS, Renderer
from tutor.render.os_errors import SYSTEM_WORDS, os_reason


@pytest.mark.parametrize("lang", LANGS)
def test_each_known_error_has_words_of_ours_in_each_language(lang: str) -> None:
    ui = Renderer(lang)
    for number, key in SYSTEM_WORDS.items():
        words = os_reason(ui.message, OSError(number, "system words"))
        assert words == ui.message(f"os_errors.{key}") and words and "system words" not in words
    assert os_reason(Renderer("de").message, OSError(errno.ENOSPC, "No space left on device")) == \
        "der Datenträger ist voll"


def test_an_error_of_another_kind_keeps_the_systems_words() -> None:
    assert os_reason(Renderer("de").message, OSError(errno.EIO, "Input/output error")) == "Input/output error"
    assert os_reason(Renderer("en").message, OSError("no number")) == "OSError"


def test_the_english_words_the_readers_keep_are_the_english_messages() -> None:
    """The readers below the renderer keep each error's English words as text (tutor/loading/words.py)."""
    english = Renderer("en")
    for number, (key, text) in OS_ERRORS.items():
        assert text == english.message(f"os_errors.{key}") and SYSTEM_WORDS[number] == key


@pytest.mark.parametrize("lang", LANGS)
def test_a_progress_file_the_system_refuses_is_said_in_the_learners_words(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Where the progress folder is under a regular file (NotADirectoryError, as root too), or the progress
    file is a folder (sqlite's "unable to open database file"), the tutor says why in the learner's words."""
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    (tmp_path / "home" / "progress.sqlite3").mkdir(parents=True)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    ui = Renderer(lang)
    for home, key in ((tmp_path / "a-file" / "home", "not_a_folder"), (tmp_path / "home", "a_folder")):
        monkeypatch.setenv("CASSINO_TUTOR_HOME", str(home))
        assert main(["--lang", lang]) == 1
        said = capsys.readouterr().err
        assert str(home / "progress.sqlite3") in said and f": {ui.message(f'os_errors.{key}')}. " in said, said
        assert "directory" not in said and "database file" not in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_the_system_refuses_to_read_is_said_in_the_learners_words(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    path = tmp_path / "a-file" / "puzzles.yaml"
    assert main(["--lang", lang, "check", str(path)]) == 2
    said = capsys.readouterr().err
    assert f"{path}:1:1: " in said and f"({Renderer(lang).message('os_errors.not_a_folder')})" in said, said
    assert "directory" not in said, said
