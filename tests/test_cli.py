"""The engine commands as a user runs them: output, JSON shapes, exit codes, no tracebacks."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core.search import SHARE_AFTER

ROOT = Path(__file__).resolve().parents[1]
START = ROOT / "docs" / "examples" / "start.yaml"
ENDGAME = ROOT / "docs" / "examples" / "endgame.yaml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


def write(tmp_path: Path, text: str, name: str = "pos.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_moves_json_has_the_contract_shape() -> None:
    result = run("moves", str(START), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["to_move"] == 0
    assert data["moves"], "the example has legal moves"
    for move in data["moves"]:
        assert set(move) >= {"notation", "card", "kind", "captured", "table", "sweep"}
        assert move["kind"] in {"trail", "capture", "build", "raise", "add"}
        for item in move["table"]:
            if isinstance(item, dict):
                assert set(item) >= {"build", "owner", "value"}
    notations = [m["notation"] for m in data["moves"]]
    assert "8D x [5D+3S] [8H 5H+3C]" in notations
    assert len(notations) == len(set(notations))


def test_moves_listing_uses_suit_symbols() -> None:
    result = run("moves", str(START))
    assert result.returncode == 0
    assert "8♦ x [5♦+3♠] [8♥ 5♥+3♣]" in result.stdout
    assert "8D x [5D+3S]" in run("moves", str(START), "--ascii").stdout


@pytest.mark.parametrize("command", [("moves",), ("solve",), ("advise", "--worlds", "4")])
def test_ascii_before_the_command_holds_as_after_it(command: tuple[str, ...]) -> None:
    """``cassino-tutor --ascii moves FILE`` (the option where the shell takes it) gives letters, as
    ``moves FILE --ascii`` does: the command's own ``--ascii``, left out, must not undo it."""
    result = run("--ascii", command[0], str(START), *command[1:])
    assert result.returncode == 0, result.stderr
    assert "8D x [5D+3S]" in result.stdout and "♦" not in result.stdout


def test_perft_prints_one_integer() -> None:
    result = run("perft", str(ENDGAME), "3")
    assert result.returncode == 0
    assert result.stdout.strip().isdigit()
    assert run("perft", str(ENDGAME), "0").stdout.strip() == "1"


def test_perft_refuses_unknown_hands() -> None:
    result = run("perft", str(START), "2")
    assert result.returncode == 2
    assert "every hand known" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("goal,best", [("cards", ["8D x [5D+3S] [8H 5H+3C]"]), ("card:7c", ["7S x 7C", "7S x 7C 4D+3H"])])
def test_solve_json(goal: str, best: list[str]) -> None:
    result = run("solve", str(START), "--goal", goal, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["best"] == best
    assert data["value"] == data["moves"][0]["value"]
    assert {"goal", "value", "best", "moves"} <= set(data)
    assert all(set(m) == {"notation", "value"} for m in data["moves"])


def test_solve_points_counts_big_cassino(tmp_path: Path) -> None:
    path = write(tmp_path, "hands: [[10S, 3C], 2]\ntable: [10D, 6H, 4S]\n")
    data = json.loads(run("solve", path, "--goal", "points", "--json").stdout)
    assert data["value"] == 3  # 10D (2) and a sweep (1)
    assert data["best"] == ["10S x 10D 6H+4S"]


DEAL = """\
players: 2
hands: [[7S, KD], [7H, 2C]]
table: [5C, 2D]
captured: [[AS, 10D], [3H]]
last_capturer: 1
"""


def test_solve_deal_prints_each_line_of_play(tmp_path: Path) -> None:
    path = write(tmp_path, DEAL)
    text = run("solve", path, "--goal", "deal")
    assert text.returncode == 0, text.stderr
    data = json.loads(run("solve", path, "--goal", "deal", "--json").stdout)
    assert data["value"] == data["moves"][0]["value"]
    for move in data["moves"]:
        # the first move, then three more plays to the end of the round, in both outputs
        assert len(move["line"]) == 3
        shown = text.stdout.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
        assert re.search(rf"{re.escape(move['notation'])} +then {re.escape(', '.join(move['line']))}\n", shown)


# the last deal of a random two-player round: over 12,000 positions, so a search long enough to share
LONG_DEAL = """\
hands: [[2C, 10C, AC, 8C], [9C, 4H, QD, JC]]
table: [10H, 10S, 10D, QH, JS, 6D, 3C, QC, 8H, QS, 7H, 4D]
captured:
  - [9H, 3H, 6H, 2H, 2D, 5C, 6S, 6C, 8D, AD, 7D, 9S, AS, 8S, 4S, 5D, 9D, KH, KC]
  - [JH, JD, KS, KD, 3S, AH, 2S, 7S, 3D, 4C, 7C, 5S, 5H]
last_capturer: 1
"""


def test_solve_jobs_shares_a_long_search_with_the_same_answer(tmp_path: Path) -> None:
    path = write(tmp_path, LONG_DEAL)
    alone, shared = (json.loads(run("solve", path, "--goal", "deal", "--json", "--jobs", jobs).stdout) for jobs in "12")
    assert alone["nodes"] > SHARE_AFTER, "long enough to be shared"
    assert shared["moves"] == alone["moves"]
    assert shared["best"] == alone["best"]


@pytest.mark.parametrize("jobs,expected", [("0", "--jobs must be from 1 to 4, not 0"), ("two", "--jobs takes a whole number (such as --jobs 1), not 'two'")])
def test_solve_refuses_a_bad_jobs_count(jobs: str, expected: str) -> None:
    result = run("solve", str(ENDGAME), "--goal", "deal", "--jobs", jobs)
    assert result.returncode == 2
    assert expected in result.stderr
    assert "Traceback" not in result.stderr


def test_solve_unknown_goal() -> None:
    result = run("solve", str(START), "--goal", "glory")
    assert result.returncode == 2
    assert "goals are" in result.stderr


@pytest.mark.parametrize(
    "text,expected",
    [
        ("hands: [[7S], 2]\ntable: [11H]\n", "pos.yaml:2:9: card 11H does not exist"),
        ("hands: [[7S], 2]\ntable: [7S]\n", "7S appears twice"),
        ("variant: royale\nhands: [[7S], 2]\n", "unknown preset 'royale'"),
        ("hands: [[7S], 2\n", "pos.yaml:"),
        ("variant: {preset: classic, build_dutty: free}\nhands: [[7S], 2]\n", "unknown option 'build_dutty'"),
    ],
)
def test_bad_files_get_one_clear_line(tmp_path: Path, text: str, expected: str) -> None:
    result = run("moves", write(tmp_path, text))
    assert result.returncode == 2
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_file() -> None:
    result = run("moves", "no/such/file.yaml")
    assert result.returncode == 2
    assert "no such file" in result.stderr


def test_check_lists_every_problem(tmp_path: Path) -> None:
    bad = write(tmp_path, "hands: [[7S, 7S], 2]\ntable: [ZZ]\nplayer: 2\n", "bad.yaml")
    good = write(tmp_path, START.read_text(), "good.yaml")
    result = run("check", bad, good)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert any("bad.yaml:1:" in line and "7S appears twice" in line for line in lines)
    assert any("bad.yaml:2:" in line and "ZZ" in line for line in lines)
    assert any("bad.yaml:3:" in line and "players" in line for line in lines)
    assert "good.yaml" not in result.stderr
    ok = run("check", good)
    assert ok.returncode == 0 and "no problems" in ok.stdout


def test_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("moves", "perft", "solve", "check"):
        assert command in result.stdout


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    command = f"{sys.executable} -m tutor moves {START} | head -1"
    result = subprocess.run(command, shell=True, capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.startswith("Player 1 (seat 0) to move")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("goal", "unit"), [("deal", "round points of the mover's side minus the best other side's"),
                                            ("cards", "table cards taken"), ("card:10D", "1 for taking 10D")])
def test_solve_names_the_unit_of_its_values(goal: str, unit: str) -> None:
    result = run("solve", str(ENDGAME if goal == "deal" else START), "--goal", goal)
    first = " ".join(result.stdout.split("\n *")[0].splitlines())  # the heading, wrapped or not
    assert f"({unit})" in first and "best move" in first


@pytest.mark.parametrize("command", [["sheet"], ["replay", "1"], ["arena", "--a", "greedy", "--b", "club"],
                                     ["advise", "x.yaml"]])
def test_a_command_refuses_a_language_it_does_not_have_in_one_line(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Every command with its own ``--lang`` refuses one we do not have before it reads anything."""
    from tutor.cli.main import main

    assert main([*command, "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err == f"cassino-tutor {command[0]}: unknown language 'fr'; languages are: en, de\n"


GLOBAL_OPTIONS = ("--lang", "de", "--ascii", "--no-color")
"""The tool's options (``cassino-tutor --help``) but ``--keep``, which goes with no command."""

EVERY_COMMAND = [
    ("moves", str(START)),
    ("perft", str(ENDGAME), "x"),  # refused: in the language asked for
    ("solve", str(START)),
    ("check", "no/such.yaml"),
    ("sheet", "--format", "txt"),
    ("puzzles", "generate"),
    ("puzzles", "hints", "no/such.yaml"),
    ("puzzles", "replace", "no/such.yaml", "x-1"),
    ("puzzles", "rate", "no/such.yaml"),
    ("arena",),
    ("advise", "no/such.yaml"),
    ("replay", "no/such.yaml"),
]
"""A command line of each command that is quick to answer, in words of the language it is given."""


def test_every_command_is_tried_with_the_tools_options_after_it() -> None:
    from tutor.cli.main import build_parser

    commands = set(_commands(build_parser()))
    assert commands == {line[:2] if line[0] == "puzzles" else line[:1] for line in EVERY_COMMAND}


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The words of every command (``puzzles generate``: a command of a command in its place)."""
    found: list[tuple[str, ...]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _commands(sub, (*path, name)) or [(*path, name)]
    return found


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=lambda line: " ".join(w for w in line[:2] if "/" not in w))
def test_the_tools_options_after_a_commands_arguments_hold_as_before_the_command(
        command: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    """``moves FILE --lang de`` was refused ("unbekannte Argumente: --lang de") where ``check FILE --lang de`` and
    ``--lang de moves FILE`` were not: every command takes the tool's options after its arguments too."""
    from tutor.cli.main import main

    def said(words: list[str]) -> tuple[int, str, str]:
        status = main(words)
        out, err = capsys.readouterr()
        return status, re.sub(r"\b\d+ ms\b", "N ms", out), err  # a search's time is the clock's

    before = said([*GLOBAL_OPTIONS, *command])
    assert said([*command, *GLOBAL_OPTIONS]) == before
    assert said(["--lang", "en", *command]) != said(["--lang", "de", *command])  # the language was heard
    if command[0] == "puzzles":
        assert said(["puzzles", *GLOBAL_OPTIONS, *command[1:]]) == before
    assert said([*command, "--lang", "de", "--keep"]) == (2, "", said(["--keep", "--lang", "de", *command])[2])


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_output_that_cannot_write_the_suits_shows_them_in_letters_and_does_not_fail(
        tmp_path: Path, encoding: str) -> None:
    """Standard output in an ASCII or Latin-1 locale (here ``PYTHONIOENCODING``; a Windows code page when output is
    redirected) could not write ``♠``: every command that shows cards ended in "Something went wrong" (status 70),
    the tutor's script too.  The suits show in letters, as with ``--ascii``; another character the encoding lacks
    (a quotation mark, in ASCII an umlaut) as "?"; a script's line that the encoding cannot read (UTF-8 in an ASCII
    locale) is answered as any mistyped line, where it crashed the shell."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "CASSINO_TUTOR_HOME": str(tmp_path), "COLUMNS": "1000"}

    def said(*args: str, script: str | None = None) -> str:
        done = subprocess.run([sys.executable, "-m", "tutor", *args], input=script, capture_output=True, text=True,
                              encoding=encoding, cwd=ROOT, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "7S x 4D+3H" in said("moves", str(START))
    assert "--ascii" in said("--lang", "de", "--help") and "--ascii" in said("--help")
    assert "7P x 4Ka+3H" in said("--lang", "de", "moves", str(START))
    assert "8D x [5D+3S] [8H 5H+3C]" in said("solve", str(START))
    assert "7S x 3H+4D" in said("sheet", "--format", "txt", "--lang", "en")
    said("sheet", "--lang", "en", "-o", str(tmp_path / "sheet.html"))  # a file is UTF-8: the glyphs kept
    assert "7♠" in (tmp_path / "sheet.html").read_text(encoding="utf-8")
    typed = subprocess.run([sys.executable, "-m", "tutor", "--lang", "de"], input="züge\nquit\n".encode(),
                           capture_output=True, cwd=ROOT, env=env)  # UTF-8 the encoding cannot read: an answer
    assert typed.returncode == 0 and b"Auf Wiedersehen" in typed.stdout and not typed.stderr, typed.stderr
    for lang in ("en", "de"):
        shell = said("--lang", lang, script="puzzle\nshow\nquit\n")
        hand = re.search(r"(?:Your hand|Deine Hand) \(.*\): (.*?) ", shell)
        assert hand is not None and re.fullmatch(r"(?:10|[2-9AJQKBD])(?:[SHDCP]|Ka|Kr)", hand.group(1)), shell
