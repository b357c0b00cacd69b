"""Text from files and from the learner made safe to show: control characters escaped, quotes kept short.

A file's value or a typed word may hold escape sequences (a window title, a
cleared screen) or be thousands of characters long; every message that quotes
one shows it through :func:`escaped` or :func:`excerpt`.  A mistyped name's "did you mean" is :func:`nearest`,
the one such helper.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

EXCERPT_CHARS = 40
"""How much of a value a message quotes."""

LAYOUT = "\n\t"
"""The control characters a screen of several lines keeps."""

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Control characters, line separators and the bidirectional overrides that reorder what a terminal shows."""


def escaped(text: str, keep: str = "") -> str:
    """``text`` with every control character (but those in ``keep``) written as ``\\uNNNN``, as JSON writes it
    (so a JSON document stays one)."""
    return _UNSAFE.sub(lambda m: m[0] if m[0] in keep else f"\\u{ord(m[0]):04x}", text)


_CUT_ESCAPE = re.compile(r"\\u[0-9a-f]{0,3}$")
"""The start of an escape (:func:`escaped`) that a cut left without its end."""


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """``text`` escaped and cut to ``limit`` characters for a message, marked with '…' when cut (never inside an
    escape: ``\\u0…`` would name no character)."""
    shown = escaped(text[: limit + 1])  # escaping never shortens, so more than this is never shown
    return shown if len(shown) <= limit else _CUT_ESCAPE.sub("", shown[: limit - 1]) + "…"


def nearest(word: str, choices: Sequence[str]) -> str:
    """The choice nearest ``word`` (a misspelled name's "did you mean"), or ``""``."""
    near = difflib.get_close_matches(word, list(choices), n=1)
    return near[0] if near else ""
