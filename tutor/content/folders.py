"""Where the lessons, puzzles and templates are.

In a checkout or an editable install they are the top-level folders next to
the ``tutor`` package; an installed wheel carries them inside the package as
``tutor/_content/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]
"""The ``tutor`` package folder."""
CONTENT_KINDS = ("lessons", "puzzles", "templates")


def content_dir(kind: str) -> Path:
    """The folder of ``lessons``, ``puzzles`` or ``templates``."""
    if kind not in CONTENT_KINDS:
        raise ValueError(f"unknown content kind {kind!r}")
    packaged = _PACKAGE / "_content" / kind
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / kind
