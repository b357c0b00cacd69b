"""What every computer player is: a level's name, and a choice of move from its seat's view alone."""

from __future__ import annotations

import random
from typing import Protocol

from tutor.core.moves import Move

from .view import SeatView


class Player(Protocol):
    """A computer player: ``level`` names it; ``choose`` picks one of the view's legal moves."""

    @property
    def level(self) -> str: ...

    def choose(self, view: SeatView, rng: random.Random) -> Move: ...
