"""The Jinja environment of one language: its templates, its catalog, its filters."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from tutor.content.folders import content_dir

from . import chart
from .catalog import Messages, load_catalog
from .langs import LANGS
from .numbers import format_number, format_points, format_scores
from .words import CardWords, first_upper, is_rank


@dataclass(frozen=True)
class Language:
    """Everything one language renders with."""

    env: Environment
    messages: Messages
    words: CardWords


def load_language(folder: Path, symbols: bool) -> Language:
    """The environment of the templates in ``folder`` (``templates/<lang>``).

    Layouts with no words of their own (``templates/shared``) are found after
    the language's templates; their words come from the language's catalog.
    Text templates (``.j2``) and catalog messages are not escaped; ``.html``
    templates are.  A missing parameter raises instead of printing nothing.
    """
    env = Environment(
        loader=FileSystemLoader([folder, folder.parent / "shared"]),
        undefined=StrictUndefined,
        autoescape=select_autoescape(enabled_extensions=("html", "htm", "xml"), default_for_string=False),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    messages = Messages(env, load_catalog(folder), folder)
    words = CardWords(messages, symbols)
    env.filters.update(
        card=words.card,
        suit=words.suit,
        card_name=words.card_name,
        the_card=words.the_card,
        cards=words.cards,
        build=words.build,
        build_value=words.build_value,
        notation=words.notation,
        listing=words.listing,
        number=words.number,
        decimal=partial(format_number, locale=folder.name),
        points=format_points,
        scores=format_scores,
        first_upper=first_upper,
        date=words.date,
        moment=words.moment,
        typed=words.typed_notation,
        sparkline=partial(chart.sparkline, symbols=symbols),
        bar=partial(chart.bar, symbols=symbols),
        stars=partial(chart.stars, symbols=symbols),
        columns=chart.columns,
        fit=chart.fit,
    )
    env.tests["rank"] = is_rank
    env.globals["msg"] = messages
    return Language(env, messages, words)


@cache
def language(lang: str, symbols: bool) -> Language:
    """The language's environment, built once per process."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; languages are: {', '.join(LANGS)}")
    return load_language(content_dir("templates") / lang, symbols)
