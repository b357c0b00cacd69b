"""A file's problems in the learner's language: ``file:line:col`` and the words of the problem's code."""

from __future__ import annotations

from tutor.loading.yamlfile import Problem

from .renderer import Renderer


def problem_words(ui: Renderer, problem: Problem) -> str:
    """``problem`` as ``file:line:col: words``: its message in English (which names more than its parameters:
    where a card was first seen, say), else the words of its code where it has one (else the English message).
    A ``fact`` parameter (a fact of :mod:`tutor.core.occurrence`: its key and parameters) is worded first."""
    if ui.lang == "en" or not problem.code:
        return str(problem)
    params = {name: ui.message(value[0], **dict(value[1])) if name == "fact" else value  # a fact worded first
              for name, value in problem.params}
    return f"{problem.file}:{problem.line}:{problem.col}: {ui.message(problem.code, **params)}"
