"""``cassino-tutor replay`` of a long match: the whole command's time, against the target of 2 s (issue 22).

Run from the repository root: ``python benchmarks/bench_replay.py [--rounds 34] [--cli PATH]``.

A classic match to 999 points (which goes on for many rounds) between the
learner, playing a random legal move, and greedy is played for ``--rounds``
rounds and exported as a saved-game file.  Then ``replay FILE`` is run as a new
process (``--cli``: the ``cassino-tutor`` to time, say another checkout's), and
``replay FILE --review all`` beside it, for the cost of every round's review.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from tutor.content.presets import variant
from tutor.play.table_game import Settings, TableGame
from tutor.storage.games import SavedGame, game_text, game_to_data

TARGET_S = 2.0


def long_match(rounds: int, seed: int = 1) -> TableGame:
    game = TableGame(Settings(variant({"preset": "classic", "target": 999}), 2, "greedy", seed))
    rng = random.Random(seed)
    while not game.over and not (game.round_over and len(game.rounds) == rounds):
        if not game.rounds or game.round_over:
            game.begin_round()
        elif game.learner_to_move:
            game.push(rng.choice(game.view().legal_moves()))
        else:
            game.push(game.computer_move())
    return game


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=34)
    parser.add_argument("--cli", default=str(Path(sys.executable).with_name("cassino-tutor")))
    parser.add_argument("--all", action="store_true", help="also time --review all (a minute or more)")
    args = parser.parse_args()
    game = long_match(args.rounds)
    saved = SavedGame.new(game, datetime(2026, 1, 1, tzinfo=timezone.utc))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        path.write_text(game_text(game_to_data(saved)), encoding="utf-8")
        print(f"{len(game.rounds)} rounds, {path.stat().st_size:,} bytes")
        seconds = timed([args.cli, "replay", str(path), "--lang", "en"])
        print(f"replay: {seconds:.2f} s (target {TARGET_S:.0f} s: {'met' if seconds <= TARGET_S else 'MISSED'})")
        if args.all:
            print(f"replay --review all: {timed([args.cli, 'replay', str(path), '--review', 'all', '--lang', 'en']):.2f} s")


if __name__ == "__main__":
    main()
