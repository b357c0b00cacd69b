"""The languages the tutor speaks, and the one the environment asks for."""

from __future__ import annotations

import re
from collections.abc import Mapping

LANGS: tuple[str, ...] = ("en", "de")

_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
_GERMAN = re.compile(r"de(?:[_.@-]|$)", re.IGNORECASE)


def detect_lang(environ: Mapping[str, str]) -> str:
    """``"de"`` when the first locale variable set names German, else ``"en"``.

    The variables are read in the order LC_ALL, LC_MESSAGES, LANG, LANGUAGE;
    ``de_DE.UTF-8``, ``de_AT`` and ``de`` (or ``de:en`` in LANGUAGE) are German.
    """
    for name in _LOCALE_VARIABLES:
        value = environ.get(name, "").strip()
        if value:
            first = value.split(":")[0]
            return "de" if _GERMAN.match(first) else "en"
    return "en"
