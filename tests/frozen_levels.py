"""The rounds that keep the frozen levels frozen: each played by ``club-v1`` and ``expert-v1`` from a fixed deal.

tests/data/make_frozen_levels.py recorded their moves once into tests/data/frozen_levels.json;
tests/test_frozen_levels.py plays them again and asks for the same moves.  The expert plays as
:data:`~tutor.play.advisor.EXPERT_V1` but with fewer worlds and no time budget (a budget spent would make
its moves depend on the machine's speed): the same code, deterministic and cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.content.presets import variant
from tutor.play.advisor import EXPERT_V1
from tutor.play.game import Ply, play_one_round
from tutor.play.player import Player
from tutor.play.players import player

EXPERT_WORLDS = 8
"""The expert's worlds a move in these rounds."""


@dataclass(frozen=True)
class Game:
    """One recorded round: the preset, the level at each seat, the deal's seed and the first dealer."""

    preset: str
    seats: tuple[str, ...]
    seed: int
    dealer: int = 0

    @property
    def name(self) -> str:
        return f"{self.preset}-{'-'.join(self.seats)}-{self.seed}"


GAMES = (
    Game("classic", ("club-v1", "club-v1"), 11),
    Game("classic", ("club-v1", "club-v1"), 2027, dealer=1),
    Game("royal", ("club-v1", "club-v1", "club-v1"), 5),
    Game("draw", ("club-v1", "club-v1", "club-v1", "club-v1"), 3, dealer=3),
    Game("classic", ("expert-v1", "club-v1"), 7),
    Game("royal", ("club-v1", "expert-v1"), 17, dealer=1),
    Game("classic", ("club-v1", "expert-v1", "club-v1"), 13, dealer=2),
)


def seat_player(level: str) -> Player:
    """The frozen level ``level``, the expert made cheap and deterministic (:data:`EXPERT_WORLDS`, no budget)."""
    if level == "expert-v1":
        return replace(EXPERT_V1, worlds=EXPERT_WORLDS, budget=None)
    return player(level)


def plies_of(game: Game) -> tuple[Ply, ...]:
    """The moves of ``game``'s round, each with the position before it."""
    return play_one_round(variant(game.preset), [seat_player(level) for level in game.seats], game.seed,
                          dealer=game.dealer).plies


def moves_of(game: Game) -> list[str]:
    """The moves of ``game``'s round in notation, each written in the position before it."""
    return [ply.before.notation(ply.move) for ply in plies_of(game)]
