"""The content folders are found from a checkout and from an installed wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tutor.content.folders import CONTENT_KINDS, content_dir

ROOT = Path(__file__).resolve().parents[1]


def test_checkout_finds_content() -> None:
    for kind in CONTENT_KINDS:
        assert content_dir(kind) == ROOT / kind
        assert (content_dir(kind) / "README.md").is_file()


@pytest.mark.slow
def test_wheel_carries_content_and_finds_it(tmp_path: Path) -> None:
    # Built from a copy (the mypyc hook compiles in place) and pure: the content is the same compiled, and compiling
    # costs a minute of CI; the compiled install itself is checked by tests/test_compiled.py.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", ".*_cache", ".hypothesis", "build", "dist", "*.so", "*.pyd", "_compiled.json"))
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(tmp_path / "dist"), str(source)],
        capture_output=True, text=True, env={**os.environ, "HATCH_BUILD_NO_HOOKS": "true"},
    )
    assert build.returncode == 0, build.stderr
    wheel = next((tmp_path / "dist").glob("cassino_tutor-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert wheel.name.endswith("-py3-none-any.whl") and "tutor/_compiled.json" not in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    assert "tutor/content/presets.yaml" in names and "cassino_tutor_cli.py" in names
    for kind in CONTENT_KINDS:
        shipped = {n for n in names if n.startswith(f"tutor/_content/{kind}/")}
        expected = {f"tutor/_content/{kind}/{p.relative_to(ROOT / kind).as_posix()}" for p in (ROOT / kind).rglob("*") if p.is_file()}
        assert shipped == expected, kind
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(target), str(wheel)],
        capture_output=True, text=True,
    )
    assert install.returncode == 0, install.stderr
    probe = (
        "from tutor.content.folders import content_dir; from tutor.content.presets import preset_names; "
        "print(*(content_dir(k) for k in ('lessons', 'puzzles', 'templates')), sep='\\n'); print(len(preset_names()))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path,
                         env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split()
    for kind, line in zip(CONTENT_KINDS, lines):
        assert Path(line) == target / "tutor" / "_content" / kind
        assert Path(line, "README.md").is_file()
    assert lines[-1] == "12"
    command = subprocess.run([str(target / "bin" / "cassino-tutor"), "--help"], capture_output=True, text=True,
                             cwd=tmp_path, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})
    assert command.returncode == 0 and "cassino-tutor" in command.stdout, command.stderr
