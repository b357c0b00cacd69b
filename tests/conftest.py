"""Test setup: the tests folder is importable (reference generator, helpers)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
