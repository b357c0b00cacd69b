"""Engine speed: random playouts (µs per ply) and a crowded table (ms per generation).

Run from the repository root: ``python benchmarks/bench_engine.py``.  Seeded,
so every run measures the same positions; reports medians and the ratio to
the targets of issue 2 and to a peer Rust engine (0.7 µs per ply).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.content.presets import variant
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import deal_round, play_round
from tutor.core.table import Build

PLY_TARGET_US = 40.0
PEER_PLY_US = 0.7
CROWDED_TARGET_MS = 5.0


def playout_us_per_ply(rounds: int, seed: int) -> list[float]:
    """Whole two-player classic rounds: generate all moves, pick one at random, apply."""
    v = variant("classic")
    rng = random.Random(seed)
    per_round = []
    for r in range(rounds):
        pos = deal_round(v, 2, dealer=1, seed=seed + r)
        start = time.perf_counter()
        plies = len(play_round(pos, lambda _, moves: rng.choice(moves)))
        per_round.append((time.perf_counter() - start) / plies * 1e6)
    return per_round


def push_pop_us(rounds: int, seed: int) -> float:
    """Median cost of playing a move and taking it back, over positions of random rounds."""
    v = variant("classic")
    rng = random.Random(seed)
    samples = []

    def timed_choice(pos: Position, moves: list[Move]) -> Move:
        start = time.perf_counter()
        for m in moves:
            pos.push(m)
            pos.pop()
        samples.append((time.perf_counter() - start) / len(moves) * 1e6)
        return rng.choice(moves)

    for r in range(rounds):
        play_round(deal_round(v, 2, dealer=1, seed=seed + r), timed_choice)
    return statistics.median(samples)


def crowded_position(seed: int) -> Position:
    """16 random loose cards and 2 builds (an 8 of the mover's, a 9 of the opponent's).

    The mover holds an 8 (for the holding rule) and three random cards.
    """
    v = variant("classic")
    rng = random.Random(seed)
    build_cards = [Card.from_str(c) for c in ("5D", "3S", "6C", "3H")]
    eight = Card.from_str("8H")
    rest = [c for c in v.deck_cards if c not in build_cards and c != eight]
    rng.shuffle(rest)
    hand = [eight, *rest[:3]]
    loose = rest[3:19]
    builds = [Build(8, tuple(sorted(build_cards[:2])), 0, True), Build(9, tuple(sorted(build_cards[2:])), 1, True)]
    return Position(v, 2, [hand, []], loose, builds, hidden=[0, 4])


def crowded_ms(tables: int, seed: int) -> tuple[list[float], list[float], list[int]]:
    """Per table: the first generation (cold caches) and the median of five repeats (warm)."""
    cold, warm, counts = [], [], []
    for i in range(tables):
        pos = crowded_position(seed + i)
        start = time.perf_counter()
        counts.append(len(pos.generate()))
        cold.append((time.perf_counter() - start) * 1000)
        repeats = []
        for _ in range(5):
            start = time.perf_counter()
            pos.generate()
            repeats.append((time.perf_counter() - start) * 1000)
        warm.append(statistics.median(repeats))
    return cold, warm, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    per_round = playout_us_per_ply(args.rounds, args.seed)
    median = statistics.median(per_round)
    print(f"random playouts, 2-player classic, {args.rounds} rounds")
    print(f"  median {median:.1f} µs/ply (target <= {PLY_TARGET_US:.0f}: ratio {median / PLY_TARGET_US:.2f}; "
          f"peer Rust engine {PEER_PLY_US} µs: {median / PEER_PLY_US:.0f}x)")
    print(f"  p90 {statistics.quantiles(per_round, n=10)[-1]:.1f} µs/ply")

    print(f"  push + pop: median {push_pop_us(min(args.rounds, 200), args.seed):.1f} µs per move")

    cold, warm, counts = crowded_ms(args.tables, args.seed)
    print(f"crowded table, 16 random loose cards and 2 builds, {args.tables} tables "
          f"(median {statistics.median(counts):.0f} legal moves, most {max(counts)})")
    for label, times in (("first generation", cold), ("repeated", warm)):
        median_ms = statistics.median(times)
        print(f"  {label}: median {median_ms:.2f} ms (target <= {CROWDED_TARGET_MS:.0f}: ratio "
              f"{median_ms / CROWDED_TARGET_MS:.2f}), worst {max(times):.2f} ms")


if __name__ == "__main__":
    main()
