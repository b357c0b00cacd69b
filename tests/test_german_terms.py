"""German texts in German: card codes in German letters that parse (issue 23, point 13), one word for each
thing of the glossary ``docs/glossary.md`` (point 14), and no English left on German screens (point 15)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from functools import cache

import pytest

from tutor.content.course import Text
from tutor.core.notation import parse_intent
from tutor.loading import load_catalog
from tutor.render import Renderer

ENGLISH_CODE = re.compile(r"(?<![\w♠♥♦♣\[])(?:10|[2-9AJQK])[SHDC](?![\w♠♥♦♣])")
GERMAN_CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9ABDK])(?:Ka|Kr|P|H)(?![\w♠♥♦♣])")
SHARED = re.compile(r"^(?:10|[2-9AK])H$")  # a heart is H in both languages: 7H, AH, KH


def texts_in(value: object) -> Iterator[Text]:
    """Every :class:`Text` inside a lesson or puzzle."""
    if isinstance(value, Text):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from texts_in(getattr(value, field.name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from texts_in(item)


@cache
def german_course_texts() -> tuple[tuple[str, str], ...]:
    """(where, text) for every German text of the lessons and puzzles, as a German screen shows it."""
    catalog = load_catalog()
    ui = Renderer("de", symbols=False)
    return tuple((item.id, ui.text(text)) for item in (*catalog.lessons, *catalog.puzzles) for text in texts_in(item))


def test_a_card_to_type_in_a_german_text_is_in_german_letters() -> None:
    ui = Renderer("de", symbols=False)
    assert ui.text(Text("for example 9C", "zum Beispiel 9C")) == "zum Beispiel 9Kr"
    assert ui.text(Text("QC x QH QD", "QC x QH QD")) == "DKr x DH DKa"
    assert Renderer("en").text(Text("QC x QH QD, as you like", "")) == "QC x QH QD, as you like"


def test_every_german_course_text_writes_cards_in_german_letters_that_parse() -> None:
    texts = german_course_texts()
    english = [f"{where}: {code}" for where, text in texts for code in ENGLISH_CODE.findall(text)
               if not SHARED.match(code)]
    assert not english, "\n".join(english)
    codes = {code for _, text in texts for code in GERMAN_CODE.findall(text)}
    assert {"7P", "DKr", "9Kr"} <= codes  # the lessons' examples are among them
    for code in codes:
        assert parse_intent(code).card.card is not None, code  # one card, not a rank or two suits
