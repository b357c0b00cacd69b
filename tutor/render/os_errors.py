"""Why the system refused to read or write a file, in the learner's language: the common errors by their number,
in words of our own (the system's own text is English whatever the learner reads; the table:
:data:`tutor.loading.words.OS_ERRORS`)."""

from __future__ import annotations

from collections.abc import Callable

from tutor.loading.words import OS_ERRORS, os_words

SYSTEM_WORDS = {number: key for number, (key, _) in OS_ERRORS.items()}
"""The message (``os_errors.KEY``) of each error said in our words."""


def os_reason(say: Callable[..., str], err: OSError) -> str:
    """Why ``err`` happened, by the message function ``say`` of the learner's language; the system's words for an
    error of another kind."""
    said = os_words(err)
    return said if isinstance(said, str) else say(said.code)
