"""The difficulty model's calibration: simulated solvers try seeded positions, and the model is fitted to them.

Run ``python -m tutor.generator.calibration [--positions N] [--seed S] [--jobs J]``:
it mines ``N`` positions for each setting of
:data:`tutor.generator.solve_data.SETTINGS`, lets every solver of the ladder
(:mod:`tutor.generator.solvers`) try each of them and every puzzle of the
collection, rates each on the Elo curve from the chances it was solved
with, fits the model's weights to the mined positions' ratings and prints
Markdown tables: the ladder, the weights fitted beside those the model
ships, how well the model follows the solvers on the mined positions and on
the collection (never fitted on), the spread of ratings within each idea,
and how the single-move puzzles spread over the scale.  Seeded: the same
arguments print the same tables, whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import os
import statistics
from collections import defaultdict
from collections.abc import Sequence

from tutor.content.course import RATING_RANGE

from .difficulty import rating, weights
from .elo import free_fit
from .fitting import correlation, fit, median_error, shipped_form
from .solve_data import Sample, collection, mined
from .solvers import LADDER


def clamped(value: float) -> float:
    low, high = RATING_RANGE
    return max(low, min(high, value))


def ladder_table(train: Sequence[Sample], shipped: Sequence[Sample]) -> str:
    """Each solver: how it reads, its rating, its mean chance on both sets, and where a free fit puts it."""
    free = free_fit([s.chances for s in train], LADDER[0].rating)
    lines = ["| solver | reading | noise | hidden cost | points | rating | solves (mined) | solves (collection) "
             "| free fit |", "|---|---|---|---|---|---|---|---|---|"]
    for j, s in enumerate(LADDER):
        mine = statistics.fmean(x.chances[j] for x in train)
        theirs = statistics.fmean(x.chances[j] for x in shipped)
        how = (s.reading or "any move", f"{s.noise:g}" if s.reading else "", f"{s.hidden_cost:g}" if s.reading else "",
               ("classic" if s.classic else "variant") if s.reading else "")
        lines.append(f"| {s.name} | {' | '.join(how)} | {s.rating} | {mine:.0%} | {theirs:.0%} | {free[j]:.0f} |")
    return "\n".join(lines)


def weights_table(fitted: dict[str, float]) -> str:
    """Each weight of the model: fitted now, and shipped in :mod:`tutor.generator.difficulty`."""
    now, kept = shipped_form(fitted), weights()
    lines = ["| weight | fitted | shipped |", "|---|---|---|"]
    lines += [f"| {n} | {now[n]} | {kept[n]:g} |" for n in kept]
    return "\n".join(lines)


def fit_table(train: Sequence[Sample], shipped: Sequence[Sample]) -> str:
    """How well the shipped model's ratings follow the solvers' ratings: correlation and median error."""
    lines = ["| puzzles | count | correlation | median error |", "|---|---|---|---|"]
    groups: list[tuple[str, Sequence[Sample]]] = [("mined (fitted on)", train), ("collection", shipped)]
    groups += [(f"collection, goal {g}", [s for s in shipped if s.features.goal == g]) for g in ("capture", "safe", "deal")]
    for name, found in groups:
        model = [rating(s.features) for s in found]
        solvers = [clamped(s.rating) for s in found]
        lines.append(f"| {name} | {len(found)} | {correlation(model, solvers):.2f} | {median_error(model, solvers):.0f} |")
    return "\n".join(lines)


def idea_table(shipped: Sequence[Sample], shown: int = 12) -> str:
    """The ideas of the collection with more than one puzzle: how many, and each's spread by the model and by
    the solvers; the ``shown`` largest listed."""
    ideas: dict[object, list[Sample]] = defaultdict(list)
    for s in shipped:
        ideas[s.features.idea].append(s)
    shared = sorted((v for v in ideas.values() if len(v) > 1), key=lambda v: (-len(v), v[0].name))

    def spread(found: Sequence[float]) -> float:
        return max(found) - min(found)

    model = [spread([rating(s.features) for s in v]) for v in shared]
    solvers = [spread([clamped(s.rating) for s in v]) for v in shared]
    lines = [f"{len(shared)} ideas have two puzzles or more; the widest spread of one idea's ratings is "
             f"{max(model):.0f} by the model and {max(solvers):.0f} by the solvers (median {statistics.median(model):.0f} "
             f"and {statistics.median(solvers):.0f}).", "",
             "| goal | tags | tie-break | depth | turns | puzzles | model | solvers | for example |",
             "|---|---|---|---|---|---|---|---|---|"]
    for v in shared[:shown]:
        goal, tags, fine, deep, turns = v[0].features.idea
        low_high = [rating(s.features) for s in v]
        by_solvers = [clamped(s.rating) for s in v]
        lines.append(f"| {goal} | {', '.join(tags) or '-'} | {'yes' if fine else 'no'} | {deep} | {turns} | {len(v)} | "
                     f"{min(low_high)}–{max(low_high)} | {min(by_solvers):.0f}–{max(by_solvers):.0f} | {v[0].name} |")
    return "\n".join(lines)


def quarter_table(shipped: Sequence[Sample]) -> str:
    """How many single-move puzzles of the collection fall in each quarter of the rating range."""
    low, high = RATING_RANGE
    step = (high - low) / 4
    single = [s for s in shipped if s.features.goal != "deal"]

    def counts(found: Sequence[float]) -> list[int]:
        out = [0] * 4
        for r in found:
            out[min(3, max(0, int((r - low) // step)))] += 1
        return out

    model = counts([rating(s.features) for s in single])
    solvers = counts([clamped(s.rating) for s in single])
    lines = ["| ratings | model | solvers |", "|---|---|---|"]
    for q in range(4):
        lines.append(f"| {low + q * step:.0f}–{low + (q + 1) * step:.0f} | {model[q]} | {solvers[q]} |")
    return "\n".join(lines)


def report(count: int, seed: int, jobs: int) -> str:
    """Every table of the calibration, with ``count`` positions for each setting."""
    train = mined(count, seed, jobs)
    shipped = collection(jobs)
    fitted = fit([s.features for s in train], [s.rating for s in train])
    parts = [
        "The ladder", ladder_table(train, shipped),
        "The weights", weights_table(fitted),
        "How well the model follows the solvers", fit_table(train, shipped),
        "Ideas in the collection", idea_table(shipped),
        "Single-move puzzles over the scale", quarter_table(shipped),
    ]
    return "\n\n".join(f"### {p}" if i % 2 == 0 else p for i, p in enumerate(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=100, help="positions for each goal, preset and players")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (the tables do not change)")
    args = parser.parse_args()
    if args.positions < 2 or args.jobs < 1:
        parser.error("--positions must be at least 2 and --jobs at least 1")
    print(report(args.positions, args.seed, args.jobs))


if __name__ == "__main__":
    main()
