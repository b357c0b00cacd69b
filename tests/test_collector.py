"""The garbage collector as the tutor sets it: what was loaded is left out of collections, the young collected
less often (run in a child process: the setting is the process's)."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import gc
from tutor.play.collector import YOUNG_THRESHOLD, tune_collector
before = len(gc.get_objects())
assert gc.get_freeze_count() == 0
tune_collector()
assert gc.get_freeze_count() >= before, (gc.get_freeze_count(), before)
assert gc.get_objects() == [] or len(gc.get_objects()) < before
assert gc.get_threshold()[0] == YOUNG_THRESHOLD > 700
print("ok")
"""


def test_tune_collector_freezes_what_is_loaded_and_collects_the_young_less_often() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr
