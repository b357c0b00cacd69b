"""The small markup the section templates write, read into blocks.

A section template (``templates/<lang>/sheet/<topic>.j2``) writes plain text
in a subset of Markdown, so that one text serves every format:

- a blank line ends a block;
- ``- item`` starts a bullet (indented lines continue it);
- ``| cell | cell |`` is a table row; a ``|---|`` line under the first row makes it the header;
- any other line is paragraph text;
- ``**words**`` are strong.

The HTML, Markdown and text templates draw the blocks; text is escaped by
the HTML template like any other value.  Card glyphs in runs carry their
suit's colour for the HTML sheet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Union

_STRONG = re.compile(r"\*\*(.+?)\*\*")
_CARD = re.compile(r"(?:10|[2-9A-Z])[♠♥♦♣]")  # any language's rank letter: the German queen is D♦, the jack B♠
_RED = ("♥", "♦")
_RULE = re.compile(r"\|[\s:|-]+\|")


@dataclass(frozen=True)
class Run:
    """A stretch of text in one style; ``tone`` is ``red`` or ``black`` for a card."""

    text: str
    strong: bool = False
    tone: str = ""


Runs = tuple[Run, ...]


@dataclass(frozen=True)
class Paragraph:
    runs: Runs
    kind: ClassVar[str] = "paragraph"

    @property
    def text(self) -> str:
        return plain(self.runs)


@dataclass(frozen=True)
class Bullets:
    items: tuple[Runs, ...]
    kind: ClassVar[str] = "bullets"

    @property
    def texts(self) -> tuple[str, ...]:
        return tuple(plain(i) for i in self.items)


@dataclass(frozen=True)
class Table:
    header: tuple[Runs, ...]
    rows: tuple[tuple[Runs, ...], ...]
    kind: ClassVar[str] = "table"

    @property
    def cells(self) -> tuple[tuple[str, ...], ...]:
        """Every row's cells as plain text, the header first."""
        rows = (self.header, *self.rows) if self.header else self.rows
        return tuple(tuple(plain(c) for c in row) for row in rows)

    @property
    def widths(self) -> tuple[int, ...]:
        return tuple(max(len(c) for c in column) for column in zip(*self.cells))


Block = Union[Paragraph, Bullets, Table]


def runs(text: str, strong: bool = False) -> Runs:
    """Text split into runs: ``**strong**`` parts, and card glyphs with their colour."""
    out: list[Run] = []
    for i, part in enumerate(_STRONG.split(text)):
        is_strong = strong or i % 2 == 1
        at = 0
        for m in _CARD.finditer(part):
            if m.start() > at:
                out.append(Run(part[at : m.start()], is_strong))
            out.append(Run(m.group(0), is_strong, "red" if m.group(0)[-1] in _RED else "black"))
            at = m.end()
        if at < len(part):
            out.append(Run(part[at:], is_strong))
    return tuple(out)


def plain(rs: Runs) -> str:
    """The runs as text without markup."""
    return "".join(r.text for r in rs)


def parse(text: str) -> tuple[Block, ...]:
    """The blocks of a section template's output."""
    blocks: list[Block] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines = [line.rstrip() for line in chunk.splitlines() if line.strip()]
        if not lines:
            continue
        if lines[0].startswith("|"):
            blocks.append(_table(lines))
        elif lines[0].startswith("- "):
            blocks.append(Bullets(tuple(runs(item) for item in _items(lines))))
        else:
            blocks.append(Paragraph(runs(" ".join(line.strip() for line in lines))))
    return tuple(blocks)


def _items(lines: list[str]) -> list[str]:
    items: list[str] = []
    for line in lines:
        if line.startswith("- "):
            items.append(line[2:].strip())
        else:
            items[-1] += " " + line.strip()
    return items


def _table(lines: list[str]) -> Table:
    rows = [tuple(runs(c.strip()) for c in line.strip().strip("|").split("|")) for line in lines]
    if len(lines) > 1 and _RULE.fullmatch(lines[1].strip()):
        return Table(rows[0], tuple(rows[2:]))
    return Table((), tuple(rows))
