"""argparse's own messages (usage, a missing or unknown argument, a refused choice) in the learner's language.

argparse words its messages through :func:`gettext.gettext`; while the command line is read, the calls go to
:class:`ParserWords`, which finds each message's words in the catalog (``argparse.*``) and leaves any other
message as argparse has it. The language is looked up only when argparse has something to say.
"""

from __future__ import annotations

import argparse
import gettext
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property

KEYS = {
    "usage: ": "usage",
    "%(prog)s: error: %(message)s\n": "error",
    "argument %(argument_name)s: %(message)s": "argument",
    "the following arguments are required: %s": "required",
    "unrecognized arguments: %s": "unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "invalid_choice",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "expected one argument": "expected_one",
    "expected at most one argument": "expected_at_most_one",
    "expected at least one argument": "expected_at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "ignored explicit argument %r": "ignored_explicit",
    "not allowed with argument %s": "not_allowed_with",
    "one of the arguments %s is required": "one_required",
}
"""argparse's messages (its gettext ids) a user of ours can meet, and their keys in ``argparse.yaml``."""

PLACES = {name: f"%({name}){'r' if name == 'value' else 's'}"
          for name in ("prog", "message", "argument_name", "value", "choices", "type", "option", "matches")}
PLACES |= {"s": "%s", "r": "%r"}
"""The placeholders argparse fills in, by the names the messages give them."""


def asked_lang(words: Sequence[str]) -> str | None:
    """The language a ``--lang L`` (or ``--lang=L``) among ``words`` asks for, the last one, if it is ours."""
    asked = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "--lang"] + [
        w.partition("=")[2] for w in words if w.startswith("--lang=")]
    return asked[-1] if asked and asked[-1] in ("en", "de") else None


class ParserWords(gettext.NullTranslations):
    """argparse's messages in the language ``--lang`` asks for, else the locale's."""

    def __init__(self, words: Sequence[str]) -> None:
        super().__init__()
        self.words = list(words)

    @cached_property
    def lang(self) -> str:
        from tutor.render import detect_lang

        return asked_lang(self.words) or detect_lang(os.environ)

    def gettext(self, message: str) -> str:
        key = KEYS.get(message)
        if key is None or self.lang == "en":
            return message
        from tutor.render import Renderer  # the templates load only when argparse has something to say

        ending = message[len(message.rstrip("\n")):]  # a template's last newline is not kept
        return Renderer(self.lang).message(f"argparse.{key}", **PLACES) + ending

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


@contextmanager
def parser_words(words: Sequence[str]) -> Iterator[None]:
    """argparse worded by :class:`ParserWords` for ``words`` while the block runs."""
    translations = ParserWords(words)
    kept = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = translations.gettext, translations.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = kept  # type: ignore[attr-defined]
