"""The ratings of puzzles already written, given again by the difficulty model: only the numbers change.

``cassino-tutor puzzles rate FILE...`` replaces each puzzle's ``rating:``
value with what :func:`tutor.generator.difficulty.puzzle_rating` gives its
position, goal and main line, hand-written and generated puzzles alike, so
that a change to the model reaches every file without touching anything
else: the number is replaced where it stands, the rest of the line and of
the file kept byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.content.course import Puzzle
from tutor.loading.yamlfile import load_document

from .difficulty import puzzle_rating


class Unrated(ValueError):
    """A puzzle the model cannot rate (every legal move of its first turn is best): its ``where`` and ``id``."""

    def __init__(self, puzzle: Puzzle, why: ValueError) -> None:
        super().__init__(f"{puzzle.where}: puzzle {puzzle.id}: {why}")
        self.where, self.id = puzzle.where, puzzle.id


def model_ratings(puzzles: Sequence[Puzzle]) -> dict[str, int]:
    """Each puzzle's rating by the model, by id; :class:`Unrated` naming a puzzle the model cannot rate."""
    out = {}
    for p in puzzles:
        try:
            out[p.id] = puzzle_rating(p.position, p.goal, p.line)
        except ValueError as err:
            raise Unrated(p, err) from None
    return out


def rerated(text: str, filename: str, ratings: dict[str, int]) -> str:
    """``text`` (a valid puzzle file) with each puzzle's ``rating:`` value replaced by its entry in ``ratings``."""
    lines = text.splitlines(keepends=True)
    entries = load_document(text, filename).get("puzzles")
    assert entries is not None, "a puzzle file has a puzzles: list"
    for entry in entries.children:
        found, name = entry.get("rating"), entry.get("id")
        assert found is not None and name is not None, "every puzzle has an id and a rating"
        row, start = found.line - 1, found.col - 1
        line = lines[row]
        assert line[start:start + len(found.text)] == found.text, f"{filename}:{found.line}: a plain rating"
        lines[row] = line[:start] + str(ratings[name.text]) + line[start + len(found.text):]
    return "".join(lines)
