"""A face build (face-gather) is named by its rank: in German by the German letter (D for a queen, B for a jack),
on the table and in the answers to a wrong move, never by the English one, nor as a number (``Qer-Baute``)."""

from __future__ import annotations

import pytest

from tutor.core.moves import IllegalMoveError
from tutor.core.position import Position
from tutor.loading import load_position
from tutor.render import Renderer

POSITION = """variant: face-gather
hands: [[QS, KS, 5H], 4]
table: [{build: [[QH], [QC]], owner: 0}, {build: [[JH], [JC]], owner: 1}, QD, 5C, KH, KD]
captured: [[2C, 3C], [4C, 6C]]
"""
SAID = {  # the typed move, the reason's code, and what the answer says in each language
    "QS x QD": ("holding_rule", {"en": "build [Q♥ Q♣] of Q:", "de": "Baute [D♥ D♣] mit dem Wert D."}),
    "QS bQ QD": ("value_not_held", {"en": "a card of its rank in your hand, here a queen;",
                                    "de": "eine Karte ihres Rangs auf der Hand behalten, hier eine Dame."}),
    "KS bK KH": ("value_not_held", {"en": "here a king;", "de": "hier einen König."}),
    "QS bK KH": ("face_build_value", {"en": "named by its rank: bQ,", "de": "heißt nach ihrem Rang: bD,"}),
}


def refused(pos: Position, typed: str) -> tuple[str, str, str]:
    """The code of the reason ``typed`` is refused for, and its words in English and German."""
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(typed)
    reason = err.value.reason
    return reason.code, Renderer("en").reason(pos, reason), Renderer("de").reason(pos, reason)


def test_the_table_names_a_face_build_by_its_rank_letter_in_the_learners_language() -> None:
    pos = load_position(POSITION, "face.yaml")
    shown = {lang: Renderer(lang).position(pos, 0) for lang in ("en", "de")}
    assert "Your build of Q: [Q♥ Q♣]" in shown["en"] and "Player 2's build of J: [J♥ J♣]" in shown["en"]
    assert "Deine Baute D: [D♥ D♣]" in shown["de"] and "Baute B von Spieler 2: [B♥ B♣]" in shown["de"]


@pytest.mark.parametrize("typed", SAID)
def test_a_wrong_move_with_a_face_build_names_its_rank_in_the_learners_language(typed: str) -> None:
    pos = load_position(POSITION, "face.yaml")
    code, en, de = refused(pos, typed)
    want, words = SAID[typed]
    assert code == want
    assert words["en"] in en and words["de"] in de, (en, de)
    assert not any(english in de for english in ("Qer", "Ker", "Wert Q", "bQ", "die Q ", "die K "))
