"""The offsets of a game move's difficulty for each skill, as ``python -m tutor.cli.game_offsets`` fitted them on
the reference player (docs/skills.md, "The evidence").

The fit writes ``tutor/content/game_offsets.json``; the skill evidence of a
reviewed round reads it here (:mod:`tutor.teaching.skill_evidence`).  The
file ships with the tutor: a missing or broken one is an error.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tutor.content import presets
from tutor.content.skills import SKILLS

from .reading import read_bounded

GAME_OFFSETS = Path(presets.__file__).resolve().parent / "game_offsets.json"
"""Where the fit writes the offsets and the evidence reads them."""
MAX_BYTES = 64 << 10


class GameOffsetsError(ValueError):
    """The offsets file is not the fit's data."""


def offsets_from_data(data: Any) -> dict[str, float]:
    """The offsets (rating points a skill) of the file's data; :class:`GameOffsetsError` saying what is wrong."""
    try:
        found = {str(skill): float(value) for skill, value in data["offsets"].items()}
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise GameOffsetsError(f"not the fit's offsets ({type(err).__name__}: {err})") from None
    wrong = [skill for skill, value in found.items() if skill not in SKILLS or not math.isfinite(value)]
    if wrong:
        raise GameOffsetsError(f"unknown skills or offsets not finite: {', '.join(sorted(wrong))}")
    return found


def read_game_offsets(path: Path = GAME_OFFSETS) -> dict[str, float]:
    """The offsets kept in ``path``."""
    return offsets_from_data(json.loads(read_bounded(path, MAX_BYTES, "the game offsets")))


@cache
def game_offsets() -> Mapping[str, float]:
    """The shipped offsets, read once."""
    return read_game_offsets()
