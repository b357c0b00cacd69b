"""Tutor speed: the answer to a typed move, solver included, and ``cassino-tutor --help``.

Run from the repository root: ``python benchmarks/bench_tutor.py``.

- **Typed move**: for every puzzle and every lesson exercise of the shipped
  content, a fresh shell judges one best move and one other legal move, as a
  learner would type them: parsing, the solver's ranking (not cached between
  samples), the comparison and the rendered words.  Reports the median and the
  worst, against the target of 100 ms.
- **--help**: the wall time of ``cassino-tutor --help`` in a new process
  (median of several runs), against the target of 300 ms; and, for
  information, starting the shell up to its welcome (scripted ``quit``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tutor.content.course import ExerciseStep
from tutor.loading import load_catalog
from tutor.shell.challenge_text import verdict_text
from tutor.shell.state import Shell
from tutor.storage import Progress
from tutor.teaching.coach import Challenge, Task

TARGET_MOVE_MS = 100.0
TARGET_HELP_MS = 300.0


def tasks(shell: Shell) -> list[Challenge]:
    """Every position of the content that takes a typed move, with its task."""
    found = [Challenge(p.position, Task(goal=p.goal)) for p in shell.catalog.puzzles]
    for lesson in shell.catalog.lessons:
        for step in lesson.steps:
            if isinstance(step, ExerciseStep):
                found.append(Challenge(step.position, Task(goal=step.goal, find=step.find)))
    return found


def typed_move_ms(shell: Shell, repeat: int) -> list[float]:
    times = []
    for template in tasks(shell):
        sample = Challenge(template.position.copy(), template.task)
        accepted = sample.accepted()
        others = [m for m in sample.position.generate() if m not in accepted]
        typed = [sample.position.notation(m) for m in accepted[:1] + others[:1]]
        for text in typed:
            for _ in range(repeat):
                fresh = Challenge(template.position.copy(), template.task)
                start = time.perf_counter()
                verdict_text(shell.ui, fresh, fresh.judge(text))
                times.append((time.perf_counter() - start) * 1000)
    return times


def process_ms(args: list[str], runs: int, stdin: str = "") -> list[float]:
    env = {**os.environ, "CASSINO_TUTOR_HOME": tempfile.mkdtemp()}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True, text=True, env=env, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(name: str, times: list[float], target: float | None) -> None:
    median = statistics.median(times)
    against = f"target {target:.0f} ms   ratio {median / target:.2f}" if target else "(no target)"
    print(f"{name:<32} median {median:8.2f} ms   worst {max(times):8.2f} ms   n={len(times):<4} {against}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="samples per typed move")
    parser.add_argument("--runs", type=int, default=9, help="process starts for --help")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home, Progress.open(Path(home) / "p.sqlite3") as progress:
        shell = Shell(load_catalog(), progress, "en")
        report("typed move (solver included)", typed_move_ms(shell, args.repeat), TARGET_MOVE_MS)
    report("cassino-tutor --help", process_ms(["--help"], args.runs), TARGET_HELP_MS)
    report("shell start to welcome (piped)", process_ms([], args.runs, "quit\n"), None)


if __name__ == "__main__":
    main()
