"""The content kept read (tutor/loading/content_cache.py): a start reads the YAML files again only when a file or
the code changed, and a kept copy that is cut, foreign or cannot be written never stops a start or changes what it
shows."""

from __future__ import annotations

import io
import itertools
import os
import pickle
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from tutor.content.folders import content_dir
from tutor.loading import content_cache
from tutor.loading.catalog import read_catalog
from tutor.loading.content_cache import CACHE_VARIABLE, PREFIX, cache_folder, cached_catalog
from tutor.render import Renderer
from tutor.shell import app
from tutor.shell.status import StatusLine

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def content(tmp_path: Path) -> tuple[Path, Path]:
    """A small course of its own: the first two lessons and two puzzle files of the installed content."""
    lessons, puzzles = tmp_path / "lessons", tmp_path / "puzzles"
    lessons.mkdir()
    puzzles.mkdir()
    for path in sorted(content_dir("lessons").glob("*.yaml"))[:2]:
        shutil.copy(path, lessons)
    for name in ("captures.yaml", "defence.yaml"):
        shutil.copy(content_dir("puzzles") / name, puzzles)
    return lessons, puzzles


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Path, Path]]:
    """The folders each time the files are read (parsed), not taken from a kept copy."""
    seen: list[tuple[Path, Path]] = []

    def reading(lessons: Path, puzzles: Path, progress: Callable[[int, int], None] | None = None) -> object:
        seen.append((lessons, puzzles))
        return read_catalog(lessons, puzzles, progress)

    monkeypatch.setattr(content_cache, "read_catalog", reading)
    return seen


def copies(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{PREFIX}*.pickle"))


def test_a_second_start_takes_the_kept_catalog_and_it_is_the_files(
        content: tuple[Path, Path], reads: list[tuple[Path, Path]], tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = cached_catalog(cache, *content)
    assert reads == [content] and len(copies(cache)) == 1
    second = cached_catalog(cache, *content)
    assert reads == [content], "the second start parsed no file"
    assert first == second == read_catalog(*content)
    assert len(second[0].lessons) == 2 and len(second[0].puzzles) > 5


def test_a_changed_file_is_read_afresh(content: tuple[Path, Path], reads: list[tuple[Path, Path]],
                                       tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    lessons, puzzles = content
    before = cached_catalog(cache, *content)
    captures = puzzles / "captures.yaml"
    text = captures.read_text(encoding="utf-8")
    captures.write_text(text.replace("\n  - id: ", "\n  - id: [", 1), encoding="utf-8")  # a list never closed
    broken = cached_catalog(cache, *content)
    assert len(reads) == 2
    assert [Path(f.path).name for f in broken[1]] == ["captures.yaml"] and not before[1]
    assert len(broken[0].puzzles) < len(before[0].puzzles)
    captures.write_text(text, encoding="utf-8")
    assert cached_catalog(cache, *content) == before and len(reads) == 3
    (puzzles / "captures.yaml").unlink()  # a file gone
    assert len(cached_catalog(cache, *content)[0].puzzles) < len(before[0].puzzles) and len(reads) == 4


class Foreign:
    """Unpickling it would run code of another module than the tutor's (here: note that it ran)."""

    ran: list[str] = []

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Foreign.ran.append, ("ran",))


@pytest.mark.parametrize("kept", ["cut", "foreign", "not a catalog"])
def test_a_cut_or_foreign_copy_is_read_afresh_and_replaced(
        content: tuple[Path, Path], reads: list[tuple[Path, Path]], tmp_path: Path, kept: str) -> None:
    cache = tmp_path / "cache"
    good = cached_catalog(cache, *content)
    [copy] = copies(cache)
    data = copy.read_bytes()
    copy.write_bytes({"cut": data[: len(data) // 2], "foreign": pickle.dumps(Foreign()),
                      "not a catalog": pickle.dumps((1, 2))}[kept])
    assert cached_catalog(cache, *content) == good
    assert len(reads) == 2 and Foreign.ran == []
    assert copy.read_bytes() == data, "written again whole"


def reaching(module: str, name: str, *arguments: str) -> bytes:
    """A pickle calling ``module``'s ``name`` (dotted: reached through what the module imports) with
    ``arguments`` (one or two)."""
    def text(value: str) -> bytes:
        return b"\x8c" + bytes([len(value.encode())]) + value.encode()
    return b"\x80\x04" + text(module) + text(name) + b"\x93" + b"".join(map(text, arguments)) + b"\x85\x86"[
        len(arguments) - 1: len(arguments)] + b"R."


@pytest.mark.parametrize("call", [
    ("tutor.storage.game_files", "os.system", "touch '{made}'"),  # a dotted name: a function a module imports
    ("tutor.storage.game_files", "os.mkdir", "{made}"),
    ("tutor.loading.writing", "write_whole", "{made}", "text"),  # a function of the tutor's, not a class
])
def test_a_copy_naming_anything_but_a_class_of_the_tutors_values_runs_nothing(
        content: tuple[Path, Path], reads: list[tuple[Path, Path]], tmp_path: Path, call: tuple[str, ...]) -> None:
    cache = tmp_path / "cache"
    good = cached_catalog(cache, *content)
    [copy] = copies(cache)
    made = tmp_path / "made by the copy"
    module, name, *arguments = call
    copy.write_bytes(reaching(module, name, *(a.format(made=made) for a in arguments)))
    assert cached_catalog(cache, *content) == good
    assert len(reads) == 2 and not made.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("kept", ["a pipe", "a link to /dev/zero"])
def test_a_copy_that_is_no_regular_file_is_neither_read_nor_written_and_the_start_goes_on(
        content: tuple[Path, Path], reads: list[tuple[Path, Path]], tmp_path: Path, kept: str) -> None:
    """A pipe in the copy's place blocked the start for good; a link to /dev/zero read until memory ran out."""
    cache = tmp_path / "cache"
    good = cached_catalog(cache, *content)
    [copy] = copies(cache)
    copy.unlink()
    if kept == "a pipe":
        os.mkfifo(copy)
    else:
        copy.symlink_to("/dev/zero")
    got: list[object] = []
    start = threading.Thread(target=lambda: got.append(cached_catalog(cache, *content)), daemon=True)
    start.start()
    start.join(30)
    if start.is_alive():  # let it go: open the pipe's other end, for reading and writing
        os.close(os.open(copy, os.O_RDWR | os.O_NONBLOCK))
    assert got == [good] and len(reads) == 2, "read afresh at once"
    assert not copy.is_file()


def test_a_folder_that_cannot_be_written_keeps_nothing_and_the_start_goes_on(
        content: tuple[Path, Path], reads: list[tuple[Path, Path]], tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder", encoding="utf-8")
    assert cached_catalog(blocked / "cache", *content) == read_catalog(*content)
    assert cached_catalog(None, *content) == read_catalog(*content)
    assert len(reads) == 2 and blocked.read_text(encoding="utf-8") == "not a folder"


def test_only_the_newest_copies_are_kept(content: tuple[Path, Path], tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    for n in range(content_cache.KEPT + 2):
        (content[1] / f"extra-{n}.yaml").write_text("puzzles: []\n", encoding="utf-8")  # a new key each time
        cached_catalog(cache, *content)
    assert len(copies(cache)) == content_cache.KEPT
    assert not list(cache.glob("*.tmp"))


def test_a_temporary_copy_left_by_a_killed_start_is_removed_once_an_hour_old(content: tuple[Path, Path],
                                                                           tmp_path: Path) -> None:
    """A start killed while it kept the catalog left its temporary file (``.catalog-….pickle.….tmp``, a few MB)
    for good; the next write of a copy removes those an hour old (a younger one may be another start's, writing)."""
    cache = tmp_path / "cache"
    cache.mkdir()
    old, young, mine = cache / f".{PREFIX}a.pickle.00000000.tmp", cache / f".{PREFIX}b.pickle.11111111.tmp", \
        cache / ".notes.tmp"
    for path in (old, young, mine):
        path.write_bytes(b"cut short")
    hours_ago = old.stat().st_mtime - 2 * 3600
    os.utime(old, (hours_ago, hours_ago))
    os.utime(mine, (hours_ago, hours_ago))
    cached_catalog(cache, *content)
    assert not old.exists() and young.exists() and mine.exists(), "only the catalog's own, an hour old"
    assert len(copies(cache)) == 1


def test_the_variable_names_the_folder_or_keeps_none() -> None:
    assert cache_folder({CACHE_VARIABLE: "/some/where"}) == Path("/some/where")
    assert cache_folder({CACHE_VARIABLE: ""}) is None
    assert cache_folder({}).name == "cassino-tutor"
    assert cache_folder({CACHE_VARIABLE: "~no-such-user-of-cassino-tutor/c"}) == Path("~no-such-user-of-cassino-tutor/c")


@pytest.mark.parametrize(("lang", "line"), [("en", "Reading the lessons and puzzles: {} of 4 files ({} s)"),
                                            ("de", "Die Lektionen und Aufgaben werden gelesen: {} von 4 Dateien ({} s)")])
def test_a_start_that_reads_the_files_counts_them_on_a_progress_line_and_one_from_the_kept_copy_shows_none(
        content: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, line: str) -> None:
    """The first start (no kept copy; again after an update) read every file with nothing on the screen: 1.8 s of
    CPU in the compiled build, 3-4 s on a busy machine, before the welcome.  The clock moves on 0.6 s each time
    the line reads it, so that each count shows, from none read; the line is taken away before the welcome."""
    monkeypatch.setattr(content_cache, "content_folders", lambda lessons, puzzles: content)
    err = io.StringIO()
    monkeypatch.setattr(app, "StatusLine", lambda: StatusLine(partial(next, itertools.count(0, 0.6)), err,
                                                              always=True, environ={"TERM": "xterm"}))
    environ = {CACHE_VARIABLE: str(tmp_path / "cache")}
    first = app.read_content(Renderer(lang), environ)
    spent = [Renderer(lang).decimal(0.6 * n) for n in range(1, 6)]
    assert err.getvalue().split("\r\033[K")[1:] == [line.format(n, s) for n, s in enumerate(spent)] + [""]
    err.seek(0), err.truncate()
    assert app.read_content(Renderer(lang), environ) == first and err.getvalue() == ""


@pytest.mark.slow
def test_the_tutor_keeps_its_content_and_starts_the_same_from_it(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path / "home"), CACHE_VARIABLE: str(cache)}
    runs = [subprocess.run([sys.executable, "-m", "tutor", "--lang", "en"], input="lessons\npuzzles\n",
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=120) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[0].stderr
    assert len(copies(cache)) == 1
    lessons = len(list(content_dir("lessons").glob("*.yaml")))
    assert runs[0].stdout == runs[1].stdout and f"0 of {lessons} done" in runs[1].stdout
