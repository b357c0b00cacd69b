"""The calibration's solve data: seeded positions and the collection's puzzles, measured and tried by every solver.

A *sample* is one puzzle or mined position: its features
(:func:`tutor.generator.difficulty.measure`), the chance each solver of the
ladder solves it (:func:`tutor.generator.solvers.solve_chance`) and the rating
those chances give it on the Elo curve (:func:`tutor.generator.elo.puzzle_rating`).

Positions are mined the way the generator mines them (seeded rounds,
:mod:`tutor.generator.mining`) for each setting of :data:`SETTINGS`, trivial
or not, when their answer is clear: the goal's gap over every rival and at
most two best moves; a line position when its main line gives the learner a
second turn.  Position ``i`` of a setting comes from rounds of
``random.Random("calibration/GOAL/PRESET/PLAYERS/SEED/i")``, the first such
position of the first round that has one, so each is mined alone and the
data are the same whatever the number of processes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from tutor.content import presets
from tutor.content.course import Puzzle
from tutor.content.folders import content_dir
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Goal, rank_moves
from tutor.loading.catalog import yaml_files
from tutor.loading.puzzles import load_puzzles
from tutor.loading.yamlfile import read_yaml_file
from tutor.parallel.pool import in_order

from .difficulty import Features, measure
from .elo import puzzle_rating
from .facts import gap
from .lines import line_view, main_line
from .mining import endgame_view, is_endgame, learner_view, round_positions
from .selection import GAPS, MAX_BEST
from .solvers import LADDER, solve_chance

SETTINGS = (
    ("cards", "classic", 2), ("points", "classic", 2), ("points", "classic", 3), ("points", "royal", 2),
    ("points", "spade", 2), ("points", "italian", 2), ("safe", "classic", 2), ("safe", "classic", 3),
    ("safe", "classic", 4), ("safe", "royal", 2), ("safe", "michigan", 2), ("deal", "classic", 2),
    ("deal", "classic", 3), ("deal", "classic", 4), ("deal", "spade", 2), ("deal", "michigan", 2),
    ("line", "classic", 2), ("line", "classic", 4),
)
"""The goals (``line``: a line puzzle of goal ``deal``), presets and players mined."""

ROUNDS = 200
"""Rounds played for one position at most; a setting that finds none in them is a bug in its terms."""


@dataclass(frozen=True)
class Sample:
    """One puzzle or mined position: its name, features, each solver's chance to solve it, and the rating
    those chances give it."""

    name: str
    features: Features
    chances: tuple[float, ...]
    rating: float


def sample(name: str, pos: Position, goal: Goal, line: Sequence[Move] = ()) -> Sample:
    """The sample of one puzzle: ``pos``, ``goal`` and its main ``line``."""
    found, turns = measure(pos, goal, line)
    chances = tuple(solve_chance(s, turns) for s in LADDER)
    return Sample(name, found, chances, puzzle_rating(chances, [s.rating for s in LADDER]))


def mine_one(setting: tuple[str, str, int], seed: int, index: int) -> Sample:
    """Position ``index`` of a setting of :data:`SETTINGS`, as a sample."""
    kind, preset, players = setting
    goal = Goal.from_str("deal" if kind == "line" else kind)
    rng = random.Random(f"calibration/{kind}/{preset}/{players}/{seed}/{index}")
    variant = presets.variant(preset)
    for _ in range(ROUNDS):
        for pos in round_positions(variant, players, rng, builder=goal.is_deal):
            view = candidate(pos, kind)
            if view is None or len(view.generate()) < 2:
                continue
            ranking = rank_moves(view.copy(), goal)
            if (gap(ranking) or 0) < GAPS[goal.name] or len(ranking.best) > MAX_BEST:
                continue
            line = main_line(view, ranking) if kind == "line" else ()
            if kind == "line" and not line:
                continue
            return sample(f"{kind}-{preset}-{players}p-{index}", view, goal, line)
    raise RuntimeError(f"no position for {setting} in {ROUNDS} rounds")


def candidate(pos: Position, kind: str) -> Position | None:
    """The view of ``pos`` a setting of this kind looks at, or None."""
    if kind == "line":
        return line_view(pos)
    if kind == "deal":
        return endgame_view(pos) if is_endgame(pos) else None
    return learner_view(pos) if len(pos.hands[pos.to_move]) > 1 else None


def mined_task(count: int, seed: int, task: int) -> Sample:
    """Task ``task`` of :func:`mined`: position ``task % count`` of setting ``task // count``."""
    return mine_one(SETTINGS[task // count], seed, task % count)


def mined(count: int, seed: int, jobs: int) -> list[Sample]:
    """``count`` samples of each setting, in the order of :data:`SETTINGS`."""
    return list(in_order(partial(mined_task, count, seed), count * len(SETTINGS), jobs))


@cache
def collection_puzzles(folder: Path | None = None) -> tuple[Puzzle, ...]:
    """Every puzzle of the installed collection (or of ``folder``), in file order."""
    paths = yaml_files(folder or content_dir("puzzles"))
    return tuple(p for path in paths for p in load_puzzles(read_yaml_file(path), str(path)))


def _collected(task: int) -> Sample:
    puzzle = collection_puzzles()[task]
    return sample(puzzle.id, puzzle.position, puzzle.goal, puzzle.line)


def collection(jobs: int) -> list[Sample]:
    """A sample of every puzzle of the installed collection, in file order."""
    return list(in_order(_collected, len(collection_puzzles()), jobs))
