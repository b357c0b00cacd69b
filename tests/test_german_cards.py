"""Cards in German: shown with German letters (B, D, K, A; P, Ka, Kr without symbols) and typed in either form."""

from __future__ import annotations

from pathlib import Path

import pytest

from shell_helpers import open_shell
from tutor.core.moves import AmbiguousMoveError
from tutor.loading import load_position
from tutor.shell.commands import dispatch
from tutor.shell.completer import TutorCompleter

POS = load_position("hands: [[QS, 9C, JH, 5D, 9D], 4]\ntable: [QH, 4C, 3D]\n", "g.yaml")


@pytest.mark.parametrize(("typed", "move"), [
    ("D x D", "QS x QH"), ("D♠ x DH", "QS x QH"), ("DP x D♥", "QS x QH"), ("QS x QH", "QS x QH"),
    ("ablegen 9Kr", "9C"), ("9Ka", "9D"), ("ablegen BH", "JH"), ("5Ka b9 4Kr", "5D b9 4C"),
])
def test_german_and_english_letters_name_the_same_move(typed: str, move: str) -> None:
    assert POS.notation(POS.parse_move(typed)) == move


def test_k_for_kreuz_or_karo_is_resolved_by_the_hand() -> None:
    with pytest.raises(AmbiguousMoveError) as err:
        POS.parse_move("ablegen 9K")  # both nines are in hand
    assert set(err.value.notations) == {"9C", "9D"}
    one = load_position("hands: [[9C, 5D], 4]\ntable: [QH]\n", "g.yaml")
    assert one.notation(one.parse_move("ablegen 9K")) == "9C"


def test_a_german_screen_shows_german_letters_and_completes_them(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        shown = next(p for p in shell.catalog.puzzles if p.variant.preset == "classic" and p.position.players == 2
                     and any(c.rank in ("J", "Q") for c in [*p.position.loose, *p.position.hands[p.position.to_move]]))
        text = dispatch(shell, f"puzzle {shown.id}").text
        pos = shell.activity.position  # type: ignore[union-attr]
        faces = [c for c in [*pos.loose, *pos.hands[pos.to_move]] if c.rank in ("J", "Q")]
        assert faces
        for c in faces:
            assert ("B" if c.rank == "J" else "D") + c.symbol()[-1] in text
        assert not any(c.symbol() in text for c in faces)
        completer = TutorCompleter(shell)
        assert completer.hand_cards() == [shell.ui.typed_card(c) for c in pos.hands[pos.to_move]]
        for code in completer.hand_cards():  # what is offered parses back to the card in hand
            assert any(pos.notation(m).split()[0] == pos.notation(pos.parse_move(code)).split()[0]
                       for m in pos.generate())


def test_a_hint_written_with_glyphs_reads_in_german_letters(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        puzzle, index = next((p, i) for p in shell.catalog.puzzles for i, h in enumerate(p.hints) if "Q♣" in h.de)
        dispatch(shell, f"puzzle {puzzle.id}")
        hint = [dispatch(shell, "tipp").text for _ in range(index + 1)][-1]
        assert "D♣" in hint and "Q♣" not in hint
