"""Fingerprints of the advisor's and club's decisions, to show that a speed-up changed none of them.

Run from the repository root, before and after a change:
``python benchmarks/advice_fingerprint.py > before.txt`` then ``... > after.txt`` and ``diff before.txt after.txt``.
Seeded: for each preset and player count, ``--games`` rounds between club players
(club's every move), the advisor's full advice (:func:`tutor.play.advisor.advise`,
no time budget: every move's value, spread and world-by-world samples) on every
third position and on the first positions of the last deal (the exact solver),
and the review of a round (:func:`tutor.play.review.review_round`: its grades and
the confirmations' worlds).  Each line is a SHA-1 of their ``repr``; floats
print exactly, so a line changes with any decision or value.
"""

from __future__ import annotations

import argparse
import hashlib
import random

from tutor.content.presets import variant
from tutor.play.advisor import advise
from tutor.play.game import play_one_round
from tutor.play.players import player, players
from tutor.play.review import review_round
from tutor.play.table_game import Settings, TableGame
from tutor.play.view import SeatView
from tutor.shell.review_screen import REVIEW_WORLDS

DEFAULT_PRESETS = ("classic", "royal", "royal-aces-high", "draw", "michigan")


def digest(value: object) -> str:
    return hashlib.sha1(repr(value).encode()).hexdigest()


def advice_lines(preset: str, n: int, games: int, seed: int) -> list[str]:
    """Club's moves and the advice at sampled positions of ``games`` club rounds."""
    lines = []
    for game in range(games):
        record = play_one_round(variant(preset), players(["club"] * n), seed + game, dealer=game % n)
        lines.append(f"{preset} {n} round {seed + game} club {digest([str(p.move) for p in record.plies])}")
        last_deal = [i for i, ply in enumerate(record.plies) if ply.before.stock_size == 0][: n + 1]
        for i, ply in enumerate(record.plies):
            if i % 3 == game % 3 or i in last_deal:
                advice = advise(SeatView.of(ply.before, ply.seat), seed=seed + i)
                valued = [(str(mv.move), mv.value, mv.spread, mv.samples) for mv in advice.moves]
                lines.append(f"{preset} {n} round {seed + game} ply {i} advice {digest(valued)}")
    return lines


def review_line(preset: str, n: int, seed: int) -> str:
    """The review of a game's first round, the learner playing greedy against club (as bench_review does)."""
    game = TableGame(Settings(variant(preset), n, "club", seed))
    game.begin_round()
    me, rng = player("greedy"), random.Random(seed)
    while not game.round_over:
        game.push(me.choose(game.view(), rng) if game.learner_to_move else game.computer_move())
    review = review_round(game.current.plies, game.learner, worlds=REVIEW_WORLDS, seed=game.current.seed)
    return f"{preset} {n} review {seed} {digest(review)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=",".join(DEFAULT_PRESETS))
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--reviews", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args()
    for preset in args.presets.split(","):
        for n in (int(p) for p in args.players.split(",")):
            for line in advice_lines(preset, n, args.games, args.seed):
                print(line, flush=True)
            if args.reviews:
                print(review_line(preset, n, args.seed), flush=True)


if __name__ == "__main__":
    main()
