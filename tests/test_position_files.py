"""Position files: reading, every problem located, writing back."""

from __future__ import annotations

import pytest

from tutor.content import presets
from tutor.core.cards import Card
from tutor.core.notation import typed_card
from tutor.core.position import Position
from tutor.core.table import Build
from tutor.loading import (
    FileError,
    dump_position,
    load_document,
    load_position,
    position_to_data,
    table_to_data,
)


def cards(*codes: str) -> list[Card]:
    return [Card.from_str(c) for c in codes]


def problems(text: str) -> list[str]:
    """Every problem line of the FileError that loading ``text`` raises."""
    with pytest.raises(FileError) as info:
        load_position(text, "p.yaml")
    assert [str(p) for p in info.value.problems] == str(info.value).splitlines()
    return str(info.value).splitlines()


def problem(text: str) -> str:
    """The single problem loading ``text`` reports."""
    found = problems(text)
    assert len(found) == 1, found
    return found[0]


EXAMPLE = """\
variant: face-gather      # interfaces.md, with KH in hand so KC is not there twice
players: 2
to_move: 0
dealer: 1
hands:
  - [7S, 8D, KH]
  - 3
table:
  - 7C
  - {build: [5D, 3S], owner: 1}
  - {build: [[5H, 3C], [8H]], owner: 0}
  - {build: [[KC], [KD]], owner: 0}
captured: [[AS, 10D], []]
sweeps: [0, 0]
scores: [0, 0]
stock: 0
last_capturer: null
"""


# ---- reading ----------------------------------------------------------------------


def test_interfaces_example() -> None:
    pos = load_position(EXAMPLE, "example.yaml")
    assert pos.variant == presets.variant("face-gather")
    assert (pos.players, pos.to_move, pos.dealer) == (2, 0, 1)
    assert pos.hands == [cards("7S", "8D", "KH"), []]
    assert pos.hidden == [0, 3]
    assert pos.loose == cards("7C")
    assert pos.builds == [
        Build(8, tuple(sorted(cards("5D", "3S"))), 1, single=True),
        Build(8, tuple(sorted(cards("5H", "3C", "8H"))), 0, single=False),
        Build(13, tuple(sorted(cards("KC", "KD"))), 0, single=False, face=True),
    ]
    assert pos.captured == [cards("AS", "10D"), []]
    assert (pos.sweeps, pos.scores, pos.penalties) == ([0, 0], [0, 0], [0, 0])
    assert (pos.stock, pos.stock_hidden, pos.last_capturer) == ([], 0, None)


def test_interfaces_example_as_printed_is_rejected() -> None:
    text = EXAMPLE.replace("face-gather", "classic").replace("KH]", "KC]")
    assert problems(text) == [
        "p.yaml:12:15: KC has no value, so it cannot be in a build; "
        "face builds need face_capture: all (the face-gather preset)",
        "p.yaml:12:15: KC appears twice: in the hand of seat 0 (line 6) and in a build on the table (line 12)",
    ]


def test_defaults() -> None:
    pos = load_position("hands: [[7S], [8D]]\n", "d.yaml")
    assert pos.variant == presets.variant("classic")
    assert (pos.players, pos.to_move, pos.dealer, pos.last_capturer) == (2, 0, 1, None)
    assert pos.loose == [] and pos.builds == []
    assert pos.captured == [[], []] and pos.sweeps == [0, 0] and pos.scores == [0, 0]
    assert (pos.stock, pos.stock_hidden) == ([], 0)
    assert load_position("to_move: 1\nhands: [[7S], [8D]]\n", "d.yaml").dealer == 0


def test_card_spellings() -> None:
    pos = load_position("hands: [[td, 7♠, 'ah'], [10D]]\n".replace("10D", "9D"), "c.yaml")
    assert pos.hands[0] == cards("10D", "7S", "AH")


def test_suit_glyphs_in_emoji_or_text_presentation() -> None:
    """A suit glyph copied from a phone or a web page often carries a variation selector (U+FE0F for the emoji
    look, U+FE0E for the text look): 7♠️ is the glyph ♠ the rules accept, not a card that "does not exist"."""
    text = "hands: [[7♠\ufe0f, 'A♥\ufe0f', 10♦\ufe0e], [2♣\ufe0f, 8C]]\ntable: [{build: [5♦\ufe0f, 3♠], owner: 1}]\n"
    pos = load_position(text, "e.yaml")
    assert pos.hands == [cards("7S", "AH", "10D"), cards("2C", "8C")]
    assert pos.builds[0].cards == tuple(sorted(cards("5D", "3S")))
    assert problem("hands: [[7\ufe0f], 1]\n") == (
        "p.yaml:1:10: card 7\ufe0f does not exist; a card is a rank and a suit, like 7S or 10D")
    pos = load_position("hands: [[7S, QD], [2C]]\ntable: [4H, 3D]\n", "e.yaml")
    assert pos.notation(pos.parse_move("7♠\ufe0f x 4♥\ufe0f+3♦\ufe0e")) == "7S x 4H+3D"
    assert typed_card("D♦\ufe0f") == typed_card("Q♦\ufe0f") == Card.from_str("QD")


def test_unknown_hands_and_stock() -> None:
    pos = load_position("players: 3\nhands: [4, 0, [2C]]\nstock: 20\n", "u.yaml")
    assert pos.hidden == [4, 0, 0] and pos.hands == [[], [], cards("2C")]
    assert pos.stock_hidden == 20 and pos.stock == []
    pos = load_position("hands: [[2C], 1]\nstock: [3D, 4D]\n", "u.yaml")
    assert pos.stock == cards("3D", "4D") and pos.stock_hidden == 0


def test_mapping_variant() -> None:
    pos = load_position("variant: {preset: royal, build_duty: take_or_add, target: 11}\nhands: [[], []]\n", "v.yaml")
    assert pos.variant == presets.variant({"preset": "royal", "build_duty": "take_or_add", "target": 11})


def test_penalties_and_four_players() -> None:
    text = "variant: michigan\nplayers: 4\nhands: [1, 1, 1, 1]\nscores: [3, -2]\npenalties: [0, 1, 0, 2]\n"
    pos = load_position(text, "m.yaml")
    assert pos.scores == [3, -2] and pos.penalties == [0, 1, 0, 2]


@pytest.mark.parametrize("variant", ["classic", "{preset: michigan, build_duty: no_trail}"])
def test_penalties_without_the_penalty_duty_are_refused_where_they_stand(variant: str) -> None:
    """A penalty turn under a build duty without penalties cannot happen: a position file of the engine commands
    (not held to a real deal) took it as a count and went on; it is refused at its place, saying what to do.
    A count of 0 says nothing false, and stays accepted."""
    text = f"variant: {variant}\nhands: [[7S], 1]\npenalties: [0, 2]\n"
    assert problem(text) == ("p.yaml:3:16: penalties: seat 1 has 2 penalty turns, but penalty turns come only with "
                             "build duty penalty (the michigan presets); set the variant's build_duty: penalty, or "
                             "write 0")
    assert load_position(text.replace("2]", "0]"), "p.yaml").penalties == [0, 0]


def test_single_build_as_one_pile() -> None:
    flat = load_position("hands: [[8C], 1]\ntable: [{build: [5D, 3S], owner: 0}]\n", "b.yaml")
    pile = load_position("hands: [[8C], 1]\ntable: [{build: [[5D, 3S]], owner: 0, value: 8}]\n", "b.yaml")
    assert flat.builds == pile.builds == [Build(8, tuple(sorted(cards("5D", "3S"))), 0, single=True)]


# ---- each kind of problem, located ------------------------------------------------------


def test_unknown_card_code() -> None:
    text = "hands:\n  - [7S, 11H]\n  - 3\n"
    assert problem(text) == "p.yaml:2:10: card 11H does not exist; ranks are A, 2-10, J, Q, K"


def test_card_codes_that_yaml_reads_as_numbers() -> None:
    assert problems("hands: [[7, 1E5, 0.5, 1E3H], 1]\n") == [
        "p.yaml:1:10: card 7 does not exist; a card is a rank and a suit, like 7S or 10D",
        "p.yaml:1:13: card 1E5 does not exist; suits are S, H, D, C (or ♠ ♥ ♦ ♣)",
        "p.yaml:1:18: card 0.5 does not exist; suits are S, H, D, C (or ♠ ♥ ♦ ♣)",
        "p.yaml:1:23: card 1E3H does not exist; ranks are A, 2-10, J, Q, K",
    ]


def test_card_suit_and_spacing() -> None:
    assert problem("hands: [[7X], 1]\n") == "p.yaml:1:10: card 7X does not exist; suits are S, H, D, C (or ♠ ♥ ♦ ♣)"
    assert problem("hands: [[7S 8D], 1]\n") == (
        "p.yaml:1:10: '7S 8D' is not a card code; write each card without spaces "
        "and separate cards with commas, like [7S, 8D]"
    )


def test_card_of_wrong_type() -> None:
    assert problem("hands: [[[7S]], 1]\n") == "p.yaml:1:10: expected a card code like 7S or 10D, not a list"
    assert problem("hands: [[7S, ], 1]\n".replace(", ]", ", null]")) == (
        "p.yaml:1:14: expected a card code like 7S or 10D, not nothing (an empty value)"
    )


def test_card_twice_names_both_places() -> None:
    text = "variant: classic\nplayers: 2\nto_move: 0\nhands:\n  - [7S, 8D]\n  - 2\ntable:\n  - 2C\n  - 7S\n"
    assert problem(text) == "p.yaml:9:5: 7S appears twice: in the hand of seat 0 (line 5) and on the table (line 9)"


def test_card_twice_in_one_list_points_at_each_place() -> None:
    """A card twice in one list named its place twice ("in the hand of seat 0 (line 1) and in the hand of seat 0 (line
    1)"): the problem is at the second, and says the first's line and, on the same line, the columns of both."""
    assert problems("hands: [[7S, 8D, 7S], [KD]]\ncaptured: [[], [9H,\n  9H]]\n") == [
        "p.yaml:1:18: 7S appears twice in the hand of seat 0: at line 1, column 10, and at line 1, column 18",
        "p.yaml:3:3: 9H appears twice in the cards seat 1 captured: at line 2 and at line 3"]
    assert problem("hands: [[7S], [KD]]\ncaptured: [[9H], [9H]]\n") == (
        "p.yaml:2:19: 9H appears twice: in the cards seat 0 captured (line 2, column 13) and in the cards seat 1 "
        "captured (line 2, column 19)")


def test_card_twice_in_stock_and_captured() -> None:
    text = "hands: [1, 1]\ncaptured: [[], [9H]]\nstock: [9H]\n"
    assert problem(text) == (
        "p.yaml:3:9: 9H appears twice: in the cards seat 1 captured (line 2) and in the stock (line 3)"
    )


def test_card_not_in_deck() -> None:
    text = "variant: italian\nhands: [[8H, 7H], [QS]]\n"
    assert problem(text) == "p.yaml:2:10: 8H is not in the italian40 deck (it has no 8, 9 or 10)"


def test_pile_total_differs_from_value() -> None:
    text = "hands: [1, 1]\ntable:\n  - {build: [5D, 3S], owner: 1, value: 9}\n"
    assert problem(text) == "p.yaml:3:13: 5D+3S adds up to 8, not the build's value 9"
    text = "hands: [1, 1]\ntable:\n  - {build: [[5H, 3C], [9H]], owner: 0, value: 8}\n"
    assert problem(text) == "p.yaml:3:24: 9H adds up to 9, not the build's value 8"


def test_piles_with_different_totals() -> None:
    text = "hands: [1, 1]\ntable:\n  - {build: [[5H, 3C], [7H]], owner: 0}\n"
    assert problem(text) == (
        "p.yaml:3:24: 7H adds up to 7 but the first pile adds up to 8; every pile of a build has the same total"
    )


def test_value_of_wrong_type() -> None:
    text = "hands: [1, 1]\ntable: [{build: [5D, 3S], owner: 1, value: eight}]\n"
    assert problem(text) == (
        "p.yaml:2:44: value must be the build's total, a whole number like 8, not the text 'eight'"
    )


def test_build_of_one_card() -> None:
    for build in ("[8H]", "[[8H]]"):
        text = f"hands: [1, 1]\ntable: [{{build: {build}, owner: 0}}]\n"
        assert problem(text) == (
            "p.yaml:2:17: a build is the played card plus at least one more; "
            "a lone 8H is a loose card: write it as 8H"
        )


def test_build_too_big() -> None:
    text = "hands: [1, 1]\ntable: [{build: [9H, 3C], owner: 0}]\n"
    assert problem(text) == "p.yaml:2:17: a build of 12 is too big: with classic values builds go up to 10"
    text = "variant: royal\nhands: [1, 1]\ntable: [{build: [9H, 3C], owner: 0, value: 12}]\n"
    assert load_position(text, "p.yaml").builds[0].value == 12


def test_build_shape_problems() -> None:
    text = "hands: [1, 1]\ntable:\n  - {build: [5D, [3S]], owner: 0}\n  - {build: [[5H], []], owner: 0}\n"
    assert problems(text) == [
        "p.yaml:3:13: build: mixes cards and piles; write a single build as [5D, 3S] "
        "and a multiple build as [[5H, 3C], [8H]]",
        "p.yaml:4:20: a pile of a build cannot be empty",
    ]
    text = "hands: [1, 1]\ntable:\n  - [5D, 3S]\n  - {owner: 0}\n  - {build: [5D, 3S]}\n"
    assert problems(text) == [
        "p.yaml:3:5: a list on the table; write a build as {build: [5D, 3S], owner: 0}",
        "p.yaml:4:5: a build needs build:, the list of its cards, like {build: [5D, 3S], owner: 0}",
        "p.yaml:5:5: a build needs owner:, the seat that controls it, like {build: [5D, 3S], owner: 0}",
    ]


def test_face_build_needs_face_gather() -> None:
    text = "hands: [[KS], 1]\ntable: [{build: [[KC], [KD]], owner: 0}]\n"
    assert problem(text) == (
        "p.yaml:2:19: KC has no value, so it cannot be in a build; "
        "face builds need face_capture: all (the face-gather preset)"
    )
    royal = load_position("variant: royal\nhands: [[KS], 1]\ntable: [{build: [[KC], [KD]], owner: 0}]\n", "r.yaml")
    assert royal.builds == [Build(13, tuple(sorted(cards("KC", "KD"))), 0, single=False)]


def test_face_build_piles_and_value() -> None:
    head = "variant: face-gather\nhands: [[KS], 1]\ntable:\n"
    assert problem(head + "  - {build: [[KC], [KD, KH]], owner: 0}\n") == (
        "p.yaml:4:20: each pile of a K face build is one K, like [[KC], [KD]]"
    )
    assert problem(head + "  - {build: [[KC], [QD]], owner: 0}\n") == (
        "p.yaml:4:20: each pile of a K face build is one K, like [[KC], [KD]]"
    )
    assert problem(head + "  - {build: [[KC], [KD]], owner: 0, value: 13}\n") == (
        "p.yaml:4:44: the value of a K face build is written as its rank letter: value: K"
    )
    assert problem(head + "  - {build: [[KC], [KD]], owner: 0, value: Q}\n") == (
        "p.yaml:4:44: the value of a K face build is written as its rank letter: value: K"
    )
    pos = load_position(head + "  - {build: [[KC], [KD]], owner: 0, value: k}\n", "p.yaml")
    assert pos.builds[0].face and pos.builds[0].value == 13


def test_seat_out_of_range() -> None:
    text = "to_move: 2\ndealer: -1\nhands: [[8C], 1]\ntable: [{build: [5D, 3S], owner: 5}]\nlast_capturer: 2\n"
    assert problems(text) == [
        "p.yaml:1:10: to_move: there is no seat 2; with 2 players the seats are 0 and 1",
        "p.yaml:2:9: dealer: there is no seat -1; with 2 players the seats are 0 and 1",
        "p.yaml:4:34: owner: there is no seat 5; with 2 players the seats are 0 and 1",
        "p.yaml:5:16: last_capturer: there is no seat 2; with 2 players the seats are 0 and 1",
    ]
    assert problem("players: 3\nto_move: first\nhands: [1, 1, 1]\n") == (
        "p.yaml:2:10: to_move must be a seat number (0, 1 or 2), not the text 'first'"
    )


def test_lists_per_seat_and_side() -> None:
    text = "players: 3\nhands: [1, 1]\ncaptured: [[], [], [], []]\nsweeps: [0]\nscores: [0, 0]\n"
    assert problems(text) == [
        "p.yaml:2:8: hands has 2 entries but there are 3 players; give one entry per seat",
        "p.yaml:3:11: captured has 4 entries but there are 3 players; give one entry per seat",
        "p.yaml:4:9: sweeps has 1 entry but there are 3 players; give one entry per seat",
        "p.yaml:5:9: scores has 2 entries but there are 3 players; give one entry per side",
    ]
    text = "players: 4\nhands: [1, 1, 1, 1]\nscores: [0, 0, 0, 0]\n"
    assert problem(text) == (
        "p.yaml:3:9: scores has 4 entries but 4 players play as 2 sides (seats 0 and 2 against 1 and 3); "
        "give one entry per side"
    )


def test_counts_of_wrong_type() -> None:
    text = "hands: [-1, two]\nsweeps: [0, 1.5]\nstock: many\n"
    assert problems(text) == [
        "p.yaml:1:9: a number of unknown cards must be at least 0, not -1",
        "p.yaml:1:13: a hand is a list of cards like [7S, 8D], or a number of unknown cards, not the text 'two'",
        "p.yaml:2:13: a sweep count must be a whole number, not the number 1.5",
        "p.yaml:3:8: stock must be a number of unknown cards or a list of cards, not the text 'many'",
    ]


def test_more_cards_than_the_deck() -> None:
    text = "hands: [[7S], 20]\ntable: [8S]\ncaptured: [[9S], []]\nstock: 30\n"
    assert problem(text) == (
        "p.yaml:1:1: this position has 53 cards (3 named, 50 unknown) but the deck has only 52: take 1 off (lower "
        "a count of unknown cards, or remove named ones)"
    )
    assert load_position(text.replace("30", "29"), "p.yaml").stock_hidden == 29
    text = "variant: italian\nhands: [20, 20]\nstock: 1\n"
    assert problem(text) == (
        "p.yaml:1:1: this position has 41 cards (0 named, 41 unknown) but the deck has only 40: take 1 off (lower "
        "a count of unknown cards, or remove named ones)"
    )


def test_unknown_preset_and_options() -> None:
    assert problem("variant: clasic\nhands: [1, 1]\n").startswith(
        "p.yaml:1:10: unknown preset 'clasic'; presets are: classic, "
    )
    assert problem("variant: clasic\nhands: [1, 1]\n").endswith("(did you mean classic?)")
    text = "variant:\n  preset: royal\n  targt: 11\n  build_duty: always\nhands: [1, 1]\n"
    found = problems(text)
    assert len(found) == 2
    assert found[0].startswith("p.yaml:3:3: unknown option 'targt'; options are: ")
    assert found[0].endswith("(did you mean target?)")
    assert found[1] == "p.yaml:4:15: option build_duty takes no_trail, take_or_add, free or penalty, not always"
    assert problem("variant: {preset: 7}\nhands: [1, 1]\n") == (
        "p.yaml:1:19: preset must be a preset name, like classic or royal"
    )
    assert problem("variant: [classic]\nhands: [1, 1]\n") == (
        "p.yaml:1:10: variant must be a preset name like classic, or a mapping of options "
        "like {preset: classic, target: 11}, not a list"
    )


def test_wrong_players() -> None:
    assert problem("players: two\nhands: [1, 1]\n") == "p.yaml:1:10: players must be 2, 3 or 4, not the text 'two'"
    assert problem("players: 5\nhands: [1, 1, 1, 1, 1]\n") == "p.yaml:1:10: players must be 2, 3 or 4, not the number 5"


def test_unknown_keys() -> None:
    found = problem("variant: classic\nhand: [1, 1]\nhands: [1, 1]\n")
    assert found.startswith("p.yaml:2:1: unknown key 'hand' in a position; did you mean hands? valid keys are: ")
    found = problem("hands: [[8C], 1]\ntable: [{build: [5D, 3S], owner: 0, onwer: 1}]\n")
    assert found == (
        "p.yaml:2:37: unknown key 'onwer' in a build; did you mean owner? valid keys are: build, owner, value"
    )


def test_missing_hands_and_not_a_mapping() -> None:
    assert problem("variant: classic\n") == (
        "p.yaml:1:1: the position has no hands: key; add one entry per seat, "
        "a list of cards like [7S, 8D] or a number of unknown cards"
    )
    assert problem("") == (
        "p.yaml:1:1: a position is a mapping of keys like variant:, hands: and table:, not nothing (an empty value)"
    )
    assert problem("- 7S\n") == "p.yaml:1:1: a position is a mapping of keys like variant:, hands: and table:, not a list"


def test_holding_rule() -> None:
    text = "hands:\n  - [7S, 2D]\n  - 3\ntable:\n  - {build: [5D, 3S], owner: 0}\n"
    assert problem(text) == (
        "p.yaml:5:5: seat 0 controls the 8-build but holds no card that takes 8 (holding rule)"
    )
    face = "variant: face-gather\nhands: [[QS], 1]\ntable: [{build: [[KC], [KD]], owner: 0}]\n"
    assert problem(face) == "p.yaml:3:9: seat 0 controls the K-build but holds no card that takes K (holding rule)"
    # not checked for a hand with unknown cards, nor under build duty "penalty"
    load_position(text.replace("[7S, 2D]", "2"), "p.yaml")
    load_position("variant: michigan\n" + text, "p.yaml")
    # a held ace takes 14 under aces high
    load_position("variant: royal-aces-high\nhands: [[AH], 1]\ntable: [{build: [KC, AS], owner: 0}]\n", "p.yaml")


def test_all_problems_in_one_error() -> None:
    text = """\
variant: {preset: classic, targt: 11}
players: 2
to_move: 2
hands:
  - [7S, 11H]
  - two
table:
  - 7S
  - {build: [5D, 3S], owner: 1, value: 9}
scores: [0]
"""
    found = problems(text)
    assert [line.split(": ")[0] for line in found] == [
        "p.yaml:1:28", "p.yaml:3:10", "p.yaml:5:10", "p.yaml:6:5", "p.yaml:8:5", "p.yaml:9:13", "p.yaml:10:9",
    ]
    assert "7S appears twice: in the hand of seat 0 (line 5) and on the table (line 8)" in found[4]


# ---- YAML syntax ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hands:\n\t- [7S]\n",
         "p.yaml:2:1: a tab character here; YAML indents and separates with spaces only: replace the tab with spaces"),
        ("hands: [[7S, 8D]\ntable: []\n",
         "p.yaml:2:1: the list opened at line 1, column 8 is not closed; add ']' at its end"),
        ("table: [{build: [5D, 3S], owner: 1]\n",
         "p.yaml:1:35: the mapping opened at line 1, column 9 is not closed; add '}' before this ']'"),
        ("hands: [[7S] [8D]]\n",
         "p.yaml:1:14: expected ',' or ']' here in the list opened at line 1, column 8: separate items with ', '"),
        ("hands:\n  - [7S]\n - 3\n",
         "p.yaml:3:2: this line is not lined up with the lines above it: keys of one mapping, "
         "and the '- ' items of one list, start in the same column"),
        ("players: 2\n  to_move: 1\n",
         "p.yaml:2:10: this line is indented more than line 1; line it up with the lines above"),
        ("players:2\nhands: [1, 1]\n",
         "p.yaml:1:1: line 1 needs a space after its ':' (write 'key: value')"),
        ("players 2\nhands: [1, 1]\n", "p.yaml:1:1: line 1 has no ':'; write it as 'key: value'"),
        ("variant: 'classic\nhands: [1, 1]\n",
         "p.yaml:3:1: the quote opened at line 1, column 10 is never closed; add the closing quote"),
        ("hands: [1, 1]\nhands: [2, 2]\n", "p.yaml:2:1: the key 'hands' appears twice (also at line 1); keep only one"),
        ("hands: [1, 1]\n---\nhands: [1, 1]\n",
         "p.yaml:2:1: a file holds a single document; remove the '---' line and what follows it"),
        ("hands: [@7S]\n", "p.yaml:1:9: a value cannot start with '@'; put the value in quotes"),
        ("hands: \x07\n", "p.yaml:1:8: the character #x0007 is not allowed in a YAML file; remove it"),
    ],
)
def test_yaml_syntax(text: str, expected: str) -> None:
    assert problem(text) == expected


def test_node_api() -> None:
    root = load_document("a: 1\nb:\n  - [x, 2]\n  - {c: null}\n", "n.yaml")
    assert root.is_mapping and root.keys() == ["a", "b"]
    assert root.value == {"a": 1, "b": [["x", 2], {"c": None}]}
    b = root.get("b")
    assert b is not None and b.is_list and (b.line, b.col) == (3, 3)
    first, second = b.children
    assert (first.children[1].line, first.children[1].col, first.children[1].scalar) == (3, 9, 2)
    c_value = second.get("c")
    assert c_value is not None and c_value.is_null
    key = root.key_node("b")
    assert key is not None and (key.line, key.col) == (2, 1)
    assert root.get("z") is None


# ---- writing ----------------------------------------------------------------------


def test_dump_reads_like_the_example() -> None:
    pos = load_position(EXAMPLE, "example.yaml")
    assert dump_position(pos) == """\
variant: face-gather
hands:
  - [7S, 8D, KH]
  - 3
table:
  - 7C
  - {build: [5D, 3S], owner: 1, value: 8}
  - {build: [[8H], [5H, 3C]], owner: 0, value: 8}
  - {build: [[KD], [KC]], owner: 0, value: K}
captured: [[AS, 10D], []]
"""


def test_variant_written_as_preset_or_mapping() -> None:
    pos = load_position("variant: {preset: classic-take-or-add, target: 11, deck: italian40}\nhands: [1, 1]\n", "v")
    assert position_to_data(pos)["variant"] == {"preset": "classic-take-or-add", "deck": "italian40", "target": 11}
    pos = load_position("variant: {preset: royal, values: royal}\nhands: [1, 1]\n", "v")
    assert position_to_data(pos)["variant"] == "royal"


def test_table_to_data() -> None:
    variant = presets.variant("classic")
    single = Build(8, tuple(sorted(cards("5D", "3S"))), 1, single=True)
    multiple = Build(8, tuple(sorted(cards("5H", "3C", "8H"))), 0, single=False)
    assert table_to_data(cards("7C"), [single, multiple], variant) == [
        "7C",
        {"build": ["5D", "3S"], "owner": 1, "value": 8},
        {"build": [["8H"], ["5H", "3C"]], "owner": 0, "value": 8},
    ]


def test_mixed_hand_cannot_be_written() -> None:
    pos = Position(presets.variant(), 2, [cards("7S"), []], [], [], hidden=[1, 0])
    with pytest.raises(ValueError, match="mixes known and unknown"):
        position_to_data(pos)


ROUND_TRIPS = [
    EXAMPLE,
    "hands: [[7S, 8D], [2C]]\ntable: [AC, {build: [4D, 4H], owner: 0}]\n",
    "variant: italian\nplayers: 3\nto_move: 2\ndealer: 0\nhands: [[QD, 7C], 2, [KS]]\n"
    "table: [{build: [[QC], [7H, 2H]], owner: 1, value: 9}]\ncaptured: [[], [JH], []]\nstock: 20\n",
    "variant: {preset: classic, build_duty: take_or_add, target: 11, point_cards: {10D: 3}}\n"
    "players: 4\nto_move: 1\nhands: [1, [9S, 6S], 1, 1]\ntable: [3H, {build: [6H, 3C], owner: 1}]\n"
    "sweeps: [0, 1, 0, 2]\nscores: [12, 7]\nstock: [2D, 5C, 9D]\nlast_capturer: 3\n",
    "variant: royal-aces-high\nhands: [[AH, 5S], [JC]]\ntable: [{build: [[KC, AS], [9D, 5D]], owner: 0}]\n",
    "variant: michigan-5\nhands: [[2S], 3]\ntable: [{build: [5D, 3S], owner: 0}]\npenalties: [1, 0]\n"
    "scores: [-2, 4]\n",
    "variant: face-gather\nhands: [[QH, JS], 2]\ntable: [JD, {build: [[QC], [QD], [QS]], owner: 0, value: Q}]\n",
    "variant: {preset: face-gather, point_cards: false, hand_size: 6}\nhands: [[], [KS]]\n"
    "table: [{build: [[KC], [KD]], owner: 1}]\n",
]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_round_trip(text: str) -> None:
    pos = load_position(text, "r.yaml")
    again = load_position(dump_position(pos), "dumped.yaml")
    assert again.state_key() == pos.state_key()
    assert dump_position(again) == dump_position(pos)


def test_an_empty_hand_to_move_passes_the_turn_as_play_does() -> None:
    pos = load_position("hands: [[], [2C, 3D]]\ntable: [5H, 4S]\n", "e.yaml")
    assert pos.to_move == 1 and not pos.is_round_over()
    assert sorted(str(m) for m in pos.generate()) == ["2C", "3D"]
    three = load_position("players: 3\nto_move: 1\nhands: [[7S], [], 2]\ntable: [5H]\n", "e.yaml")
    assert three.to_move == 2, "the seat after the empty one, though its cards are hidden"


def test_a_position_with_every_hand_empty_keeps_its_seat() -> None:
    pos = load_position("to_move: 1\nhands: [[], []]\ntable: [5H, 4S]\n", "e.yaml")
    assert pos.to_move == 1 and pos.is_round_over()
