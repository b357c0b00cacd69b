"""Option values past any sensible range: refused alike by check, solve and sheet, in one line (issue 15)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tutor.core.variant import MAX_POINTS, MAX_TARGET, OPTIONS, VariantError, check_option

ROOT = Path(__file__).resolve().parents[1]
POSITION = "hands: [[7S, 10D, 2S], [4H, 9C, 2C]]\ntable: [3H, 4S, 10H]\n"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


@pytest.mark.parametrize("name", sorted(n for n, spec in OPTIONS.items() if spec.kind is int))
def test_every_number_option_has_a_ceiling(name: str) -> None:
    spec = OPTIONS[name]
    assert spec.maximum is not None
    assert check_option(name, spec.maximum) == spec.maximum
    with pytest.raises(VariantError, match=f"option {name} must be at most {spec.maximum}, not {spec.maximum + 1}"):
        check_option(name, spec.maximum + 1)


def test_a_number_of_thousands_of_digits_is_named_not_printed() -> None:
    with pytest.raises(VariantError) as err:
        check_option("target", 10**5000)
    assert str(err.value) == f"option target must be at most {MAX_TARGET}, not a number of more than 40 digits"


@pytest.mark.parametrize("variant", [
    "{preset: classic, point_cards: {10D: 9999}}",
    "{preset: classic, most_cards: 20000}",
    "{preset: classic, sweep_points: 10000}",
])
def test_check_and_solve_refuse_the_same_point_values(tmp_path: Path, variant: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(f"variant: {variant}\n{POSITION}", encoding="utf-8")
    checked, solved = run("check", str(path)), run("solve", str(path), "--goal", "deal")
    said = checked.stdout + checked.stderr
    assert checked.returncode == 2 and said.count("\n") == 2 and str(MAX_POINTS) in said.splitlines()[0]
    assert solved.returncode == 2 and solved.stderr.splitlines() == [f"cassino-tutor solve: {said.splitlines()[0]}"]
    assert "Traceback" not in checked.stderr + solved.stderr


def test_the_largest_point_values_solve(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(f"variant: {{preset: classic, point_cards: {{10D: {MAX_POINTS}}}, most_cards: {MAX_POINTS}, "
                    f"sweep_points: {MAX_POINTS}}}\n{POSITION}", encoding="utf-8")
    result = run("solve", str(path), "--goal", "deal", "--json")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("setting", ["target=" + "9" * 5000, "hand_size=1000000000"])
def test_sheet_options_out_of_range_get_one_line(setting: str) -> None:
    result = run("sheet", "--set", setting, "--format", "txt")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert len(result.stderr) < 200 and "Traceback" not in result.stderr
