"""The difficulty model's calibration: the naive solvers' ladder measured over many mined positions.

Run ``python -m tutor.generator.calibration [--positions N] [--seed S]``: it
mines positions the way the generator does, keeps those with a clear
answer (the goal's gap, at most two best moves) whether trivial or not, assesses each
(:func:`tutor.generator.difficulty.assess`) and prints Markdown tables of how
often each naive solver finds a best move, by goal and by each feature, with
the median rating of the positions the obvious grab solves and fails.
Seeded: the same arguments print the same tables.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable, Iterator

from tutor.content import presets
from tutor.core.solver import Goal, rank_moves

from .difficulty import SOLVERS, Assessment, assess, rating
from .facts import gap
from .mining import endgame_view, is_endgame, learner_view, round_positions
from .selection import GAPS, MAX_BEST

SETTINGS = (
    ("points", "classic", 2), ("safe", "classic", 2), ("points", "classic", 3), ("safe", "classic", 4),
    ("points", "royal", 2), ("points", "spade", 2), ("deal", "classic", 2), ("deal", "classic", 3),
    ("deal", "classic", 4), ("deal", "royal", 2),
)
"""The goals, presets and players measured: every goal the generator mines, two to four players."""

def positions(goal: str, preset: str, players: int, count: int, seed: int) -> Iterator[Assessment]:
    """``count`` assessed positions with a clear answer for ``goal`` (at most one a round)."""
    rng = random.Random(f"calibration/{goal}/{preset}/{players}/{seed}")
    variant, target = presets.variant(preset), Goal.from_str(goal)
    found = 0
    while found < count:
        for pos in round_positions(variant, players, rng, builder=goal == "deal"):
            if goal == "deal":
                view = endgame_view(pos) if is_endgame(pos) else None
            else:
                view = learner_view(pos) if len(pos.hands[pos.to_move]) > 1 else None
            if view is None:
                continue
            ranking = rank_moves(view, target)
            if (gap(ranking) or 0) >= GAPS[goal] and len(ranking.best) <= MAX_BEST:
                found += 1
                yield assess(view, ranking)
                break


def table(rows: list[tuple[str, list[Assessment]]], label: str) -> str:
    """A Markdown table: for each row, the positions, each solver's share of best moves, the mean chance of a
    random move, and the median rating."""
    head = f"| {label} | positions | " + " | ".join(SOLVERS) + " | random | median rating |"
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for name, found in rows:
        if not found:
            continue
        shares = [f"{sum(not a.fails(s) for a in found) / len(found):.0%}" for s in SOLVERS]
        chance = statistics.fmean(a.random for a in found)
        median = statistics.median(rating(a) for a in found)
        lines.append(f"| {name} | {len(found)} | " + " | ".join(shares) + f" | {chance:.0%} | {median:.0f} |")
    return "\n".join(lines)


def grouped(found: list[Assessment], key: Callable[[Assessment], str],
            order: list[str]) -> list[tuple[str, list[Assessment]]]:
    """The positions by the group ``key`` puts them in, in the ``order`` of the groups."""
    return [(k, [a for a in found if key(a) == k]) for k in order]


def report(count: int, seed: int) -> str:
    """Every table of the calibration, with ``count`` positions for each setting."""
    found = [a for goal, preset, players in SETTINGS for a in positions(goal, preset, players, count, seed)]
    legal = ["2–5", "6–10", "11–20", "21+"]
    near = ["0", "1", "2", "3+"]
    plies = ["1", "2–5", "6–8", "9+"]
    parts = [
        table(grouped(found, lambda a: a.goal, ["points", "safe", "deal"]), "goal"),
        table(grouped(found, lambda a: _bucket(a.legal, (5, 10, 20), legal), legal), "legal moves"),
        table(grouped(found, lambda a: _bucket(a.near_best, (0, 1, 2), near), near), "near-best moves"),
        table(grouped(found, lambda a: _bucket(a.plies, (1, 5, 8), plies), plies), "plies"),
        table(grouped(found, lambda a: str(a.players), ["2", "3", "4"]), "players"),
        table(grouped(found, lambda a: "other" if a.variant else "classic", ["classic", "other"]), "variant"),
        table(grouped(found, lambda a: "fails" if a.fails("grab") else "solves", ["solves", "fails"]), "the grab"),
    ]
    return "\n\n".join(parts)


def _bucket(value: int, bounds: tuple[int, ...], names: list[str]) -> str:
    return next((n for n, b in zip(names, bounds) if value <= b), names[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=150, help="positions for each goal, preset and players")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(report(args.positions, args.seed))


if __name__ == "__main__":
    main()
