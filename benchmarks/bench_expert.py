"""The expert's time a move: median and worst over positions from real games, against issue 16's targets.

Run from the repository root: ``python benchmarks/bench_expert.py`` (``--presets all`` for every preset).
Seeded, so every run times the same positions: for each preset and player count,
``--games`` rounds between club players are dealt from ``--seed`` on, and every
``--every``-th position of each is timed as ``--level`` plays it (``expert``, the ladder's;
the frozen ``expert-v1``; or a trial of :data:`tutor.play.players.TRIALS`, such as ``expert-trial``), each seat's first
move of the last deal included, so last deals (the exact solver) are timed too.
``over budget`` counts the moves that reached the expert's time budget (2 s): only
those may depend on the machine's speed.  ``--cpu`` times the process's CPU time, not the
wall clock (steadier on a loaded machine).  Targets: a
median of at most 0.5 s and a worst of at most 3 s a move on a 2-core machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.content.presets import preset_names, variant
from tutor.play.advisor import EXPERT_BUDGET
from tutor.play.game import play_one_round
from tutor.play.players import player, players
from tutor.play.view import SeatView

MEDIAN_TARGET = 0.5
WORST_TARGET = 3.0
DEFAULT_PRESETS = ("classic", "royal-aces-high", "draw", "michigan", "italian", "combine-builds")


def sample_views(preset: str, n: int, games: int, every: int, seed: int) -> list[SeatView]:
    """Every ``every``-th position of ``games`` seeded club rounds, and each seat's first of the last deal
    (the longest exact searches), as the mover sees it."""
    views = []
    for game in range(games):
        record = play_one_round(variant(preset), players(["club"] * n), seed + game, dealer=game % n)
        last_deal = [i for i, ply in enumerate(record.plies) if ply.before.stock_size == 0][:n]
        for i, ply in enumerate(record.plies):
            if i % every == 0 or i in last_deal:
                views.append(SeatView.of(ply.before, ply.seat))
    return views


def time_moves(views: list[SeatView], seed: int, level: str, cpu: bool) -> list[float]:
    expert = player(level)
    clock = time.process_time if cpu else time.perf_counter
    times = []
    for i, view in enumerate(views):
        rng = random.Random(seed + i)
        start = clock()
        expert.choose(view, rng)
        times.append(clock() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=",".join(DEFAULT_PRESETS), help="comma-separated presets, or all")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert",
                        help="expert (the ladder's), expert-v1, or a trial such as expert-trial or expert-replies")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds, not wall seconds")
    args = parser.parse_args()
    presets = preset_names() if args.presets == "all" else args.presets.split(",")
    every: list[float] = []
    print(f"{'players':>7}  {'moves':>5}  {'median s':>8}  {'worst s':>7}  {'median/0.5':>10}  {'worst/3':>7}  "
          f"{'over budget':>11}  worst at")
    for n in (int(p) for p in args.players.split(",")):
        times: list[tuple[float, str]] = []
        for preset in presets:
            views = sample_views(preset, n, args.games, args.every, args.seed)
            times += [(t, preset) for t in time_moves(views, args.seed, args.level, args.cpu)]
        seconds = [t for t, _ in times]
        median, worst = statistics.median(seconds), max(times)
        every += seconds
        over = sum(t > EXPERT_BUDGET for t in seconds)
        print(f"{n:>7}  {len(seconds):>5}  {median:>8.3f}  {worst[0]:>7.3f}  {median / MEDIAN_TARGET:>10.2f}  "
              f"{worst[0] / WORST_TARGET:>7.2f}  {over:>11}  {worst[1]}")
    print(f"{'all':>7}  {len(every):>5}  {statistics.median(every):>8.3f}  {max(every):>7.3f}  "
          f"{statistics.median(every) / MEDIAN_TARGET:>10.2f}  {max(every) / WORST_TARGET:>7.2f}")


if __name__ == "__main__":
    main()
