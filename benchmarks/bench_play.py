"""Computer players: rounds a second between two levels, and the points one level gains on the other.

Run from the repository root: ``python benchmarks/bench_play.py``.  Seeded, so
every run plays the same deals.  Speed: ``--rounds`` two-player rounds of
``--a`` against ``--b`` (greedy against greedy by default; issue 16 asks for
>= 20 rounds a second from the arena), the median of ``--runs`` runs.  With
``--pairs``, strength too: each deal is played twice with the seats swapped,
and A's points minus B's per mirrored pair are reported with a 95% interval.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.play.game import play_one_round
from tutor.play.players import players
from tutor.presets import variant

ROUNDS_TARGET = 20.0


def rounds_a_second(preset: str, levels: list[str], rounds: int, seed: int) -> float:
    v, seats = variant(preset), players(levels)
    start = time.perf_counter()
    for r in range(rounds):
        play_one_round(v, seats, seed + r, dealer=r % 2)
    return rounds / (time.perf_counter() - start)


def mirrored_pairs(preset: str, a: str, b: str, pairs: int, seed: int) -> list[int]:
    """A's points minus B's over each deal played twice, A first at seat 0 then at seat 1."""
    v = variant(preset)
    out = []
    for r in range(pairs):
        ab = play_one_round(v, players([a, b]), seed + r).score.totals
        ba = play_one_round(v, players([b, a]), seed + r).score.totals
        out.append(ab[0] - ab[1] + ba[1] - ba[0])
    return out


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
    if args.pairs:
        diffs = mirrored_pairs(args.preset, args.a, args.b, args.pairs, args.seed)
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
        print(f"  {args.a} minus {args.b}: {mean:+.2f} points a mirrored pair over {len(diffs)} pairs "
              f"(95% interval {mean - half:+.2f} to {mean + half:+.2f})")


if __name__ == "__main__":
    main()
