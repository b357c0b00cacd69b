"""What every command shares: the bad-input error, whole-number options, reading files, JSON output."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tutor.core.text import excerpt
from tutor.loading.yamlfile import FileError, read_yaml_file

if TYPE_CHECKING:
    from tutor.render import Renderer

EXIT_BAD_INPUT = 2
EXIT_STOPPED = 3
"""A search stopped at its time limit: what it printed is proven, but not the whole answer."""

MAX_SECONDS = 86_400.0
MAX_DIGITS = 40
"""The most digits a whole-number option is read with (every option's range is far below)."""


class UsageError(Exception):
    """Bad input: printed as one line, exit status 2."""


Say = Callable[..., str]
"""A catalog's messages in one language (``Renderer.message``): how a command with ``--lang`` words its errors."""


def english(key: str, **params: Any) -> str:
    """The catalog message ``key`` in English, for the commands that have no ``--lang``."""
    from tutor.render import Renderer  # Jinja and the templates load only when an error is worded

    return Renderer("en").message(key, **params)


def command_lang(own: str | None, shared: str | None) -> str:
    """The language a command words its output in: its own ``--lang`` (``own``), else the tool's (``shared``), else
    the locale's; a :class:`UsageError` for a language we do not have, in the tool's language, else the locale's."""
    from tutor.render import LANGS, Renderer, detect_lang

    lang = own or shared or detect_lang(os.environ)
    if lang not in LANGS:
        said = Renderer(shared if shared in LANGS else detect_lang(os.environ)).message
        raise UsageError(said("arguments.unknown_lang", text=excerpt(lang), quoted=repr(excerpt(lang)), langs=LANGS))
    return lang


def preset_arg(word: str) -> str:
    """The preset a ``--variant`` word names: its id in any case, or its name in English or German
    (``Pik-Cassino``), as the shell's ``play`` reads one; any other word as typed, for the command to refuse."""
    from tutor.content.presets import preset_names

    if word in preset_names():
        return word
    from tutor.render import find_name  # Jinja and the templates load only for a word that is not an id

    return find_name(word, preset_names(), "presets.{}") or word


def whole_number(text: str, option: str, low: int, high: int, say: Say = english) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or a :class:`UsageError` naming ``option``."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()):
        raise UsageError(say("arguments.whole_number", option=option, text=excerpt(text), quoted=repr(excerpt(text)),
                             example=low))
    value = int(text) if len(digits) <= MAX_DIGITS else None  # a longer one is out of range: never converted
    if value is None or not low <= value <= high:
        raise UsageError(say("arguments.number_range", option=option, low=low, high=high, text=excerpt(text.strip())))
    return value


def seconds(text: str, option: str, say: Say = english, lang: str = "en") -> float:
    """``text`` as a time in seconds, above 0 and at most a day, written as ``lang`` writes a number (``1,5`` in
    German) or with a decimal point (``1.5``), or a :class:`UsageError` naming ``option``, with an example."""
    from tutor.render.numbers import read_number

    value = read_number(text, locale=lang) if len(text) <= 20 else None
    if value is None or not 0 < value <= MAX_SECONDS:  # NaN and infinities fail this too
        raise UsageError(say("arguments.seconds", option=option, most=MAX_SECONDS, text=text[:20],
                             quoted=repr(text[:20]), example=1.5))
    return value


def read_text(path: str, ui: Renderer, *, stdin: bool = True) -> str:
    """A YAML file's text (with ``stdin``, ``-`` is standard input), read bounded, or a :class:`UsageError`
    saying why it cannot be, in the words of ``ui``."""
    from tutor.render.problems import problem_words

    try:
        return read_yaml_file(path, stdin=stdin)
    except FileError as err:
        raise UsageError(problem_words(ui, err.problems[0])) from None


def dumps(data: Any) -> str:
    """One JSON document, non-ASCII kept readable."""
    return json.dumps(data, ensure_ascii=False)
