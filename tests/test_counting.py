"""What a count is made of, and what a wrong count leaves out or adds: every claim recomputed from the round."""

from __future__ import annotations

import random

import pytest
from randompos import ALL_VARIANTS, fresh_position, random_play, random_position
from shell_helpers import installed_catalog

from tutor.content.course import QuestionStep
from tutor.core.cards import Card
from tutor.core.counting import COUNTS, CountPart, count_parts, miscount, right_count
from tutor.core.position import Position
from tutor.core.round import next_deal
from tutor.core.scoring import score_round, side_piles
from tutor.loading.positions import load_position
from tutor.render import Renderer
from tutor.teaching.answers import question_answer


def position(text: str) -> Position:
    return load_position(text, "test.yaml")


def question_steps() -> list[QuestionStep]:
    return [s for lesson in installed_catalog().lessons for s in lesson.steps if isinstance(s, QuestionStep)]


def test_every_question_of_the_course_is_the_sum_of_its_parts() -> None:
    steps = question_steps()
    assert {s.ask for s in steps} == set(COUNTS)  # the course asks every kind of count
    for step in steps:
        assert right_count(count_parts(step.position, step.seat, step.ask)) == question_answer(step), step.where


def independent_count(pos: Position, seat: int, ask: str) -> int:
    side = pos.side_of(seat)
    if ask == "points":
        return score_round(pos).totals[side]
    pile = side_piles(pos)[side]
    return sum(c.suit == "S" for c in pile) if ask == "spades" else len(pile)


def check_part(pos: Position, seat: int, ask: str, part: CountPart) -> None:
    """The part's claim, recomputed: it belongs in the count (``counted``) or does not, and it is worth ``value``."""
    side = pos.side_of(seat)
    assert pos.captured is not None
    over = pos.is_round_over()

    def worth(cards: list[Card]) -> int:
        return sum(c.suit == "S" for c in cards) if ask == "spades" else len(cards)

    if part.item is not None:
        assert part.item in score_round(pos).items
        assert part.counted == (part.item.side == side) and part.value == part.item.points
    elif part.code.startswith("tie_"):
        score = score_round(pos)
        counts = score.cards if part.code == "tie_most_cards" else score.spades
        assert part.counts == counts and counts.count(max(counts)) > 1 and not part.counted
    elif part.code == "pile":
        assert part.seat is not None
        assert part.value == worth(pos.captured[part.seat]) and part.counted == (pos.side_of(part.seat) == side)
    elif part.code == "residue":
        assert over and part.seat is not None and part.seat == pos.last_capturer
        assert part.value == worth(pos.table_cards())
        assert part.counted == (pos.side_of(part.seat) == side)
    elif part.code == "table":
        taken = {c for pile in pos.captured for c in pile}
        assert not over or pos.last_capturer is None
        assert not part.counted and set(part.cards) <= set(pos.table_cards()) and not set(part.cards) & taken
        assert part.value == worth(pos.table_cards())
    else:
        assert part.code == "clubs" and ask == "spades" and not part.counted
        assert all(c.suit == "C" for c in part.cards) and set(part.cards) <= set(side_piles(pos)[side])
        assert part.value == sum(c.suit == "C" for c in side_piles(pos)[side])


def check_claims(pos: Position, rng: random.Random) -> int:
    """Every part and every reading of wrong counts near the answer, for one seat; the claims checked."""
    claims = 0
    seat = rng.randrange(pos.players)
    for ask in COUNTS:
        parts = count_parts(pos, seat, ask)
        answer = independent_count(pos, seat, ask)
        assert right_count(parts) == answer
        for part in parts:
            check_part(pos, seat, ask, part)
            claims += 1
        for given in range(answer - 8, answer + 9):
            wrong = miscount(pos, seat, ask, given)
            assert wrong.answer == answer and (given != answer or not wrong.readings)
            for reading in wrong.readings:
                left = sum(p.value for p in reading if p.counted)
                added = sum(p.value for p in reading if not p.counted)
                assert answer - left + added == given and set(reading) <= set(parts)
                claims += 1
    return claims


def finished_round(rng: random.Random) -> Position:
    """A whole round played out at random, in any variant and with 2, 3 or 4 players."""
    pos = fresh_position(rng, rng.choice(ALL_VARIANTS), rng.choice((2, 3, 4)))
    while not pos.is_round_over():
        if pos.needs_deal():
            next_deal(pos)
        random_play(rng, pos, 60)
    return pos


@pytest.mark.parametrize("seed", range(6))
def test_every_part_and_reading_holds_in_random_rounds(seed: int) -> None:
    rng = random.Random(seed)
    claims = sum(check_claims(random_position(rng), rng) + check_claims(finished_round(rng), rng) for _ in range(25))
    assert claims > 500


def test_a_count_of_partners_takes_in_both_piles_and_the_residue() -> None:
    pos = position("{players: 4, hands: [[], [], [], []], table: [7C, 3S], last_capturer: 2,"
                   " captured: [[AS, 2D, 6H, 8D], [5C, 5S], [9S, 9C, KD], [4H]]}")
    parts = {(p.code, p.seat): (p.value, p.counted) for p in count_parts(pos, 0, "cards")}
    assert parts == {("pile", 0): (4, True), ("pile", 2): (3, True), ("residue", 2): (2, True),
                     ("pile", 1): (2, False), ("pile", 3): (1, False)}
    spades = count_parts(pos, 0, "spades")
    assert right_count(spades) == 3  # A♠, 9♠ and the 3♠ left on the table
    clubs = next(p for p in spades if p.code == "clubs")
    assert set(clubs.cards) == {Card.from_str("9C"), Card.from_str("7C")} and not clubs.counted
    # 7 cards: Player 1's and Player 3's piles without the two left on the table; or a pile of the side swapped for
    # an opponent's two cards fewer
    readings = miscount(pos, 0, "cards", 7).readings
    assert [[(p.code, p.seat) for p in r] for r in readings] == [[("residue", 2)], [("pile", 0), ("pile", 1)],
                                                                  [("pile", 2), ("pile", 3)]]


def test_a_tie_and_the_other_sides_items_are_readings_of_a_count_too_high() -> None:
    pos = position("{hands: [[], []], captured: [[10D, 3S, 3H], [AH, 4D, 5H]], last_capturer: 0}")
    assert right_count(count_parts(pos, 0, "points")) == 3  # Big Cassino and the most spades; 3 cards each
    codes = [[(p.code, p.counted) for p in r] for r in miscount(pos, 0, "points", 6).readings]
    assert codes == [[("tie_most_cards", False)]]  # the tie of 3 points nobody scores
    (reading,) = miscount(pos, 0, "points", 4).readings
    assert [(p.code, p.counted) for p in reading] == [("point_card", False)]  # Player 2's A♥
    assert reading[0].item is not None and reading[0].item.detail == Card.from_str("AH")
    assert miscount(pos, 0, "points", 3).readings == ()


def test_a_count_with_too_many_readings_names_none() -> None:
    pos = position("{hands: [[], []], captured: [[2H, 3H, 4H, 7S], [AH, AD, AC, 5H, 6H]], sweeps: [0, 1],"
                   " last_capturer: 1}")
    # Player 2: most cards, three aces and a sweep; 6 leaves out one of the aces or the sweep
    assert [[p.code for p in r] for r in miscount(pos, 1, "points", 6).readings] == [["point_card"]] * 3 + [["sweeps"]]
    # with the A♠ too (and the spades tied) a fourth ace makes five readings of one part: none is named
    pos = position("{hands: [[], []], captured: [[2H, 3H, 4H, 7S], [AS, AH, AD, AC, 5H, 6H]], sweeps: [0, 1],"
                   " last_capturer: 1}")
    wrong = miscount(pos, 1, "points", 7)
    assert wrong.answer == 8 and wrong.readings == ()


def test_a_count_that_one_part_and_two_together_explain_names_both() -> None:
    """Michigan, 9 points: most cards, the 10♦, two aces and two sweeps, less a fine of 2; 7 leaves out the 10♦,
    but also the two aces, or the sweeps and the fine together: it was told "leave out the 10♦" alone, the readings
    of two parts were not looked for once one part fitted."""
    pos = position("{variant: michigan, hands: [[], []], captured: [[10D, AH, AD, 2H, 3H, 4H, 5H], [AS, 9S]],"
                   " sweeps: [2, 0], penalties: [1, 0], last_capturer: 0}")
    wrong = miscount(pos, 0, "points", 7)
    assert wrong.answer == 9 and not wrong.more
    codes = sorted(sorted(p.code for p in r) for r in wrong.readings)
    assert codes == [["penalty", "sweeps"], ["point_card"], ["point_card", "point_card"]], codes
    # 8 from 9 points leaves out one of three aces or the 2♠, or leaves out the 10♦ and counts Player 2's A♠: five
    # readings, too many; those of one part are named, with a word that two parts together fit too
    pos = position("{hands: [[], []], captured: [[10D, AH, AD, AC, 2S, 3H, 4H, 5H], [AS, 9S, 6C]], last_capturer: 0}")
    wrong = miscount(pos, 0, "points", 8)
    assert wrong.answer == 9 and wrong.more and {len(r) for r in wrong.readings} == {1} and len(wrong.readings) == 4
    for lang, more in (("en", "You also get 8 if you leave out or also count two other parts together."),
                       ("de", "Auf 8 kommst du auch, wenn du zwei andere Teile zusammen weglässt oder mitzählst.")):
        assert Renderer(lang).miscount(pos, wrong).endswith(more)


def test_an_unknown_count_is_refused() -> None:
    pos = position("{hands: [[5C], [6D]]}")
    with pytest.raises(ValueError, match="unknown count 'kings'"):
        count_parts(pos, 0, "kings")
