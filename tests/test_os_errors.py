"""The system's refusals of a file in the learner's words (tutor/render/os_errors.py, tutor/loading/words.py): on
writing, and on opening the progress file and reading a file; and SQLite's failures of the progress file
(tutor/storage/database.py): saving, a damaged file, the copy before a repair."""

from __future__ import annotations

import errno
import io
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from shell_helpers import open_shell
from test_progress import _broken_pages, _not_a_database
from test_progress_repair import edited

from tutor.cli.main import main
from tutor.loading.words import OS_ERRORS, os_words
from tutor.render import LANGS, Renderer
from tutor.render.os_errors import os_reason
from tutor.shell.commands import dispatch
from tutor.shell.progress_words import progress_problem
from tutor.storage import Progress, ProgressError
from tutor.storage.database import SQLITE_WORDS, open_database, sqlite_words
from tutor.storage.schema import MIGRATIONS


@pytest.mark.parametrize("lang", LANGS)
def test_each_known_error_has_words_of_ours_in_each_language(lang: str) -> None:
    ui = Renderer(lang)
    for number, (key, _) in OS_ERRORS.items():
        words = os_reason(ui.message, OSError(number, "system words"))
        assert words == ui.message(f"os_errors.{key}") and words and "system words" not in words
    assert os_reason(Renderer("de").message, OSError(errno.ENOSPC, "No space left on device")) == \
        "der Datenträger ist voll"


@pytest.mark.parametrize("lang", LANGS)
def test_an_error_of_another_kind_is_a_general_sentence_with_its_name(lang: str) -> None:
    """EIO has no words of its own: a general sentence in the learner's language names it, not the system's text."""
    ui = Renderer(lang)
    said = os_reason(ui.message, OSError(errno.EIO, "Input/output error"))
    assert said == ui.message("os_errors.other", name="EIO") and "EIO" in said and "Input/output" not in said
    assert said.startswith("the system" if lang == "en" else "das System")
    assert lang != "en" or str(os_words(OSError(errno.EIO, "Input/output error"))) == said, "the readers' English"
    assert os_reason(ui.message, OSError("no number")) == ui.message("os_errors.other", name="OSError")


@pytest.mark.parametrize("lang", LANGS)
def test_a_progress_folder_the_system_refuses_with_another_error_is_said_in_the_learners_words(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress folder cannot be made (EIO): the shell's words of the progress file name the error in a
    sentence of the learner's language."""
    def failing_mkdir(self: Path, *args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EIO, "Input/output error", str(self))

    monkeypatch.setattr(Path, "mkdir", failing_mkdir)
    with pytest.raises(ProgressError) as caught:
        Progress.open(tmp_path / "home" / "progress.sqlite3")
    ui = Renderer(lang)
    said = progress_problem(ui, caught.value)
    assert caught.value.code == "cannot_open" and ui.message("os_errors.other", name="EIO") in said, said
    assert "Input/output" not in said, said


def test_the_english_words_the_readers_keep_are_the_english_messages() -> None:
    """The readers below the renderer keep each error's English words as text (tutor/loading/words.py)."""
    english = Renderer("en")
    for key, text in OS_ERRORS.values():
        assert text == english.message(f"os_errors.{key}")


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
        said = " ".join(capsys.readouterr().err.split())  # the start's words wrapped to the terminal
        assert str(home / "progress.sqlite3") in said and f": {ui.message(f'os_errors.{key}')}. " in said, said
        assert "directory" not in said and "database file" not in said, said


def _home_a_file(home: Path) -> Path:
    home.write_text("", encoding="utf-8")
    return home


def _a_pipe(home: Path) -> Path:
    home.mkdir()
    os.mkfifo(home / "progress.sqlite3")
    return home


def _a_link_to(target: str) -> Callable[[Path], Path]:
    def linked(home: Path) -> Path:
        home.mkdir()
        (home / "progress.sqlite3").symlink_to(target)
        return home
    return linked


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("make", "key"), [
    (_home_a_file, "not_a_folder"),  # said 'it exists already'
    (_a_pipe, "not_regular"),  # said 'the disk could not be read or written'
    (_a_link_to(os.devnull), "not_regular"),  # said 'Cannot save …: the disk could not be read or written'
    (_a_link_to("progress.sqlite3"), "loop"),  # said 'the system reported the error ELOOP'
])
def test_a_progress_file_in_the_way_of_no_folder_or_no_regular_file_is_said_in_the_learners_words(
        lang: str, make: Callable[[Path], Path], key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """CASSINO_TUTOR_HOME a file; the progress file a named pipe, a link to /dev/null, a link to itself."""
    home = make(tmp_path / "home")
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(home))
    monkeypatch.setattr("sys.stdin", io.StringIO("learn table\nnext\nquit\n"))
    ui = Renderer(lang)
    for argv in (["--lang", lang], ["replay", "--lang", lang]):
        assert main(argv) in (1, 2)
        said = " ".join(capsys.readouterr().err.split())  # the start's words wrapped to the terminal
        assert str(home / "progress.sqlite3") in said and f": {ui.message(f'os_errors.{key}')}. " in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_the_system_refuses_to_read_is_said_in_the_learners_words(
        lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    path = tmp_path / "a-file" / "puzzles.yaml"
    assert main(["--lang", lang, "check", str(path)]) == 2
    said = capsys.readouterr().err
    assert f"{path}:1:1: " in said and f"({Renderer(lang).message('os_errors.not_a_folder')})" in said, said
    assert "directory" not in said, said


# ---- SQLite's failures: saving, a damaged file, the copy before a repair ---------------------------------------


ENGLISH_OF_SQLITE = ("readonly", "database or disk is full", "not a database", "malformed", "unable to open",
                     "no copy could be made")
"""SQLite's own words for the failures below, and the English words of ours around them: none reach German."""


def test_the_english_words_of_sqlite_failures_are_the_english_messages() -> None:
    english = Renderer("en")
    for name, (key, text) in SQLITE_WORDS.items():
        said = sqlite_words(name + "_SOMETHING")  # an extended code is said as its primary one
        assert said.code == key and said.text == text == english.message(key)
    other = sqlite_words("SQLITE_PROTOCOL")
    assert other.text == english.message(other.code, **dict(other.params)) == "SQLite reported SQLITE_PROTOCOL"


@pytest.mark.parametrize("lang", LANGS)
def test_a_read_only_progress_file_is_said_in_the_learners_words(lang: str, tmp_path: Path) -> None:
    """A change that cannot be saved (the file read-only, as PRAGMA query_only makes it), said at once and on
    leaving, in the learner's words."""
    ui = Renderer(lang)
    with open_shell(tmp_path, lang=lang) as shell:
        shell.progress._conn.execute("PRAGMA query_only = 1")  # as a read-only file or folder would
        dispatch(shell, "puzzle" if lang == "en" else "aufgabe")
        said = dispatch(shell, "solution" if lang == "en" else "lösung").text  # the attempt: a change to save
        bye = dispatch(shell, "quit" if lang == "en" else "ende").text
    for text in (said, bye):
        assert ui.message("storage_errors.read_only") in text, text
        assert "readonly" not in text and (lang == "en" or not any(w in text for w in ENGLISH_OF_SQLITE)), text


@pytest.mark.parametrize("lang", LANGS)
def test_an_earlier_versions_file_that_cannot_be_written_is_said_so_at_the_start(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A progress file of an earlier version in a read-only folder: the start said 'Cannot save to the progress
    file …: the file is read-only. What was saved before is kept.', before the learner had done anything.  It says
    the file must be written to be brought up to this version, which cannot be, and where to look; nothing in it
    is changed."""
    path = tmp_path / "progress.sqlite3"
    open_database(path, MIGRATIONS[:2]).close()
    connect = sqlite3.connect

    def read_only(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        if args[0] != ":memory:":
            conn.execute("PRAGMA query_only = 1")  # as a read-only file or folder would
        return conn

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(ProgressError) as caught:
        Progress.open(path)
    monkeypatch.undo()
    ui = Renderer(lang)
    said = " ".join(progress_problem(ui, caught.value).split())
    upgrade = ui.message("storage_errors.upgrade", found=2, supported=len(MIGRATIONS),
                         cause=ui.message("storage_errors.read_only"))
    assert caught.value.code == "cannot_open" and upgrade in said, said
    assert said.startswith({"en": "Cannot open the progress file", "de": "Die Fortschrittsdatei"}[lang]), said
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 2


@pytest.mark.parametrize("lang", LANGS)
def test_a_full_progress_file_is_said_in_the_learners_words(lang: str, tmp_path: Path) -> None:
    """The file may not grow (PRAGMA max_page_count, as a full disk): the write that does not fit is refused in
    the learner's words."""
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        pages = progress._conn.execute("PRAGMA page_count").fetchone()[0]
        progress._conn.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(ProgressError) as caught:
            for n in range(1000):
                progress.set_setting(f"note {n}", "x" * 1000)
    ui = Renderer(lang)
    said = progress_problem(ui, caught.value)
    assert caught.value.code == "cannot_save" and ui.message("os_errors.full") in said, said
    assert "database or disk is full" not in said, said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("damage", "key"), [(_not_a_database, "not_a_database"), (_broken_pages, "malformed")])
def test_a_damaged_progress_file_is_said_in_the_learners_words(
        lang: str, damage: Callable[[Path], None], key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is not a database, and one whose pages SQLite's check finds broken: the tutor and
    ``cassino-tutor replay`` say so in the learner's words."""
    damage(tmp_path / "progress.sqlite3")
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    words = Renderer(lang).message(f"storage_errors.{key}")
    for argv in (["--lang", lang], ["replay", "--lang", lang, "1"]):
        assert main(argv) in (1, 2)
        said = capsys.readouterr().err
        assert str(tmp_path / "progress.sqlite3") in said and f"({words})" in said, said
        assert lang == "en" or not any(english in said for english in ENGLISH_OF_SQLITE), said
        assert ("damaged" if lang == "en" else "beschädigt") in said, said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("edit", "key", "params"), [
    ("DROP TABLE game", "no_table", {"table": "game"}),  # the start's offer of a waiting game: a crash report
    ("ALTER TABLE game RENAME TO kept_game", "no_table", {"table": "game"}),
    ("DROP TABLE puzzle_helped", "no_table", {"table": "puzzle_helped"}),  # the start said nothing: a later crash
    ("ALTER TABLE lesson DROP COLUMN touched_at", "no_column", {"table": "lesson", "column": "touched_at"}),
    ("ALTER TABLE setting DROP COLUMN value", "no_column", {"table": "setting", "column": "value"}),
    # a trigger refused every lesson step, and quit still said "Your progress is saved"
    ("CREATE TRIGGER no_steps BEFORE UPDATE ON lesson BEGIN SELECT RAISE(ABORT, 'no'); END", "trigger",
     {"name": "no_steps"}),
    (f"CREATE TRIGGER \"{'t' * 5000}\" AFTER INSERT ON lesson BEGIN SELECT 1; END", "trigger",
     {"name": "t" * 39 + "…"}),  # a name quoted short
])
def test_a_file_a_hand_edit_left_without_a_table_or_a_column_or_with_a_trigger_is_refused_in_the_learners_words(
        lang: str, edit: str, key: str, params: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "progress.sqlite3"
    with Progress.open(path) as progress:
        progress.save_lesson_step("table", 1)
    conn = sqlite3.connect(path)
    conn.execute(edit)
    conn.commit()
    conn.close()
    before = path.read_bytes()
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO("learn table\nnext\nquit\n"))
    words = Renderer(lang).message(f"storage_errors.{key}", **params)
    for argv in (["--lang", lang], ["replay", "--lang", lang]):
        assert main(argv) in (1, 2)
        said = " ".join(capsys.readouterr().err.split())  # the start's words wrapped to the terminal
        assert str(path) in said and f"({words})" in said, said
        assert ("damaged" if lang == "en" else "beschädigt") in said, said
    assert path.read_bytes() == before and not (tmp_path / "reports").exists()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("short", "cause"), [(33, "os_errors.too_long"), (45, "storage_errors.cannot_open")])
def test_a_copy_before_a_repair_that_cannot_be_made_is_said_in_the_learners_words(
        lang: str, short: int, cause: str, tmp_path: Path) -> None:
    """A hand-edited file to repair whose name leaves no room for the copy's: the name of the copy is too long for
    the system (``short`` 33), or the name of the copy's journal for SQLite (45)."""
    longest = os.pathconf(tmp_path, "PC_NAME_MAX")
    # the copy adds 30 characters, written first under a name of 5 more (".NAME.tmp"), its journal 8 more
    path = tmp_path / ("p" * (longest - short) + ".sqlite3")
    edited(path, "UPDATE learner SET rating = 'abc'")
    with pytest.raises(ProgressError) as caught:
        Progress.open(path)
    ui = Renderer(lang)
    said = progress_problem(ui, caught.value)
    assert caught.value.code == "cannot_save"
    assert ui.message("storage_errors.no_backup", cause=ui.message(cause)) in said, said
    assert lang == "en" or not any(english in said for english in ENGLISH_OF_SQLITE), said
    assert list(tmp_path.iterdir()) == [path], "no copy, whole or begun, is left beside it"


@pytest.mark.parametrize("lang", LANGS)
def test_a_copy_before_a_repair_that_fails_midway_is_removed(lang: str, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills while the copy is written (SQLite's limit of one page for the copy): the begun copy is
    removed, and the learner is told in their words why no copy could be made."""
    path = tmp_path / "progress.sqlite3"
    edited(path, "UPDATE learner SET rating = 'abc'")
    connect = sqlite3.connect

    def copy_of_one_page(target: Path, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(target, *args, **kwargs)
        if ".before-repair-" in str(target):
            conn.execute("PRAGMA max_page_count = 1")
        return conn

    monkeypatch.setattr(sqlite3, "connect", copy_of_one_page)
    with pytest.raises(ProgressError) as caught:
        Progress.open(path)
    ui = Renderer(lang)
    said = progress_problem(ui, caught.value)
    assert caught.value.code == "cannot_save"
    assert ui.message("storage_errors.no_backup", cause=ui.message("os_errors.full")) in said, said
    assert lang == "en" or not any(english in said for english in ENGLISH_OF_SQLITE), said
    assert list(tmp_path.iterdir()) == [path], "the begun copy is removed"


@pytest.mark.parametrize("lang", LANGS)
def test_a_progress_file_that_cannot_be_opened_is_said_at_the_start_within_the_terminals_width(
        lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A progress file that is a folder: the start said so in one line of 150 columns, past an 80-column terminal."""
    from tutor.shell.app import start

    (tmp_path / "progress.sqlite3").mkdir()
    monkeypatch.setenv("COLUMNS", "80")
    assert start(lang, None, True, {"CASSINO_TUTOR_HOME": str(tmp_path)}) == 1
    said = capsys.readouterr().err
    assert said.startswith({"en": "Cannot open the progress file", "de": "Die Fortschrittsdatei"}[lang]), said
    assert "CASSINO_TUTOR_HOME" in said and all(len(line) <= 80 or " " not in line  # a path longer than a line
                                                for line in said.splitlines()), said
