"""The review of a learner's round: its CPU time with 2, 3 and 4 players in every preset, against the targets of
issue 23 (at most 1 s with 2 players, 2 s with 3 or 4).

Run from the repository root: ``python benchmarks/bench_review.py [--rounds 3] [--presets classic,draw]``.
Seeded, so every run reviews the same rounds: the learner (seat 0) plays greedy
or club (round by round) against club, in the shell's game (:class:`TableGame`,
its round seeds), and the round is reviewed as the shell reviews it (the
round's deal seed, the shell's worlds, no time budget).  For each preset and
player count: the median and the worst CPU seconds of a round's review
(``time.process_time``: the machine's other work does not count), and the
worst's ratio to the target.  ``--extra PRESET:PLAYERS:SEED`` reviews one more
game's first round (issue 23's case: ``draw:3:941029``).  As in the shell, the course is loaded first and the
garbage collector set by :func:`~tutor.play.collector.tune_collector` (``--default-gc``: the interpreter's).
``--evidence`` also times the skill evidence the shell draws from each review
(:func:`~tutor.teaching.skill_evidence.round_evidence`), apart.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tutor.content.presets import preset_names, variant
from tutor.loading.catalog import load_catalog
from tutor.play.collector import tune_collector
from tutor.play.players import player
from tutor.play.review import review_round
from tutor.play.table_game import Settings, TableGame
from tutor.shell.review_screen import REVIEW_WORLDS
from tutor.teaching.skill_evidence import round_evidence

TARGETS = {2: 1.0, 3: 2.0, 4: 2.0}
"""CPU seconds a round's review takes at most, by players."""


def first_round(preset: str, players: int, seed: int, learner: str) -> TableGame:
    """A game of ``seed`` played to the end of its first round, the learner playing as ``learner``."""
    game = TableGame(Settings(variant(preset), players, "club", seed))
    game.begin_round()
    me, rng = player(learner), random.Random(seed)
    while not game.round_over:
        game.push(me.choose(game.view(), rng) if game.learner_to_move else game.computer_move())
    return game


def review_seconds(game: TableGame) -> float:
    """The CPU seconds of the review of the game's current round."""
    return timed_review(game, evidence=False)[0]


def timed_review(game: TableGame, evidence: bool) -> tuple[float, float]:
    """The CPU seconds of the review of the game's current round, and (``evidence``; else 0) of the skill evidence
    drawn from it."""
    current = game.current
    start = time.process_time()
    review = review_round(current.plies, game.learner, worlds=REVIEW_WORLDS, seed=current.seed)
    reviewed = time.process_time()
    if evidence:
        round_evidence(review, current.seed)
    return reviewed - start, time.process_time() - reviewed if evidence else 0.0


def rounds_parser(description: str) -> argparse.ArgumentParser:
    """The options that choose the rounds reviewed: presets, players, rounds and seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--presets", default=",".join(preset_names()))
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--rounds", type=int, default=3, help="rounds for each preset and player count")
    parser.add_argument("--seed", type=int, default=2026)
    return parser


def main() -> None:
    parser = rounds_parser(__doc__.split("\n\n")[0])
    parser.add_argument("--extra", action="append", default=[], metavar="PRESET:PLAYERS:SEED")
    parser.add_argument("--default-gc", action="store_true",
                        help="keep the interpreter's garbage collection, not the tutor's (tune_collector)")
    parser.add_argument("--evidence", action="store_true", help="time the skill evidence of each review too")
    args = parser.parse_args()
    load_catalog()  # what a shell keeps, for its collections to walk
    if not args.default_gc:
        tune_collector()
    missed = 0
    for preset in args.presets.split(","):
        for players in (int(n) for n in args.players.split(",")):
            timed = [timed_review(first_round(preset, players, args.seed + r, ("greedy", "club")[r % 2]), args.evidence)
                     for r in range(args.rounds)]
            seconds = [review for review, _ in timed]
            worst, target = max(seconds), TARGETS[players]
            missed += worst > target
            print(f"{preset:>20} {players} players: median {statistics.median(seconds):5.2f} s, worst {worst:5.2f} s "
                  f"(target {target:.0f} s: ratio {worst / target:.2f}{'' if worst <= target else ', MISSED'})",
                  flush=True)
            if args.evidence:
                evidence = [seconds for _, seconds in timed]
                print(f"{'':>20} skill evidence: median {statistics.median(evidence):5.3f} s, "
                      f"worst {max(evidence):5.3f} s", flush=True)
    for extra in args.extra:
        preset, players, seed = extra.split(":")
        seconds = review_seconds(first_round(preset, int(players), int(seed), "club"))
        print(f"{preset} {players} players, game seed {seed}: {seconds:.2f} s (target {TARGETS[int(players)]:.0f} s)")
    print(f"{missed} preset and player counts over the target")


if __name__ == "__main__":
    main()
