"""A face build (face-gather) is named by its rank: in German by the German letter (D for a queen, B for a jack),
on the table, in the answers to a wrong move and in a round's review, never by the English one, nor as a number
(``Qer-Baute``, ``a build of 12``)."""

from __future__ import annotations

import pytest

from tutor.core.moves import IllegalMoveError
from tutor.core.position import Position
from tutor.loading import load_position
from tutor.play import ideas
from tutor.play.review import outcome, reasons
from tutor.render import Renderer
from tutor.render.review import why_words

POSITION = """variant: face-gather
hands: [[QS, KS, 5H], 4]
table: [{build: [[QH], [QC]], owner: 0}, {build: [[JH], [JC]], owner: 1}, QD, 5C, KH, KD]
captured: [[2C, 3C], [4C, 6C]]
"""
SAID = {  # the typed move, the reason's code, and what the answer says in each language
    "QS x QD": ("holding_rule", {"en": "build [Q♥ Q♣] of Q:", "de": "Bildbaute aus Damen, [D♥ D♣]."}),
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


def test_the_table_names_a_face_build_by_its_rank_in_the_learners_language() -> None:
    pos = load_position(POSITION, "face.yaml")
    shown = {lang: Renderer(lang).position(pos, 0) for lang in ("en", "de")}
    assert "Your build of queens: [Q♥ Q♣]" in shown["en"] and "Player 2's build of jacks: [J♥ J♣]" in shown["en"]
    assert "Deine Bildbaute aus Damen: [D♥ D♣]" in shown["de"] and "Bildbaute aus Buben von Spieler 2: [B♥ B♣]" in shown["de"]


@pytest.mark.parametrize("typed", SAID)
def test_a_wrong_move_with_a_face_build_names_its_rank_in_the_learners_language(typed: str) -> None:
    pos = load_position(POSITION, "face.yaml")
    code, en, de = refused(pos, typed)
    want, words = SAID[typed]
    assert code == want
    assert words["en"] in en and words["de"] in de, (en, de)
    assert not any(english in de for english in ("Qer", "Ker", "Wert Q", "bQ", "die Q ", "die K "))


@pytest.mark.parametrize(("lang", "build", "steal"), [
    ("en", "builds Q to take on your next turn", "your build of Q to Q♣"),
    ("de", "macht eine Baute auf D, die", "deine Baute auf D könnte ein Gegner nach deinem Zug mit D♣ einnehmen"),
])
def test_the_review_names_a_face_build_by_its_rank_not_as_twelve(lang: str, build: str, steal: str) -> None:
    """QS bQ QH (holding QD) against trailing 5H: the better move builds queens, which the review called a build
    of 12; and 5H against QS bQ QH, whose build QC could take."""
    pos = load_position("variant: face-gather\nhands: [[QS, QD, 5H, 9H], 4]\ntable: [QH, 9C, 2D]\n", "face.yaml")
    trail, queens = pos.parse_move("5H"), pos.parse_move("QS bQ QH")
    made = [w for w in reasons(pos, outcome(pos, trail), outcome(pos, queens)) if w.code == "build"]
    stolen = ideas.steal(pos, queens, trail)
    assert made and made[0].params["value"] == 12 and stolen and stolen[0].params["value"] == 12
    ui = Renderer(lang)
    said = [" ".join(why_words(ui, why, 0, 2, pos.variant).split()) for why in (made[0], stolen[0])]
    assert build in said[0] and steal in said[1] and not any("12" in s for s in said), said
