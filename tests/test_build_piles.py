"""A multiple build is named the same way in the move that makes it and on the table (issue 23, point 12): the
same piles in the same order, the played card up front in the move (``5D b10 9C+AC 7C+3H 5H``, on the table
``[9C+AC 7C+3H 5H+5D]``; the move once put the played card's pile first, ``5D b10 5H 9C+AC 7C+3H``), in both
languages.

Left as it is: a card added to a build whose cards the table splits into piles anew (``3S b10 [5H+3H+2S] 4H+3D``
shows ``[5H+3S+2S 4H+3H+3D]``): a build keeps its cards, not its piles, so the table cannot show the old ones."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from shell_helpers import game_run, open_shell

from tutor.content import presets
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal
from tutor.render import Renderer
from tutor.shell.commands import dispatch

BUILD_LINE = re.compile(r"^  .*: (\[.*\])$")
"""A build's line in a position, its piles last."""


def move_piles(said: str) -> str:
    """The piles a move names after its value (``5D b10 9C+AC 5H`` → ``9C+AC 5H``), brackets left out."""
    return " ".join(said.split(" ")[2:]).replace("[", "").replace("]", "")


def table_piles(shown: str, card: str) -> str:
    """A build's piles as the table shows them (``[9C+AC 5H+5D]``), ``card`` left out (``9C+AC 5H``)."""
    piles = [[c for c in pile.split("+") if c != card] for pile in shown.strip("[]").split(" ")]
    return " ".join("+".join(pile) for pile in piles if pile)


def last_build(ui: Renderer, pos: Position) -> str:
    """The piles of the last build a position lists (the one a move just made or changed)."""
    return [m[1] for line in ui.position(pos, 0).splitlines() if (m := BUILD_LINE.match(line))][-1]


def same_piles(a: str, b: str) -> bool:
    return sorted(sorted(p.split("+")) for p in a.split()) == sorted(sorted(p.split("+")) for p in b.split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_multiple_build_shows_the_piles_of_its_move_in_the_same_order(lang: str) -> None:
    """Every move that makes a multiple build, or adds to one, in random rounds: where the table keeps the piles the
    move names (all but a card added to a build split anew), it shows them in the move's order."""
    ui = Renderer(lang, symbols=False)
    checked = reordered = 0
    for preset in ("classic", "combine-builds"):
        for seed in range(6):
            rng = random.Random(seed)
            pos = deal_round(presets.variant(preset), 2, 0, seed)
            while not pos.is_round_over():
                moves = pos.generate()
                for move in moves:
                    if move.kind not in ("build", "add", "raise"):
                        continue
                    said = ui.move(pos, move)
                    card = said.split(" ")[0]
                    pos.push(move)
                    made = pos.builds[-1]
                    if not made.single and not made.face:
                        shown = table_piles(last_build(ui, pos), card)
                        if same_piles(move_piles(said), shown):
                            assert move_piles(said) == shown, (said, last_build(ui, pos))
                            checked += 1
                            own = next(p for p in last_build(ui, pos).strip("[]").split(" ") if card in p.split("+"))
                            reordered += not last_build(ui, pos).startswith("[" + own)
                    pos.pop()
                pos.push(rng.choice([m for m in moves if m.kind != "trail"] or moves))
                if not any(pos.hands) and pos.stock:
                    next_deal(pos)
    assert checked > 100 and reordered > 50, (checked, reordered)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_learners_multiple_build_reads_the_same_in_the_reply_and_on_the_table(tmp_path: Path, lang: str) -> None:
    """Typed in the shell, a multiple build the learner makes: the reply's move and the table below it (or the
    capture that takes the build at once) name the same piles in the same order."""
    start, play = ("play round players=2 level=greedy seed={}", "You play ") if lang == "en" else (
        "spiele runde spieler=2 stufe=raffer seed={}", "Du spielst ")
    seen = 0
    with open_shell(tmp_path, lang=lang, symbols=False) as shell:
        for seed in range(1, 120):
            dispatch(shell, start.format(seed))
            pos = game_run(shell).position
            several = [m for m in pos.generate() if m.kind == "build" and len(pos.notation(m).split(" ")) > 3
                       and sum(pos.variant.value[c] for c in (m.card, *m.loose)) > m.value]
            if several:
                said = dispatch(shell, shell.ui.typed_move(pos.notation(several[0]))).text
                move = next(line for line in said.splitlines() if line.startswith(play))[len(play):].split(" (")[0]
                after = said.split("\n", 1)[1]  # the table, or the capture that took the build at once
                shown = [table_piles(t, move.split(" ")[0]) for t in re.findall(r"\[[^]]*\]", after)]
                assert move_piles(move) in shown, said
                seen += 1
            dispatch(shell, "resign" if lang == "en" else "aufgeben")
    assert seen >= 5, seen
