"""Suits in colour: red hearts and diamonds, for terminals that show colour."""

from __future__ import annotations

import re
from collections.abc import Mapping

from prompt_toolkit.formatted_text import FormattedText

#: A card as the templates print it: a rank and a red suit, glyph or letter, in either language's letters
#: (the German queen and jack are D and B, diamonds Ka: D♥, BKa).
_RED_CARD = re.compile(r"(?:10|[2-9A-Z])?[♥♦]|\b(?:10|[2-9AJQKTBD])(?:[HD]|Ka)\b")

STYLE = {
    "red": "ansired bold",
    "bottom-toolbar": "noreverse bg:ansiblue fg:ansiwhite",
}


def coloured(text: str, colour: bool) -> FormattedText:
    """``text`` as formatted text, red suits marked when ``colour`` is on."""
    if not colour:
        return FormattedText([("", text)])
    parts: list[tuple[str, str]] = []
    last = 0
    for match in _RED_CARD.finditer(text):
        parts.append(("", text[last : match.start()]))
        parts.append(("class:red", match.group()))
        last = match.end()
    parts.append(("", text[last:]))
    return FormattedText([p for p in parts if p[1]])


def ansi(text: str) -> str:
    """``text`` with red suits in terminal colour codes, as :data:`STYLE`'s ``red`` shows them (for a pager)."""
    return _RED_CARD.sub(lambda m: f"\033[1;31m{m.group()}\033[0m", text)


def colour_wanted(no_color_flag: bool, environ: Mapping[str, str]) -> bool:
    """Colour unless ``--no-color`` was given, ``NO_COLOR`` is set (https://no-color.org) or the terminal is
    ``TERM=dumb``, which shows escape codes as they are."""
    return not no_color_flag and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"
