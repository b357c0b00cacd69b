"""All content at once: the lesson and puzzle folders read into a :class:`~tutor.content.course.Catalog`."""

from __future__ import annotations

from pathlib import Path

from tutor.content.course import Catalog, Lesson, Puzzle
from tutor.content.folders import content_dir
from tutor.core.position import Position

from .lessons import lesson_from_node, load_lesson
from .positions import position_from_node
from .puzzles import load_puzzles, puzzles_from_node
from .yamlfile import FileError, Problem, load_document, read_yaml_file

YAML_SUFFIXES = (".yaml", ".yml")


def yaml_files(folder: Path) -> list[Path]:
    """Every YAML file in ``folder`` and below, in order of their paths (the course order)."""
    return sorted(p for p in folder.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())


def load_file(text: str, filename: str) -> Lesson | tuple[Puzzle, ...] | Position:
    """A lesson (top-level ``lesson:``), puzzles (``puzzles:``) or else a position; FileError if broken."""
    root = load_document(text, filename)
    if root.is_mapping and root.get("lesson") is not None:
        return lesson_from_node(root, filename)
    if root.is_mapping and root.get("puzzles") is not None:
        return puzzles_from_node(root, filename)
    return position_from_node(root, filename)


def load_catalog(lessons_dir: Path | None = None, puzzles_dir: Path | None = None) -> Catalog:
    """Every lesson and puzzle in the two folders (default: the installed content).

    Raises FileError listing every problem of every file.  Cross-file checks
    and proofs by the solver are :mod:`tutor.teaching.verify`'s (``cassino-tutor check``).
    """
    problems: list[Problem] = []
    lessons: list[Lesson] = []
    puzzles: list[Puzzle] = []
    for path in yaml_files(lessons_dir or content_dir("lessons")):
        try:
            lessons.append(load_lesson(read_yaml_file(path), str(path)))
        except FileError as err:
            problems += err.problems
    for path in yaml_files(puzzles_dir or content_dir("puzzles")):
        try:
            puzzles.extend(load_puzzles(read_yaml_file(path), str(path)))
        except FileError as err:
            problems += err.problems
    if problems:
        raise FileError(problems)
    return Catalog(tuple(lessons), tuple(puzzles))
