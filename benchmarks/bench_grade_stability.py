"""How often the review gives a position the same grade whatever its seed: before and after confirmation.

Run from the repository root: ``python benchmarks/bench_grade_stability.py``.
The learner's seat (seat 0) is played by greedy or club (round by round)
against club, in seeded rounds of a preset (``--preset``, classic by default) with 2, 3 and 4
players.  Each of its
moves with a choice is reviewed ``--seeds`` times (seeds 0 to 9 by default),
as the review does it (:func:`tutor.play.review.ply_advice`, the default
worlds), and graded two ways:

- *one advice* (the review before confirmation): the grade of the advice's
  loss alone (:func:`tutor.play.review.grade_of`);
- *confirmed* (the review now): :func:`tutor.play.review.review_ply`, the
  review's own: a move the advice's first worlds already show unmarked is left
  unmarked, else :func:`tutor.play.review.judge`, the loss confirmed with more
  worlds until its grade is settled at 95% or shown as a range, and a missed
  sure sweep marked.

A position counts when some seed marks it, by either way.  The figure is the
share of pairs of seeds that give the position the same grade (a range counts
as one grade of its own; an unmarked move is one grade too), averaged over the
positions, with a 95% bootstrap interval over the positions (seeded).  Beside
it: the pairs whose grades are *consistent* (they could both be true: the same
grade, or a grade within the other's range), the positions where every seed
gives the same grade, and those where every two seeds' grades are consistent;
and the CPU seconds a move took: the one advice, and the review (its own advice
and the confirmation).
``--detail`` lists each position whose seeds disagree, with each seed's grade.  docs/review.md gives the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.content.presets import variant
from tutor.play.advisor import DEFAULT_WORLDS
from tutor.play.game import play_one_round
from tutor.play.players import player
from tutor.play.review import GRADES, grade_of, ply_advice, review_ply
from tutor.play.view import SeatView

Grade = tuple[str | None, str | None]
"""A grade as shown: the least and the most grade of the loss's interval (the same: settled)."""


@dataclass(frozen=True)
class Position:
    """One reviewed move (``index`` of the round ``round``): its player count and the grade each seed gives it,
    either way, and the loss's interval each seed's confirmation ends with."""

    players: int
    round: int
    index: int
    intervals: tuple[tuple[float, float], ...]
    one_advice: tuple[Grade, ...]
    confirmed: tuple[Grade, ...]
    seconds: tuple[float, float]


def same_pairs(grades: Sequence[Grade]) -> float:
    """The share of pairs of seeds whose grades are the same."""
    counts = Counter(grades)
    n = len(grades)
    return sum(c * (c - 1) for c in counts.values()) / (n * (n - 1))


def span(grade: Grade) -> set[str | None]:
    """The grades a shown grade allows: one, or each of a range (an unmarked move: none)."""
    low, high = grade
    if low is None or high is None:
        return {None}
    return set(GRADES[GRADES.index(low):GRADES.index(high) + 1])


def consistent_pairs(grades: Sequence[Grade]) -> float:
    """The share of pairs of seeds whose grades could both be true."""
    n = len(grades)
    return sum(bool(span(a) & span(b)) for i, a in enumerate(grades) for b in grades[i + 1:]) / (n * (n - 1) / 2)


def bootstrap(values: list[float], rounds: int, seed: int) -> tuple[float, float]:
    """A 95% percentile interval of the mean of ``values``, resampled ``rounds`` times."""
    rng = random.Random(seed)
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def reviewed(preset: str, players: int, rounds: int, seeds: int, seed: int) -> list[Position]:
    """Every move of seat 0 with a choice in ``rounds`` seeded rounds of ``preset``, graded with each of ``seeds``
    seeds."""
    out = []
    for r in range(rounds):
        learner = player("greedy" if r % 2 == 0 else "club")
        record = play_one_round(variant(preset), [learner] + [player("club")] * (players - 1), seed + r,
                                dealer=r % players)
        for index, ply in enumerate(record.plies):
            view = SeatView.of(ply.before, ply.seat)
            if ply.seat != 0 or len(view.legal_moves()) < 2:
                continue
            one, confirmed, intervals = [], [], []
            advising = judging = 0.0
            for s in range(seeds):
                start = time.process_time()
                advice = ply_advice(view, s, index)
                loss = advice.moves[0].value - advice.value_of(ply.move).value
                one.append((grade_of(loss, players),) * 2)
                advised = time.process_time()
                _, review = review_ply(view, ply, s, index, 0)
                assert review is not None  # no time budget
                confirmed.append((review.grade, review.upto) if review.grade is not None else (None, None))
                intervals.append(review.interval)
                advising, judging = advising + advised - start, judging + time.process_time() - advised
            out.append(Position(players, r, index, tuple(intervals), tuple(one), tuple(confirmed),
                                (advising / seeds, judging / seeds)))
    return out


def shown(grade: Grade) -> str:
    """A grade in two letters, its least and its most (``--``: not marked)."""
    return "".join("-" if g is None else g[0].upper() for g in grade)


def detail(positions: list[Position]) -> None:
    """Each marked position whose seeds do not all agree once confirmed: its grades and intervals seed by seed."""
    for p in positions:
        if any(g[0] for g in p.one_advice + p.confirmed) and len(set(p.confirmed)) > 1:
            seeds = " ".join(f"{shown(g)} ({low:.2f} to {high:.2f})" for g, (low, high) in zip(p.confirmed,
                                                                                                p.intervals))
            same = 100 * same_pairs(p.confirmed)
            print(f"    {p.players} players, round {p.round}, ply {p.index}: same {same:.0f}%; "
                  f"one advice {' '.join(shown(g) for g in p.one_advice)}; confirmed {seeds}")


def report(title: str, positions: list[Position], boot: int, seed: int) -> None:
    marked = [p for p in positions if any(g[0] for g in p.one_advice + p.confirmed)]
    print(f"{title}: {len(marked)} marked positions of {len(positions)} reviewed")
    for way in ("one_advice", "confirmed") if marked else ():  # nothing marked: no agreement to measure
        agree = [same_pairs(getattr(p, way)) for p in marked]
        low, high = bootstrap(agree, boot, seed)
        fit = [consistent_pairs(getattr(p, way)) for p in marked]
        fit_low, fit_high = bootstrap(fit, boot, seed)
        every = sum(a == 1.0 for a in agree)
        every_fit = sum(f == 1.0 for f in fit)
        ranges = sum(g[0] != g[1] for p in marked for g in getattr(p, way))
        print(f"  {way.replace('_', ' ')}: same grade for two seeds {100 * statistics.fmean(agree):.1f}% "
              f"(95% interval {100 * low:.1f}-{100 * high:.1f}%), consistent {100 * statistics.fmean(fit):.1f}% "
              f"({100 * fit_low:.1f}-{100 * fit_high:.1f}%); every seed the same in {every} of {len(marked)}, "
              f"consistent in {every_fit}; {ranges} of {len(marked) * len(marked[0].confirmed)} grades a range")
    advising, judging = (statistics.fmean(p.seconds[i] for p in positions) for i in (0, 1))
    print(f"  seconds a move: one advice {advising:.3f}, review {judging:.3f} on average, at most "
          f"{max(p.seconds[1] for p in positions):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--rounds", type=int, default=3, help="rounds for each player count")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bootstrap", type=int, default=2000)
    parser.add_argument("--detail", action="store_true", help="list the positions whose seeds disagree")
    args = parser.parse_args()
    print(f"{args.preset}, greedy or club (seat 0) against club, {args.seeds} seeds a move, "
          f"{DEFAULT_WORLDS} worlds an advice", flush=True)
    everything = []
    for players in (int(n) for n in args.players.split(",")):
        start = time.perf_counter()
        positions = reviewed(args.preset, players, args.rounds, args.seeds, args.seed)
        report(f"{players} players ({time.perf_counter() - start:.0f} s)", positions, args.bootstrap, args.seed)
        if args.detail:
            detail(positions)
        everything += positions
    report("all", everything, args.bootstrap, args.seed)


if __name__ == "__main__":
    main()
