"""The house: packages only at the top of tutor/, each room's imports by the contracts of .importlinter (layers, no
circles), modules of at most 600 lines, docs/architecture.md naming every room and docs/generator.md every module of
the generator."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tutor"
MOST_LINES = 600


def rooms() -> list[str]:
    return sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter's check of the contracts in ``root``/.importlinter on the ``tutor`` package in ``root``."""
    probe = "from importlinter.cli import lint_imports; raise SystemExit(lint_imports(no_cache=True))"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=root,
                          env={"PYTHONPATH": str(root), "PATH": "", "LANG": "C.UTF-8"})


def test_the_top_of_the_package_holds_rooms_only() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert loose == [], f"modules belong in a room (a package): {loose}"
    assert 8 <= len(rooms()) <= 14, rooms()


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_no_log_file_is_kept_in_the_repository() -> None:
    """A run's log is no part of the project: laneB.log (a shell's 'setup.sh: No such file or directory', four
    times) was committed at the top with the change of resume N on 5 December 2026."""
    kept = subprocess.run(["git", "ls-files", "*.log"], capture_output=True, text=True, cwd=ROOT, check=True)
    assert kept.stdout.split() == []


@pytest.mark.parametrize("room", rooms())
def test_each_room_says_its_job_in_one_line(room: str) -> None:
    doc = ast.get_docstring(ast.parse((PACKAGE / room / "__init__.py").read_text(encoding="utf-8")))
    assert doc, f"tutor/{room}/__init__.py needs a docstring"
    assert doc.splitlines()[0].endswith("."), f"tutor/{room}: the first line says the room's job in one sentence"


def test_the_architecture_table_matches_the_tree() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = re.findall(r"^\| `tutor/(\w+)/` \|", text, re.M)
    assert sorted(named) == rooms(), "docs/architecture.md: one row a room, in the order of the layers"
    layers = (ROOT / ".importlinter").read_text(encoding="utf-8").split("layers =")[1].split("exhaustive")[0]
    in_layer_order = [name for line in layers.split("\n") for name in re.findall(r"\w+", line)]
    assert named == in_layer_order, "the table lists the rooms top down, as the layers contract does"


def test_the_generators_module_table_matches_its_room() -> None:
    text = (ROOT / "docs" / "generator.md").read_text(encoding="utf-8")
    named = re.findall(r"^\| `(\w+\.py)` \|", text, re.M)
    modules = sorted(p.name for p in (PACKAGE / "generator").glob("*.py") if p.name != "__init__.py")
    assert sorted(named) == modules, "docs/generator.md: one row a module of tutor/generator/"


def test_no_module_is_longer_than_600_lines() -> None:
    long = {str(p.relative_to(ROOT)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}, f"split these along their seams: {long}"


def test_the_import_contracts_hold() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(("module", "added", "broken"), [
    ("core/cards.py", "import tutor.render", "The rules core imports nothing of ours outside it"),
    ("play/view.py", "import tutor.loading", "The computer players import only the rules core"),
    ("render/words.py", "import tutor.shell", "Render does not import the shell"),
    ("storage/games.py", "import tutor.cli.main", "Nothing below the shell and the command line imports them"),
    ("loading/options.py", "import tutor.teaching.coach", "Each room imports only the rooms below it"),
    ("core/cards.py", "from tutor.core import position", "No circles between the modules of a package"),
    ("helpers.py", "", "Each room imports only the rooms below it"),
])
def test_a_forbidden_import_breaks_the_contracts(tmp_path: Path, module: str, added: str, broken: str) -> None:
    shutil.copytree(PACKAGE, tmp_path / "tutor", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / ".importlinter", tmp_path)
    target = tmp_path / "tutor" / module
    target.write_text((target.read_text(encoding="utf-8") if target.exists() else "") + f"\n{added}\n",
                      encoding="utf-8")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.search(rf"^{re.escape(broken)}.* BROKEN$", result.stdout, re.M), result.stdout
