"""Computer players: rounds a second between two levels, and the points one level gains on the other.

Run from the repository root: ``python benchmarks/bench_play.py``.  Seeded, so
every run plays the same deals.  Speed: ``--rounds`` two-player rounds of
``--a`` against ``--b`` (greedy against greedy by default; issue 16 asks for
>= 20 rounds a second from the arena), the median of ``--runs`` runs, and the
arena's own speed over ``--rounds`` rounds in mirrored pairs.  With
``--pairs``, strength too, by the arena (:mod:`tutor.play.arena`): each deal
is played twice with the seats swapped, and A's points minus B's per mirrored
pair are reported with a 95% interval (``cassino-tutor arena`` prints the same).
"""

from __future__ import annotations

import argparse
import statistics
import time
from functools import partial

from tutor.content.presets import variant
from tutor.parallel.pool import in_order
from tutor.play.arena import Contest, interval, play_pair
from tutor.play.game import play_one_round
from tutor.play.players import players

ROUNDS_TARGET = 20.0


def rounds_a_second(preset: str, levels: list[str], rounds: int, seed: int) -> float:
    v, seats = variant(preset), players(levels)
    start = time.perf_counter()
    for r in range(rounds):
        play_one_round(v, seats, seed + r, dealer=r % 2)
    return rounds / (time.perf_counter() - start)


def arena_rounds_a_second(preset: str, a: str, b: str, rounds: int, seed: int) -> float:
    """Rounds a second of ``cassino-tutor arena`` with two players and one process: two rounds a pair."""
    contest = Contest(a, b, variant(preset), 2, max(2, rounds // 2), seed)
    start = time.perf_counter()
    list(in_order(partial(play_pair, contest), contest.pairs, 1))
    return 2 * contest.pairs / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="greedy")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pairs", type=int, default=0)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    speeds = [rounds_a_second(args.preset, [args.a, args.b], args.rounds, args.seed) for _ in range(args.runs)]
    median = statistics.median(speeds)
    print(f"{args.a} against {args.b}, 2-player {args.preset}, {args.rounds} rounds, {args.runs} runs")
    print(f"  median {median:.0f} rounds a second (target >= {ROUNDS_TARGET:.0f}: ratio {median / ROUNDS_TARGET:.1f})")
    arena = statistics.median(arena_rounds_a_second(args.preset, args.a, args.b, args.rounds, args.seed)
                              for _ in range(args.runs))
    print(f"  arena: median {arena:.0f} rounds a second (target >= {ROUNDS_TARGET:.0f}: ratio {arena / ROUNDS_TARGET:.1f})")
    if args.pairs:
        contest = Contest(args.a, args.b, variant(args.preset), 2, args.pairs, args.seed)
        result = interval(list(in_order(partial(play_pair, contest), contest.pairs, 1)))
        print(f"  {args.a} minus {args.b}: {result.mean:+.2f} points a mirrored pair over {args.pairs} pairs "
              f"(95% interval {result.low:+.2f} to {result.high:+.2f})")

if __name__ == "__main__":
    main()
