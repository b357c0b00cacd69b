"""Write tests/data/frozen_levels.json: the moves of the frozen levels in the rounds of tests/frozen_levels.py.

Run from the repository root: ``python tests/data/make_frozen_levels.py``, once, when the frozen levels
were made (a run later must write the same file: tests/test_frozen_levels.py checks that they still play
these moves).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from frozen_levels import GAMES, moves_of  # noqa: E402

OUT = Path(__file__).with_name("frozen_levels.json")

if __name__ == "__main__":
    data = {game.name: moves_of(game) for game in GAMES}
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}: {sum(len(m) for m in data.values())} moves in {len(data)} rounds")
