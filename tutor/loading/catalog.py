"""All content at once: the lesson and puzzle folders read into a :class:`~tutor.content.course.Catalog`."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from tutor.content.course import Catalog, Lesson, Puzzle
from tutor.content.folders import content_dir
from tutor.core.position import Position

from .lessons import lesson_from_node, load_lesson
from .positions import position_from_node
from .puzzles import load_puzzles, puzzles_from_node
from .words import os_words, words
from .yamlfile import FileError, Problem, load_document, read_yaml_file

YAML_SUFFIXES = (".yaml", ".yml")


def yaml_files(folder: Path) -> list[Path]:
    """Every YAML file in ``folder`` and below, in order of their paths (the course order): every entry of a YAML
    name but a folder, so that a pipe, a device, a link to nothing or a loop of links there is said when read, not
    passed over in silence."""
    return sorted(p for p in folder.rglob("*") if p.suffix in YAML_SUFFIXES and not p.is_dir())


def unlisted_folders(folder: Path) -> list[Problem]:
    """A problem for ``folder`` and each folder below it whose entries cannot be listed (no permission, say):
    :func:`yaml_files` passes over them in silence, as if they held no file."""
    problems: list[Problem] = []

    def refused(err: OSError) -> None:
        why = os_words(err)
        problems.append(Problem.of(str(err.filename or folder), 1, 1, words(
            f"the folder cannot be read ({why}), so its files are not checked", "reading.folder_unreadable", why=why)))

    for _ in os.walk(folder, onerror=refused):
        pass
    return problems


def load_file(text: str, filename: str) -> Lesson | tuple[Puzzle, ...] | Position:
    """A lesson (top-level ``lesson:``), puzzles (``puzzles:``) or else a position; FileError if broken."""
    root = load_document(text, filename)
    if root.is_mapping and root.get("lesson") is not None:
        return lesson_from_node(root, filename)
    if root.is_mapping and root.get("puzzles") is not None:
        return puzzles_from_node(root, filename)
    return position_from_node(root, filename)


@dataclass(frozen=True)
class LeftOut:
    """A content file that cannot be read, so its lessons or puzzles are left out: its ``kind`` (``lessons`` or
    ``puzzles``), its ``path`` and every problem found in it."""

    kind: str
    path: str
    problems: tuple[Problem, ...]


def content_folders(lessons_dir: Path | None = None, puzzles_dir: Path | None = None) -> tuple[Path, Path]:
    """The folders of the lessons and the puzzles: those given, else the installed content's."""
    return lessons_dir or content_dir("lessons"), puzzles_dir or content_dir("puzzles")


def read_catalog(lessons_dir: Path | None = None, puzzles_dir: Path | None = None,
                 progress: Callable[[int, int], None] | None = None) -> tuple[Catalog, tuple[LeftOut, ...]]:
    """Every lesson and puzzle of the files of the two folders (default: the installed content) that read, and the
    files that do not, each with its problems: what the tutor starts with; ``progress`` is told after each file
    the files read and the files in all.

    While a lesson file is left out, a requirement naming a lesson that is not there is lifted (the lesson it is
    in opens as if it were done), so that the course goes on past the broken file instead of stopping there.
    """
    left_out: list[LeftOut] = []
    lessons: list[Lesson] = []
    puzzles: list[Puzzle] = []
    files = {kind: yaml_files(folder)
             for kind, folder in zip(("lessons", "puzzles"), content_folders(lessons_dir, puzzles_dir))}
    read, total = 0, sum(map(len, files.values()))
    if progress is not None:
        progress(read, total)
    for kind, paths in files.items():
        for path in paths:
            try:
                text = read_yaml_file(path)
                if kind == "lessons":
                    lessons.append(load_lesson(text, str(path)))
                else:
                    puzzles.extend(load_puzzles(text, str(path)))
            except FileError as err:
                left_out.append(LeftOut(kind, str(path), tuple(err.problems)))
            read += 1
            if progress is not None:
                progress(read, total)
    if any(f.kind == "lessons" for f in left_out):
        lessons = _present_requirements(lessons)
    return Catalog(tuple(lessons), tuple(puzzles), tuple(map(str, files["puzzles"]))), tuple(left_out)


def _present_requirements(lessons: list[Lesson]) -> list[Lesson]:
    """``lessons``, each requiring only the lessons among them."""
    ids = {lesson.id for lesson in lessons}
    out = []
    for lesson in lessons:
        kept = [i for i, other in enumerate(lesson.requires) if other in ids]
        if len(kept) < len(lesson.requires):
            lesson = replace(lesson, requires=tuple(lesson.requires[i] for i in kept),
                             requires_where=tuple(w for i, w in enumerate(lesson.requires_where) if i in kept))
        out.append(lesson)
    return out


def load_catalog(lessons_dir: Path | None = None, puzzles_dir: Path | None = None) -> Catalog:
    """Every lesson and puzzle in the two folders (default: the installed content).

    Raises FileError listing every problem of every file.  Cross-file checks
    and proofs by the solver are :mod:`tutor.teaching.verify`'s (``cassino-tutor check``).
    """
    catalog, left_out = read_catalog(lessons_dir, puzzles_dir)
    if left_out:
        raise FileError([p for f in left_out for p in f.problems])
    return catalog
