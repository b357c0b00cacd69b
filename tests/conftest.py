"""Test setup: the tests folder is importable (reference generator, helpers)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True)
def unhurried_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell's hint and review without their time bounds, so that a test's review never depends on the
    machine's speed (tests that check the bounds set them again)."""
    monkeypatch.setattr("tutor.shell.review_screen.HINT_BUDGET", None)
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_BUDGET", None)
