"""The system's refusals of a file in the learner's words (tutor/render/os_errors.py)."""

from __future__ import annotations

import errno

import pytest

from tutor.render import LANGS, Renderer
from tutor.render.os_errors import SYSTEM_WORDS, os_reason


@pytest.mark.parametrize("lang", LANGS)
def test_each_known_error_has_words_of_ours_in_each_language(lang: str) -> None:
    ui = Renderer(lang)
    for number, key in SYSTEM_WORDS.items():
        words = os_reason(ui.message, OSError(number, "system words"))
        assert words == ui.message(f"os_errors.{key}") and words and "system words" not in words
    assert os_reason(Renderer("de").message, OSError(errno.ENOSPC, "No space left on device")) == \
        "der Datenträger ist voll"


def test_an_error_of_another_kind_keeps_the_systems_words() -> None:
    assert os_reason(Renderer("de").message, OSError(errno.EIO, "Input/output error")) == "Input/output error"
    assert os_reason(Renderer("en").message, OSError("no number")) == "OSError"
