"""Red suits on the terminal: every red card is coloured whole, in either language's letters."""

from __future__ import annotations

import re

import pytest

from tutor.shell.colour import ansi

RED = re.compile(r"\033\[1;31m(.*?)\033\[0m")


@pytest.mark.parametrize(("text", "red"), [
    ("Q♥ J♦ 10♥ 7♠", ["Q♥", "J♦", "10♥"]),  # English glyphs
    ("D♥ B♦ K♦ 7♣", ["D♥", "B♦", "K♦"]),  # German queen (Dame) and jack (Bube) with their glyphs
    ("QH JD 10D 7S", ["QH", "JD", "10D"]),  # English letters (--ascii)
    ("DH BKa 7Ka 10H DKr 7P", ["DH", "BKa", "7Ka", "10H"]),  # German letters: Herz H, Karo Ka
])
def test_every_red_card_is_coloured_whole(text: str, red: list[str]) -> None:
    assert RED.findall(ansi(text)) == red
