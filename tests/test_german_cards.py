"""Cards in German: shown with German letters (B, D, K, A; P, Ka, Kr without symbols) and typed in either form."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest
from shell_helpers import open_shell

from tutor.content.course import Text
from tutor.core.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from tutor.loading import load_position
from tutor.render import Renderer
from tutor.shell.commands import dispatch
from tutor.shell.completer import TutorCompleter
from tutor.shell.play import EXAMPLE_MOVE

POS = load_position("hands: [[QS, 9C, JH, 5D, 9D], 4]\ntable: [QH, 4C, 3D]\n", "g.yaml")


@pytest.mark.parametrize(("typed", "move"), [
    ("D x D", "QS x QH"), ("D♠ x DH", "QS x QH"), ("DP x D♥", "QS x QH"), ("QS x QH", "QS x QH"),
    ("ablegen 9Kr", "9C"), ("9Ka", "9D"), ("ablegen BH", "JH"), ("5Ka b9 4Kr", "5D b9 4C"),
    ("DPi x DH", "QS x QH"),  # Pik's first two letters, as Kr and Ka are Kreuz's and Karo's
])
def test_german_and_english_letters_name_the_same_move(typed: str, move: str) -> None:
    assert POS.notation(POS.parse_move(typed)) == move


@pytest.mark.parametrize("typed", ["lege 9Kr ab", "Leg 9Kr ab", "lege 9Kr AB"])
def test_a_trail_typed_as_the_german_verb_with_its_particle_is_read(typed: str) -> None:
    """Lesson table asks "Lege eine deiner Karten auf den Tisch ab"; "lege 7P ab", as German says it, was refused:
    "Beim Ablegen nimmst du nichts ein, also darf nach 7♠ nichts folgen (du hast „ab“ angehängt)"."""
    assert POS.notation(POS.parse_move(typed)) == "9C"


@pytest.mark.parametrize("typed", ["9Kr ab", "ablegen 9Kr ab 4Kr", "lege 9Kr 4Kr"])
def test_ab_is_no_card_nor_a_trails_word_alone(typed: str) -> None:
    with pytest.raises(InvalidMoveError):
        POS.parse_move(typed)


def test_k_for_kreuz_or_karo_is_resolved_by_the_hand() -> None:
    with pytest.raises(AmbiguousMoveError) as err:
        POS.parse_move("ablegen 9K")  # both nines are in hand
    assert set(err.value.notations) == {"9C", "9D"}
    one = load_position("hands: [[9C, 5D], 4]\ntable: [QH]\n", "g.yaml")
    assert one.notation(one.parse_move("ablegen 9K")) == "9C"


def test_a_jack_typed_with_k_or_an_english_suit_is_a_card_not_a_build_word() -> None:
    """``BK`` (Bube Kreuz or Karo) and ``BD`` (the jack of diamonds) were read as a build's word typed before the card
    (``b`` and a king's or queen's letter): "“BK” is not a card: a move is typed as its cards … and “BK” after it"."""
    jacks = load_position("hands: [[JD, 9C], 4]\ntable: [JS, 4C]\n", "g.yaml")
    assert jacks.notation(jacks.parse_move("BK")) == "JD"
    assert jacks.notation(jacks.parse_move("BD x BP")) == "JD x JS"
    assert jacks.notation(jacks.parse_move("BK x B♠")) == "JD x JS"


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
    """A hint written by hand with the glyph of a card (the generated ones are worded in German letters already)."""
    with open_shell(tmp_path, lang="de") as shell:
        first = shell.catalog.puzzles[0]
        puzzle = replace(first, hints=(*first.hints, Text("Take the Q♣.", "Nimm die Q♣ ein.")))
        shell.catalog = replace(shell.catalog, puzzles=(puzzle, *shell.catalog.puzzles[1:]))
        index = len(puzzle.hints) - 1
        dispatch(shell, f"puzzle {puzzle.id}")
        hint = [dispatch(shell, "tipp").text for _ in range(index + 1)][-1]
        assert "D♣" in hint and "Q♣" not in hint


def test_k_in_no_card_of_the_hand_names_both_cards_and_the_clear_letters() -> None:
    with pytest.raises(IllegalMoveError) as err:
        POS.parse_move("DK")  # the hand holds the queen of spades only
    german, english = (Renderer(lang).reason(POS, err.value.reason) for lang in ("de", "en"))
    assert german.startswith("Du hast weder die Kreuz-Dame noch die Karo-Dame auf der Hand: „K“ in „DK“ kann Kreuz "
                             "oder Karo heißen; eindeutig sind Kr für Kreuz und Ka für Karo.")
    assert english.startswith("You hold neither the queen of clubs nor the queen of diamonds (“DK” can mean either).")


def test_german_examples_of_moves_are_in_the_letters_the_parser_reads(tmp_path: Path) -> None:
    with open_shell(tmp_path, lang="de") as shell:
        helped = dispatch(shell, "hilfe").text
        assert "zum Beispiel „7P x 3H+4Ka“ oder „3H b8 5P“" in helped
        dispatch(shell, "aufgabe")  # the example of "erkläre" alone is given where there is a move to explain
        assert "erkläre 7P x 7Kr" in dispatch(shell, "erkläre").text
        pos = load_position("hands: [[7S, 3H], 4]\ntable: [7D, 3C, 4D, 5S]\n", "g.yaml")
        assert pos.notation(pos.parse_move("7P x 3Kr+4Ka")) == "7S x 4D+3C"  # the examples' letters parse
        fallback = shell.ui.message("play.your_move", example=shell.ui.typed_move(EXAMPLE_MOVE))
        assert fallback.startswith("Tippe deinen Zug (etwa „7P x 7Ka“)")
        assert shell.ui.typed_move("QS bQ QH") == "DP bD DH"  # a face build's value in German letters too


def test_a_game_start_is_written_as_each_language_writes_a_day_and_time() -> None:
    when = datetime(2026, 12, 1, 18, 46)
    said = {lang: Renderer(lang).message("play.offer_resume", variant="v", level="l", started=when.isoformat(" "),
                                          round=1, between=False, score="s") for lang in ("en", "de")}
    assert "begonnen am 1.12.2026 um 18:46," in said["de"]
    assert "started on 1 Dec 2026 at 18:46," in said["en"]
