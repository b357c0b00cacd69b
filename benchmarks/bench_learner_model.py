"""Does the skill model find a learner's weakness?  The simulated-learner check of issue 24 (docs/learner-model.md).

Run from the repository root: ``python benchmarks/bench_learner_model.py [--runs 10] [--seed 0] [--rounds 3]
[--puzzles 10] [--jobs 2]``.  Each simulated learner (the club level with one skill taken away,
:mod:`tutor.play.handicaps`; and the full club level as a control) sits ``--runs`` times on a fresh progress
file: ``--rounds`` reviewed rounds against the club level and ``--puzzles`` puzzles of the classic two-player
collection, after each round those ``next`` gives (or, ``--order placement``, one for each skill in turn before
the rounds) (:mod:`tutor.cli.learner_check`).  ``--solves`` prints instead how many of the puzzles on each removed
skill the club level and the learner without it solve.  The table gives, for each
removed skill: the runs, the share in which the model names it the weakest after all the rounds, the median
check from which it names it to the end (0: after the puzzles alone; n: after round n; runs that never do are
counted as later than the last), and what it named most often instead.  Seeded: the same seed, the same table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from tutor.cli.learner_check import ORDERS, Sitting, puzzle_pool, sit, solves
from tutor.content.presets import variant
from tutor.loading.catalog import load_catalog
from tutor.parallel.pool import in_order
from tutor.play.advisor import EXPERT_V1
from tutor.play.handicaps import BASES, CHOICES, Handicapped
from tutor.play.heuristics import CLUB_V1, Club
from tutor.play.player import Player
from tutor.teaching.skill_map import puzzle_skills

TARGET = 0.8
"""The share of runs in which the removed skill should be named the weakest (issue 24)."""


def learner_of(base: str, removed: str | None) -> Player:
    """The level ``base`` (:data:`~tutor.play.handicaps.BASES`: ``club-v1`` or ``expert-v1`` with no time budget)
    without the skill ``removed`` (the full level when None)."""
    if base == "expert":
        return replace(EXPERT_V1, budget=None) if removed is None else Handicapped(removed, "expert")
    return Club(weights=CLUB_V1) if removed is None else Handicapped(removed)


def one_run(removed: str | None, seed: int, rounds: int, puzzles: int, order: str, base: str,
            run: int) -> tuple[Sitting, float]:
    """Run ``run`` of the learner made from ``base`` without ``removed`` (the full level when None), and its CPU
    seconds."""
    start = time.process_time()
    rules = variant("classic")
    pool = puzzle_pool(load_catalog(), rules)
    learner = learner_of(base, removed)
    found = sit(learner, removed, rules, pool, seed * 1000 + run, puzzles=puzzles, rounds=rounds,
                order=order)
    return found, time.process_time() - start


def row(removed: str | None, sittings: Sequence[Sitting], rounds: int, base: str = "club") -> str:
    """One line of the table."""
    named = Counter(s.named[-1] for s in sittings)
    if removed is None:
        return f"{'(none: ' + base + ')':16} {len(sittings):5}        -        -  {_most(named)}"
    found = [s.found_after() for s in sittings]
    share = sum(1 for f in found if f is not None) / len(sittings)
    median = statistics.median_low([rounds + 1 if f is None else f for f in found])
    shown = f">{rounds}" if median > rounds else str(median)
    del named[removed]
    return f"{removed:16} {len(sittings):5} {share:7.0%} {shown:>8}  {_most(named)}"


def _most(named: Counter[str | None]) -> str:
    return ", ".join(f"{name or '(none)'} {n}" for name, n in named.most_common(3)) or "-"


def solve_table(skills: Sequence[str], base: str = "club") -> None:
    """For each removed skill, the puzzles of the pool that test it: how many the full level ``base`` solves, and
    how many the learner without it (how well puzzles can tell that learner from the full level)."""
    pool = puzzle_pool(load_catalog(), variant("classic"))
    print(f"{'removed skill':16} {'puzzles':>7} {base:>7} {'learner':>8}")
    for removed in skills:
        on = [p for p in pool if removed in puzzle_skills(p)]
        full, learner = (sum(solves(who, p, random.Random(0)) for p in on)
                         for who in (learner_of(base, None), learner_of(base, removed)))
        print(f"{removed:16} {len(on):7} {full:7} {learner:8}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="runs a simulated learner (default 10)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3, help="reviewed rounds a run (default 3)")
    parser.add_argument("--puzzles", type=int, default=10, help="puzzles a run (default 10)")
    parser.add_argument("--order", choices=ORDERS, default=ORDERS[0],
                        help="the puzzles after each round on the weakest skill (next), or all first (placement)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--skills", default=",".join(CHOICES),
                        help="the skills taken away, comma-separated (default: every handicap)")
    parser.add_argument("--control", action="store_true", help="also run the full club level")
    parser.add_argument("--base", choices=list(BASES), default="club",
                        help="the level the learners are made from: club-v1 (default) or expert-v1")
    parser.add_argument("--solves", action="store_true",
                        help="only the puzzles on each removed skill that the club and the learner solve")
    args = parser.parse_args(argv)
    skills: list[str | None] = [s for s in args.skills.split(",") if s]
    unknown = [s for s in skills if s not in CHOICES]
    if unknown:
        parser.error(f"no handicap for {', '.join(map(str, unknown))}; there are: {', '.join(CHOICES)}")
    if args.solves:
        solve_table([s for s in skills if s is not None], args.base)
        return
    if args.control:
        skills.append(None)
    print(f"{args.runs} runs a learner made from {args.base}-v1, seed {args.seed}: {args.rounds} reviewed rounds of "
          f"classic against club "
          f"and {args.puzzles} puzzles ({args.order})")
    print(f"{'removed skill':16} {'runs':>5} {'named':>7} {'median':>8}  named instead (at the end)")
    total = 0.0
    hits = runs = 0
    sets: Counter[str | None] = Counter()
    for removed in skills:
        work = partial(one_run, removed, args.seed, args.rounds, args.puzzles, args.order, args.base)
        results = list(in_order(work, args.runs, args.jobs))
        sittings = [s for s, _ in results]
        total += sum(t for _, t in results)
        sets.update(skill for s in sittings for skill in s.sets)
        print(row(removed, sittings, args.rounds, args.base), flush=True)
        if removed is not None:
            hits += sum(1 for s in sittings if s.found_after() is not None)
            runs += len(sittings)
    if runs:
        print(f"all handicaps: named in {hits} of {runs} runs ({hits / runs:.0%}; target {TARGET:.0%}); "
              f"{total:.0f} CPU s in all")
    if sets:
        rounds = sets.total()
        no_set = sets.pop(None, 0)
        print(f"rounds after which next opened a set on a skill: {rounds - no_set} of {rounds}"
              f"{' (' + _most(sets) + ')' if sets else ''}")


if __name__ == "__main__":
    main()
