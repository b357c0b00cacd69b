"""Options under which a game cannot be what it says are refused: no points to score, hands the deck cannot fill;
and an empty --record folder (issue 22, cases 13 and 16)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from shell_helpers import open_shell

from tutor.content.presets import preset_names
from tutor.content.presets import variant as preset_variant
from tutor.core.position import Position
from tutor.core.round import Match
from tutor.core.scoring import round_points
from tutor.loading.options import OptionError, check_deal, read_variant
from tutor.render import Renderer
from tutor.shell.commands import dispatch

ROOT = Path(__file__).resolve().parents[1]
POINTLESS = ["most_cards=0", "most_spades=0", "point_cards=false", "sweep_points=0", "target=1"]
SAY = Renderer("en").message


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=cwd,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})


@pytest.mark.parametrize("settings", [
    POINTLESS,
    ["most_cards=0", "most_spades=0", "point_cards={10D: 0}", "sweep_points=0"],
    ["most_cards=0", "spade_points=false", "most_spades=0", "point_cards=false", "sweep_points=0", "skunk=bonus"],
])
def test_options_that_score_nothing_are_refused(settings: list[str]) -> None:
    with pytest.raises(OptionError, match="no side can ever score a point"):
        read_variant("classic", settings, SAY)


@pytest.mark.parametrize("settings", [
    [*POINTLESS[:3], "sweep_points=1"],
    ["most_cards=0", "most_spades=0", "point_cards={2S: 1}", "sweep_points=0"],
    ["most_cards=0", "point_cards=false", "sweep_points=0", "spade_points=true", "most_spades=0"],
])
def test_one_way_to_score_is_enough(settings: list[str]) -> None:
    variant = read_variant("classic", settings, SAY)
    assert round_points(variant) + variant.sweep_points > 0


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_scores(preset: str) -> None:
    assert not preset_variant(preset).scores_nothing


def test_the_shell_and_the_sheet_refuse_a_match_that_could_never_end(tmp_path: Path) -> None:
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, "play " + " ".join(POINTLESS)).text
        assert "no side can ever score a point" in said
        assert shell.activity is None
    result = run("sheet", *[w for s in POINTLESS for w in ("--set", s)])
    assert result.returncode == 2 and "no side can ever score a point" in result.stderr
    assert "keine Seite je einen Punkt" in Renderer("de").message("sheet.scores_nothing")


def test_hands_the_deck_cannot_fill_are_refused_not_misdescribed(tmp_path: Path) -> None:
    variant = read_variant("classic", ["hand_size=26"], SAY)
    with pytest.raises(OptionError, match="With 4 players, hand_size=26 needs 104 cards, but the deck has 52"):
        check_deal(variant, 4, SAY)
    with open_shell(tmp_path) as shell:
        said = dispatch(shell, "play hand_size=26 players=4").text
        assert "give at most hand_size=13" in said and "26 cards each" not in said
        assert said.startswith("With 4 players, hand_size=26 needs")  # the option as typed, not "Hand_size=26"
        dispatch(shell, "lang de")
        said = dispatch(shell, "spiele hand_size=26 spieler=4").text
        assert said.startswith("Bei 4 Spielern und hand_size=26 braucht es 104 Karten, das Kartenspiel hat aber 52")
    result = run("arena", "--a", "greedy", "--b", "greedy", "--players", "3", "--set", "hand_size=18")
    assert result.returncode == 2 and "give at most hand_size=17" in result.stderr


@pytest.mark.parametrize(("players", "deck"), [(2, "standard52"), (3, "standard52"), (4, "standard52"),
                                               (3, "italian40")])
def test_the_largest_hand_allowed_is_dealt_whole(players: int, deck: str) -> None:
    variant = read_variant("classic", [f"deck={deck}"], SAY)
    variant = variant.with_options(hand_size=variant.most_hand(players))
    check_deal(variant, players, SAY)
    pos: Position = Match(variant, players).new_round(7)
    assert all(pos.hand_size(seat) == variant.hand_size_resolved for seat in range(players))


def test_an_empty_record_folder_is_refused(tmp_path: Path) -> None:
    result = run("arena", "--a", "greedy", "--b", "greedy", "--pairs", "2", "--record", "", cwd=tmp_path)
    assert result.returncode == 2 and "--record" in result.stderr
    assert list(tmp_path.iterdir()) == []
