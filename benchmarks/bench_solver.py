"""Solver speed: exact last deals (2, 3, 4 players), the best capture on a crowded table,
and the ``safe`` goal on positions seen from the mover's seat.

Run from the repository root: ``python benchmarks/bench_solver.py``.  Seeded:
random play (seeded per position) to the start of the last deal, every legal
move then valued exactly by ``solve_deal``.  Reports medians, worst cases and
ratios to the targets of issue 3 (wall clock; the CPU time beside it, the
helper processes' included, is what other work on the machine does not
inflate), and the run's peak memory.  Long searches share their root moves
over ``--workers`` processes (by default every usable core, as the tutor does);
which process searches what then depends on timing, so node counts vary a
little from run to run.  ``--workers 1`` gives the same counts every time.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time

from tutor.content.presets import variant
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal
from tutor.core.search import solve_deal
from tutor.core.solver import Goal, rank_moves
from tutor.generator.mining import learner_view
from tutor.parallel.workers import sharing, usable_cores

TARGETS = {2: (30.0, 2000.0, 2000, 60000), 3: (None, None, None, None), 4: (2000.0, None, None, None)}
PEER_2P = "peer Rust engine: median 3,881 nodes / 3.2 ms, worst 118,982 nodes / 171 ms"


def last_deal(players: int, seed: int) -> Position:
    """Random play from a seeded deal to the start of the round's last deal."""
    rng = random.Random(seed)
    pos = deal_round(variant("classic"), players, dealer=players - 1, seed=rng.randrange(2**32))
    while True:
        if pos.needs_deal():
            next_deal(pos)
            if not pos.stock_size:
                pos._stack.clear()
                return pos
        pos.push(rng.choice(pos.generate()))


def cpu_seconds() -> float:
    """CPU time of this process and of its helpers that have ended."""
    own, helpers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + helpers.ru_utime + helpers.ru_stime


def measure(players: int, count: int, seed: int, workers: int) -> tuple[list[float], list[float], list[int]]:
    """Wall-clock and CPU milliseconds, and nodes, of each position's solution."""
    times, cpu, nodes = [], [], []
    for i in range(count):
        pos = last_deal(players, seed + i)
        start, start_cpu = time.perf_counter(), cpu_seconds()
        solution = solve_deal(pos, share=sharing(workers))
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((cpu_seconds() - start_cpu) * 1000)
        nodes.append(solution.nodes)
    return times, cpu, nodes


def crowded(seed: int) -> Position:
    """20 random loose cards; the mover holds four cards."""
    v = variant("classic")
    rng = random.Random(seed)
    cards = list(v.deck_cards)
    rng.shuffle(cards)
    return Position(v, 2, [cards[:4], []], cards[4:24], [], hidden=[0, 4])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300, help="two-player positions")
    parser.add_argument("--three", type=int, default=30, help="three-player positions")
    parser.add_argument("--partnerships", type=int, default=10, help="four-player positions")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=usable_cores(), help="processes for long searches")
    args = parser.parse_args()
    print(f"{args.workers} worker{'s' * (args.workers != 1)}")

    for players, count in ((2, args.positions), (3, args.three), (4, args.partnerships)):
        if not count:
            continue
        times, cpu, nodes = measure(players, count, args.seed, args.workers)
        label = {2: "two players", 3: "three players", 4: "four players in partnerships"}[players]
        print(f"last deal, {label}, 4 cards each, {count} positions")
        print(f"  time : median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms", end="")
        print(f" (CPU: median {statistics.median(cpu):.1f} ms, worst {max(cpu):.1f} ms)")
        print(f"  nodes: median {statistics.median(nodes):.0f}, worst {max(nodes)}")
        t_med, t_worst, n_med, n_worst = TARGETS[players]
        checks = [("median ms", statistics.median(times), t_med), ("worst ms", max(times), t_worst),
                  ("median nodes", statistics.median(nodes), n_med), ("worst nodes", max(nodes), n_worst)]
        ratios = [f"{name} {value / target:.2f}" for name, value, target in checks if target]
        if ratios:
            print("  ratio to target: " + ", ".join(ratios))
        if players == 2:
            print(f"  ({PEER_2P})")

    goal = Goal.from_str("cards")
    times = []
    for i in range(50):
        pos = crowded(args.seed + i)
        start = time.perf_counter()
        rank_moves(pos, goal)
        times.append((time.perf_counter() - start) * 1000)
    median = statistics.median(times)
    print("best capture by cards, 20 loose cards, 50 tables")
    print(f"  median {median:.1f} ms, worst {max(times):.1f} ms (target <= 50: ratio {median / 50:.2f})")
    safe_goal(args.seed)
    # the search's caches are bounded (tutor.core.search.limits: POSITIONS_KEPT, MOVE_LISTS_KEPT)
    print(f"peak memory of the whole run: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB", end="")
    print(f" (the largest helper: {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024} MB)")


def mid_round(players: int, seed: int) -> Position:
    """Random play from a seeded deal, builds preferred, to a random point of the round, as its mover sees it."""
    rng = random.Random(seed)
    pos = deal_round(variant("classic"), players, dealer=players - 1, seed=rng.randrange(2**32))
    for _ in range(rng.randrange(40)):
        if pos.needs_deal():
            next_deal(pos)
        moves = pos.generate()
        builds = [m for m in moves if m.kind in ("build", "raise", "add")]
        pos.push(rng.choice(builds if builds and rng.random() < 0.5 else moves))
    if pos.needs_deal():
        next_deal(pos)
    return learner_view(pos)


def safe_goal(seed: int) -> None:
    """The safe goal values each move by every hand the next player may hold (the generator's many drafts)."""
    goal = Goal.from_str("safe")
    times = []
    for i in range(300):
        pos = mid_round(2 + i % 3, seed + i)
        start = time.perf_counter()
        rank_moves(pos, goal)
        times.append((time.perf_counter() - start) * 1000)
    print("safe goal, 300 positions seen from the mover's seat (2, 3 and 4 players)")
    print(f"  median {statistics.median(times):.2f} ms, worst {max(times):.1f} ms")


if __name__ == "__main__":
    main()
