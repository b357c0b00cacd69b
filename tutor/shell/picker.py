"""Which puzzle comes next: unseen ones near the learner's rating, or the reviews that are due."""

from __future__ import annotations

from collections.abc import Iterable

from ..course import Puzzle
from .state import Shell


def pick_puzzle(shell: Shell, theme: str | None = None, skip: Iterable[str] = ()) -> Puzzle | None:
    """The unseen puzzle (of ``theme``) rated nearest the learner; failing that, an unsolved one."""
    pool = shell.catalog.puzzles_for(theme) if theme else list(shell.catalog.puzzles)
    skipped = set(skip)
    pool = [p for p in pool if p.id not in skipped]
    progress = shell.progress
    fresh = [p for p in pool if not progress.attempted(p.id)]
    if not fresh:
        solved = progress.solved_puzzles()
        fresh = [p for p in pool if p.id not in solved]
    if not fresh:
        return None
    target = progress.learner_rating().rating
    return min(fresh, key=lambda p: (abs(p.rating - target), p.id))


def pick_review(shell: Shell, skip: Iterable[str] = ()) -> Puzzle | None:
    """The first failed puzzle due for review (one at a time, until none is due)."""
    skipped = set(skip)
    for puzzle_id in shell.progress.due_reviews(shell.clock()):
        if puzzle_id not in skipped:
            try:
                return shell.catalog.puzzle(puzzle_id)
            except KeyError:
                continue  # a puzzle since removed from the collection
    return None
