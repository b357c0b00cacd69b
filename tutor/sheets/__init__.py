"""Printable rule sheets for any variant, in English and German.

:func:`build_sheet` computes a sheet as data from a variant,
:func:`render_sheet` puts it into words (HTML, Markdown or text), and
:func:`rules_text` and :func:`topics` give the shell one section at a time.
"""

from __future__ import annotations

from tutor.core.variant import Variant
from tutor.render import Renderer, find_name

from .content import TOPICS, Sheet, build_sheet
from .document import FORMATS, PAPERS, heading_text, render_sheet, section_text, title

__all__ = ["FORMATS", "PAPERS", "TOPICS", "Sheet", "build_sheet", "render_sheet", "rules_text", "topics"]


def topics(lang: str) -> list[tuple[str, str]]:
    """Every topic as (the word that asks for it in ``lang``, its title in ``lang``), in sheet order."""
    renderer = Renderer(lang)
    return [(renderer.message(f"topic_ids.{t}"), title(renderer, t)) for t in TOPICS]


def find_topic(word: str) -> str | None:
    """The topic an id, or its word or title in English or German, names (any case); None if none does."""
    return find_name(word, TOPICS, "topic_ids.{}", "sheet.topic_{}")


def rules_text(variant: Variant, players: int, lang: str, topic: str | None, symbols: bool = True,
               named: str = "") -> str | None:
    """The rules as the text sheet words them: with no topic, the sheet's title and subtitle
    (the options on top of the preset) and the list of topics; with a topic (its word or
    title in either language), that section; None for an unknown topic.  ``named``: the
    preset as the learner named it (``rules royal``), to type again before a topic."""
    if topic is None:
        contents = Renderer(lang, symbols).message("sheet.contents", topics=topics(lang), named=named).rstrip()
        return heading_text(build_sheet(variant, players), lang, symbols) + "\n\n" + contents
    found = find_topic(topic)
    if found is None:
        return None
    return section_text(build_sheet(variant, players), lang, found, symbols)
