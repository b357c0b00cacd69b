"""Write tests/data/perft.yaml: positions at the last deal and their perft counts.

Run from the repository root: ``python tests/data/make_perft.py``.  Counts come
from the engine; tests/test_perft.py checks them again with the engine and, at
the shallow depths, with the naive reference generator.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from randompos import random_play  # noqa: E402

from tutor.cli.engine import perft_count  # noqa: E402
from tutor.content.presets import variant  # noqa: E402
from tutor.core.round import deal_round, next_deal  # noqa: E402
from tutor.loading.positions import position_to_data  # noqa: E402

SPECS = [
    ("classic", 2), ("classic", 2), ("classic", 2), ("classic", 3), ("classic", 4),
    ("royal", 2), ("royal-aces-high", 2), ("draw", 2), ("spade", 2), ("italian", 2),
    ("italian", 3), ("michigan", 2), ("michigan-5", 2), ("sudden-death", 2), ("face-gather", 2),
    ("combine-builds", 2), ("combine-builds", 4), ("classic-take-or-add", 2), ("classic-take-or-add", 3),
    ("face-gather", 4), ("royal", 4), ("classic", 2),
]
DEPTHS = {2: 4, 3: 3, 4: 3}


def main() -> None:
    out = []
    for i, (name, players) in enumerate(SPECS):
        rng = random.Random(i)
        seed = 1000 + i
        while True:  # a round that reaches its last deal (an instant limit may end one early)
            pos = deal_round(variant(name), players, dealer=players - 1, seed=seed)
            while (pos.stock_size or pos.needs_deal()) and not pos.is_round_over():
                if pos.needs_deal():
                    next_deal(pos)
                careful = [m for m in pos.generate() if not pos.penalised(m) and not pos.is_sweep(m)]
                pos.push(rng.choice(careful or pos.generate()))
            if not pos.is_round_over():
                break
            seed += 100
        random_play(rng, pos, rng.randrange(0, players), build_bias=0.6)
        pos._stack.clear()
        depth = DEPTHS[players]
        counts = {d: perft_count(pos, d) for d in range(1, depth + 1)}
        out.append({"name": f"{name}, {players} players, seed {i}", "position": position_to_data(pos), "perft": counts})
    header = "# Perft counts: written by tests/data/make_perft.py, checked by tests/test_perft.py.\n"
    Path(__file__).with_name("perft.yaml").write_text(header + yaml.safe_dump(out, sort_keys=False, default_flow_style=None, width=120))


if __name__ == "__main__":
    main()
