"""Mining in work items on every core, merged in order so a seed always gives the same puzzles.

Work item ``i`` plays :data:`ROUNDS_PER_ITEM` rounds from its own sub-seed
(the request and ``i``), so what it finds does not depend on which process
ran it or when; items are merged in index order, near-duplicates dropped,
until the count is reached.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

from tutor.content import presets
from tutor.parallel.workers import ignore_interrupts

from .drafting import draft_puzzle
from .lines import draft_line, line_view
from .mining import candidate, round_positions
from .plans import plan_for
from .writing import Draft

ROUNDS_PER_ITEM = 2

ROUNDS_PER_PUZZLE = 300
"""Rounds played for each puzzle asked before giving up on a theme that stays rare."""

MIN_ROUNDS = 400


@dataclass(frozen=True)
class Request:
    """What to generate: ``count`` puzzles of ``theme`` in ``variant`` (a preset) with ``players``, from ``seed``;
    ``goal``: the one goal tried instead of the theme's (:func:`~tutor.generator.plans.plan_for`); ``max_rating``:
    none rated above it."""

    theme: str
    count: int
    variant: str
    players: int
    seed: int
    lines: bool = False
    goal: str | None = None
    max_rating: int | None = None

    @property
    def items(self) -> int:
        """The most work items to run."""
        return max(MIN_ROUNDS, ROUNDS_PER_PUZZLE * self.count) // ROUNDS_PER_ITEM


@dataclass(frozen=True)
class Mined:
    """What one work item found: its puzzles in order, and how many drafts it rejected for each reason."""

    drafts: tuple[Draft, ...]
    rejected: tuple[tuple[str, int], ...]


def mine(request: Request, index: int) -> Mined:
    """Every puzzle work item ``index`` finds, in the order found, and its rejections."""
    plan = plan_for(request.theme, request.goal)
    variant = presets.variant(request.variant)
    key = f"{request.theme}/{request.variant}/{request.players}/{request.seed}/{index}"
    rng = random.Random(key)  # a str seed is hashed by SHA-512: the same in every process
    found: list[Draft] = []
    rejected: Counter[str] = Counter()
    for _ in range(ROUNDS_PER_ITEM):
        # one puzzle a round at most: the positions of one round look alike
        for pos in round_positions(variant, request.players, rng, plan.builder):
            view = line_view(pos) if request.lines else candidate(pos, plan)
            if view is None:
                continue
            made, why = (draft_line(view, plan, request.max_rating) if request.lines
                         else draft_puzzle(view, plan, request.max_rating))
            rejected.update(why)
            if made is not None:
                found.append(made)
                break
    return Mined(tuple(found), tuple(sorted(rejected.items())))


@dataclass
class Outcome:
    """The puzzles kept, and the drafts rejected for each reason (codes of
    :data:`tutor.generator.selection.REJECTIONS`), over the work items merged."""

    kept: list[Draft]
    rejected: Counter[str]


def generate(request: Request, jobs: int, progress: Callable[[Outcome], None] | None = None) -> Outcome:
    """Up to ``request.count`` puzzles, the same for a request whatever ``jobs``; fewer when the theme stays rare.

    A draft sharing a key of its idea with one already kept is rejected as a
    ``near_duplicate``. ``progress`` is told the outcome so far after each work item.
    """
    seen: set[tuple[object, ...]] = set()
    done = Outcome([], Counter())
    for mined in _results(request, jobs):
        done.rejected.update(dict(mined.rejected))
        for d in mined.drafts:
            if len(done.kept) == request.count:
                break
            if seen.intersection(d.likeness):
                done.rejected["near_duplicate"] += 1
                continue
            seen.update(d.likeness)
            done.kept.append(d)
        if progress is not None:
            progress(done)
        if len(done.kept) == request.count:
            break
    return done


def _results(request: Request, jobs: int) -> Iterator[Mined]:
    """Each work item's puzzles, in index order; with ``jobs`` > 1 from a pool of processes."""
    if jobs == 1:
        yield from (mine(request, i) for i in range(request.items))
        return
    window = 4 * jobs  # items in flight: enough to keep every core busy
    with ProcessPoolExecutor(jobs, initializer=ignore_interrupts) as pool:
        pending: dict[int, Future[Mined]] = {}
        try:
            for i in range(request.items):
                for j in range(i, min(i + window, request.items)):
                    if j not in pending:
                        pending[j] = pool.submit(mine, request, j)
                yield pending.pop(i).result()
        finally:
            for future in pending.values():
                future.cancel()
