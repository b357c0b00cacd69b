"""The advisor's noise: how much a move's value moves between seeds, and the review's margins it sets.

Run from the repository root: ``python benchmarks/bench_advisor_noise.py``.
Positions come from real computer games (``--level`` against itself, club by
default, ``--games`` rounds for each player count, every ``--every``-th move
with a choice; docs/review.md's figures are of ``--level club-v1``, the club
of their day).  Each is
advised from the mover's view with the default worlds (:data:`DEFAULT_WORLDS`),
``--seeds`` times with different seeds.  It reports:

- the standard deviation of a move's value across the seeds (every legal move);
- the standard deviation across the seeds of the difference best-minus-played,
  for the move the level played;
- the *false loss*: the loss one seed gives the move that is best on the mean of
  all the seeds (nearly the true best), which the review would call a mistake
  if it reached a grade's margin; and how often it reaches each margin of
  :data:`tutor.play.review.MARGINS`.

docs/review.md gives the figures and the margins chosen from them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from tutor.content.presets import variant
from tutor.core.moves import Move
from tutor.play.advisor import DEFAULT_WORLDS, advise
from tutor.play.game import play_one_round
from tutor.play.players import player
from tutor.play.review import GRADES, MARGINS, grade_of
from tutor.play.view import SeatView


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def positions(preset: str, players: int, games: int, every: int, seed: int,
              level: str = "club") -> list[tuple[SeatView, Move]]:
    """Every ``every``-th position with a choice of rounds of ``level`` against itself, as the mover's view and its
    move."""
    out = []
    v = variant(preset)
    for game in range(games):
        record = play_one_round(v, [player(level)] * players, seed + game, dealer=game % players)
        choices = [p for p in record.plies if len(SeatView.of(p.before, p.seat).legal_moves()) > 1]
        out += [(SeatView.of(p.before, p.seat), p.move) for p in choices[game % every::every]]
    return out


def line(name: str, values: list[float]) -> str:
    return (f"  {name}: median {statistics.median(values):.2f}, 95th percentile {quantile(values, 0.95):.2f}, "
            f"99th {quantile(values, 0.99):.2f}, max {max(values):.2f}")


@dataclass
class Noise:
    """What the seeds did to the advice of some positions."""

    positions: int = 0
    move_sd: list[float] = field(default_factory=list)
    loss_sd: list[float] = field(default_factory=list)
    false_loss: list[float] = field(default_factory=list)
    graded: list[str | None] = field(default_factory=list)

    def add(self, view: SeatView, played: Move, seeds: int) -> None:
        advices = [advise(view, seed=s) for s in range(seeds)]
        moves = [mv.move for mv in advices[0].moves]
        values = {m: [a.value_of(m).value for a in advices] for m in moves}
        self.positions += 1
        self.move_sd += [statistics.pstdev(v) for v in values.values()]
        self.loss_sd.append(statistics.pstdev([a.moves[0].value - a.value_of(played).value for a in advices]))
        consensus = max(moves, key=lambda m: statistics.fmean(values[m]))
        losses = [a.moves[0].value - a.value_of(consensus).value for a in advices]
        self.false_loss += losses
        self.graded += [grade_of(loss, view.players) for loss in losses]

    def extend(self, other: Noise) -> None:
        self.positions += other.positions
        self.move_sd += other.move_sd
        self.loss_sd += other.loss_sd
        self.false_loss += other.false_loss
        self.graded += other.graded

    def report(self, title: str) -> None:
        print(f"{title}: {self.positions} positions")
        print(line("sd of a move's value across seeds", self.move_sd))
        print(line("sd of best-minus-played across seeds", self.loss_sd))
        print(line("false loss of the consensus best move (one seed)", self.false_loss))
        for grade in GRADES:
            share = self.graded.count(grade) / len(self.graded)
            print(f"  the consensus best move called {grade} by noise: {100 * share:.2f}% of {len(self.graded)} advices")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--level", default="club", help="the level whose games give the positions (default: club)")
    args = parser.parse_args()
    print(f"{args.preset}, {args.level} against {args.level}, {args.seeds} seeds a position, "
          f"{DEFAULT_WORLDS} worlds an advice", flush=True)
    total = Noise()
    for players in (int(n) for n in args.players.split(",")):
        start = time.perf_counter()
        noise = Noise()
        for view, played in positions(args.preset, players, args.games, args.every, args.seed, args.level):
            noise.add(view, played, args.seeds)
        margins = ", ".join(f"{grade} >= {least}" for grade, least in zip(GRADES, MARGINS[players]))
        noise.report(f"{players} players ({margins}; {time.perf_counter() - start:.0f} s)")
        total.extend(noise)
        print(flush=True)
    total.report("all")


if __name__ == "__main__":
    main()
