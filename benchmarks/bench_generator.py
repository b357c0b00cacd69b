"""Puzzle generator speed: validated puzzles a minute for a single-move theme and for last-deal endgames.

Run from the repository root: ``python benchmarks/bench_generator.py``.
Seeded: each run mines the same puzzles (``cassino-tutor puzzles generate``
with the same arguments writes them).  Every puzzle counted has passed the
checker's proof.  Prints puzzles a minute and the ratio to the targets of
issue 6 (600 single-move, 60 endgames a minute, two players).
"""

from __future__ import annotations

import argparse
import os
import time

from tutor.generator.runner import Request, generate

TARGETS = {"single-move": 600.0, "endgame": 60.0}


def measure(theme: str, count: int, seed: int, jobs: int) -> tuple[int, float]:
    """Puzzles found and seconds taken, the process pool's start included."""
    start = time.perf_counter()
    found = generate(Request(theme, count, "classic", 2, seed), jobs).kept
    return len(found), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--single", default="sums", help="single-move theme (default: sums)")
    parser.add_argument("--single-count", type=int, default=1200)
    parser.add_argument("--endgame", default="endgame", help="last-deal theme (default: endgame)")
    parser.add_argument("--endgame-count", type=int, default=240)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    print(f"{args.jobs} processes")
    for kind, theme, count in (("single-move", args.single, args.single_count),
                               ("endgame", args.endgame, args.endgame_count)):
        found, seconds = measure(theme, count, args.seed, args.jobs)
        rate = found / seconds * 60
        print(f"{kind} ({theme}): {found} puzzles in {seconds:.1f} s = {rate:.0f} a minute "
              f"(target >= {TARGETS[kind]:.0f}: ratio {rate / TARGETS[kind]:.2f})")


if __name__ == "__main__":
    main()
