"""Hints the engine writes: a message key of ``hints.yaml`` and its parameters, worded in every language.

The words keep their claim beside them (:class:`~tutor.content.course.Claim`,
cards by code), so that a puzzle file holds what ``check`` needs to prove the
hint (:mod:`tutor.teaching.hint_claims`) and to see that the words are the
claim's.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tutor.content.course import LANGUAGES, Claim, ClaimValue, Text
from tutor.core.cards import Card
from tutor.render import Renderer

Hint = tuple[str, dict[str, Any]]
"""A message key of ``hints.yaml`` and its parameters."""

STAKE_PARAMS = ("won", "denied")
"""Parameters that list stakes of a deal (``most-cards``, ...): worded by ``hints.stake_*`` in each language."""


def hint_text(key: str, params: dict[str, Any]) -> Text:
    """The hint ``key`` with ``params`` in every language, its claim beside the words."""
    words = {lang: _renderer(lang).message(f"hints.{key}", **_localised(lang, params)) for lang in LANGUAGES}
    return Text(**words, claim=Claim(key, tuple((name, _plain(value)) for name, value in params.items())))


def claim_params(claim: Claim) -> dict[str, Any]:
    """The parameters of a claim as the messages take them: ``card`` a card, ``cards`` a list of cards, ``rank`` a
    word, lists as lists; ValueError for a card code that is no card."""
    params: dict[str, Any] = {}
    for name, value in claim.params:
        values = list(value) if isinstance(value, tuple) else value
        if name == "card":
            params[name] = Card.from_str(str(value))
        elif name == "cards":
            params[name] = [Card.from_str(str(c)) for c in (values if isinstance(values, list) else [values])]
        elif name == "rank":  # 8 or K: a word, whether the file quotes a number or not
            params[name] = str(value)
        elif name == "ranks":
            params[name] = [str(r) for r in (values if isinstance(values, list) else [values])]
        else:
            params[name] = values
    return params


def _plain(value: Any) -> ClaimValue:
    """A parameter as a file holds it: cards by code, lists as tuples."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (list, tuple)):
        return tuple(str(v) if isinstance(v, Card) else v for v in value)
    assert isinstance(value, (int, str)), value
    return value


def _localised(lang: str, params: dict[str, Any]) -> dict[str, Any]:
    """Parameters that are themselves words (the stakes of a deal) put into ``lang``."""
    out = dict(params)
    for name in STAKE_PARAMS:
        if name in params:
            out[name] = [_renderer(lang).message(f"hints.stake_{t.replace('-', '_')}") for t in params[name]]
    return out


@cache
def _renderer(lang: str) -> Renderer:
    return Renderer(lang)
