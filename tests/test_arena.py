"""cassino-tutor arena: mirrored pairs, its JSON, the same answer whatever --jobs, records that replay, bad arguments."""

from __future__ import annotations

import errno
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cli.engine import move_data
from tutor.cli.main import main
from tutor.content.presets import preset_names, variant
from tutor.core.round import next_deal
from tutor.loading.positions import load_position
from tutor.play.arena import Contest, arrangements, interval, play_pair
from tutor.play.game import RoundRecord
from tutor.play.players import FROZEN, LEVELS, TRIALS
from tutor.render import LANGS, Renderer
from tutor.render.chart import fit


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["arena", *args, "--json"]) == 0
    out = capsys.readouterr().out
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_json_has_its_keys_and_a_consistent_interval(capsys: pytest.CaptureFixture[str], n: int) -> None:
    data = run_json(capsys, "--a", "club", "--b", "random", "--players", str(n), "--pairs", "3", "--seed", "5")
    assert {"a", "b", "variant", "players", "pairs", "mean", "low", "high", "sd", "rounds", "seed"} <= set(data)
    assert (data["a"], data["b"], data["variant"], data["players"], data["pairs"]) == ("club", "random", "classic", n, 3)
    assert data["rounds"] == 3 * len(arrangements(n)) and data["seed"] == 5
    assert data["low"] <= data["mean"] <= data["high"]


def test_options_on_top_of_the_preset_are_named_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--a", "greedy", "--b", "greedy", "--variant", "royal", "--set", "target=11", "--pairs", "2")
    assert data["variant"] == {"preset": "royal", "target": 11}


def test_the_same_seed_gives_the_same_json_whatever_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--a", "club", "--b", "greedy", "--players", "3", "--pairs", "6", "--seed", "9")
    assert run_json(capsys, *args, "--jobs", "1") == run_json(capsys, *args, "--jobs", "2")
    assert run_json(capsys, *args) != run_json(capsys, *args[:-1], "10")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_side_takes_each_seat_equally_often(n: int) -> None:
    rounds = arrangements(n)
    for seat in range(n):
        held = Counter(arrangement[seat] for arrangement in rounds)
        assert held["a"] == held["b"] > 0
    assert sum(arrangement.count("a") for arrangement in rounds) == sum(a.count("b") for a in rounds)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_pair_plays_one_deal_in_every_arrangement(n: int) -> None:
    played: list[tuple[str, RoundRecord]] = []
    play_pair(Contest("club", "greedy", variant("classic"), n, 2, 3), 1, lambda i, a, r: played.append((a, r)))
    assert [a for a, _ in played] == list(arrangements(n))
    first_deals = {(tuple(map(tuple, r.plies[0].before.hands)), tuple(r.plies[0].before.loose)) for _, r in played}
    assert len(first_deals) == 1


@settings(max_examples=12, deadline=None)
@given(preset=st.sampled_from(preset_names()), n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**63),
       index=st.integers(0, 1000))
def test_swapping_the_levels_negates_a_pair_and_a_level_against_itself_scores_nothing(
        preset: str, n: int, seed: int, index: int) -> None:
    v = variant(preset)
    ab = play_pair(Contest("club", "random", v, n, 2, seed), index)
    ba = play_pair(Contest("random", "club", v, n, 2, seed), index)
    assert ab == pytest.approx(-ba)
    assert play_pair(Contest("club", "club", v, n, 2, seed), index) == 0


def test_the_interval_holds_the_mean_and_narrows_with_more_values() -> None:
    few, many = interval([1.0, 3.0, 5.0]), interval([1.0, 3.0, 5.0] * 4)
    assert few.low < few.mean == 3.0 < few.high
    assert many.high - many.low < few.high - few.low
    with pytest.raises(ValueError):
        interval([1.0])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_record_replays_move_by_move_through_the_engine(capsys: pytest.CaptureFixture[str], tmp_path: Path, n: int) -> None:
    assert main(["arena", "--a", "club", "--b", "random", "--players", str(n), "--pairs", "2",
                 "--variant", "draw", "--record", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 2 * len(arrangements(n))
    for file in files:
        lines = [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines()]
        pos = load_position(json.dumps(lines[0]["position"]), str(file))
        for number, line in enumerate(lines):
            assert pos.state_key() == load_position(json.dumps(line["position"]), f"{file}:{number}").state_key()
            played = [m for m in pos.generate() if move_data(pos, m) == line["move"]]
            assert played, f"{file}:{number + 1}: {line['move']} is not legal"
            pos.push(played[0])
            if pos.needs_deal():
                next_deal(pos)
        assert pos.is_round_over()


def test_a_records_position_gives_every_hand_and_the_stock_as_lists_of_cards(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """interfaces.md: a record's position has "every hand and the stock as lists of cards", so a reader may take
    ``position["stock"]`` as a list on every line, also once the stock is empty (the last deal's moves)."""
    assert main(["arena", "--a", "greedy", "--b", "random", "--pairs", "2", "--record", str(tmp_path)]) == 0
    lines = [json.loads(line) for file in sorted(tmp_path.glob("*.jsonl"))
             for line in file.read_text(encoding="utf-8").splitlines()]
    assert any(not line["position"].get("stock") for line in lines), "the last deal is played from an empty stock"
    for line in lines:
        assert isinstance(line["position"]["stock"], list), line["position"]
        assert all(isinstance(hand, list) for hand in line["position"]["hands"]), line["position"]


@pytest.mark.parametrize(("args", "words"), [
    (["--b", "greedy"], "give a level with --a"),
    (["--a", "grandmaster", "--b", "greedy"], "unknown level 'grandmaster'; levels are: random, greedy, club"),
    (["--a", "club", "--b", "greedy", "--players", "5"], "--players must be from 2 to 4"),
    (["--a", "club", "--b", "greedy", "--pairs", "1"], "--pairs must be from 2"),
    (["--a", "club", "--b", "greedy", "--pairs", "many"], "--pairs takes a whole number"),
    (["--a", "club", "--b", "greedy", "--variant", "chess"], "unknown preset 'chess'"),
    (["--a", "club", "--b", "greedy", "--set", "target"], "--set takes OPTION=VALUE"),
    (["--a", "club", "--b", "greedy", "--jobs", "0"], "--jobs must be from 1"),
])
def test_bad_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert main(["arena", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and words in captured.err


@pytest.mark.parametrize(("lang", "typed", "near"), [("en", "clubb", "club"), ("de", "raffr", "Raffer"),
                                                     ("en", "expert-draw2", "expert-draw-2")])
def test_a_mistyped_level_gets_the_nearest_and_the_ladder_apart_from_the_measuring_levels(
        lang: str, typed: str, near: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--a clubb`` got no "did you mean", and its list mixed the frozen and trial levels (club-v1, expert-trial,
    expert-draw-2, ...) into the ladder's; they are still taken, listed after the ladder's levels."""
    say = Renderer(lang).message
    ladder, others = ([say(f"levels.{level}") for level in group] for group in (LEVELS, [*FROZEN, *TRIALS]))
    listed = {"en": f"levels are: {', '.join(ladder)}; also for measurements: {', '.join(others)}",
              "de": f"Stufen: {', '.join(ladder)}; außerdem für Messungen: {', '.join(others)}"}[lang]
    assert main(["arena", "--a", typed, "--b", "greedy", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and {"en": f"(did you mean {near}?)", "de": f"(meintest du „{near}“?)"}[lang] in err
    assert err.endswith(f"; {listed}\n"), err
    assert main(["arena", "--b", "greedy", "--lang", lang]) == 2  # no level: the same list
    assert capsys.readouterr().err.endswith(f"; {listed}\n")


def test_a_record_folder_that_is_a_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "taken"
    file.write_text("x", encoding="utf-8")
    assert main(["arena", "--a", "club", "--b", "greedy", "--record", str(file)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "words"), [("en", "holds the records of an earlier run; choose a new folder"),
                                             ("de", "enthält schon die Aufzeichnungen eines früheren Laufs")])
def test_a_record_folder_holding_an_earlier_runs_records_is_refused_and_kept(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, words: str) -> None:
    """A second run into the same folder wrote over the first run's pairs it played again and left the others:
    the folder then mixed two runs, nothing to tell which is which."""
    assert main(["arena", "--a", "random", "--b", "greedy", "--pairs", "3", "--record", str(tmp_path)]) == 0
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert len(first) == 6
    capsys.readouterr()
    assert main(["--lang", lang, "arena", "--a", "random", "--b", "greedy", "--pairs", "2", "--seed", "9",
                 "--record", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == first


@pytest.mark.parametrize(("lang", "words"), [("en", "cannot be written (the disk is full)"),
                                             ("de", "lässt sich nicht schreiben (der Datenträger ist voll)")])
def test_a_record_that_cannot_be_written_is_said_in_the_chosen_language(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, words: str) -> None:
    def full(*args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", full)
    assert main(["--lang", lang, "arena", "--a", "greedy", "--b", "random", "--pairs", "2", "--jobs", "1",
                 "--record", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and os.strerror(errno.ENOSPC) not in err


def test_the_report_names_both_levels_and_the_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "club", "--b", "random", "--pairs", "4"]) == 0
    words = " ".join(capsys.readouterr().out.split())
    assert "club (A) against random (B), Classic Cassino, 2 players: 4 mirrored pairs, 8 rounds" in words
    assert "points a mirrored pair (95% interval" in words


def test_the_report_is_in_german_with_german_level_names_and_wrapped(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["--lang", "de", "arena", "--a", "greedy", "--b", "club", "--pairs", "2", "--players", "4",
                 "--variant", "royal-aces-high"]) == 0
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines()), out
    words = " ".join(out.split())
    assert words.startswith("Raffer (A) gegen Vereinsspieler (B), Royal-Cassino mit hohen Assen, 4 Spieler: 2")
    assert "gespiegelte Paare, 4 Runden, Startwert 1" in words and "je gespiegeltes Paar (95-%-Intervall" in words
    assert not any(english in words for english in ("against", "points", "interval", "greedy"))
    assert main(["arena", "--lang", "de", "--a", "club", "--b", "random", "--pairs", "2"]) == 0
    assert capsys.readouterr().out.startswith("Vereinsspieler (A) gegen Zufallsspieler (B)")


BARE_NUMBER = re.compile(r"[+\-−]?[0-9]+(?:[.,][0-9]+)?")
"""A number standing alone, as a count or a score is written before what it counts (``2``, ``+10,50``)."""


def numbers_left_bare(lines: list[str], paragraphs: list[str]) -> list[str]:
    """The lines that end with a bare number although their paragraph goes on on the next line."""
    return [line for line, after in zip(lines, lines[1:])
            if BARE_NUMBER.fullmatch(line.split()[-1]) and not any(p.startswith(after) for p in paragraphs)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", ["2", "4"])
def test_no_number_of_the_report_is_wrapped_apart_from_what_it_counts(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, players: str) -> None:
    """At 80 columns as the command prints it, and the unwrapped report fitted to every width from 30 to 120:
    no line ends with a number whose noun (``2 gespiegelte Paare``, ``4 rounds``) is on the next line."""
    args = ["arena", "--lang", lang, "--a", "greedy", "--b", "random", "--pairs", "2", "--players", players]
    monkeypatch.setenv("COLUMNS", "1000")
    assert main(args) == 0
    paragraphs = capsys.readouterr().out.splitlines()
    monkeypatch.setenv("COLUMNS", "80")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.split() == "\n".join(paragraphs).split()
    assert numbers_left_bare(out.splitlines(), paragraphs) == [], out
    for width in range(30, 121):
        lines = fit("\n".join(paragraphs), width).splitlines()
        assert numbers_left_bare(lines, paragraphs) == [], (width, lines)
        assert all(len(line) <= width for line in lines), (width, lines)
