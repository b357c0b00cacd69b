"""Test setup: the tests folder is importable (reference generator, helpers); the tutors the tests start keep
their content read in a folder of the test run, not in the user's cache."""

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.loading.content_cache import CACHE_VARIABLE

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(autouse=True, scope="session")
def kept_content(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """One cache folder for the run (each worker its own), which the tutors started in a test process or a
    child process share: the content is parsed once, and the user's cache folder is never touched."""
    before = os.environ.get(CACHE_VARIABLE)
    os.environ[CACHE_VARIABLE] = str(tmp_path_factory.mktemp("content-cache"))
    yield
    if before is None:
        del os.environ[CACHE_VARIABLE]
    else:
        os.environ[CACHE_VARIABLE] = before


@pytest.fixture(autouse=True)
def unhurried_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell's hint and review without their time bounds, so that a test's review never depends on the
    machine's speed (tests that check the bounds set them again)."""
    monkeypatch.setattr("tutor.shell.review_screen.HINT_BUDGET", None)
    monkeypatch.setattr("tutor.shell.review_screen.REVIEW_BUDGET", None)
