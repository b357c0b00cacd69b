"""How much a reviewed round tells the skill model about a missing skill (issue 24, point 7; docs/learner-model.md).

Run from the repository root: ``python benchmarks/bench_skill_signal.py [--rounds 100] [--seed 0] [--jobs 2]``.
Each simulated learner (the first club level with one skill taken away, :mod:`tutor.play.handicaps`) and the full
club level play ``--rounds`` rounds of classic against the club, the seat and the dealer turning from round to
round, each reviewed as the learner check reviews it (:func:`tutor.cli.learner_check.reviewed_round`).  For each
removed skill: the pieces of evidence of that skill a round gives, and the failed weight a round (the weight of
its pieces scored under 1), for the learner and for the club; and the rounds after which the learner's mean
failed weight tells it from the club's in four runs of five (a one-sided test at 5%, power 80%:
``((1.645 + 0.842) σ / Δ)²``, σ the two levels' pooled standard deviation a round, Δ the difference of their
means).  Then the same for the puzzles: of the classic two-player collection's puzzles with one move to find that
test each removed skill (:func:`tutor.teaching.skill_map.puzzle_skills`), those the learner and the club solve,
and the puzzles after which the learner's share tells it from the club's, by the same test.  Seeded: the same
seed, the same tables.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence
from functools import partial

from tutor.cli.learner_check import puzzle_pool, reviewed_round, solves
from tutor.content.presets import variant
from tutor.loading.catalog import load_catalog
from tutor.parallel.pool import in_order
from tutor.play.handicaps import CHOICES, Handicapped
from tutor.play.heuristics import CLUB_V1, Club
from tutor.shell.review_screen import REVIEW_WORLDS
from tutor.teaching.skill_map import puzzle_skills

Z_TEST, Z_POWER = 1.645, 0.842
"""A one-sided test at 5%, with 80% power."""


def one_round(removed: str | None, seed: int, index: int) -> dict[str, tuple[int, float]]:
    """Round ``index`` of the learner without ``removed`` (the full club when None): for each skill, its pieces of
    evidence and their failed weight."""
    learner = Club(weights=CLUB_V1) if removed is None else Handicapped(removed)
    seat, dealer = index % 2, (index // 2) % 2
    evidence = reviewed_round(learner, variant("classic"), seed * 100_000 + index, seat, dealer, REVIEW_WORLDS)
    found: dict[str, tuple[int, float]] = {}
    for pieces in evidence.values():
        for piece in pieces:
            count, failed = found.get(piece.skill, (0, 0.0))
            found[piece.skill] = (count + 1, failed + (piece.weight if piece.score < 1 else 0.0))
    return found


def rounds_to_tell(learner: Sequence[float], club: Sequence[float]) -> float:
    """The rounds (or puzzles) after which the learner's mean failure tells it from the club's (inf: no difference,
    or the wrong way)."""
    gap = statistics.fmean(learner) - statistics.fmean(club)
    spread = math.sqrt((statistics.variance(learner) + statistics.variance(club)) / 2)
    return math.inf if gap <= 0 else ((Z_TEST + Z_POWER) * spread / gap) ** 2


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=100, help="rounds a learner (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    played = {removed: list(in_order(partial(one_round, removed, args.seed), args.rounds, args.jobs))
              for removed in (None, *CHOICES)}
    print(f"{args.rounds} reviewed rounds of classic against the club a learner, seed {args.seed}")
    print(f"{'removed skill':14} {'pieces a round':>16} {'failed weight a round':>24} {'rounds to tell':>15}")
    print(f"{'':14} {'learner':>8} {'club':>7} {'learner':>12} {'club':>11}")
    for removed in CHOICES:
        pieces = [[r.get(removed, (0, 0.0))[0] for r in played[who]] for who in (removed, None)]
        failed = [[r.get(removed, (0, 0.0))[1] for r in played[who]] for who in (removed, None)]
        needed = rounds_to_tell(*failed)
        print(f"{removed:14} {statistics.fmean(pieces[0]):8.2f} {statistics.fmean(pieces[1]):7.2f} "
              f"{statistics.fmean(failed[0]):12.3f} {statistics.fmean(failed[1]):11.3f} "
              f"{'never' if math.isinf(needed) else f'{needed:.0f}':>15}", flush=True)

    print(f"\n{'removed skill':14} {'puzzles':>8} {'solved by the learner':>22} {'by the club':>12} "
          f"{'puzzles to tell':>16}")
    pool = puzzle_pool(load_catalog(), variant("classic"))
    for removed in CHOICES:
        on = [p for p in pool if removed in puzzle_skills(p)]
        missed = [[0.0 if solves(who, p, random.Random(args.seed)) else 1.0 for p in on]
                  for who in (Handicapped(removed), Club(weights=CLUB_V1))]
        needed = rounds_to_tell(*missed)
        print(f"{removed:14} {len(on):8} {len(on) - sum(missed[0]):22.0f} {len(on) - sum(missed[1]):12.0f} "
              f"{'never' if math.isinf(needed) else f'{needed:.0f}':>16}")


if __name__ == "__main__":
    main()
