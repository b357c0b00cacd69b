"""A "why is this move refused?" step has exactly one right choice: the rule the engine names.  The other
choices must be rules the move does not break, recomputed here from the move for the rules that can be
(the groups must be worth the card played; a face card takes one card), and the choices of a lesson use
only what the course has taught by then (no face builds before the lesson on face builds).  And the demo of
a multiple build says what its capture takes, as the legal moves have it."""

from __future__ import annotations

import pytest

from tutor.content.course import DemoStep, Lesson, WhyStep
from tutor.core.cards import Card
from tutor.core.moves import IllegalMoveError
from tutor.loading.catalog import load_catalog
from tutor.loading.positions import load_position
from tutor.render import Renderer
from tutor.teaching.answers import why_reason

LESSONS = load_catalog().lessons
WHY_STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps if isinstance(step, WhyStep)]
FACE_BUILD_WORDS = {"en": ("face build",), "de": ("bild-baute", "bild-bauten")}


def named_values(step: WhyStep) -> list[list[int]] | None:
    """The values of the loose cards each typed group names; None when one is not a loose card."""
    pos = step.position
    groups = [[ref.candidates(pos.loose) for ref in group] for group in step.intent.groups]
    if step.intent.builds or not all(found for group in groups for found in group):
        return None
    return [[pos.variant.value[found[0]] for found in group] for group in groups]


def breaks_sum_rule(step: WhyStep) -> bool:
    """A capture by a number card naming a group of loose cards whose total is not a value that card takes."""
    card = step.intent.card.candidates(step.position.hands[step.position.to_move])[0]
    takes = step.position.variant.capture_values[card]
    groups = named_values(step)
    return step.intent.op == "capture" and bool(takes) and groups is not None and any(
        sum(g) not in takes for g in groups)


def breaks_one_card_rule(step: WhyStep) -> bool:
    """A capture by a face card naming more than one table card."""
    card = step.intent.card.candidates(step.position.hands[step.position.to_move])[0]
    named = len(step.intent.cards) + len(step.intent.builds)
    return step.intent.op == "capture" and not step.position.variant.capture_values[card] and named > 1


BROKEN = {"sum_mismatch": breaks_sum_rule, "face_card_takes_one": breaks_one_card_rule}


@pytest.mark.parametrize(("lesson", "step"), WHY_STEPS, ids=[f"{lesson.id}:{step.move}" for lesson, step in WHY_STEPS])
def test_no_other_choice_is_also_right(lesson: Lesson, step: WhyStep) -> None:
    right = why_reason(step).code
    for choice in step.choices:
        if choice != right and choice in BROKEN:
            assert not BROKEN[choice](step), f"{step.where}: {step.move} breaks {choice} too, yet it counts as wrong"


def test_the_predicates_see_a_broken_rule() -> None:
    faces = next(s for lesson, s in WHY_STEPS if s.move == "10S x 7H+3C JD")
    kings = next(s for lesson, s in WHY_STEPS if s.move == "KS x 6H+7C")
    nines = next(s for lesson, s in WHY_STEPS if s.move == "9S x 5H+3C")
    assert breaks_sum_rule(faces) and breaks_sum_rule(nines) and not breaks_sum_rule(kings)
    assert breaks_one_card_rule(kings) and not breaks_one_card_rule(faces)


def test_choices_before_face_builds_are_taught_speak_of_none() -> None:
    order = [lesson.id for lesson in LESSONS]
    for lesson, step in WHY_STEPS:
        if order.index(lesson.id) >= order.index("face-gather"):
            continue
        for lang, words in FACE_BUILD_WORDS.items():
            for choice in step.choices:
                title = Renderer(lang).message(f"reason_titles.{choice}").lower()
                assert not any(w in title for w in words), f"{lesson.id}: {step.move}: {title}"


def test_the_multiple_build_demo_says_what_the_five_of_clubs_takes() -> None:
    """Lesson "multiple", step 2: after 5S b5 5H 3C+2D, the 5♣ takes the build (three table cards and the 5♠),
    not the 9♠ beside it."""
    multiple = next(lesson for lesson in LESSONS if lesson.id == "multiple")
    demo = next(s for s in multiple.steps if isinstance(s, DemoStep))
    pos = demo.position.copy()
    seat = pos.to_move
    pos.push(demo.move)
    pos.to_move = seat  # the learner's next turn, the table as the demo leaves it
    five = Card.from_str("5C")
    takes = max((set(m.captured_cards()) for m in pos.generate() if m.card == five and m.kind == "capture"), key=len)
    from_table = takes & set(demo.position.table_cards())
    assert Card.from_str("9S") not in takes and Card.from_str("5S") in takes and len(from_table) == 3
    for lang, three in (("en", "three table cards"), ("de", "drei Tischkarten")):
        ui = Renderer(lang)
        said = ui.text(demo.text)
        assert three in said, said
        assert all(ui.card(c) in said or ui.card_name(c) in said for c in takes), said


@pytest.mark.parametrize(("lang", "opponent"), [("en", "opponent's build"), ("de", "Baute eines Gegners")])
def test_the_rule_for_an_own_build_in_a_sum_names_the_opponents(lang: str, opponent: str) -> None:
    """The choice for own_build_not_a_term read "Only another player's build may count in a sum"; with four players
    a partner's build is another player's and still may not (rules 3.2: only a player not on the controller's
    side)."""
    pos = load_position("variant: combine-builds\nplayers: 4\nhands: [[9S, 7C], 3, 3, 3]\n"
                        "table: [2C, {build: [4H, 3D], owner: 2}]", "partners.yaml")
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move("9S x [4H+3D]+2C")
    assert err.value.reason.code == "own_build_not_a_term"
    assert opponent in Renderer(lang).message("reason_titles.own_build_not_a_term")


def test_the_german_rule_for_adding_forbids_adding_not_raising() -> None:
    """The German choice for add_to_others_forbidden read "darf man an fremden Bauten nicht weiterbauen", and
    weiterbauen is raising or adding (as the take-or-add duty says it); the option forbids adding alone (rules 3.5),
    and the engine lets a player raise another's build under it."""
    title = Renderer("de").message("reason_titles.add_to_others_forbidden")
    assert "hinzufügen" in title and "weiterbauen" not in title
    pos = load_position("variant: {preset: classic, add_to_others: false}\nhands: [[AH, 7C], 3]\n"
                        "table: [{build: [3S, 3D], owner: 1}]", "raise.yaml")
    assert pos.parse_move("AH b7 [3S+3D]").kind == "raise"
