"""A file's problems in the learner's language: ``file:line:col`` and the words of the problem's code."""

from __future__ import annotations

from typing import Any

from tutor.loading.words import Words
from tutor.loading.yamlfile import Problem

from .renderer import Renderer
from .words import Verbatim


def problem_words(ui: Renderer, problem: Problem) -> str:
    """``problem`` as ``file:line:col: words``: its message in English (which names more than its parameters:
    where a card was first seen, say), else the words of its code where it has one (else the English message)."""
    if ui.lang == "en" or not problem.code:
        return str(problem)
    words = Words(problem.message, problem.code, problem.params)
    return f"{problem.file}:{problem.line}:{problem.col}: {said(ui, words)}"


def said(ui: Renderer, words: Words) -> str:
    """``words`` in the learner's language: its message, with every parameter that is :class:`Words` worded
    first (in English, its text)."""
    if ui.lang == "en" or not words.code:
        return words.text
    return ui.message(words.code, **{name: _worded(ui, value) for name, value in words.params})


def _worded(ui: Renderer, value: Any) -> Any:
    """A parameter as the message shows it: :class:`Words` worded (in a list too), text (a key, a value from the
    file) as written."""
    if isinstance(value, Words):
        return said(ui, value)
    if isinstance(value, (list, tuple)):
        return [_worded(ui, item) for item in value]
    return Verbatim(value) if isinstance(value, str) else value
