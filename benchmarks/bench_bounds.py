"""The searches a learner waits for, against their time bounds (issue 22).

Run from the repository root: ``python benchmarks/bench_bounds.py``.

- ``advise`` as a new process on the issue's positions: four players holding
  twelve cards; a position of 2,938 legal moves; each with ``--worlds 10000``
  too (the default time limit, 7 s, against the target of an answer in 10 s);
- the shell's hint (bound 5 s) and the review after a round (bound 15 s) with
  three players and ``hand_size=17``, the learner playing its first legal move.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tutor.content.presets import variant
from tutor.core.round import deal_round
from tutor.loading import dump_position
from tutor.play.review import review_round
from tutor.play.table_game import Settings, TableGame
from tutor.shell import review_screen

MANY_MOVES = """variant: classic
players: 2
to_move: 0
hands: [[5S, 6S, 7S, 8S], 4]
table: [AS, AH, AD, AC, 2S, 2H, 2D, 2C, 3S, 3H, 3D]
stock: 20
"""


def seconds(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def advise_cases(folder: Path) -> None:
    four = folder / "four12.yaml"
    four.write_text(dump_position(deal_round(variant({"preset": "classic", "hand_size": 12}), 4, dealer=3, seed=7)))
    many = folder / "many.yaml"
    many.write_text(MANY_MOVES)
    cli = str(Path(sys.executable).with_name("cassino-tutor"))
    for path in (four, many):
        for extra in ([], ["--worlds", "10000"]):
            took = seconds(lambda: subprocess.run([cli, "advise", str(path), "--json", *extra], check=True,
                                                  stdout=subprocess.DEVNULL))
            print(f"advise {path.name} {' '.join(extra)}: {took:.2f} s")


def shell_cases() -> None:
    game = TableGame(Settings(variant({"preset": "classic", "hand_size": 17}), 3, "greedy", 1, kind="round"))
    game.begin_round()
    while not game.learner_to_move:
        game.push(game.computer_move())
    print(f"hint, 3 players, hand_size=17: {seconds(lambda: review_screen.hint_advice(game)):.2f} s")
    while not game.over:
        game.push(game.view().legal_moves()[0] if game.learner_to_move else game.computer_move())
    plies, seed = game.current.plies, game.current.seed
    review = []
    took = seconds(lambda: review.append(review_round(plies, 0, worlds=review_screen.REVIEW_WORLDS, seed=seed,
                                                      budget=review_screen.REVIEW_BUDGET)))
    print(f"review, 3 players, hand_size=17: {took:.2f} s ({review[-1].unreviewed} moves left unreviewed)")


def main() -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    with tempfile.TemporaryDirectory() as folder:
        advise_cases(Path(folder))
    shell_cases()


if __name__ == "__main__":
    main()
