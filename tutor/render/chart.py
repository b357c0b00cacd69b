"""Small charts in text for the terminal: a sparkline, a bar, stars, and text fitted to a width.

Each has a plain ASCII form for terminals without the block glyphs (``symbols=False``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SPARKS = "▁▂▃▄▅▆▇█"
SPARKS_ASCII = ".:-=+*#@"
"""Eight levels, lowest first; the ASCII ones go from light to dark."""
BAR = ("█", "░")
BAR_ASCII = ("#", ".")
STARS = ("★", "☆")
STARS_ASCII = ("*", ".")


def sample(values: Sequence[float], width: int) -> list[float]:
    """At most ``width`` values: all of them, or the last of each of ``width`` equal stretches.

    The last value is always kept, so a chart of the samples ends where the history does.
    """
    n = len(values)
    if n <= width:
        return list(values)
    return [values[-(-(i + 1) * n // width) - 1] for i in range(width)]


def sparkline(values: Sequence[float], width: int, symbols: bool = True) -> str:
    """The values as a line of bars, one a value (sampled to ``width``), lowest value lowest bar.

    A flat history sits in the middle; no values give an empty line.
    """
    levels = SPARKS if symbols else SPARKS_ASCII
    shown = sample(values, max(width, 1))
    if not shown:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return levels[len(levels) // 2 - 1] * len(shown)
    top = len(levels) - 1
    return "".join(levels[round((v - low) / (high - low) * top)] for v in shown)


def bar(share: float, width: int, symbols: bool = True) -> str:
    """A bar ``width`` wide, filled to ``share`` (0 to 1), rounded to the nearest cell."""
    full, empty = BAR if symbols else BAR_ASCII
    filled = round(min(max(share, 0.0), 1.0) * width)
    return full * filled + empty * (width - filled)


def stars(count: int, of: int = 3, symbols: bool = True) -> str:
    """``★★☆`` for 2 of 3 (``**.`` in ASCII)."""
    full, empty = STARS if symbols else STARS_ASCII
    return full * count + empty * (of - count)


def columns(cells: Sequence[str], width: int, indent: int = 2, gap: int = 2) -> list[str]:
    """The cells in as many columns as fit in ``width``, filled down then across; one line a row."""
    if not cells:
        return []
    cell_width = max(len(c) for c in cells) + gap
    count = max(1, min(len(cells), (width - indent + gap) // cell_width))
    rows = -(-len(cells) // count)
    lines = []
    for r in range(rows):
        row = [cells[i] for i in range(r, len(cells), rows)]
        lines.append((" " * indent + "".join(c.ljust(cell_width) for c in row)).rstrip())
    return lines


_CARD = r"(?:10|[2-9AJQKBDT])(?:[♠♥♦♣]|Ka|Kr|[SHDCP])"  # a card as shown, in either language's letters
_ITEM = rf"(?:\[[^\]\s]*(?: [^\]\s]+)*\]|{_CARD})"  # a card, or a build in brackets: [5♦+3♠ 8♥]
_MOVE = rf"(?<![\w+\[]){_CARD} (?:x|b(?:\d+|[AJQKBD]))(?: {_ITEM}(?:\+{_ITEM})*)+(?![\w+\[])"
_TYPED = r"(?:„[^„“\n]{1,24}“|“[^“”\n]{1,24}”)"  # a short quoted text, as a command to type: „lerne tisch“
_WORD = re.compile(rf"( *)(\S*?{_MOVE}\S*|\S*?{_TYPED}\S*|\S+)")
"""A word with the spaces before it; a move in the notation (``4♥ b6 2♦ 6♣``) or a short quoted text (a command to
type, ``„lerne tisch“``), with what clings to it, is one word."""
_NUMBER = re.compile(r"[(\[„“]?[+\-−]?[0-9]+(?:[.,][0-9]+)?")
"""A number standing alone (``2``, ``+10,50``), or after an opening bracket or quote (``(4``): it goes on the line
of the word after it, the noun it counts."""

_SEPARATOR = "·"
"""The dot between the items of a list on one line (``7♠ x 7♣ · 7♠``): it stays with the item before it and never
starts a line."""
_EQUALS = "="
"""The sign between a letter and what it stands for (``Kr = Kreuz``, ``✓ = best``): it stays with both, so that no
line starts or ends with it."""
_NUMBERED = re.compile(r"[(\[„“]?[A-ZÄÖÜ][a-zäöüß]+ [0-9]+[)\]“”.,:;?!]*")
"""A name with its number (``Player 2``, ``Spieler 2``, ``Round 1``), in brackets or before punctuation as well
(``(Player 3).``, ``Player 2:``): one word, as the number and its noun are."""


def fit(text: str, width: int, hang: int | None = None) -> str:
    """Wrap each line longer than ``width`` at spaces: prose goes on flush left, an indented line
    (a row of a list) goes on two columns further in, or at column ``hang`` when given (a table's rows under
    one column).

    A move in the notation, or a short quoted text (a command to type), stays on one line, unless it is longer than
    a line itself, and so does a number with the word after it (``2 gespiegelte``, ``4 rounds``, ``(4 points)``),
    and a name with its number (``Player 2``), whose number counts nothing: the word after it may wrap.  A ``·``
    between items stays at the end of the line of the item before it; an ``=`` stays on one line with the words
    on both sides of it (``Kr = Kreuz``).
    """
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        lead = " " * (len(line) - len(line.lstrip(" ")))
        later = (" " * hang if hang is not None else lead + "  ") if lead else ""
        out.extend(_wrap(line, width, lead, later))
    return "\n".join(out)


def _counts(word: str) -> bool:
    """Whether ``word`` ends with a number that counts the word after it: a number standing alone, not a name's
    (``Spieler 3`` weglässt: the 3 names the player, and the verb may go to the next line)."""
    return bool(_NUMBER.fullmatch(word.rsplit(" ", 1)[-1])) and not _NUMBERED.fullmatch(" ".join(word.split(" ")[-2:]))


def _wrap(line: str, width: int, lead: str, later: str) -> list[str]:
    """The line's words filled greedily into lines of ``width``, the first starting with ``lead``, the others
    with ``later``; spaces between words on one line are kept, a word longer than a line stands alone."""
    words: list[tuple[str, str]] = []
    for gap, word in _WORD.findall(line):
        if len(later) + len(word) > width and " " in word:  # a move too long for any line: its parts
            words.extend(zip([gap] + [" "] * word.count(" "), word.split(" "), strict=True))
        elif words and (_counts(words[-1][1]) or _NUMBERED.fullmatch(words[-1][1].rsplit(" ", 1)[-1] + gap + word)
                        or word in (_SEPARATOR, _EQUALS) or words[-1][1].rsplit(" ", 1)[-1] == _EQUALS) \
                and len(later) + len(words[-1][1] + gap + word) <= width:
            words[-1] = (words[-1][0], words[-1][1] + gap + word)  # the number and its noun, a name and its number,
            # a separator ending the line of what it follows, or an equals sign with what is on either side of it
        else:
            words.append((gap, word))
    lines: list[str] = []
    current = lead
    for gap, word in words:
        if current.strip() and len(current) + len(gap) + len(word) > width:
            lines.append(current)
            current = later + word
        else:
            current += (gap if current.strip() else "") + word
    lines.append(current)
    return lines
