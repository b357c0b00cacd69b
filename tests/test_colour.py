"""Red suits on the terminal: every red card is coloured whole, in either language's letters; no colour where it
is not wanted."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output
from shell_helpers import open_shell

from tutor.shell.colour import ansi, colour_wanted
from tutor.shell.session import TutorSession

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


@pytest.mark.parametrize("colour", [True, False])
def test_without_colour_the_toolbar_is_drawn_without_colour_too(tmp_path: Path, colour: bool,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``--no-color`` left the toolbar white on blue, where ``NO_COLOR=1`` (which prompt_toolkit reads itself)
    drew it plain: the option and the variable are one setting, the screen drawn in one colour."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    output = Vt100_Output(io.StringIO(), lambda: Size(rows=24, columns=80), term="xterm-256color")
    with open_shell(tmp_path) as shell, create_pipe_input() as pipe:
        session = TutorSession(shell, colour=colour, input=pipe, output=output)
        assert (session.prompt.app.color_depth == ColorDepth.DEPTH_1_BIT) is not colour
