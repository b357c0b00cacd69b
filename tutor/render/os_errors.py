"""Why the system refused to read or write a file, in the learner's language: the common errors by their number,
in words of our own (the system's own text is English whatever the learner reads; the table:
:data:`tutor.loading.words.OS_ERRORS`), any other by a general sentence with the error's name."""

from __future__ import annotations

from collections.abc import Callable

from tutor.loading.words import os_words


def os_reason(say: Callable[..., str], err: OSError) -> str:
    """Why ``err`` happened, by the message function ``say`` of the learner's language; an error of another kind
    by a general sentence naming it (``EIO``)."""
    said = os_words(err)
    return say(said.code, **dict(said.params))
