"""The frozen levels (club-v1, expert-v1) play the moves recorded when they were made, and only the arena has them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from frozen_levels import GAMES, Game, plies_of

from tutor.cli.main import main
from tutor.play.advisor import EXPERT_V1
from tutor.play.heuristics import CLUB_V1, Club, ClubWeights
from tutor.play.players import FROZEN, LEVELS, player

RECORDED: dict[str, list[str]] = json.loads((Path(__file__).parent / "data" / "frozen_levels.json").read_text())


def test_every_recorded_round_is_one_of_the_games() -> None:
    assert sorted(RECORDED) == sorted(game.name for game in GAMES)
    assert {level for game in GAMES for level in game.seats} == set(FROZEN)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_frozen_level_plays_the_recorded_moves(game: Game) -> None:
    """The moves are compared as moves, not as text: a build's piles may be written in another order since."""
    plies, recorded = plies_of(game), RECORDED[game.name]
    first = next((i for i, (p, r) in enumerate(zip(plies, recorded)) if p.before.parse_move(r) != p.move), None)
    assert first is None, (f"move {first + 1}: {plies[first].before.notation(plies[first].move)} where "
                           f"{recorded[first]} was recorded")
    assert len(plies) == len(recorded)


def test_the_frozen_levels_are_the_first_club_and_expert() -> None:
    """The settings the recorded rounds do not pin: the expert's worlds and budget (the rounds play it with
    fewer worlds and no budget), and that every frozen default is the v1 value."""
    assert CLUB_V1 == ClubWeights()
    assert (EXPERT_V1.worlds, EXPERT_V1.budget, EXPERT_V1.playout) == (48, 2.0, CLUB_V1)
    assert player("expert-v1") == EXPERT_V1
    club = player("club-v1")
    assert isinstance(club, Club) and club.weights == CLUB_V1 and club.level == "club-v1"


def test_the_frozen_levels_are_not_on_the_ladder() -> None:
    assert not set(FROZEN) & set(LEVELS)
    assert list(LEVELS) == ["random", "greedy", "club", "expert"]


def test_the_arena_plays_a_frozen_level_and_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "club-v1", "--b", "greedy", "--pairs", "2", "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert (data["a"], data["b"], data["pairs"]) == ("club-v1", "greedy", 2)
    assert main(["--lang", "de", "arena", "--a", "Vereinsspieler-v1", "--b", "greedy", "--pairs", "2"]) == 0
    assert capsys.readouterr().out.startswith("Vereinsspieler-v1 (A) gegen Raffer (B)")
    assert main(["arena", "--a", "grandmaster", "--b", "greedy"]) == 2
    said = capsys.readouterr().err
    assert "levels are: random, greedy, club, expert; also for measurements: club-v1, expert-v1" in said
