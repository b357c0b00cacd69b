"""Printable rule sheets for any variant, in English and German.

:func:`build_sheet` computes a sheet as data from a variant,
:func:`render_sheet` puts it into words (HTML, Markdown or text), and
:func:`rules_text` and :func:`topics` give the shell one section at a time.
"""

from __future__ import annotations

from ..core.variant import Variant
from ..render import Renderer
from .content import TOPICS, Sheet, build_sheet
from .document import FORMATS, PAPERS, render_sheet, section_text, title

__all__ = ["FORMATS", "PAPERS", "TOPICS", "Sheet", "build_sheet", "render_sheet", "rules_text", "topics"]


def topics(lang: str) -> list[tuple[str, str]]:
    """Every topic as (id, title in ``lang``), in sheet order."""
    renderer = Renderer(lang)
    return [(t, title(renderer, t)) for t in TOPICS]


def find_topic(word: str) -> str | None:
    """The topic an id, or an English or German title, names (any case); None if none does."""
    key = word.strip().casefold()
    for lang in ("en", "de"):
        for topic, name in topics(lang):
            if key in (topic, name.casefold()):
                return topic
    return None


def rules_text(variant: Variant, players: int, lang: str, topic: str | None, symbols: bool = True) -> str | None:
    """The rules as the text sheet words them: with no topic, the list of
    topics; with a topic (id or title), that section; None for an unknown topic."""
    if topic is None:
        return Renderer(lang, symbols).message("sheet.contents", topics=topics(lang)).rstrip()
    found = find_topic(topic)
    if found is None:
        return None
    return section_text(build_sheet(variant, players), lang, found, symbols)
