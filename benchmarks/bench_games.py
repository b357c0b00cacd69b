"""Saved games: the start and ``games`` with many games kept, against the target of 1 s (issue 22).

Run from the repository root: ``python benchmarks/bench_games.py [--games 1000]``.

A data folder is filled with ``--games`` finished games (one-round games and
three-round matches, as the shell keeps them) and one unfinished game; then:

- **open**: opening the progress file (checks, migrations, repair, the old
  games folder looked at), as every start does;
- **welcome**: the greeting, which offers the unfinished game;
- **games**: the whole list;
- **resume**: taking the unfinished game up (the one game replayed);
- **start + quit**: ``cassino-tutor`` in a new process with ``quit`` piped in,
  beside the same on an empty folder (Python's start and the content's loading
  are most of it);
- **import once**: the first start after an update, which reads the same
  number of files of the old one-file-a-game folder into the progress file
  (for information: it happens once).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

from tutor.content.presets import variant
from tutor.loading import load_catalog
from tutor.play.table_game import Settings, TableGame
from tutor.shell.commands import dispatch, welcome
from tutor.shell.state import Shell
from tutor.storage import Progress
from tutor.storage.games import SavedGame, game_text, game_to_data

TARGET_MS = 1000.0
T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def finished(kind: str, seed: int) -> TableGame:
    game = TableGame(Settings(variant("classic"), 2, "greedy", seed, kind=kind))
    rng = random.Random(seed)
    while not game.over:
        if not game.rounds or game.round_over:
            game.begin_round()
        elif game.learner_to_move:
            game.push(rng.choice(game.view().legal_moves()))
        else:
            game.push(game.computer_move())
    return game


def samples(count: int) -> list[TableGame]:
    """A few different finished games (a third of them matches), reused to make ``count``."""
    made = [finished("match" if i % 3 == 0 else "round", i) for i in range(6)]
    return [made[i % len(made)] for i in range(count)]


def fill(home: Path, count: int) -> None:
    with Progress.open(home / "progress.sqlite3") as progress:
        for i, game in enumerate(samples(count)):
            moment = T0 + timedelta(hours=i)
            progress.games.add(SavedGame.new(game, moment), moment)
        waiting = TableGame(Settings(variant("classic"), 3, "club", 7))
        waiting.begin_round()
        progress.games.add(SavedGame.new(waiting, T0), T0 + timedelta(days=365))


def old_folder(home: Path, count: int) -> None:
    folder = home / "games"
    folder.mkdir(parents=True)
    for i, game in enumerate(samples(count)):
        saved = SavedGame.new(game, T0 + timedelta(hours=i))
        saved.stamp(saved.started)
        (folder / f"{saved.id}.json").write_text(game_text(game_to_data(saved)), encoding="utf-8")


def timed(action: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def process_ms(home: Path, runs: int) -> list[float]:
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(home)}
    return timed(lambda: subprocess.run([sys.executable, "-m", "tutor"], input="quit\n", capture_output=True,
                                        text=True, env=env, check=True), runs)


def report(name: str, times: list[float], target: float | None = TARGET_MS) -> None:
    median = statistics.median(times)
    against = f"target {target:.0f} ms   ratio {median / target:.3f}" if target else "(no target)"
    print(f"{name:<28} median {median:9.1f} ms   worst {max(times):9.1f} ms   n={len(times):<3} {against}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp())
    try:
        home = root / "home"
        fill(home, args.games)
        print(f"{args.games} finished games and one unfinished, progress file "
              f"{(home / 'progress.sqlite3').stat().st_size / 1e6:.1f} MB")
        report("open", timed(lambda: Progress.open(home / "progress.sqlite3").close(), args.runs))
        with Progress.open(home / "progress.sqlite3") as progress:
            shell = Shell(load_catalog(), progress, "en")
            report("welcome", timed(lambda: welcome(shell), args.runs))
            listed = dispatch(shell, "games").text
            assert listed.count("\n  ") >= args.games, "every game listed"
            report("games", timed(lambda: dispatch(shell, "games"), args.runs))
            report("resume", timed(lambda: dispatch(shell, "resume"), 1))
        report("start + quit", process_ms(home, args.runs), None)
        report("start + quit, empty folder", process_ms(root / "empty", args.runs), None)
        old = root / "old"
        old_folder(old, args.games)
        report("import once (old folder)", timed(lambda: Progress.open(old / "progress.sqlite3").close(), 1), None)
        with Progress.open(old / "progress.sqlite3") as progress:
            print(f"  read {len(progress.games.summaries(T0))} games; "
                  f"{len(list((old / 'games' / 'imported').iterdir()))} files in games/imported")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
