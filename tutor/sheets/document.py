"""A sheet put into words: sections and examples as views, rendered as HTML, Markdown or text.

Each section's words come from ``templates/<lang>/sheet/<topic>.j2`` (in the
markup of :mod:`.markup`); the frames ``sheet.html``, ``sheet.md.j2`` and
``sheet.txt.j2`` lay them out, and ``section.txt.j2`` gives one section as
text (the shell's ``rules TOPIC`` shows the same).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from markupsafe import Markup

from tutor.content.presets import presets
from tutor.core.cards import Card
from tutor.core.scoring import point_card_order
from tutor.core.table import piles
from tutor.core.variant import OPTIONS, Variant
from tutor.render import Renderer

from .content import Section, Sheet
from .examples import Example
from .markup import Block, Runs, parse, runs

FORMATS: tuple[str, ...] = ("html", "md", "txt")
PAPERS: dict[str, str] = {"a4": "A4", "letter": "letter"}
"""Paper names and their CSS page sizes."""


@dataclass(frozen=True)
class TableItem:
    """A loose card (one pile of one card, no owner) or a build on an example's table."""

    piles: tuple[tuple[Card, ...], ...]
    owner: int | None = None
    value: str = ""


@dataclass(frozen=True)
class MoveLine:
    """One legal move of an example, in the notation; ``shown`` marks the one the caption describes."""

    text: str
    shown: bool

    @property
    def runs(self) -> Runs:
        return runs(self.text)


@dataclass(frozen=True)
class ExampleView:
    """An example ready for the templates; ``rejected`` is (move as typed, the engine's reason)."""

    caption: str
    table: tuple[TableItem, ...]
    hand: tuple[Card, ...]
    card: Card
    moves: tuple[MoveLine, ...]
    rejected: tuple[str, str] | None

    @property
    def caption_runs(self) -> Runs:
        return runs(self.caption)


@dataclass(frozen=True)
class SectionView:
    """A section in words: title, its markup (for Markdown), its blocks, its examples."""

    id: str
    title: str
    markup: str
    blocks: tuple[Block, ...]
    examples: tuple[ExampleView, ...]


def title(renderer: Renderer, topic: str) -> str:
    return renderer.message(f"sheet.topic_{topic}")


def section_view(renderer: Renderer, sheet: Sheet, section: Section) -> SectionView:
    markup = renderer.render(f"sheet/{section.id}", f=section.facts).strip()
    examples = tuple(_example_view(renderer, sheet, e) for e in section.examples)
    return SectionView(section.id, title(renderer, section.id), markup, parse(markup), examples)


def _example_view(renderer: Renderer, sheet: Sheet, example: Example) -> ExampleView:
    pos = example.position
    values = pos.variant.value
    table = tuple(TableItem(((c,),)) for c in pos.loose) + tuple(
        TableItem(tuple(tuple(p) for p in piles(b, values)), b.owner, b.value_label) for b in pos.builds
    )
    rejected = None
    if example.rejected is not None:
        text, reason = example.rejected.text, example.rejected.reason
        rejected = (renderer.card(text), renderer.reason(pos, reason))
    caption = renderer.message(f"sheet.example_{example.id}", v=sheet.variant)
    moves = tuple(MoveLine(renderer.move(pos, m), m == example.shown) for m in example.moves)
    return ExampleView(caption, table, tuple(pos.hands[pos.to_move]), example.shown.card, moves, rejected)


def section_text(sheet: Sheet, lang: str, topic: str, symbols: bool = True) -> str:
    """One section as plain text, as the text sheet prints it."""
    renderer = Renderer(lang, symbols)
    return _section_text(renderer, section_view(renderer, sheet, sheet.section(topic)))


def _section_text(renderer: Renderer, view: SectionView) -> str:
    return renderer.render("sheet/section.txt.j2", s=view).strip()


def render_sheet(sheet: Sheet, lang: str, fmt: str, paper: str = "a4", symbols: bool = True) -> str:
    """The whole sheet in ``fmt`` (``html``, ``md`` or ``txt``); ``paper`` sets the HTML page size; ``symbols``
    False: suits in letters."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; formats are: {', '.join(FORMATS)}")
    renderer = Renderer(lang, symbols)
    views = tuple(section_view(renderer, sheet, s) for s in sheet.sections)
    params: dict[str, Any] = {
        "sheet": sheet,
        **heading(renderer, sheet),
        "sections": views,
        "has_examples": any(v.examples for v in views),
        "runs": runs,
    }
    if fmt == "txt":
        return renderer.render("sheet/sheet.txt.j2", texts=[_section_text(renderer, v) for v in views], **params)
    if fmt == "md":
        return renderer.render("sheet/sheet.md.j2", **params)
    return renderer.render("sheet/sheet.html", lang=lang, css=Markup(_css()), page=PAPERS[paper], **params)


def preset_name(renderer: Renderer, preset: str) -> str:
    """A preset as the learner reads it (``Pik-Cassino``); a preset not in the catalog by its id."""
    return renderer.message(f"presets.{preset}") if preset in presets() else preset


@cache
def _css() -> str:
    return resources.files("tutor.sheets").joinpath("sheet.css").read_text(encoding="utf-8")


@dataclass(frozen=True)
class OptionView:
    """An option set on top of the preset: what it is about and its value in words, the
    ``NAME=VALUE`` one types after ``--set``, and whether it changes nothing under the other rules."""

    name: str
    value: str
    typed: str
    inert: bool = False


def option_view(renderer: Renderer, name: str, value: Any, inert: bool = False,
                variant: Variant | None = None) -> OptionView:
    """The option ``name`` with ``value`` in words (``options.NAME`` and ``options.NAME=VALUE``); given the
    ``variant`` it is set in, the point cards are named as far as its deck holds them."""
    params: dict[str, Any] = {}
    typed = f"{name}={option_text(value)}"
    if name == "point_cards" and variant is not None:
        value = dealt_point_cards(variant)
    if name == "point_cards" and value:
        key, params = "cards", {"cards": list(value.items())}
    elif OPTIONS[name].choices is not None or name == "point_cards":
        key = option_text(value)
    elif value is None:
        key = "null"
    else:
        key, params = "n", {"n": value}
    words = renderer.message(f"options.{name}={key}", **params)
    return OptionView(renderer.message(f"options.{name}"), words, typed, inert)


def dealt_point_cards(variant: Variant) -> dict[str, int] | bool:
    """The variant's point cards that its deck holds (Italian Cassino's has no 10♦), in the count-out order of
    rules 7 (not as typed, as the ``points`` goal and the sheet's scoring table list them), or False for none."""
    cards: dict[str, int] = variant.options()["point_cards"] or {}
    dealt = sorted((item for item in cards.items() if Card.from_str(item[0]) in variant.deck_cards),
                   key=lambda item: point_card_order(Card.from_str(item[0])))
    return dict(dealt) or False


def heading(renderer: Renderer, sheet: Sheet) -> dict[str, Any]:
    """The parameters of a sheet's title and subtitle besides the players: the preset's name, the options on top."""
    return {
        "preset": preset_name(renderer, sheet.variant.preset),
        "options": [option_view(renderer, name, value, name in sheet.inert, sheet.variant)
                    for name, value in sheet.options],
    }


def heading_text(sheet: Sheet, lang: str, symbols: bool = True) -> str:
    """The sheet's title and subtitle as the text sheet prints them."""
    renderer = Renderer(lang, symbols)
    params = heading(renderer, sheet)
    title_line = renderer.message("sheet.title", preset=params["preset"])
    return title_line + "\n" + renderer.message("sheet.subtitle", players=sheet.players, options=params["options"])


def option_text(value: Any) -> str:
    """An option value as it is typed after ``--set NAME=``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}" if value else "false"
    return "null" if value is None else str(value)
