"""Cassino tutor.

An install may compile some modules with mypyc (hatch_build.py); a compiled
module is imported in place of its .py, so one older than its source would
run old code unseen.  The build records each compiled source's SHA-256 in
_compiled.json; importing tutor fails loudly when a source has changed since
(an ImportError; the cassino-tutor command, cassino_tutor_cli.py, says it in one line, and so does
``python -m tutor``, whose runpy imports this package before tutor/__main__.py could catch anything).
"""

from __future__ import annotations

import sys


def _check_compiled() -> None:
    import hashlib
    import json
    from pathlib import Path

    manifest = Path(__file__).resolve().parent / "_compiled.json"
    if not manifest.is_file():
        return
    root = manifest.parent.parent
    built: dict[str, str] = json.loads(manifest.read_text(encoding="utf-8"))
    stale = sorted(
        path for path, digest in built.items()
        if (root / path).is_file() and hashlib.sha256((root / path).read_bytes()).hexdigest() != digest
    )
    if stale:
        raise ImportError(
            f"compiled modules older than their source: {', '.join(stale)}; rebuild them with "
            f"`pip install -e .` in {root} (or delete {manifest.name} and the .so files to run pure Python)"
        )


try:
    _check_compiled()
except ImportError as error:
    if sys.argv[:1] != ["-m"]:  # runpy sets "-m" only while it imports the package that `python -m` runs
        raise
    from cassino_tutor_cli import said_broken

    raise SystemExit(said_broken(error)) from None
