"""The languages the tutor speaks, and the one the environment asks for."""

from __future__ import annotations

import re
from collections.abc import Mapping

LANGS: tuple[str, ...] = ("en", "de")

_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
_LANGUAGE_OF = {"de": re.compile(r"de(?:[_.@-]|$)", re.IGNORECASE), "en": re.compile(r"en(?:[_.@-]|$)", re.IGNORECASE)}
_C_LOCALE = re.compile(r"C|POSIX")
"""The locale whose messages are untranslated: exactly C or POSIX, as glibc compares it (``C.UTF-8`` is not: there
``LANGUAGE`` is read, as ``LANG=C.UTF-8 LANGUAGE=de ls`` answers in German)."""


def detect_lang(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, in GNU gettext's order for messages: the first of ``LANGUAGE``'s
    languages (a priority list, ``fr:de:en``) that the tutor has, unless the locale is C or POSIX (``LC_ALL=C``:
    untranslated; ``C.UTF-8`` is not); then the locale, the first set of LC_ALL, LC_MESSAGES and LANG: ``"de"``
    when it names German (``de_DE.UTF-8``, ``de_AT``, ``de``), else ``"en"``.  With no locale set at all,
    ``LANGUAGE`` is still read (as Python's gettext reads it; GNU gettext would take the C locale)."""
    locale = next((value for name in _LOCALE_VARIABLES if (value := environ.get(name, "").strip())), "")
    if not _C_LOCALE.fullmatch(locale):
        for entry in environ.get("LANGUAGE", "").split(":"):
            found = next((lang for lang, pattern in _LANGUAGE_OF.items() if pattern.match(entry.strip())), None)
            if found is not None:
                return found
    return "de" if _LANGUAGE_OF["de"].match(locale) else "en"
