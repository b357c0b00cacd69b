"""Red suits on the terminal: every red card is coloured whole, in either language's letters; no colour where it
is not wanted."""

from __future__ import annotations

import re

import pytest

from tutor.shell.colour import ansi, colour_wanted

RED = re.compile(r"\033\[1;31m(.*?)\033\[0m")


@pytest.mark.parametrize(("text", "red"), [
    ("Q♥ J♦ 10♥ 7♠", ["Q♥", "J♦", "10♥"]),  # English glyphs
    ("D♥ B♦ K♦ 7♣", ["D♥", "B♦", "K♦"]),  # German queen (Dame) and jack (Bube) with their glyphs
    ("QH JD 10D 7S", ["QH", "JD", "10D"]),  # English letters (--ascii)
    ("DH BKa 7Ka 10H DKr 7P", ["DH", "BKa", "7Ka", "10H"]),  # German letters: Herz H, Karo Ka
])
def test_every_red_card_is_coloured_whole(text: str, red: list[str]) -> None:
    assert RED.findall(ansi(text)) == red


@pytest.mark.parametrize(("flag", "environ", "wanted"), [
    (False, {"TERM": "xterm-256color"}, True),
    (True, {"TERM": "xterm-256color"}, False),  # --no-color
    (False, {"TERM": "xterm", "NO_COLOR": "1"}, False),
    (False, {"TERM": "xterm", "NO_COLOR": ""}, True),  # no-color.org: set and not empty
    (False, {"TERM": "dumb"}, False),  # it showed the codes of red cards as they are: ^[[1m3♦^[[0m^[[39m^[[49m
])
def test_colour_unless_asked_not_to_or_the_terminal_is_dumb(flag: bool, environ: dict[str, str], wanted: bool) -> None:
    assert colour_wanted(flag, environ) is wanted
