"""The hints of puzzles already written, made again by the generator's code: positions, answers and the rest kept.

``cassino-tutor puzzles hints FILE...`` rewrites a generated puzzle file's
``hints:`` blocks with what :mod:`tutor.generator.hints` says today (each hint
with its claim), so that a fix to the hints reaches the puzzles without mining
them again.  Only the lines of each ``hints:`` block change.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.content.course import Puzzle, Text
from tutor.core.solver import rank_moves

from .facts import study
from .hints import hints
from .lines import line_hints
from .writing import hint_lines


def puzzle_hints(puzzle: Puzzle) -> tuple[Text, ...]:
    """The hints the generator gives ``puzzle`` (its position, goal and themes; a line puzzle's among them)."""
    pos = puzzle.position
    found = study(pos, rank_moves(pos.copy(), puzzle.goal))
    return line_hints(found, puzzle.themes) if puzzle.line else hints(found, puzzle.themes)


def rehinted(text: str, puzzles: Sequence[Puzzle]) -> str:
    """``text`` (a generated puzzle file holding ``puzzles``) with each puzzle's ``hints:`` block made again."""
    made = {p.id: hint_lines(puzzle_hints(p)) for p in puzzles}
    out: list[str] = []
    current, skipping = None, False
    for line in text.splitlines():
        if line.startswith("  - id: "):
            current = line.removeprefix("  - id: ").strip()
        if skipping and (line.startswith("      ") or not line.strip()) and not line.startswith("  - "):
            continue
        skipping = False
        if line == "    hints:" and current in made:
            out += made.pop(current)
            skipping = True
            continue
        out.append(line)
    missing = ", ".join(made)
    assert not missing, f"no hints: block found for {missing}"
    return "\n".join(out) + "\n"
