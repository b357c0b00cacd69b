"""One broken lesson or puzzle file: the tutor starts without it and says on its welcome which file, where and
what to fix; ``check`` still refuses it; what depends on the file (the course order, the review queue) goes on."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from tutor.cli.main import main
from tutor.content.folders import content_dir
from tutor.loading.catalog import load_catalog, read_catalog
from tutor.loading.puzzles import load_puzzles
from tutor.loading.yamlfile import FileError
from tutor.render import Renderer
from tutor.render.problems import problem_words
from tutor.shell.commands import dispatch, welcome
from tutor.shell.picker import due_counts, open_puzzles
from tutor.shell.state import Shell
from tutor.storage import Progress

PUZZLE_FILE, LESSON_FILE = "captures.yaml", "02-pairing.yaml"


def broken(path: Path, key: str) -> None:
    """``path`` with its first ``key`` (a puzzle's id, or the lesson's) opening a list it never closes."""
    text = path.read_text(encoding="utf-8")
    assert key in text
    path.write_text(text.replace(key, key + "[", 1), encoding="utf-8")


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the installed lessons and puzzles, the tutor's content, with one puzzle file and one lesson file
    broken (``cassino-tutor`` reads the copy)."""
    root = tmp_path / "content"
    for kind in ("lessons", "puzzles"):
        shutil.copytree(content_dir(kind), root / kind)
    broken(root / "puzzles" / PUZZLE_FILE, "\n  - id: ")
    broken(root / "lessons" / LESSON_FILE, "\nlesson: ")
    monkeypatch.setattr("tutor.loading.catalog.content_dir", lambda kind: root / kind)
    return root


def problems(path: Path) -> list[str]:
    """What ``check`` says is wrong with ``path``, in English."""
    with pytest.raises(FileError) as info:
        load_puzzles(path.read_text(encoding="utf-8"), str(path))
    return [str(p) for p in info.value.problems]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_tutor_starts_without_a_broken_file_and_its_welcome_says_which_where_and_what_to_fix(
        course: Path, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CASSINO_TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "1000")  # no line folded
    monkeypatch.setattr("sys.stdin", io.StringIO("puzzle\nquit\n"))
    assert main(["--lang", lang]) == 0
    out, err = capsys.readouterr()
    ui = Renderer(lang)
    puzzles, lessons = course / "puzzles" / PUZZLE_FILE, course / "lessons" / LESSON_FILE
    with pytest.raises(FileError) as info:
        load_catalog(course / "lessons", course / "puzzles")
    where = {Path(p.file).name: p for p in info.value.problems}
    assert sorted(where) == [LESSON_FILE, PUZZLE_FILE]
    lines = out.splitlines()
    for kind, path in (("lessons", lessons), ("puzzles", puzzles)):
        said = ui.message("shell.left_out", kind=kind, file=str(path))
        assert lines.count(said) == 1, out
        problem = problem_words(ui, where[path.name])
        assert lines[lines.index(said) + 1] == "  " + problem and f"{path}:{where[path.name].line}:" in problem
    assert "Traceback" not in out + err
    assert out.index(ui.message("shell.left_out_check")) < out.index("Willkommen" if lang == "de" else "Welcome")
    assert "\n── " in out  # ``puzzle`` gave one of the other files'


def test_check_still_refuses_the_broken_file_with_its_place(course: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = course / "puzzles" / PUZZLE_FILE
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[:-1] == problems(path) and f"{path}:" in err and "Traceback" not in err


def test_only_the_broken_files_are_left_out_and_the_course_goes_on_past_a_broken_lesson(course: Path) -> None:
    catalog, left_out = read_catalog()
    assert [(f.kind, Path(f.path).name) for f in left_out] == [("lessons", LESSON_FILE), ("puzzles", PUZZLE_FILE)]
    assert all(p.file == f.path for f in left_out for p in f.problems) and all(f.problems for f in left_out)
    whole = load_catalog(content_dir("lessons"), content_dir("puzzles"))
    gone = {p.id for p in whole.puzzles if Path(p.where.split(":")[0]).name == PUZZLE_FILE}
    assert gone and [p.id for p in catalog.puzzles] == [p.id for p in whole.puzzles if p.id not in gone]
    assert [l.id for l in catalog.lessons] == [l.id for l in whole.lessons if l.id != "pairing"]
    assert whole.lesson("sums").requires == ("pairing",) and catalog.lesson("sums").requires == ()
    next_lesson = catalog.next_lesson({"table"})
    assert next_lesson is not None and next_lesson.id == "sums"  # not "every lesson done"


def test_a_review_of_a_puzzle_in_a_broken_file_waits_for_the_fix_not_dropped(course: Path, tmp_path: Path) -> None:
    catalog, left_out = read_catalog()
    whole = load_catalog(content_dir("lessons"), content_dir("puzzles"))
    (queued,) = [p for p in whole.puzzles if Path(p.where.split(":")[0]).name == PUZZLE_FILE][:1]
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        progress.record_attempt(queued.id, queued.themes, queued.rating, False, 0)
        later = progress.review_queue()[0].due
        shell = Shell(catalog, progress, "en", clock=lambda: later, left_out=left_out)
        assert due_counts(shell) == (0, 0)
        assert "due for review" not in welcome(shell)
        assert dispatch(shell, "review").text == shell.ui.message("shell.no_reviews")
        dispatch(shell, "progress")
        assert [item.puzzle_id for item in progress.review_queue()] == [queued.id]  # kept, not dropped
        fixed = Shell(whole, progress, "en", clock=lambda: later)
        assert due_counts(fixed) == (1, 0)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_puzzle_keeps_its_number_while_another_file_is_left_out(course: Path, tmp_path: Path, lang: str) -> None:
    """A German screen names a puzzle by its number: the numbers a learner saw stay the same while an earlier
    puzzle file cannot be read (they were the places in the catalog, so every puzzle after the broken file moved
    up), and each still opens its puzzle."""
    catalog, _ = read_catalog()
    whole = load_catalog(content_dir("lessons"), content_dir("puzzles"))
    numbers = dict((p.id, n) for p, n in whole.numbers())
    assert len(set(numbers.values())) == len(numbers)
    assert len(catalog.puzzles) < len(whole.puzzles)
    assert all(catalog.number(p.id) == numbers[p.id] for p in catalog.puzzles)
    assert all(catalog.puzzle(numbers[p.id]) == p for p in catalog.puzzles)
    last = catalog.puzzles[-1]
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        shell = Shell(catalog, progress, lang)
        dispatch(shell, f"puzzle {last.id}")
        dispatch(shell, "solution")
        said = f"{'Aufgabe' if lang == 'de' else 'Puzzle'} {numbers[last.id] if lang == 'de' else last.id}"
        assert shell.activity is not None and shell.activity.title() == said
        dispatch(shell, f"puzzle {numbers[last.id]}")
        assert shell.activity.puzzle.id == last.id  # type: ignore[attr-defined]


def test_a_variants_puzzles_stay_closed_while_its_lesson_file_is_left_out(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With Michigan's lesson file broken, a learner who has done every other lesson is not given Michigan's
    puzzles, as if the lesson that opens them were done; classic two-player puzzles stay open."""
    root = tmp_path / "content"
    for kind in ("lessons", "puzzles"):
        shutil.copytree(content_dir(kind), root / kind)
    broken(root / "lessons" / "25-michigan.yaml", "\nlesson: ")
    monkeypatch.setattr("tutor.loading.catalog.content_dir", lambda kind: root / kind)
    catalog, left_out = read_catalog()
    assert [Path(f.path).name for f in left_out] == ["25-michigan.yaml"]
    with Progress.open(tmp_path / "progress.sqlite3") as progress:
        for lesson in catalog.lessons:
            progress.record_lesson(lesson.id, 3)
        shell = Shell(catalog, progress, "en", left_out=left_out)
        opened = open_puzzles(shell)
        assert not [p.id for p in opened if p.variant.penalties]
        assert any(p.variant.penalties for p in catalog.puzzles)
        assert [p for p in catalog.puzzles if not p.variant.changed_options() and p.position.players == 2] == opened
        fixed = Shell(load_catalog(content_dir("lessons"), content_dir("puzzles")), progress, "en")
        fixed.progress.record_lesson("michigan", 3)
        assert any(p.variant.penalties for p in open_puzzles(fixed))  # open once the lesson is done
