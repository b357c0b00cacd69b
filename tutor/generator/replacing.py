"""Puzzles of a generated file made anew: each one named is replaced by a new puzzle of the same generator run.

``cassino-tutor puzzles replace FILE ID...`` runs the request the file's first
line names again, asking for more puzzles, and takes the first new ones in
the run's order: a puzzle is new when it shares no key of its idea
(:func:`tutor.generator.selection.likeness`) with any puzzle of the file.
Each named puzzle's entry is rewritten with a new one under a new id
(:func:`replacement_id`); the other entries and every other line stay as
they are.  A learner's history is kept by puzzle id (attempts, the review
queue, the puzzle's rating, skill evidence): under the old id it would have
passed to a different position.  Under a new id the new puzzle starts fresh,
and the old id, which no longer loads, leaves the review queue when it is met
(:func:`tutor.shell.picker.queued_puzzles`); its attempts stay the old puzzle's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from tutor.content.course import Puzzle
from tutor.core.solver import rank_moves

from .runner import Outcome, Request, generate
from .selection import likeness
from .writing import Draft, entry_text

ENTRY = "  - id: "
"""How each entry of a puzzle file's list begins."""
REPLACEMENT = re.compile(r"-r([1-9][0-9]*)$")
"""The end of a replacement's id: ``-r`` and how many times the puzzle first under that id was replaced."""


def replacement_id(old: str, taken: Collection[str]) -> str:
    """The id of the puzzle replacing the one of id ``old``: ``old`` with ``-r1`` (``x-r2`` for ``x-r1``, and so
    on), counted further while the id is ``taken`` (by a puzzle of the file): an id no puzzle had, so no learner's
    history under it is another position's.  A generated id never ends so (``THEME-SEED-N``)."""
    found = REPLACEMENT.search(old)
    base, n = (old[:found.start()], int(found.group(1))) if found else (old, 0)
    n += 1
    while f"{base}-r{n}" in taken:
        n += 1
    return f"{base}-r{n}"


def fresh_drafts(request: Request, puzzles: Sequence[Puzzle], wanted: int, jobs: int,
                 progress: Callable[[Outcome], None] | None = None) -> list[Draft]:
    """Up to ``wanted`` puzzles of ``request`` sharing no key of their idea with ``puzzles``, in the run's order;
    fewer when the run finds no more."""
    taken = {key for p in puzzles for key in likeness(p.position, rank_moves(p.position.copy(), p.goal).best,
                                                      p.goal.name)}
    count = request.count + wanted
    while True:
        outcome = generate(replace(request, count=count), jobs, progress)
        new = [d for d in outcome.kept if not taken.intersection(d.likeness)]
        if len(new) >= wanted or len(outcome.kept) < count:
            return new[:wanted]
        count += wanted - len(new)


def entries(text: str) -> tuple[str, list[tuple[str, str]]]:
    """A puzzle file as its head (up to the first entry) and each entry's id and text (its trailing blank lines
    included)."""
    chunks: list[list[str]] = [[]]
    for line in text.splitlines(keepends=True):
        if line.startswith(ENTRY):
            chunks.append([])
        chunks[-1].append(line)
    return "".join(chunks[0]), [(c[0].removeprefix(ENTRY).strip(), "".join(c)) for c in chunks[1:]]


def replaced(text: str, drafts: dict[str, tuple[str, Draft]]) -> str:
    """``text`` (a puzzle file) with the entry of each id of ``drafts`` rewritten as its draft under its new id."""
    head, found = entries(text)
    missing = set(drafts) - {puzzle_id for puzzle_id, _ in found}
    if missing:
        raise ValueError(f"no entry with id {', '.join(sorted(missing))}")
    out = [head]
    for puzzle_id, entry in found:
        if puzzle_id in drafts:
            blank = len(entry) - len(entry.rstrip("\n")) - 1
            new_id, draft = drafts[puzzle_id]
            entry = entry_text(draft, new_id) + "\n" * blank
        out.append(entry)
    return "".join(out)
