"""A capture typed with a card that lies inside a build is refused, and the words show how to name the
build in brackets.  The example card they give is one that can take that build (a legal capture with it
takes the build), or, when no card of the hand can, the words give no card: recomputed here from the legal
moves of many positions, in both languages, and for the step of lesson "builds" that showed 4♥ x [5♠+4♦]."""

from __future__ import annotations

import random
import re

from randompos import random_play, random_position

from tutor.core.cards import Card
from tutor.core.moves import IllegalMoveError
from tutor.core.position import Position
from tutor.core.table import Build
from tutor.loading.positions import load_position
from tutor.render import Renderer

EXAMPLE = {
    "en": re.compile(r"To take the build, type it in brackets: (\S+) x \["),
    "de": re.compile(r"Um die Baute einzunehmen, tippe sie in eckigen Klammern: (\S+) x \["),
}
NO_CARD = {"en": "none of your cards can take this one now", "de": "diese kann gerade keine deiner Karten einnehmen"}


def takers(pos: Position, build: Build) -> set[Card]:
    """The cards of the mover's hand that some legal capture takes ``build`` with."""
    return {m.card for m in pos.generate() if m.kind == "capture" and build in m.builds}


def example_card(pos: Position, typed: str, lang: str) -> Card | None:
    """The card the refusal of ``typed`` offers as the example, None when it names none."""
    try:
        pos.parse_move(typed)
    except IllegalMoveError as err:
        assert err.reason.code == "card_in_build", err.reason
        said = Renderer(lang, symbols=False).reason(pos, err.reason)
        found = EXAMPLE[lang].search(said)
        if found is None:
            assert NO_CARD[lang] in said, said
            return None
        name = found.group(1)
        return Card.from_str(name) if lang == "en" else _german_card(pos, name)
    raise AssertionError(f"{typed} was accepted")


def _german_card(pos: Position, name: str) -> Card:
    """The card of the mover's hand that a German code like 9Kr names."""
    plain = Renderer("de", symbols=False)
    matches = [c for c in pos.hands[pos.to_move] if plain.card(c) == name]
    assert len(matches) == 1, (name, matches)
    return matches[0]


def build_positions(count: int) -> list[Position]:
    """Positions with a build on the table, after build-heavy random play."""
    rng = random.Random(2121)
    found: list[Position] = []
    while len(found) < count:
        pos = random_position(rng)
        random_play(rng, pos, rng.randrange(2, 14), build_bias=0.9)
        if pos.needs_deal() or pos.is_round_over() or not pos.builds:
            continue
        found.append(pos)
    return found


def test_the_example_card_can_take_the_build() -> None:
    checked = named = 0
    for pos in build_positions(120):
        for build in pos.builds:
            inside = build.cards[0]
            can_take = takers(pos, build)
            for card in pos.hands[pos.to_move]:
                for lang in ("en", "de"):
                    shown = example_card(pos, f"{card} x {inside}", lang)
                    checked += 1
                    if shown is None:
                        assert not can_take, f"no example, but {can_take} can take {build}\n{pos}"
                    else:
                        named += 1
                        assert shown in can_take, f"{shown} cannot take {build}\n{pos}"
                        if card in can_take:
                            assert shown == card  # the card typed, when it can
    assert checked > 500 and 0 < named < checked


def test_lesson_example_names_the_nine() -> None:
    pos = load_position("hands: [[4H, 9C, QD, 2S], 4]\ntable: [{build: [4D, 5S], owner: 1}, 4C, 7H, JS]", "t.yaml")
    assert example_card(pos, "4H x 4D 4C", "en") == Card.from_str("9C")
    assert example_card(pos, "4H x 4D 4C", "de") == Card.from_str("9C")
