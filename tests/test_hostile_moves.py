"""Typed moves from a careless user or an attacker: a move or a message, quickly, never a traceback (issue 15)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core.cards import Card
from tutor.core.moves import IllegalMoveError, InvalidMoveError, MoveError
from tutor.core.notation import MAX_MOVE_CHARS
from tutor.core.position import Position
from tutor.loading import load_position

POSITIONS = [
    load_position("hands: [[AH, 9S, KC, 6D], 4]\ntable: [AS, AD, 8C, 5H]\n", "aces.yaml"),
    load_position("hands: [[6S, 2H, 9C, KC], 4]\ntable: [6D, 6C, 2S, JH, {build: [5H, 3C], owner: 1}]\n", "b.yaml"),
    load_position("hands: [[10S, 5S], [KH]]\ntable: [AH, AD, AC, 2H, 2D, 2C, 3H, 3D, 4H, 4D, 5H]\n", "low.yaml"),
]


def outcome(pos: Position, text: str) -> str:
    """The notation of the move ``text`` names, or the code of the error that says why not."""
    try:
        return pos.notation(pos.parse_move(text))
    except MoveError as err:
        return type(err).__name__


@pytest.mark.parametrize("text", ["6S b ² 2H", "6S x [²]", "①", "6S b²", "6S b 9" + "9" * 5000, "6S x [" + "9" * 5000 + "]"])
def test_unicode_and_huge_numbers_are_typos(text: str) -> None:
    assert outcome(POSITIONS[1], text) == "InvalidMoveError"


def test_a_line_longer_than_any_move_is_refused_with_its_length() -> None:
    text = "6S x " + "+".join(["2S"] * 100)
    with pytest.raises(InvalidMoveError) as err:
        POSITIONS[1].parse_move(text)
    assert err.value.code == "too_long" and err.value.params == {"length": str(len(text)), "limit": str(MAX_MOVE_CHARS)}


@pytest.mark.parametrize("count", [4, 24, 28, 60])
def test_a_rank_named_more_often_than_it_lies_there_is_seen_at_once(count: int) -> None:
    assert outcome(POSITIONS[0], "A x " + "+".join(["A"] * count)) == "IllegalMoveError"


def test_many_readings_still_find_the_move() -> None:
    # 144 ways to read the names; they come to two moves, told apart by the three
    assert outcome(POSITIONS[2], "10S x A+A+A+3+4 2+2+2+4") == "AmbiguousMoveError"
    move = POSITIONS[2].parse_move("10S x A+A+A+3H+4 2+2+2+4")
    assert sorted(map(str, move.captured_cards())) == sorted("AH AD AC 3H 4H 4D 2H 2D 2C".split())


_PIECES = st.sampled_from([
    "A", "2", "10", "T", "J", "Q", "K", "AH", "6S", "10D", "q♠", "T♦", "x", "b", "b8", "bK", "take", "nimm",
    "ablegen", "trail", "+", " ", "[", "]", "[8]", "[5H+3C]", "|", ",", ":", "=", "²", "①", "٣", "𝟕", "\u200b",
    "9" * 40, "-", "\n", "\t",
])


@settings(max_examples=400, deadline=2000)
@given(st.one_of(st.text(max_size=250), st.lists(_PIECES, max_size=60).map("".join)))
def test_any_text_is_a_move_or_a_message(text: str) -> None:
    for pos in POSITIONS:
        try:
            move = pos.parse_move(text)
        except MoveError as err:
            assert str(err)
        else:
            assert move in pos.generate()


GLUED = load_position("hands: [[10S, 3S, 9C], 4]\ntable: [5H, 6H, 3C, 7C, AD]\n", "glued.yaml")


@pytest.mark.parametrize("text", ["3Sx3C", "3Sx 3C", "3S x3C", "3SX3C", "3sx3c"])
def test_an_x_typed_without_spaces_is_the_capture(text: str) -> None:
    assert outcome(GLUED, text) == "3S x 3C"


@pytest.mark.parametrize("text", ["9Cx5H+3C AD", "9Cx 5H+3C AD", "9C x5H+3C AD"])
def test_an_x_without_spaces_before_several_groups(text: str) -> None:
    assert outcome(GLUED, text) == "9C x 5H+3C+AD"


def test_a_build_value_typed_apart_is_the_value_when_no_such_card_lies_there() -> None:
    assert outcome(GLUED, "3S b 7") == "3S b10 7C"  # a 7 lies there: "b 7" names it, as before
    with pytest.raises(IllegalMoveError) as err:  # no 10 lies there: "b 10" is the value, as in "3S b10"
        GLUED.parse_move("3S b 10")
    assert err.value.reason.code == "build_needs_table_cards"
    example = GLUED.parse_move(err.value.reason.params["example"])  # the words show a build it could make
    assert example.card == Card.from_str("3S") and example.value == 10 and example.kind == "build"
