"""The offsets of game evidence's difficulty for each skill, calibrated on a reference player (docs/skills.md).

Run ``python -m tutor.cli.game_offsets [--rounds 200] [--seed 2028] [--out PATH]``.
The reference player is the first club level (``club-v1``, the player the
simulated learners are made from, lacking nothing).  Its rating on the puzzle
scale is the one at which its expected score over the collection's classic
two-player puzzles (rated against the solvers' ladder) equals what it solves
there.  It plays ``--rounds`` rounds of classic Cassino against itself (its
seat alternating), each reviewed as the shell reviews a round, and its game
evidence is made without offsets.  For each skill the offset is the number of
rating points that, added to its evidence's difficulties, makes the reference
player's expected score at its rating equal its observed score (weighted as
the evidence is), kept within ±:data:`BOUND`: an item calibration of the game
positions on a reference population of one, as the puzzles are calibrated on
the ladder.  A skill whose game evidence the reference player passes more
often than its difficulty says gets a negative offset (its positions are
easier than their legal moves say), one it fails more often a positive one.
The offsets are written to ``tutor/content/game_offsets.json`` with the
command and the figures they come from.  Seeded: the same arguments, the same
file.  The check's rounds (``benchmarks/bench_learner_model.py``) are dealt
from other seeds.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from tutor.content.presets import variant
from tutor.content.skills import Evidence
from tutor.loading.catalog import load_catalog
from tutor.loading.game_offsets import GAME_OFFSETS
from tutor.play.game import play_one_round
from tutor.play.heuristics import CLUB_V1, Club
from tutor.play.review import review_round
from tutor.shell.review_screen import REVIEW_WORLDS
from tutor.storage.glicko2 import expected
from tutor.storage.rating_policy import LEARNER_START, puzzle_start
from tutor.teaching.skill_evidence import round_evidence

from .learner_check import puzzle_pool, solves

BOUND = 400.0
"""The most an offset moves a difficulty, either way: one rung of the solvers' ladder (ten to one in the odds)."""
RATINGS = (-1000.0, 4000.0)
"""Where the reference player's rating is searched for."""


def expected_score(rating: float, difficulty: float) -> float:
    """The model's expected score of a skill rated ``rating`` against a task of ``difficulty``
    (:func:`tutor.storage.glicko2.expected`, the task as :func:`tutor.storage.skills.updated` rates it)."""
    return expected(replace(LEARNER_START, rating=rating), puzzle_start(difficulty))


def _bisect(rising: Callable[[float], float], low: float, high: float) -> float:
    """Where ``rising`` (an increasing function) crosses 0 within ``low`` .. ``high`` (an end when it does not)."""
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if rising(middle) < 0 else (low, middle)
    return (low + high) / 2


def reference_rating(tried: Sequence[tuple[float, bool]]) -> float:
    """The rating at which the expected score over puzzles of the ratings in ``tried`` equals the solves there."""
    return _bisect(lambda r: sum(expected_score(r, rating) - solved for rating, solved in tried), *RATINGS)


def fitted_offset(evidence: Sequence[Evidence], rating: float) -> float:
    """The offset (within ±:data:`BOUND`) at which a player rated ``rating`` is expected to score on ``evidence``
    (one skill's) what it scored: the weighted sum of score minus expected score is 0."""
    return _bisect(lambda d: sum(e.weight * (e.score - expected_score(rating, e.difficulty + d)) for e in evidence),
                   -BOUND, BOUND)


@dataclass(frozen=True)
class SkillFit:
    """One skill's offset and what it was fitted on: the pieces of evidence, their weight and weighted mean score."""

    skill: str
    offset: float
    pieces: int
    weight: float
    score: float


def fit_skills(evidence: Iterable[Evidence], rating: float) -> list[SkillFit]:
    """Each skill of ``evidence``'s offset for a player rated ``rating``, by name."""
    by_skill: dict[str, list[Evidence]] = defaultdict(list)
    for piece in evidence:
        by_skill[piece.skill].append(piece)
    found = []
    for skill, pieces in sorted(by_skill.items()):
        weight = sum(e.weight for e in pieces)
        found.append(SkillFit(skill, round(fitted_offset(pieces, rating), 1), len(pieces), round(weight, 2),
                              round(sum(e.weight * e.score for e in pieces) / weight, 4)))
    return found


def reference_evidence(rounds: int, seed: int, worlds: int = REVIEW_WORLDS) -> list[Evidence]:
    """The reference player's game evidence (without offsets) over ``rounds`` reviewed rounds against itself,
    dealt from ``seed``, its seat alternating."""
    rules = variant("classic")
    rng = random.Random(f"game-offsets/{seed}")
    found: list[Evidence] = []
    for r in range(rounds):
        deal, seat = rng.randrange(2**32), r % 2
        record = play_one_round(rules, [Club(weights=CLUB_V1), Club(weights=CLUB_V1)], deal, dealer=1 - seat)
        review = review_round(record.plies, seat, worlds=worlds, seed=deal)
        found += [piece for pieces in round_evidence(review, deal, {}).values() for piece in pieces]
    return found


def reference_puzzles(seed: int) -> list[tuple[float, bool]]:
    """Each classic two-player puzzle's rating and whether the reference player solves it (as the shell judges)."""
    rules = variant("classic")
    rng = random.Random(f"game-offsets/puzzles/{seed}")
    club = Club(weights=CLUB_V1)
    return [(p.rating, solves(club, p, rng)) for p in puzzle_pool(load_catalog(), rules)]


def offsets_data(rounds: int, seed: int, worlds: int = REVIEW_WORLDS) -> dict[str, object]:
    """What the file keeps: the command, the reference player's rating and solves, each skill's fit, the offsets."""
    tried = reference_puzzles(seed)
    rating = reference_rating(tried)
    fits = fit_skills(reference_evidence(rounds, seed, worlds), rating)
    worlds_option = "" if worlds == REVIEW_WORLDS else f" --worlds {worlds}"
    return {
        "command": f"python -m tutor.cli.game_offsets --rounds {rounds} --seed {seed}{worlds_option}",
        "reference": {"player": "club-v1", "rating": round(rating, 1), "puzzles": len(tried),
                      "solved": sum(solved for _, solved in tried)},
        "fits": {f.skill: {"pieces": f.pieces, "weight": f.weight, "score": f.score} for f in fits},
        "offsets": {f.skill: f.offset for f in fits},
    }


def table(data: Mapping[str, object]) -> str:
    """The fit as a Markdown table (each skill's evidence, mean score and offset)."""
    fits, offsets = data["fits"], data["offsets"]
    assert isinstance(fits, dict) and isinstance(offsets, dict)
    lines = ["| skill | pieces | weight | score | offset |", "|---|---|---|---|---|"]
    lines += [f"| {s} | {f['pieces']} | {f['weight']:.1f} | {f['score']:.3f} | {offsets[s]:+.0f} |"
              for s, f in fits.items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--worlds", type=int, default=REVIEW_WORLDS, help="the review's worlds a move")
    parser.add_argument("--out", type=Path, default=GAME_OFFSETS)
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.worlds < 1:
        parser.error("--rounds and --worlds must be at least 1")
    data = offsets_data(args.rounds, args.seed, args.worlds)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"reference club-v1 rated {data['reference']}\n\n{table(data)}\n\nwritten to {args.out}")


if __name__ == "__main__":
    main()
