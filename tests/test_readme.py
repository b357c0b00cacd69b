"""The README's quick start: two commands that work on a fresh machine, the second the one CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def quick_start() -> list[str]:
    """The commands of the README's quick start, comments removed."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start.*?```sh\n(.*?)```", text, re.S)
    assert block, "the README has a quick start with a sh block"
    return [line.split("#")[0].strip() for line in block[1].splitlines() if line.strip()]


def test_the_quick_start_installs_into_a_virtual_environment() -> None:
    start, test = quick_start()
    for command in (start, test):
        assert command.startswith("python3 -m venv .venv && .venv/bin/pip install -e "), command
    assert start.endswith(".venv/bin/cassino-tutor")
    assert test.endswith(".venv/bin/python -m pytest")


def test_ci_runs_the_readmes_test_command() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [line for line in lines if line and not line.startswith(("#", "set ", "cd "))]
    assert commands == [quick_start()[1]]
