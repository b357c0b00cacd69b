"""Round scoring (rules.md section 6): breakdowns of hand-made positions."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from randompos import ALL_VARIANTS, fresh_position, random_play

from tutor.content.presets import variant
from tutor.core.cards import Card, parse_cards
from tutor.core.position import Position
from tutor.core.scoring import (
    PileCounts,
    ScoreItem,
    certain_items,
    certain_points,
    instant_points,
    round_points,
    score_round,
    taken_points,
)
from tutor.core.table import Build
from tutor.core.variant import Variant


def C(text: str) -> list[Card]:
    return parse_cards(text.split())


def piles(v: Variant, firsts: Sequence[str], sizes: Sequence[int]) -> list[list[Card]]:
    """Pile i is ``firsts[i]`` plus plain cards (no spade, no points) up to ``sizes[i]``;
    one more pile takes the rest of the deck."""
    named = {c for f in firsts for c in C(f)}
    plain = iter([c for c in v.deck_cards if c.suit != "S" and not v.point_card_table[c] and c not in named])
    out = []
    for first, size in zip(firsts, sizes):
        pile = C(first)
        out.append(pile + [next(plain) for _ in range(size - len(pile))])
    used = {c for p in out for c in p}
    out.append([c for c in v.deck_cards if c not in used])
    return out


def finished(
    v: Variant, captured: list[list[Card]], sweeps: list[int] | None = None, penalties: list[int] | None = None
) -> Position:
    """A round with every card played: hands and stock empty."""
    players = len(captured)
    hands: list[list[Card]] = [[] for _ in range(players)]
    return Position(v, players, hands=hands, loose=[], builds=[], captured=captured, sweeps=sweeps, penalties=penalties)


def midround(v: Variant, captured: list[list[Card]], sweeps: list[int] | None = None) -> Position:
    """Two players with a king each still to play."""
    return Position(v, 2, hands=[C("KH"), C("KS")], loose=[], builds=[], captured=captured, sweeps=sweeps)


def codes(items: Sequence[ScoreItem]) -> list[tuple[str, int, int]]:
    return [(i.code, i.side, i.points) for i in items]


CLASSIC_SPLIT = ("10D 2S AS AH 3S 4S 5S 6S 7S",)


def test_piles_cover_the_deck() -> None:
    v = variant("classic")
    p = piles(v, CLASSIC_SPLIT, [27])
    assert [len(x) for x in p] == [27, 25]
    assert sorted(p[0] + p[1]) == sorted(v.deck_cards)


def test_classic_eleven_points_plus_sweeps() -> None:
    v = variant("classic")
    score = score_round(finished(v, piles(v, CLASSIC_SPLIT, [27]), sweeps=[1, 2]))
    assert codes(score.items) == [
        ("most_cards", 0, 3), ("most_spades", 0, 1),
        ("point_card", 0, 2), ("point_card", 0, 1), ("point_card", 0, 1), ("point_card", 1, 1),
        ("point_card", 0, 1), ("point_card", 1, 1),
        ("sweeps", 0, 1), ("sweeps", 1, 2),
    ]
    assert [str(i.detail) for i in score.items if i.code == "point_card"] == ["10D", "2S", "AS", "AC", "AH", "AD"]
    assert score.items[0].detail == (27, 25) and score.items[1].detail == (7, 6)
    assert score.items[-1].detail == 2
    assert score.totals == (10, 4)
    assert score.cards == (27, 25) and score.spades == (7, 6)
    assert score.available == 14 == sum(score.totals)
    assert score.skunk is None
    assert round_points(v) == 11


def test_ties_score_nothing() -> None:
    v = variant("classic")
    score = score_round(finished(v, piles(v, CLASSIC_SPLIT, [26])))
    assert score.cards == (26, 26)
    assert "most_cards" not in [i.code for i in score.items]
    assert score.totals == (6, 2)


def test_three_players_need_more_than_every_other() -> None:
    v = variant("classic")
    tied = score_round(finished(v, piles(v, ("AS 3S 4S 5S 6S", "2S 7S 8S 9S 10S"), [20, 20])))
    assert tied.cards == (20, 20, 12) and tied.spades == (5, 5, 3)
    assert codes(tied.items) == [
        ("point_card", 2, 2), ("point_card", 1, 1), ("point_card", 0, 1),
        ("point_card", 2, 1), ("point_card", 2, 1), ("point_card", 2, 1),
    ]
    assert tied.totals == (1, 1, 5)
    ahead = score_round(finished(v, piles(v, ("AS 3S 4S 5S 6S 7S", "2S 8S 9S 10S"), [18, 17])))
    assert ahead.cards == (18, 17, 17)
    assert codes(ahead.items)[:2] == [("most_cards", 0, 3), ("most_spades", 0, 1)]


def test_partners_pool_their_captures() -> None:
    v = variant("classic")
    side0, side1 = piles(v, CLASSIC_SPLIT, [27])
    captured = [side0[:14], side1[:13], side0[14:], side1[13:]]
    score = score_round(finished(v, captured, sweeps=[1, 0, 1, 1]))
    assert score.cards == (27, 25) and score.spades == (7, 6)
    assert [i for i in score.items if i.code == "sweeps"] == [ScoreItem("sweeps", 0, 2, 2), ScoreItem("sweeps", 1, 1, 1)]
    assert score.totals == (11, 3)


def test_spade_cassino_24_a_round() -> None:
    v = variant("spade")
    assert round_points(v) == 24
    spades = " ".join(f"{r}S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
    score = score_round(finished(v, piles(v, (spades + " 10D",), [27])))
    assert codes(score.items) == [
        ("most_cards", 0, 3), ("spade_points", 0, 14),
        ("point_card", 0, 2), ("point_card", 0, 1), ("point_card", 0, 1),
        ("point_card", 1, 1), ("point_card", 1, 1), ("point_card", 1, 1),
    ]
    assert score.items[1].detail == (13, 1)
    assert score.totals == (21, 3) and score.available == 24


def test_spade_points_without_the_jack() -> None:
    v = variant("spade")
    score = score_round(finished(v, piles(v, ("2S 3S",), [27])))
    assert [i for i in score.items if i.code == "spade_points"] == [
        ScoreItem("spade_points", 0, 2, (2, 0)), ScoreItem("spade_points", 1, 12, (11, 1)),
    ]
    assert sum(score.totals) == 24


def test_italian_sette_bello_and_no_big_cassino() -> None:
    v = variant("italian")
    assert v.point_card_table[Card.from_str("10D")] == 0
    assert round_points(v) == 10
    score = score_round(finished(v, piles(v, ("7D AS 2S 3S 4S 5S 6S", ), [21])))
    assert score.cards == (21, 19) and score.spades == (6, 4)
    assert codes(score.items) == [
        ("most_cards", 0, 3), ("most_spades", 0, 1),
        ("point_card", 0, 1), ("point_card", 0, 1), ("point_card", 1, 1), ("point_card", 1, 1),
        ("point_card", 1, 1), ("point_card", 0, 1),
    ]
    assert str(score.items[-1].detail) == "7D"
    assert score.totals == (7, 3)


def test_a_deck_without_big_cassino_scores_it_nothing() -> None:
    v = variant("classic").with_options(deck="italian40")
    assert round_points(v) == 9
    score = score_round(finished(v, piles(v, ("2S",), [21])))
    assert "10D" not in [str(i.detail) for i in score.items]


def test_michigan_sweeps_two_and_penalties() -> None:
    v = variant("michigan")
    score = score_round(finished(v, piles(v, CLASSIC_SPLIT, [27]), sweeps=[2, 1], penalties=[3, 0]))
    assert score.items[0] == ScoreItem("penalty", 0, -6, 3)
    assert [i for i in score.items if i.code == "sweeps"] == [ScoreItem("sweeps", 0, 4, 2), ScoreItem("sweeps", 1, 2, 1)]
    assert score.totals == (9 + 4 - 6, 2 + 2)
    assert score.available == 11 + 6


def test_skunk_bonus_sweeps_aside() -> None:
    v = variant("classic").with_options(skunk="bonus")
    all_points = "10D 2S AS AH AD AC 3S 4S 5S 6S 7S"
    score = score_round(finished(v, piles(v, (all_points,), [27]), sweeps=[0, 2]))
    assert score.skunk == 0
    assert score.items[-1] == ScoreItem("skunk", 0, 1)
    assert score.totals == (12, 2) and score.available == 14
    tied = score_round(finished(v, piles(v, (all_points,), [26])))
    assert tied.skunk is None and "skunk" not in [i.code for i in tied.items]


def test_skunk_win_is_flagged_not_scored() -> None:
    v = variant("classic").with_options(skunk="win")
    score = score_round(finished(v, piles(v, ("10D 2S AS AH AD AC 3S 4S 5S 6S 7S",), [27])))
    assert score.skunk == 0 and score.totals == (11, 0)
    assert "skunk" not in [i.code for i in score.items]


def test_no_skunk_mid_round_and_captures_so_far() -> None:
    v = variant("classic").with_options(skunk="bonus")
    pos = Position(v, 2, hands=[C("KH"), C("KS")], loose=C("10D"), builds=[], captured=[C("AS 3C"), []])
    score = score_round(pos)
    assert codes(score.items) == [("most_cards", 0, 3), ("most_spades", 0, 1), ("point_card", 0, 1)]
    assert score.skunk is None


def test_residue_of_a_finished_position_goes_to_the_last_capturer() -> None:
    v = variant("classic")
    pos = Position(v, 2, hands=[[], []], loose=C("10D"), builds=[], captured=[C("AS"), C("3C")], last_capturer=1)
    assert score_round(pos).cards == (1, 2)
    nobody = Position(v, 2, hands=[[], []], loose=C("10D"), builds=[])
    assert score_round(nobody).totals == (0, 0)


def test_example_16_last_capture_sweeps_residue_does_not() -> None:
    v = variant("classic")

    def last_card() -> Position:
        captured = [C("AS"), C("2C")]
        return Position(v, 2, hands=[C("7C"), []], loose=C("3H 4D"), builds=[], captured=captured, last_capturer=1)

    pos = last_card()
    pos.push(next(m for m in pos.generate() if m.is_capture))
    assert pos.is_round_over() and pos.sweeps == [1, 0]
    assert ScoreItem("sweeps", 0, 1, 1) in score_round(pos).items
    pos = last_card()
    pos.push(next(m for m in pos.generate() if m.kind == "trail"))
    assert pos.sweeps == [0, 0] and pos.table_empty
    assert pos.captured is not None and sorted(pos.captured[1]) == sorted(C("2C 3H 4D 7C"))
    assert "sweeps" not in [i.code for i in score_round(pos).items]


def test_instant_points_and_sweeps() -> None:
    pos = Position(variant("sudden-death"), 2, hands=[C("10D 5C"), C("KH")], loose=C("9C AS"), builds=[])
    move = next(m for m in pos.generate() if m.is_capture)
    assert instant_points(pos, move) == (
        ScoreItem("point_card", 0, 2, Card.from_str("10D")), ScoreItem("point_card", 0, 1, Card.from_str("AS")),
        ScoreItem("sweeps", 0, 1, 1),
    )
    classic = Position(variant("classic"), 2, hands=[C("10D 5C"), C("KH")], loose=C("9C AS"), builds=[])
    assert instant_points(classic, move) == ()


def test_instant_penalty() -> None:
    build = Build(8, tuple(sorted(C("5H 3C"))), 0, True)
    pos = Position(variant("michigan"), 2, hands=[C("4D 8S"), C("KH")], loose=[], builds=[build])
    trail = next(m for m in pos.generate() if m.kind == "trail" and str(m.card) == "4D")
    assert instant_points(pos, trail) == (ScoreItem("penalty", 0, -2, 1),)
    take = next(m for m in pos.generate() if m.is_capture)
    assert instant_points(pos, take) == (ScoreItem("sweeps", 0, 2, 1),)


def test_certain_points() -> None:
    v = variant("classic")
    pos = midround(v, [C("10D AS"), []], sweeps=[1, 0])
    assert certain_points(pos, 0) == 4 and certain_points(pos, 1) == 0
    plain = piles(v, ("",), [27])[0]
    assert certain_points(midround(v, [plain, []]), 0) == 3
    assert certain_points(midround(v, [plain[:26], []]), 0) == 0
    seven = C("3S 4S 5S 6S 7S 8S 9S")
    assert certain_points(midround(v, [seven, []]), 0) == 1
    spade = variant("spade")
    assert certain_points(midround(spade, [seven + C("JS"), []]), 0) == 9


def test_certain_items_name_what_is_sure_in_count_out_order() -> None:
    """The items a claim counts: the penalties first, a majority past half of the deck's cards or spades (its
    detail the counts per side), then the spades, point cards and sweeps, each as the round's score has it."""
    v = variant("classic")
    seven = C("3S 4S 5S 6S 7S 8S 9S")
    taken = seven + C("10D AC") + piles(v, ("",), [18])[0]
    pos = midround(v, [taken, C("QS")], sweeps=[2, 1])
    assert codes(certain_items(pos, 0)) == [("most_cards", 0, 3), ("most_spades", 0, 1), ("point_card", 0, 2),
                                            ("point_card", 0, 1), ("sweeps", 0, 2)]
    assert certain_items(pos, 0)[0].detail == (27, 1) and certain_items(pos, 0)[1].detail == (7, 1)
    assert codes(certain_items(pos, 1)) == [("sweeps", 1, 1)]
    assert certain_points(pos, 0) == 9
    michigan = variant("michigan")
    fined = Position(michigan, 2, hands=[C("KH"), C("KS")], loose=[], builds=[], captured=[C("AS"), []],
                     sweeps=[1, 0], penalties=[1, 0])
    assert codes(certain_items(fined, 0)) == [("penalty", 0, -2), ("point_card", 0, 1), ("sweeps", 0, 2)]


def _played_on(rng: random.Random, v: Variant, fewest: int, most: int) -> Position | None:
    """A new round of ``v`` with 2, 3 or 4 players played on at random for ``fewest`` to ``most`` - 1 plies; None
    when it ended."""
    pos = fresh_position(rng, v, rng.choice((2, 3, 4)))
    random_play(rng, pos, rng.randrange(fewest, most))
    return None if pos.is_round_over() else pos


@pytest.mark.parametrize("v", ALL_VARIANTS, ids=range(len(ALL_VARIANTS)))
def test_taken_points_are_the_score_items_but_the_majorities_and_the_skunk(v: Variant) -> None:
    """Over random rounds of every variant, before the end: each side's points from score_round's items other than
    the majorities and the skunk, and the cards and spades it took, are taken_points'."""
    rng = random.Random(f"taken/{v}")
    checked = 0
    for _ in range(300):
        pos = _played_on(rng, v, 1, 40)
        if pos is None:
            continue
        score = score_round(pos)
        points = [0] * pos.sides
        for item in score.items:
            if item.code not in ("most_cards", "most_spades", "skunk"):
                points[item.side] += item.points
        assert taken_points(pos) == (points, list(score.cards), list(score.spades)), str(pos)
        checked += 1
        if checked == 20:
            break
    assert checked == 20


@pytest.mark.parametrize("v", ALL_VARIANTS, ids=range(len(ALL_VARIANTS)))
def test_taken_points_from_the_piles_counted_before_are_the_same(v: Variant) -> None:
    """A playout's end counts only the cards taken since its world (PileCounts): the same points, cards and spades
    as counting every pile, to the round's end (the residue) and with the jack of spades taken before or after."""
    rng = random.Random(f"base/{v}")
    jack_before = checked = 0
    for _ in range(40):
        pos = _played_on(rng, v, 0, 30)
        if pos is None:
            continue
        base = PileCounts(pos)
        jack_before += base.jack >= 0
        pushed = pos.pushed
        random_play(rng, pos, rng.randrange(1, 40))
        assert taken_points(pos, base) == taken_points(pos), str(pos)
        while pos.pushed > pushed:  # taken back part of the way, as a playout's moves are
            pos.pop()
            assert taken_points(pos, base) == taken_points(pos), str(pos)
        checked += 1
    assert checked >= 5 and (jack_before or not v.spade_points), (checked, jack_before)
