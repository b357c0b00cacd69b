"""The computer levels' points lost a move, by the game review's measure; writes the tutor's figures file.

Run from the repository root: ``python benchmarks/bench_level_loss.py [--pairs 60] [--seed 2027] [--jobs 2]``.

Each level of the ladder (random, greedy, club, expert) plays ``--pairs``
mirrored deals of two-player classic against the club level, in each seat in
turn, and its moves are reviewed as the shell reviews the learner's
(:mod:`tutor.play.strength`: the same review, the round's deal seed, the
review's worlds).  Every level plays the same deals.  For each level: the mean
points lost a move over the pairs, its 95% interval and the moves reviewed; the
figures are written to ``tutor/content/level_losses.json`` (``--out``), which
the tutor reads (:mod:`tutor.loading.level_losses`).  The run is seeded: the
random, greedy and club figures reproduce exactly; the expert's depend a little
on the machine's load (its time budget a move, docs/strength.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import partial
from pathlib import Path

from tutor.content.presets import variant
from tutor.loading.level_losses import LEVEL_LOSSES, LEVEL_NAMES, LevelLoss, LevelLosses, losses_to_data
from tutor.parallel.pool import cores_available, in_order
from tutor.play.arena import interval
from tutor.play.strength import Measure, pair_losses, per_move

OPPONENT = "club"
PRESET = "classic"
PLAYERS = 2


def measure_level(level: str, pairs: int, seed: int, jobs: int) -> LevelLoss:
    """``level``'s points lost a move over ``pairs`` mirrored deals of ``seed``."""
    measure = Measure(level, OPPONENT, variant(PRESET), PLAYERS, seed)
    values: list[float] = []
    moves = 0
    for losses in in_order(partial(pair_losses, measure), pairs, jobs):
        mean = per_move(losses)
        if mean is not None:  # a deal where the level never had a choice says nothing
            values.append(mean)
            moves += len(losses)
    found = interval(values)
    return LevelLoss(level, found.mean, max(0.0, found.low), found.high, moves)  # a loss is never below zero


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=",".join(LEVEL_NAMES))
    parser.add_argument("--out", type=Path, default=LEVEL_LOSSES)
    args = parser.parse_args()
    jobs = max(1, min(args.jobs, cores_available()))
    found = []
    for level in args.levels.split(","):
        figure = measure_level(level, args.pairs, args.seed, jobs)
        found.append(figure)
        print(f"{level:>7}: {figure.mean:.3f} points lost a move (95% interval {figure.low:.3f} .. {figure.high:.3f}), "
              f"{args.pairs} pairs, {figure.moves} moves", flush=True)
    figures = LevelLosses(PRESET, PLAYERS, OPPONENT, args.pairs, tuple(found))
    command = f"python benchmarks/bench_level_loss.py --pairs {args.pairs} --seed {args.seed}"
    data = losses_to_data(figures, {"measure": "round points lost a move, by the game review (tutor/play/review.py)",
                                    "command": command, "seed": args.seed})
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
