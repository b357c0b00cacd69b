"""What seeing every hand is worth (issue 25): a ceiling for the expert's gains from inference.

The *oracle* is the expert's advice with the real deal as its only world (:func:`tutor.play.advisor.advise_open`:
the other hands and the stock as they are, played out by the expert's own club playouts, the last deal
searched exactly).  It is not a fair player: it reads the cards its seat cannot see, so it lives here, not on
the ladder.  Everything a fair expert could learn about the hidden cards (inference from the other players'
moves, counting) tells it at most what the oracle knows; with the same playouts and search, its lead over
``expert-v1`` is a ceiling for what better knowledge of the hidden cards could buy the expert.

Run from the repository root:

``python benchmarks/bench_ceiling.py --b expert-v1 --pairs 200 --seed 2027``: mirrored pairs of the arena's
deals and arrangements (:mod:`tutor.play.arena`), the oracle as A against the level ``--b`` as B; prints
A's points minus B's a mirrored pair with its 95% interval, and each pair's value (``--first`` sets the first
pair's index, so that runs over further pairs can be pooled).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence
from functools import partial

from tutor.content.presets import variant
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import deal_round, play_round
from tutor.core.scoring import score_round
from tutor.core.variant import Variant
from tutor.parallel.pool import in_order
from tutor.play.advisor import EXPERT_BUDGET, advise_open
from tutor.play.arena import Contest, arrangements, interval, round_difference
from tutor.play.game import Ply, RoundRecord, seat_rngs
from tutor.play.player import Player
from tutor.play.players import player
from tutor.play.view import SeatView

ORACLE = "oracle"


def oracle_move(pos: Position) -> Move:
    """The expert's best move with the real deal as its only world."""
    return advise_open(pos, budget=EXPERT_BUDGET).best


def play_round_with_oracle(rules: Variant, seats: Sequence[Player | None], seed: int) -> RoundRecord:
    """One round dealt from ``seed`` as the arena deals it; a seat of ``None`` is the oracle, the others choose
    from their views."""
    pos = deal_round(rules, len(seats), 0, seed)
    rngs = seat_rngs(seed, len(seats))
    plies: list[Ply] = []

    def choose(now: Position, moves: list[Move]) -> Move:
        seat = now.to_move
        chosen = seats[seat]
        move = oracle_move(now.copy()) if chosen is None else chosen.choose(SeatView.of(now, seat), rngs[seat])
        assert move in moves, f"{move} is not legal:\n{now}"
        plies.append(Ply(now.copy(), move))
        return move

    play_round(pos, choose)
    return RoundRecord(seed, 0, tuple(plies), score_round(pos))


def pair_value(contest: Contest, first: int, task: int) -> float:
    """Pair ``first + task`` of ``contest`` with the oracle as A: A's points minus B's, on the two-round scale."""
    index = first + task
    seed = contest.deal_seed(index)
    rounds = arrangements(contest.players)
    total = 0.0
    for arrangement in rounds:
        seats = [None if side == "a" else player(contest.b) for side in arrangement]
        total += round_difference(play_round_with_oracle(contest.variant, seats, seed), arrangement)
    return total * 2 / len(rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--b", default="expert-v1", help="the level the oracle plays against")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first pair's index")
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    contest = Contest(ORACLE, args.b, variant(args.preset), args.players, args.first + args.pairs, args.seed)
    start = time.process_time()
    values = list(in_order(partial(pair_value, contest, args.first), args.pairs, args.jobs))
    summary = interval(values)
    print(json.dumps({
        "a": ORACLE, "b": args.b, "preset": args.preset, "players": args.players, "pairs": args.pairs,
        "first": args.first, "seed": args.seed, "mean": round(summary.mean, 4), "low": round(summary.low, 4),
        "high": round(summary.high, 4), "sd": round(summary.sd, 4),
        "cpu_seconds": round(time.process_time() - start, 1), "values": values,
        "median": statistics.median(values),
    }))


if __name__ == "__main__":
    main()
