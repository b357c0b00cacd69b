"""The computer levels' points lost a move, as measured by ``benchmarks/bench_level_loss.py`` (docs/strength.md).

The benchmark writes ``tutor/content/level_losses.json``; the tutor reads it
here to set the learner's figure beside the levels'.  A missing or broken file
is a :class:`LevelLossError` with the reason in a few words: the tutor then
shows the learner's figure alone.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.content import presets

from .reading import ReadRefused, read_bounded

LEVEL_LOSSES = Path(presets.__file__).resolve().parent / "level_losses.json"
"""Where the benchmark writes the figures and the tutor reads them."""
MAX_BYTES = 64 << 10
LEVEL_NAMES = ("random", "greedy", "club", "expert")
"""The ladder, weakest first (:data:`tutor.play.players.LEVELS`)."""


class LevelLossError(ValueError):
    """The figures file cannot be used: missing, unreadable, or not the benchmark's data."""


@dataclass(frozen=True)
class LevelLoss:
    """One level's points lost a move: the ``mean`` over the pairs and its 95% interval ``low`` .. ``high``,
    over ``moves`` reviewed moves."""

    level: str
    mean: float
    low: float
    high: float
    moves: int


@dataclass(frozen=True)
class LevelLosses:
    """The figures of one run: every level against ``opponent`` in ``variant`` with ``players``, ``pairs`` deals."""

    variant: str
    players: int
    opponent: str
    pairs: int
    levels: tuple[LevelLoss, ...]

    def of(self, level: str) -> LevelLoss | None:
        return next((found for found in self.levels if found.level == level), None)


def losses_to_data(figures: LevelLosses, extra: dict[str, Any]) -> dict[str, Any]:
    """The figures as the file keeps them, with ``extra`` keys (the command, the seed) for the reader of the file."""
    return {**extra, "variant": figures.variant, "players": figures.players, "opponent": figures.opponent,
            "pairs": figures.pairs,
            "levels": {f.level: {"mean": f.mean, "low": f.low, "high": f.high, "moves": f.moves}
                       for f in figures.levels}}


def read_level_losses(path: Path = LEVEL_LOSSES) -> LevelLosses:
    """The figures kept in ``path``; :class:`LevelLossError` saying why they cannot be used."""
    try:
        data = json.loads(read_bounded(path, MAX_BYTES, "the levels' figures"))
        levels = tuple(_level(name, data["levels"][name]) for name in LEVEL_NAMES if name in data["levels"])
        if not levels:
            raise LevelLossError("no level measured")
        variant, opponent = data["variant"], data["opponent"]
        if variant not in presets.preset_names() or opponent not in LEVEL_NAMES:
            raise LevelLossError(f"no such preset or level: {variant!r}, {opponent!r}")
        return LevelLosses(variant, _count(data["players"]), opponent, _count(data["pairs"]), levels)
    except ReadRefused as err:
        raise LevelLossError(str(err)) from None
    except LevelLossError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as err:  # a JSON error is a ValueError
        raise LevelLossError(f"not the benchmark's figures ({type(err).__name__}: {err})") from None


def _level(name: str, entry: Any) -> LevelLoss:
    mean, low, high = (float(entry[key]) for key in ("mean", "low", "high"))
    if not all(math.isfinite(x) for x in (mean, low, high)) or not low <= mean <= high:
        raise LevelLossError(f"the figures of {name} are not a mean inside its interval")
    return LevelLoss(name, mean, low, high, _count(entry["moves"]))


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise LevelLossError(f"not a count: {value!r}")
    return value
