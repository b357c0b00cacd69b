"""What the learner waits for after a round's last move, now that the shell reviews each move in a worker process
as it is played: per preset and player count, against the targets of issue 23 (1 s with 2 players, 2 s with 3 or 4).

Run from the repository root: ``python benchmarks/bench_review_wait.py [--rounds 3] [--think 2,5,10] [--presets
draw]``.
The rounds are those of ``bench_review.py`` (the same seeds: the learner, seat 0, plays greedy or club round by
round against club, the shell's game and worlds, no time budget).  Each learner move's review is timed alone
(``review_move``, CPU seconds), then the shell's worker is simulated: a move's review starts when the move is
played, after the reviews sent before it (one worker, one at a time); between two of the learner's moves the
worker has the learner's thinking (``--think`` seconds, the same for every move; each of 2, 5 and 10 s by default:
2 s is a learner who plays fast) on a core of its own.  The computers' replies are not counted as the worker's time
(on one core they would take it), so the last move's review is always waited for.  What is left after the last
move is the wait, in CPU seconds: the review of the moves the worker has not finished, made by the worker or the
shell (the same work).  For each preset and
player count: the median and worst of the round's whole review (the same CPU as ``bench_review.py``: it is only
made earlier) and of the wait.

``--live PRESET:PLAYERS:SEED`` plays one more game's first round through the shell's worker itself
(:class:`~tutor.shell.review_screen.MoveReviews`), sleeping the first ``--think`` seconds before each learner
move, and
reports the wall and the shell's CPU seconds from the last move to the review's end; the review is checked to be
the one the moves reviewed alone give.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from bench_review import TARGETS, rounds_parser

from tutor.content.presets import variant
from tutor.play.players import player
from tutor.play.review import Reviewed, RoundReview, review_move, review_round, review_turns
from tutor.play.table_game import Settings, TableGame
from tutor.shell.review_screen import REVIEW_WORLDS, MoveReviews

Mover = Callable[[TableGame], None]
"""Told after each learner move pushed (the live run sends its review to the worker)."""


def played_round(preset: str, players: int, seed: int, learner: str, think: float = 0.0,
                 after: Mover | None = None) -> TableGame:
    """A game of ``seed`` played to the end of its first round as ``bench_review.first_round`` plays it, sleeping
    ``think`` seconds before each learner move and telling ``after`` after it."""
    game = TableGame(Settings(variant(preset), players, "club", seed))
    game.begin_round()
    me, rng = player(learner), random.Random(seed)
    while not game.round_over:
        if game.learner_to_move:
            time.sleep(think)
            game.push(me.choose(game.view(), rng))
            if after is not None:
                after(game)
        else:
            game.push(game.computer_move())
    return game


def move_reviews(game: TableGame) -> dict[int, tuple[float, Reviewed | None]]:
    """Each learner move's review alone, by ply index: its CPU seconds and the review."""
    current, found = game.current, {}
    for index, turn in review_turns(current.plies, game.learner):
        start = time.process_time()
        made = review_move(current.plies[index], game.learner, index, turn, seed=current.seed, worlds=REVIEW_WORLDS)
        found[index] = (time.process_time() - start, made)
    return found


def wait_after(costs: dict[int, float], learner_plies: list[int], think: float) -> float:
    """The CPU seconds of review left after the last of ``learner_plies``: one worker taking the moves' reviews
    (``costs``, by ply index) in order, each sent when its move is played, given ``think`` seconds between moves."""
    left = 0.0
    for index in learner_plies[:-1]:
        left = max(0.0, left + costs.get(index, 0.0) - think)
    return left + costs.get(learner_plies[-1], 0.0)


def simulated(preset: str, players: int, seed: int, learner: str, thinks: list[float]) -> list[float]:
    """The round's whole review, then the learner's wait after its last move for each think time, in CPU seconds."""
    game = played_round(preset, players, seed, learner)
    costs = {index: cpu for index, (cpu, _) in move_reviews(game).items()}
    plies = [i for i, ply in enumerate(game.current.plies) if ply.seat == game.learner]
    return [sum(costs.values()), *(wait_after(costs, plies, think) for think in thinks)]


def live(preset: str, players: int, seed: int, think: float) -> None:
    """One round played through the shell's worker with the learner thinking ``think`` seconds a move."""
    background = MoveReviews()

    def sent(game: TableGame) -> None:
        background.played(game.current.plies, game.learner, game.current.seed)

    try:
        game = played_round(preset, players, seed, "club", think, sent)
        current = game.current
        wall, cpu = time.perf_counter(), time.process_time()
        review = review_round(current.plies, game.learner, worlds=REVIEW_WORLDS, seed=current.seed,
                              ready=background.ready(current.plies, current.seed))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        background.stop()
    alone = move_reviews(game)
    made = [found for _, found in alone.values() if found is not None]
    assert review == RoundReview(players, game.learner, tuple(m for m, _ in made),
                                 tuple(mark for _, mark in made if mark is not None)), "not the same review"
    print(f"live {preset} {players} players, game seed {seed}, {think:g} s a move: waited {wall:.2f} s "
          f"({cpu:.2f} s CPU in the shell); the whole review {sum(c for c, _ in alone.values()):.2f} s CPU "
          f"(target {TARGETS[players]:.0f} s)")


def main() -> None:
    parser = rounds_parser(__doc__.split("\n\n")[0])
    parser.add_argument("--think", default="2,5,10", help="seconds the learner thinks a move (a list)")
    parser.add_argument("--live", action="append", default=[], metavar="PRESET:PLAYERS:SEED")
    args = parser.parse_args()
    thinks = [float(t) for t in args.think.split(",")]
    missed = [0] * len(thinks)
    for preset in args.presets.split(",") if args.rounds else []:
        for players in (int(n) for n in args.players.split(",")):
            whole, *waits = zip(*(simulated(preset, players, args.seed + r, ("greedy", "club")[r % 2], thinks)
                                  for r in range(args.rounds)))
            target = TARGETS[players]
            said = []
            for n, (think, wait) in enumerate(zip(thinks, waits)):
                missed[n] += max(wait) > target
                said.append(f"{think:g} s: {statistics.median(wait):4.2f} {max(wait):4.2f}"
                            f"{'' if max(wait) <= target else ' MISSED'}")
            print(f"{preset:>20} {players} players (target {target:.0f} s): review {statistics.median(whole):5.2f} "
                  f"{max(whole):5.2f} s; wait, thinking {'; '.join(said)}", flush=True)
    for extra in args.live:
        preset, players, seed = extra.split(":")
        live(preset, int(players), int(seed), thinks[0])
    print("preset and player counts with a worst wait over the target, thinking "
          + ", ".join(f"{think:g} s: {n}" for think, n in zip(thinks, missed)) + " (medians then worsts)")


if __name__ == "__main__":
    main()
