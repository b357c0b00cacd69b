"""A personal puzzle of the last deal, where the learner could tell every card, says its loss is exact and that the
hands shown could be known: not "on average", nor that the answer ignores hands that were hidden."""

from __future__ import annotations

from datetime import date

import pytest
from test_review_grades import WORLDS, last_deal_example

from tutor.core.position import Position
from tutor.play.game import Ply
from tutor.play.review import review_round
from tutor.render import Renderer
from tutor.shell.challenge_text import goal_text, listing_text, miss_text, verdict_text
from tutor.teaching.coach import Challenge, Task
from tutor.teaching.personal import exact, personal_puzzle, puzzle_data

SAID = {"en": ("it lost 8.0 points, with best play to the round's end", "in the last deal the other hand held",
               "the best with best play by both sides to the round's end"),
        "de": ("Bei bestem Spiel bis zum Ende der Runde hat dieser Zug 8,0 Punkte gekostet",
               "Im letzten Geben hielt die andere Hand", "wenn beide Seiten bis zum Ende der Runde bestens spielen")}
NOT_SAID = {"en": ("on average", "does not use them", "averages over many deals"),
            "de": ("im Schnitt", "nutzt sie nicht", "mittelt")}


@pytest.fixture(scope="module")
def exact_puzzle():  # type: ignore[no-untyped-def]
    pos: Position = last_deal_example()
    [mark] = review_round([Ply(pos, pos.parse_move("7S x 7D"))], 0, worlds=WORLDS).marks
    puzzle = personal_puzzle(*puzzle_data(mark, date(2026, 12, 5), 900, False), symbols=False)
    assert puzzle is not None
    return puzzle


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_puzzle_of_an_exact_mark_says_the_loss_is_exact_and_the_hands_could_be_known(
        exact_puzzle, lang: str) -> None:  # type: ignore[no-untyped-def]
    assert exact(exact_puzzle.position)
    ui = Renderer(lang, symbols=False)
    text = " ".join((getattr(exact_puzzle.text, lang) + " " + goal_text(ui, Challenge(exact_puzzle.position, Task(goal=exact_puzzle.goal)))).split())
    for said in SAID[lang]:
        assert said in text
    for wrong in NOT_SAID[lang]:
        assert wrong not in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_moves_of_an_exact_puzzle_are_valued_with_best_play_not_averaged(
        exact_puzzle, lang: str) -> None:  # type: ignore[no-untyped-def]
    ui = Renderer(lang, symbols=False)
    challenge = Challenge(exact_puzzle.position, Task(goal=exact_puzzle.goal), exact_puzzle.ranking)  # as the shell
    listing = " ".join(listing_text(ui, challenge).split())
    assert {"en": "round points, with best play by both sides to the round's end",
            "de": "Rundenpunkte, wenn beide Seiten bis zum Ende der Runde bestens spielen"}[lang] in listing
    assert {"en": "advisor's average", "de": "Schnitt des Beraters"}[lang] not in listing


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_answers_to_an_exact_puzzle_are_valued_with_best_play_not_averaged(
        exact_puzzle, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The goal and the moves' listing said "with best play", but an answer's verdict said "is worth −3.0 points on
    average, by the advisor" (QA walk: a review of the last deal, every card known)."""
    ui = Renderer(lang, symbols=False)
    challenge = Challenge(exact_puzzle.position, Task(goal=exact_puzzle.goal), exact_puzzle.ranking)  # as the shell
    pos = challenge.position
    best = pos.notation(challenge.accepted()[0])
    said = {"en": "with best play by both sides to the round's end",
            "de": "bei bestem Spiel beider Seiten bis zum Ende der Runde"}[lang]
    for text in (verdict_text(ui, challenge, challenge.judge(best)),
                 miss_text(ui, challenge, challenge.judge("7S x 7D"))):
        text = " ".join(text.split())
        assert said in text
        assert {"en": "on average", "de": "im Schnitt"}[lang] not in text
