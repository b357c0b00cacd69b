"""The modules mypyc compiles at install (hatch_build.py): a stale one fails loudly, and they still pickle."""

from __future__ import annotations

import copyreg
import hashlib
import importlib
import importlib.machinery
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import is_dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def compiled_sources() -> list[str]:
    """The build hook's ``include``: the sources mypyc compiles (read without tomllib, which 3.10 lacks)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"\[tool\.hatch\.build\.targets\.wheel\.hooks\.custom\].*?include = \[(.*?)\]", text, re.S)
    assert block, "pyproject.toml names the modules to compile"
    return re.findall(r'"/(tutor/[\w/]+\.py)"', block[1])


def console_entry() -> tuple[str, str]:
    """The ``cassino-tutor`` command's module and function, as pyproject.toml's [project.scripts] names them."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    entry = re.search(r'^cassino-tutor = "([\w.]+):(\w+)"$', text, re.M)
    assert entry, "pyproject.toml names the command's entry point"
    return entry[1], entry[2]


def installed_here() -> bool:
    """Whether this checkout is the one pip installed (editable): a worktree run by PYTHONPATH is not."""
    try:
        found = importlib.metadata.distribution("cassino-tutor").read_text("direct_url.json")
    except importlib.metadata.PackageNotFoundError:
        return False
    url = json.loads(found or "{}")
    return bool(url.get("dir_info", {}).get("editable")) and url.get("url") == ROOT.as_uri()


def test_a_compiled_install_compiled_every_module_the_hook_names() -> None:
    manifest = ROOT / "tutor" / "_compiled.json"
    compiler = (sysconfig.get_config_var("CC") or "").split()[:1]
    if installed_here() and compiler and shutil.which(compiler[0]):
        assert manifest.is_file(), "installed with a C compiler but not compiled: see `pip install -v -e .`"
    if not manifest.is_file():
        pytest.skip("this checkout runs pure Python (no compiled install here)")
    sources = compiled_sources()
    assert sorted(json.loads(manifest.read_text(encoding="utf-8"))) == sorted(sources)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    assert [source for source in sources if not (ROOT / source.removesuffix(".py")).with_suffix(suffix).is_file()] == []


def test_every_frozen_dataclass_of_a_compiled_module_pickles_by_its_constructor() -> None:
    sources = compiled_sources()
    assert len(sources) == 22
    frozen = []
    for source in sources:
        module = importlib.import_module(source.removesuffix(".py").replace("/", "."))
        frozen += [value for value in vars(module).values()
                   if isinstance(value, type) and value.__module__ == module.__name__ and is_dataclass(value)
                   and value.__dataclass_params__.frozen]
    assert len(frozen) > 10
    assert [cls.__qualname__ for cls in frozen if cls not in copyreg.dispatch_table] == []


def test_a_compiled_module_older_than_its_source_stops_the_import(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "tutor", tmp_path / "tutor", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    module, function = console_entry()
    if "." not in module:  # a launcher beside the package
        shutil.copy(ROOT / f"{module}.py", tmp_path)
    sources = compiled_sources()
    built = {path: hashlib.sha256((tmp_path / path).read_bytes()).hexdigest() for path in sources}
    (tmp_path / "tutor" / "_compiled.json").write_text(json.dumps(built), encoding="utf-8")

    def import_tutor() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", "import tutor"], capture_output=True, text=True, cwd=tmp_path)

    def command(*args: str) -> subprocess.CompletedProcess[str]:
        """The command as the console script pip makes runs it."""
        script = f"import sys; from {module} import {function}; sys.exit({function}())"
        return subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, cwd=tmp_path)

    assert import_tutor().returncode == 0
    assert command("--help").returncode == 0
    with (tmp_path / sources[0]).open("a", encoding="utf-8") as edited:
        edited.write("# edited after the build\n")
    stale = import_tutor()
    assert stale.returncode == 1
    assert f"compiled modules older than their source: {sources[0]};" in stale.stderr
    assert "pip install -e ." in stale.stderr and "ImportError" in stale.stderr  # a library user's import
    said = command("--help")  # the learner's command: the same words in one line, no traceback, status 1
    assert said.returncode == 1 and said.stdout == ""
    assert "Traceback" not in said.stderr and len(said.stderr.splitlines()) == 1
    assert f"compiled modules older than their source: {sources[0]};" in said.stderr
    assert "pip install -e ." in said.stderr
    for run in (["tutor"], ["tutor.cli.main"]):  # python -m: the launcher's line, word for word, and its status
        by_m = subprocess.run([sys.executable, "-m", *run, "--help"], capture_output=True, text=True, cwd=tmp_path)
        assert (by_m.returncode, by_m.stdout, by_m.stderr) == (1, "", said.stderr), run
