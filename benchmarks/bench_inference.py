"""Inference (issue 25): the model's fit, and the expert with inference against the expert without.

Run from the repository root:

- ``python benchmarks/bench_inference.py fit --level expert --rounds 20 --seed 500``: plays seeded rounds
  between players of ``--level`` and prints, for each temperature and slip of the model
  (:mod:`tutor.play.inference`), the mean log-likelihood a move of the moves actually played (every other
  seat's moves of each deal, seen from each seat at the deal's end, with the hands as they were); the
  best pair is the model's maximum-likelihood fit.
- ``python benchmarks/bench_inference.py pairs --pairs 100 --seed 2027``: mirrored pairs of two-player
  rounds (:mod:`tutor.play.arena`'s deals and arrangements), the expert with inference as A and without as B;
  prints A's points minus B's a pair with its 95% interval (and each pair's value, ``--first`` setting the
  first pair's index, so that runs over further pairs can be pooled), each side's move time (CPU seconds: median,
  worst) and, with ``--ess``, the effective number of worlds of the weighted candidates.
- ``python benchmarks/bench_inference.py info --level expert-v1 --rounds 40 --seed 500``: how much the other
  seats' moves tell about their hands by the model (``--temperature``, ``--slip``): the bits of uncertainty about
  which unseen card lies in which other hand, and the bits the weighted worlds remove (the oracle of
  ``bench_ceiling.py`` knows them all).
- ``python benchmarks/bench_inference.py speed --seed 1``: the expert's move time with and without inference
  (CPU seconds: median, worst) on ``benchmarks/bench_expert.py``'s positions (its presets, 2 to 4 players).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import time
from dataclasses import dataclass, field
from itertools import islice

from tutor.content.presets import variant
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import unseen_cards
from tutor.play.advisor import CANDIDATES, DEFAULT_WORLDS, Expert, weighed_sample
from tutor.play.arena import Contest, arrangements, interval, round_difference
from tutor.play.game import RoundRecord, play_one_round
from tutor.play.inference import SLIP, TEMPERATURE, Inference, effective_size, informative, weights
from tutor.play.player import Player
from tutor.play.players import player
from tutor.play.view import SeatView
from tutor.play.worlds import one_way, world_stream

TEMPERATURES = (0.1, 0.25, 0.5, 1.0, 2.0)
SLIPS = (0.02, 0.1, 0.2, 0.3, 0.4)


def deal_ends(record: RoundRecord) -> list[tuple[SeatView, Position]]:
    """For each deal of ``record`` and each seat, the seat's view just after the deal's last move, with the
    position then (every hand known: the real world)."""
    out = []
    plies = record.plies
    for i, ply in enumerate(plies):
        last_of_deal = i + 1 == len(plies) or plies[i + 1].before.pushed == 0
        if last_of_deal:
            after = ply.before.copy()
            after.push(ply.move)
            out += [(SeatView.of(after, seat), after) for seat in range(after.players)]
    return out


def fit(level: str, preset: str, players: int, rounds: int, seed: int) -> dict[str, object]:
    ends = []
    for r in range(rounds):
        record = play_one_round(variant(preset), [player(level) for _ in range(players)], seed + r, dealer=r % players)
        ends += [(view, world) for view, world in deal_ends(record) if informative(view)]
    turns = sum(sum(t.seat != view.seat for t in view.history) for view, _ in ends)
    table = []
    for temperature in TEMPERATURES:
        for slip in SLIPS:
            total = 0.0
            for view, world in ends:
                chance = Inference(view, temperature, slip).likelihood(world)
                assert chance > 0.0, "the moves played are possible with the hands played"
                total += math.log(chance)
            table.append({"temperature": temperature, "slip": slip, "loglik_a_move": round(total / turns, 4)})
    best = max(table, key=lambda row: row["loglik_a_move"])  # type: ignore[arg-type, return-value]
    return {"level": level, "preset": preset, "players": players, "rounds": rounds, "seed": seed, "turns": turns,
            "best": best, "table": table}


@dataclass
class Timed:
    """A player whose choices are timed (CPU seconds); ``ess`` gathers the effective worlds of its views."""

    inner: Expert
    measure_ess: bool = False
    times: list[float] = field(default_factory=list)
    ess: list[float] = field(default_factory=list)

    @property
    def level(self) -> str:
        return self.inner.level

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        start = time.process_time()
        move = self.inner.choose(view, rng)
        self.times.append(time.process_time() - start)
        if self.measure_ess and informative(view) and len(view.legal_moves()) > 1 and not one_way(view.position()):
            self.ess.append(effective_size(weighed_sample(view, CANDIDATES * DEFAULT_WORLDS, len(self.times))))
        return move


def pairs(first: int, count: int, seed: int, preset: str, players: int, measure_ess: bool) -> dict[str, object]:
    contest = Contest("expert+inference", "expert", variant(preset), players, count, seed)
    sides: dict[str, Timed] = {"a": Timed(Expert(inference=True), measure_ess), "b": Timed(Expert())}
    values = []
    start = time.process_time()
    for index in range(first, first + count):
        deal = contest.deal_seed(index)
        rounds = arrangements(players)
        total = 0.0
        for arrangement in rounds:
            seats: list[Player] = [sides[s] for s in arrangement]
            total += round_difference(play_one_round(contest.variant, seats, deal), arrangement)
        values.append(total * 2 / len(rounds))
    spent = time.process_time() - start
    got = interval(values)

    def times(side: Timed) -> dict[str, float]:
        return {"median": round(statistics.median(side.times), 4), "worst": round(max(side.times), 3)}

    out: dict[str, object] = {
        "a": contest.a, "b": contest.b, "preset": preset, "players": players, "pairs": count, "first": first,
        "seed": seed,
        "mean": round(got.mean, 3), "low": round(got.low, 3), "high": round(got.high, 3), "sd": round(got.sd, 3),
        "cpu_seconds": round(spent, 1), "a_move_seconds": times(sides["a"]), "b_move_seconds": times(sides["b"]),
        "values": [round(v, 4) for v in values],
    }
    if sides["a"].ess:
        ess = sorted(sides["a"].ess)
        out["ess_of_candidates"] = {"worlds": CANDIDATES * DEFAULT_WORLDS, "median": round(statistics.median(ess), 1),
                                    "p10": round(ess[len(ess) // 10], 1), "min": round(ess[0], 1)}
    return out


def speed(seed: int, games: int, every: int) -> dict[str, object]:
    from bench_expert import DEFAULT_PRESETS, sample_views  # this folder is the script's: its first import path

    out: dict[str, object] = {"seed": seed, "games": games, "every": every}
    for n in (2, 3, 4):
        times: dict[str, list[float]] = {"off": [], "on": []}
        for preset in DEFAULT_PRESETS:
            for i, view in enumerate(sample_views(preset, n, games, every, seed)):
                for key, expert in (("off", Expert()), ("on", Expert(inference=True))):
                    start = time.process_time()
                    expert.choose(view, random.Random(seed + i))
                    times[key].append(time.process_time() - start)
        out[f"{n} players"] = {key: {"moves": len(t), "median": round(statistics.median(t), 4), "worst": round(max(t), 3)}
                               for key, t in times.items()}
    return out


def information(level: str, preset: str, players: int, rounds: int, seed: int, temperature: float,
                slip: float) -> dict[str, object]:
    """How much the other seats' moves tell about their hands, by the model: in seeded rounds of ``level``
    against itself, at each move whose seat's history is informative, the bits of the log score of the truth
    (which unseen card lies in which other hand) under the weighted worlds, against the same worlds unweighted.
    The score is summed over the unseen cards and the other hands (each card in a hand or not, as a Bernoulli
    event); a hand the oracle knows (``benchmarks/bench_ceiling.py``) scores 0 bits.  ``temperature`` and ``slip``
    are the model's."""
    rules, worlds = variant(preset), CANDIDATES * DEFAULT_WORLDS
    prior_bits: list[float] = []
    gained: list[float] = []
    for r in range(rounds):
        record = play_one_round(rules, [player(level) for _ in range(players)], seed + r)
        for ply in record.plies:
            view = SeatView.of(ply.before, ply.seat)
            pos = view.position()
            if not informative(view) or one_way(pos):
                continue
            model = Inference(view, temperature, slip)
            drawn = list(islice(world_stream(pos, seed + r), worlds))
            weight = weights([model.likelihood(w) for w in drawn])
            flat = [1.0 / worlds] * worlds
            truth = ply.before
            prior = post = 0.0
            for seat in range(players):
                if seat == view.seat:
                    continue
                held = set(truth.hands[seat])
                for card in unseen_cards(pos):
                    inside = [card in w.hands[seat] for w in drawn]
                    for share, total in ((flat, "prior"), (weight, "post")):
                        p = sum(w for w, i in zip(share, inside) if i)
                        p = min(max(p, 1e-3), 1 - 1e-3)  # a world sample may miss a card's place
                        bits = math.log2(p if card in held else 1 - p)
                        if total == "prior":
                            prior += bits
                        else:
                            post += bits
            prior_bits.append(-prior)
            gained.append(post - prior)
    return {"level": level, "preset": preset, "players": players, "rounds": rounds, "seed": seed,
            "temperature": temperature, "slip": slip, "positions": len(gained), "prior_bits": round(statistics.fmean(prior_bits), 3),
            "bits_gained": round(statistics.fmean(gained), 3),
            "share_gained": round(statistics.fmean(gained) / statistics.fmean(prior_bits), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("fit", "pairs", "speed", "info"))
    parser.add_argument("--level", default="expert", help="fit: the level whose moves are fitted")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="pairs: the index of the first pair (runs can be pooled)")
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--games", type=int, default=2, help="speed: club rounds a preset and player count")
    parser.add_argument("--every", type=int, default=5, help="speed: every how many positions one is timed")
    parser.add_argument("--temperature", type=float, default=TEMPERATURE, help="info: the model's temperature")
    parser.add_argument("--slip", type=float, default=SLIP, help="info: the model's slip")
    parser.add_argument("--ess", action="store_true", help="pairs: measure the weighted candidates' effective size")
    args = parser.parse_args()
    if args.mode == "fit":
        print(json.dumps(fit(args.level, args.preset, args.players, args.rounds, args.seed), indent=1))
    elif args.mode == "info":
        print(json.dumps(information(args.level, args.preset, args.players, args.rounds, args.seed,
                                     args.temperature, args.slip)))
    elif args.mode == "speed":
        print(json.dumps(speed(args.seed, args.games, args.every), indent=1))
    else:
        print(json.dumps(pairs(args.first, args.pairs, args.seed, args.preset, args.players, args.ess), indent=1))


if __name__ == "__main__":
    main()
