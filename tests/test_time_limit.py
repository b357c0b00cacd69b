"""A deal search too large to finish: warned of before it starts, stopped at --time-limit with what is proven (issue 15)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import LONG_DEAL

from tutor.content.presets import variant
from tutor.core.round import deal_round
from tutor.core.search import STOP_EVERY, solve_deal
from tutor.loading import dump_position, load_position
from tutor.parallel.workers import sharing

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


@pytest.fixture(scope="module")
def huge(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Four players holding twelve cards each: no exact search ends on this machine."""
    pos = deal_round(variant({"preset": "classic", "hand_size": 12}), 4, dealer=3, seed=7)
    path = tmp_path_factory.mktemp("huge") / "huge.yaml"
    path.write_text(dump_position(pos), encoding="utf-8")
    return str(path)


def test_a_huge_deal_is_warned_of_and_stopped_at_the_limit(huge: str) -> None:
    result = run("solve", huge, "--goal", "deal", "--json", "--time-limit", "0.5", "--jobs", "2")
    assert result.returncode == 3
    warning, stopped = result.stderr.splitlines()
    assert warning.startswith("cassino-tutor solve: 48 cards in the hands: this exact search may take much longer")
    assert stopped.startswith("cassino-tutor solve: stopped at the 0.5 s time limit with 0 of 26 moves valued")
    data = json.loads(result.stdout)
    assert data["complete"] is False and data["moves"] == [] and len(data["unfinished"]) == 26



def test_a_huge_deal_stopped_is_said_in_german(huge: str) -> None:
    result = run("--lang", "de", "solve", huge, "--goal", "deal", "--time-limit", "0.3", "--jobs", "1")
    assert result.returncode == 3
    assert result.stderr.splitlines() == [
        "cassino-tutor solve: 48 Karten in den Händen: Diese exakte Suche kann viel länger als eine Minute dauern",
        "cassino-tutor solve: beim Zeitlimit von 0,3 s angehalten, 0 von 26 Zügen bewertet; was gezeigt wird, ist "
        "bewiesen"]
    first, *unfinished, last = result.stdout.splitlines()
    assert first == "Ziel „deal“: Vor dem Zeitlimit wurde kein Zug bewertet."
    assert len(unfinished) == 26 and all(line.endswith("   nicht bewertet") for line in unfinished)
    assert last.endswith(" ms durchsucht)")

def test_a_search_that_ends_in_time_is_complete(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(LONG_DEAL, encoding="utf-8")
    result = run("solve", str(path), "--goal", "deal", "--json", "--time-limit", "600", "--jobs", "1")
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert data["complete"] is True and "unfinished" not in data and data["moves"]


@pytest.mark.parametrize("calls", [1, 2, 4, 7, 10])  # the full search asks about 11 times
def test_what_a_stopped_search_proves_is_true(calls: int) -> None:
    pos = load_position(LONG_DEAL, "long.yaml")
    full = {lv.move: lv.value for lv in solve_deal(pos).moves}
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked >= calls

    partial = solve_deal(pos, stop=stop)
    assert partial.nodes >= (calls - 1) * STOP_EVERY
    assert {lv.move: lv.value for lv in partial.moves}.items() <= full.items()
    assert {u.move for u in partial.unfinished} == full.keys() - {lv.move for lv in partial.moves}
    for u in partial.unfinished:
        assert (u.lower is None or u.lower <= full[u.move]) and (u.upper is None or full[u.move] <= u.upper)
    assert partial.unfinished, "stopped before the end"


@pytest.mark.parametrize("limit", ["0", "-1", "abc", "nan", "inf", "1e999", "9" * 5000])
def test_a_bad_time_limit_is_refused_in_one_line(limit: str) -> None:
    result = run("solve", str(ROOT / "docs" / "examples" / "endgame.yaml"), "--goal", "deal", "--time-limit", limit)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "--time-limit takes a number of seconds above 0" in result.stderr and len(result.stderr) < 200


def test_a_shared_search_stops_in_every_process_and_proves_only_truths() -> None:
    pos = load_position(LONG_DEAL, "long.yaml")
    full = {lv.move: lv.value for lv in solve_deal(pos).moves}
    asked = 0

    def stop() -> bool:  # each forked helper counts on from where the parent was
        nonlocal asked
        asked += 1
        return asked >= 8

    partial = solve_deal(pos, share=sharing(2), stop=stop)
    assert partial.unfinished and {lv.move: lv.value for lv in partial.moves}.items() <= full.items()
    assert {u.move for u in partial.unfinished} | {lv.move for lv in partial.moves} == full.keys()


def test_check_refuses_a_deal_puzzle_too_large_to_prove(huge: str, tmp_path: Path) -> None:
    block = "\n".join("      " + line for line in Path(huge).read_text(encoding="utf-8").splitlines()
                      if not line.startswith("variant"))
    path = tmp_path / "big.yaml"
    path.write_text("puzzles:\n  - id: too-big\n    variant: {preset: classic, hand_size: 12}\n    position:\n"
                    f"{block}\n    goal: deal\n    themes: [endgame]\n    rating: 1500\n"
                    "    hints: [{en: Count., de: Zähle.}]\n", encoding="utf-8")
    result = run("check", str(path))
    assert result.returncode == 2
    assert f"{path}:2:5: goal deal with 48 cards in the hands may take far longer than a minute" in result.stdout + result.stderr


def test_a_stopped_search_lists_the_moves_not_valued_in_the_column_of_the_lines(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The bounds of a move the search did not finish start where the valued moves' lines ("then ...") start: they
    followed the move three spaces on, out of line with the rows above."""
    import tutor.cli.engine as engine
    from tutor.cli.main import main

    path = tmp_path / "long.yaml"
    path.write_text(LONG_DEAL, encoding="utf-8")
    rank, asked = engine.rank_moves, [0]

    def stop_after_some(*args: object) -> object:
        def stop() -> bool:
            asked[0] += 1
            return asked[0] >= 4
        return rank(*args[:3], stop)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "rank_moves", stop_after_some)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["solve", str(path), "--goal", "deal", "--time-limit", "600", "--jobs", "1"]) == 3
    rows = capsys.readouterr().out.splitlines()[1:-1]
    valued = [r.index("then ") for r in rows if "then " in r]
    bounds = [len(r) - len(r.split("   ")[-1].lstrip()) for r in rows if r.lstrip().startswith("?")]
    assert valued and bounds and set(bounds) == {valued[0]}, [r for r in rows if r.lstrip().startswith("?")]
