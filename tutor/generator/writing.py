"""Generated puzzles as puzzle-file YAML (docs/formats.md), and their proof by the checker's own code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from tutor.content.course import Text
from tutor.core.position import Position
from tutor.loading.positions import dump_position, variant_to_data
from tutor.loading.puzzles import load_puzzles
from tutor.loading.yamlfile import FileError
from tutor.teaching.verify import verify_puzzle

INDENT = "      "  # the position block sits under "    position:"


@dataclass(frozen=True)
class Draft:
    """A puzzle without its id, every part already as YAML text or plain values."""

    variant: str
    position: str
    goal: str
    themes: tuple[str, ...]
    rating: int
    hints: tuple[Text, ...]
    solution: tuple[str, ...]
    line: tuple[str, ...] = ()
    likeness: tuple[tuple[object, ...], ...] = ()
    """Keys of the idea (:func:`tutor.generator.selection.likeness`); not written."""


def draft(pos: Position, goal: str, themes: Sequence[str], rating: int, hints: Sequence[Text],
          solution: Sequence[str], line: Sequence[str] = (), likeness: tuple[tuple[object, ...], ...] = ()) -> Draft:
    """A draft of the puzzle on ``pos`` (the position as the learner sees it); ``line`` for a line puzzle."""
    return Draft(_inline(variant_to_data(pos.variant)), dump_position(pos), goal, tuple(themes), rating,
                 tuple(hints), tuple(solution), tuple(line), likeness)


def entry_text(puzzle: Draft, puzzle_id: str) -> str:
    """One entry of a puzzle file's ``puzzles:`` list, lines ending in newlines."""
    lines = [f"  - id: {puzzle_id}", f"    variant: {puzzle.variant}", "    position:"]
    lines += [INDENT + line for line in puzzle.position.splitlines()]
    lines += [
        f"    goal: {_inline(puzzle.goal)}",
        f"    themes: {_inline(list(puzzle.themes))}",
        f"    rating: {puzzle.rating}",
    ]
    lines += hint_lines(puzzle.hints)
    lines.append("    solution:")
    lines += [f"      - {_inline(move)}" for move in puzzle.solution]
    if puzzle.line:
        lines.append("    line:")
        lines += [f"      - {_inline(move)}" for move in puzzle.line]
    return "\n".join(lines) + "\n"


def hint_lines(hints: Sequence[Text]) -> list[str]:
    """A puzzle's ``hints:`` block, each hint's claim (when it has one) beside its words."""
    lines = ["    hints:"]
    for hint in hints:
        lines += [f"      - en: {_inline(hint.en)}", f"        de: {_inline(hint.de)}"]
        if hint.claim is not None:
            claim = {"key": hint.claim.key, **{k: list(v) if isinstance(v, tuple) else v for k, v in hint.claim.params}}
            lines.append(f"        claim: {_inline(claim, sort=False)}")
    return lines


def file_text(entries: Sequence[tuple[str, Draft]], comment: str) -> str:
    """A whole puzzle file: a comment line, then every (id, draft), a blank line between entries."""
    body = "\n".join(entry_text(d, puzzle_id) for puzzle_id, d in entries)
    return f"# {comment}\npuzzles:\n{body}"


def problems(puzzle: Draft) -> list[str]:
    """What ``cassino-tutor check`` would find wrong with the draft (empty when it is proved)."""
    name = "<generated>"
    try:
        (loaded,) = load_puzzles(file_text([("draft", puzzle)], "draft"), name)
    except FileError as err:
        return [str(p) for p in err.problems]
    return [str(p) for p in verify_puzzle(loaded)]


def _inline(value: Any, sort: bool = True) -> str:
    """A value as YAML on one line, quoted only when it must be; ``sort``: a mapping's keys sorted."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=2**16, sort_keys=sort)
    return text.removesuffix("\n...\n").strip()
