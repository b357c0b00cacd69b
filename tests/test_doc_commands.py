"""The commands the README and docs/ give, to run or to reproduce a figure, parse as written: every option they use
exists, and every level they name plays in the arena (the commands are parsed, not run)."""

from __future__ import annotations

import argparse
import re
import runpy
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.cli.main import build_parser
from tutor.play.players import FROZEN, LEVELS, TRIALS, player

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
POSITIONAL = {"unexplained_marks": 4}
"""The benchmarks that read ``sys.argv`` themselves, and how many arguments each takes."""


class Parsed(Exception):
    """Raised where a parser has read its arguments: the command is not run."""

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__()
        self.parsed = args


def command_lines() -> Iterator[tuple[str, str]]:
    """Each shell command of a code block of the docs (``sh``, unmarked or indented), as ``file:line`` and the
    command, its comment left off; a synopsis with ``[OPTION]`` is not a command."""
    for doc in DOCS:
        lines = doc.read_text(encoding="utf-8").splitlines()
        fence: str | None = None
        n = 0
        while n < len(lines):
            at, line = n + 1, lines[n]
            while line.endswith("\\") and n + 1 < len(lines):
                n += 1
                line = line[:-1] + " " + lines[n].strip()
            n += 1
            if line.startswith("```"):
                fence = None if fence is not None else line[3:].strip()
                continue
            indented = fence is None and line.startswith("    ")
            if not (fence in ("sh", "") or indented) or " [" in line:
                continue
            for command in line.split("  #")[0].split("&&"):
                yield f"{doc.relative_to(ROOT)}:{at}", command.strip()


def tutor_commands() -> list[tuple[str, list[str]]]:
    return [(where, shlex.split(command)[1:]) for where, command in command_lines()
            if command.startswith("cassino-tutor ")]


def benchmark_commands() -> list[tuple[str, str, list[str]]]:
    found = []
    for where, command in command_lines():
        if match := re.search(r"(?:^|\s)benchmarks/(\w+)\.py\b(.*)", command):
            found.append((where, match[1], shlex.split(match[2])))
    return found


def parse(monkeypatch: pytest.MonkeyPatch, run: object) -> argparse.Namespace:
    """The arguments the first parser ``run`` reaches reads, ``run`` stopped there."""
    real = argparse.ArgumentParser.parse_args

    def stop(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> argparse.Namespace:
        raise Parsed(real(self, *args, **kwargs))  # type: ignore[call-overload]

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", stop)
    with pytest.raises(Parsed) as parsed:
        run()  # type: ignore[operator]
    return parsed.value.parsed


def test_the_docs_give_commands_of_both_kinds() -> None:
    assert len(tutor_commands()) > 60 and len(benchmark_commands()) > 20


def test_the_strength_results_are_reproduced_with_the_levels_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/strength.md's Results are of the club and the expert as first measured, kept as club-v1 and expert-v1:
    their commands name those (``club`` is a stronger club now, and would give other figures)."""
    text = (ROOT / "docs" / "strength.md").read_text(encoding="utf-8")
    start = text.splitlines().index("## Results") + 1
    end = text.splitlines().index("### Against the Rust project") + 1
    levels = set()
    for where, words in tutor_commands():
        if where.startswith("docs/strength.md:") and start < int(where.split(":")[1]) < end:
            args = parse(monkeypatch, lambda: build_parser().parse_args(words))
            levels |= {args.a, args.b}
    assert levels == {"random", "greedy", "club-v1", "expert-v1"}


@pytest.mark.parametrize(("where", "words"), tutor_commands(), ids=lambda value: str(value))
def test_a_documented_tutor_command_parses(where: str, words: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    args = parse(monkeypatch, lambda: build_parser().parse_args(words))
    if args.command == "arena":
        for level in (args.a, args.b):
            player(level)  # an unknown level raises


@pytest.mark.parametrize(("where", "script", "words"), benchmark_commands(), ids=lambda value: str(value))
def test_a_documented_benchmark_command_parses(where: str, script: str, words: list[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    if script in POSITIONAL:
        assert len(words) == POSITIONAL[script], where
        return
    monkeypatch.setattr(sys, "argv", [f"benchmarks/{script}.py", *words])
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    parse(monkeypatch, lambda: runpy.run_path(str(ROOT / "benchmarks" / f"{script}.py"), run_name="__main__"))


def test_the_advisor_noise_figures_come_from_the_positions_of_club_v1(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/review.md's noise figures are over 223 positions of club-v1's games (the club of their day); today's
    club plays other rounds (220 positions), so the command that reproduces them names the level."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    from bench_advisor_noise import positions

    found = [len(positions("classic", players, 6, 3, 2026, "club-v1")) for players in (2, 3, 4)]
    assert found == [72, 75, 76]
    text = (ROOT / "docs" / "review.md").read_text(encoding="utf-8")
    assert f"{sum(found)} positions" in text
    assert any(line.startswith("python benchmarks/bench_advisor_noise.py --level club-v1") for line in text.splitlines())


def test_the_arena_format_names_every_level_it_plays() -> None:
    """docs/formats.md's Arena lists the levels ``--a`` and ``--b`` take: the ladder, the frozen and the trials."""
    text = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    arena = text[text.index("## Arena"):text.index("**Mirrored pairs.**", text.index("## Arena"))]
    assert [level for level in (*LEVELS, *FROZEN, *TRIALS) if f"`{level}`" not in arena] == []
