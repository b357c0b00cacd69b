"""shared/spec/interfaces.md read as an outside tool reads it: what one command prints is fed to another.

`moves --json`'s tables made into positions of their own count `perft 2`; `solve --json` values every move `moves`
lists; `advise` takes the cards listed in other hands and the stock for unknown ones unless `--open`; bad input
leaves standard output empty.  Random last deals over presets and 2, 3 and 4 players.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.randompos import fresh_position, random_play
from tutor.cli.main import main
from tutor.content.presets import variant
from tutor.core.round import next_deal
from tutor.loading.positions import position_to_data

CASES = [(preset, n) for preset in ("classic", "face-gather", "royal-aces-high", "combine-builds", "draw", "italian")
         for n in (2, 3, 4)]


def call(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """The command's exit status, standard output and standard error, as a caller sees them."""
    status = main(list(words))
    said = capsys.readouterr()
    return status, said.out, said.err


def last_deal_file(tmp_path: Path, preset: str, n: int, seed: int) -> tuple[str, dict[str, Any]]:
    """A position of a random round's last deal (every hand known, the stock empty), builds preferred, as a file."""
    rng = random.Random(seed)
    pos = fresh_position(rng, variant(preset), n)
    while pos.stock_size or pos.needs_deal() or sum(map(len, pos.hands)) > 7:
        if pos.needs_deal():
            next_deal(pos)
        if not random_play(rng, pos, 1, build_bias=0.8):
            pos = fresh_position(rng, variant(preset), n)
    data = position_to_data(pos)
    path = tmp_path / f"{preset}-{n}.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path), data


def moves_of(capsys: pytest.CaptureFixture[str], path: str) -> dict[str, Any]:
    """`moves --json`: exit status 0, one line of JSON on standard output, nothing on standard error."""
    status, out, err = call(capsys, "moves", path, "--json")
    assert (status, err) == (0, ""), err
    assert out.count("\n") == 1
    document: dict[str, Any] = json.loads(out)
    return document


def child(data: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    """The position after ``move`` (an element of `moves --json`) made from the JSON alone, as an outside tool does."""
    n = data.get("players", 2)
    seat = data.get("to_move", 0)
    after = dict(data, table=move["table"], to_move=(seat + 1) % n, dealer=data.get("dealer", (seat - 1) % n))
    after["hands"] = [[c for c in hand if c != move["card"]] if s == seat else hand for s, hand in enumerate(data["hands"])]
    if move["kind"] == "capture":
        captured = [list(pile) for pile in data.get("captured", [[] for _ in range(n)])]
        captured[seat] += [*move["captured"], move["card"]]
        after.update(captured=captured, last_capturer=seat)
    return after


@pytest.mark.parametrize(("preset", "n"), CASES)
def test_perft_2_counts_through_the_tables_moves_json_gives(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           preset: str, n: int) -> None:
    """Each `table` of `moves --json` is a table in the position format (every build with owner and value, a face
    build's value its rank letter): a position made of it lists the moves `perft` counts after that move."""
    path, data = last_deal_file(tmp_path, preset, n, seed=len(preset) * 10 + n)
    listed = moves_of(capsys, path)["moves"]
    assert call(capsys, "perft", path, "1")[1] == f"{len(listed)}\n"
    total = 0
    for i, move in enumerate(listed):
        after = tmp_path / f"after-{i}.yaml"
        after.write_text(json.dumps(child(data, move)), encoding="utf-8")
        total += max(1, len(moves_of(capsys, str(after))["moves"]))  # a sequence ends early at the round's end
    status, out, err = call(capsys, "perft", path, "2")
    assert (status, out, err) == (0, f"{total}\n", "")


@pytest.mark.parametrize(("preset", "n"), CASES[::2])
def test_solve_values_every_move_moves_lists_and_best_is_every_move_at_the_value(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, preset: str, n: int) -> None:
    path, data = last_deal_file(tmp_path, preset, n, seed=n)
    legal = sorted(m["notation"] for m in moves_of(capsys, path)["moves"])
    loose = [item for item in data["table"] if isinstance(item, str)]
    for goal in ["cards", "points", "sweep", "deal", *(f"card:{c}" for c in loose[:1])]:
        status, out, err = call(capsys, "solve", path, "--goal", goal, "--json")
        assert (status, err, out.count("\n")) == (0, "", 1), err
        solved = json.loads(out)
        assert solved["goal"] == goal
        assert sorted(m["notation"] for m in solved["moves"]) == legal
        assert solved["value"] == max(m["value"] for m in solved["moves"])
        assert sorted(solved["best"]) == sorted(m["notation"] for m in solved["moves"] if m["value"] == solved["value"])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_advise_takes_the_cards_listed_in_other_hands_and_the_stock_for_unknown_ones(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, n: int) -> None:
    """interfaces.md: "Cards listed in other hands or in the stock are treated as unknown unless --open is given":
    the same seed gives the same advice whether they are listed or given as counts."""
    rng = random.Random(n)
    pos = fresh_position(rng, variant("classic"), n)
    random_play(rng, pos, 3 * n)
    listed = position_to_data(pos)
    seat = listed.get("to_move", 0)
    counted = dict(listed, hands=[h if s == seat else len(h) for s, h in enumerate(listed["hands"])],
                   stock=len(listed.get("stock", [])))
    answers = []
    for name, data in (("listed", listed), ("counted", counted)):
        path = tmp_path / f"{name}.yaml"
        path.write_text(json.dumps(data), encoding="utf-8")
        status, out, err = call(capsys, "advise", str(path), "--json", "--worlds", "3", "--seed", "5")
        assert (status, err) == (0, ""), err
        answers.append(json.loads(out))
    assert answers[0] == answers[1]


@pytest.mark.parametrize("command", [("moves", "--json"), ("perft", "1"), ("solve", "--json"), ("advise", "--json")])
@pytest.mark.parametrize("text", ["variant: classic\nhands: [[11H, 8D], 2]\ntable: [7C]\n",
                                  "variant: classic\nhands: [[7S, 8D], 2]\ntable: [7C]\ntablez: []\n"])
def test_bad_input_is_one_line_on_standard_error_and_nothing_on_standard_output(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, str], text: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    status, out, err = call(capsys, command[0], str(path), *command[1:])
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and f"{path}:" in err and "Traceback" not in err
