"""Dealing, whole rounds and the match (rules.md sections 5 and 7)."""

from __future__ import annotations

import random

import pytest

from tutor.content.presets import preset_names, variant
from tutor.core.cards import Card, parse_cards
from tutor.core.position import Position
from tutor.core.round import (
    Chooser,
    Match,
    MatchResult,
    count_out,
    deal_round,
    judge_claim,
    next_deal,
    play_match,
    play_round,
    scored_at_once,
)
from tutor.core.scoring import live_scores, round_points, score_round
from tutor.core.variant import Variant
from tutor.render import Renderer

PLAYERS = (2, 3, 4)
DEALS = {2: 6, 3: 4, 4: 3}


def C(text: str) -> list[Card]:
    return parse_cards(text.split())


def piles(v: Variant, first: str, size: int) -> list[list[Card]]:
    """Seat 0 takes ``first`` plus plain cards (no spade, no points) up to ``size``; seat 1 the rest."""
    pile = C(first)
    plain = [c for c in v.deck_cards if c.suit != "S" and not v.point_card_table[c] and c not in pile]
    pile += plain[: size - len(pile)]
    return [pile, [c for c in v.deck_cards if c not in pile]]


def finished(
    v: Variant, captured: list[list[Card]], sweeps: list[int] | None = None, penalties: list[int] | None = None
) -> Position:
    """Two players, every card played."""
    return Position(v, 2, hands=[[], []], loose=[], builds=[], captured=captured, sweeps=sweeps, penalties=penalties)


def midround(v: Variant, captured: list[list[Card]]) -> Position:
    """Two players with a king each still to play."""
    return Position(v, 2, hands=[C("KH"), C("KS")], loose=C("QD"), builds=[], captured=captured)


def random_chooser(seed: object) -> Chooser:
    rng = random.Random(str(seed))
    return lambda pos, moves: rng.choice(moves)


# ---- dealing -------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", preset_names())
def test_deal_counts(name: str, players: int) -> None:
    v = variant(name)
    size = v.hand_size_resolved
    pos = deal_round(v, players, dealer=players - 1, seed=7)
    assert pos.to_move == 0 and len(pos.loose) == 4 and not pos.builds
    dealt = [c for h in pos.hands for c in h] + pos.loose
    deals = 1
    while True:
        assert [len(h) for h in pos.hands] == [size] * players
        pos.hands = [[] for _ in range(players)]
        if not pos.needs_deal():
            break
        next_deal(pos)
        dealt += [c for h in pos.hands for c in h]
        deals += 1
    assert deals == (1 if v.draw else DEALS[players])
    assert sorted(dealt + (pos.stock or [])) == sorted(v.deck_cards)


def test_packets_from_the_seat_after_the_dealer() -> None:
    v = variant("classic")
    order = list(v.deck_cards)
    random.Random(3).shuffle(order)
    pos = deal_round(v, 2, dealer=0, seed=3)
    assert pos.hands == [order[2:4] + order[6:8], order[0:2] + order[4:6]]
    assert pos.loose == order[8:12] and pos.stock == order[12:]
    assert pos.to_move == 1 and pos.dealer == 0


def test_italian_hands_of_three_in_packets_of_two() -> None:
    v = variant("italian")
    order = list(v.deck_cards)
    random.Random(5).shuffle(order)
    pos = deal_round(v, 3, dealer=2, seed=5)
    assert pos.hands == [order[0:2] + order[6:7], order[2:4] + order[7:8], order[4:6] + order[8:9]]
    assert pos.loose == order[9:13]


def test_deals_are_reproducible() -> None:
    v = variant("classic")
    assert deal_round(v, 3, 0, 42).state_key() == deal_round(v, 3, 0, 42).state_key()
    assert deal_round(v, 3, 0, 42).state_key() != deal_round(v, 3, 0, 43).state_key()
    assert deal_round(v, 2, 0, 1, scores=[5, 7]).scores == [5, 7]


def test_next_deal_only_when_due() -> None:
    pos = deal_round(variant("classic"), 2, 0, 1)
    with pytest.raises(ValueError):
        next_deal(pos)
    with pytest.raises(ValueError):
        deal_round(variant("classic"), 5, 0, 1)


def test_draw_refills_the_hand() -> None:
    pos = deal_round(variant("draw"), 2, 0, 9)
    pos.push(pos.generate()[0])
    assert [len(h) for h in pos.hands] == [4, 4] and len(pos.stock or []) == 52 - 8 - 4 - 1


# ---- whole rounds ----------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("name", preset_names())
def test_random_round_accounts_for_every_card(name: str, players: int) -> None:
    v = variant(name)
    pos = deal_round(v, players, dealer=0, seed=players)
    moves = play_round(pos, random_chooser((name, players)))
    assert moves and pos.is_round_over()
    assert pos.captured is not None and pos.stock is not None
    places = [*pos.captured, pos.table_cards(), *pos.hands, pos.stock]
    # if nobody captured, the residue stays on the table and scores for nobody
    assert sorted(c for p in places for c in p) == sorted(v.deck_cards)
    if pos.last_capturer is not None:
        assert pos.table_empty
    if not pos.limit_reached():
        assert not any(pos.hands) and not pos.stock
    score = score_round(pos)
    assert sum(score.cards) == sum(len(p) for p in pos.captured)
    shared = sum(i.points for i in score.items if i.code not in ("sweeps", "penalty", "skunk"))
    assert shared <= round_points(v)
    if pos.last_capturer is not None and not pos.limit_reached():
        assert sum(i.points for i in score.items if i.code == "point_card") == sum(v.point_card_table)


@pytest.mark.parametrize("seed", range(6))
def test_a_last_deal_that_does_not_come_out_even_passes_over_empty_hands(seed: int) -> None:
    v = variant({"preset": "classic", "hand_size": 5})
    pos = deal_round(v, 3, dealer=seed % 3, seed=seed)
    rng = random.Random(seed)
    while not pos.is_round_over():
        if pos.needs_deal():
            next_deal(pos)
        assert pos.hands[pos.to_move], "the seat to move must hold a card"
        pos.push(rng.choice(pos.generate()))
    assert pos.captured is not None
    assert sorted(c for p in [*pos.captured, pos.table_cards()] for c in p) == sorted(v.deck_cards)


@pytest.mark.parametrize(("size", "table"), [(13, 0), (12, 4)])
def test_the_hands_are_dealt_before_the_table_when_the_deck_cannot_give_both(size: int, table: int) -> None:
    """docs/readings.md 16: with four players, 13 cards each leave none for the table (the round is one deal played
    on an empty table), 12 each leave its four; every card is dealt and the round plays to its end."""
    v = variant({"preset": "classic", "hand_size": size})
    pos = deal_round(v, 4, dealer=3, seed=5)
    assert [len(h) for h in pos.hands] == [size] * 4 and len(pos.table_cards()) == table and pos.stock == []
    rng = random.Random(5)
    while not pos.is_round_over():
        pos.push(rng.choice(pos.generate()))
    assert pos.captured is not None
    assert sorted(c for p in [*pos.captured, pos.table_cards()] for c in p) == sorted(v.deck_cards)


def test_the_turn_comes_back_to_the_only_seat_with_cards() -> None:
    v = variant("classic")
    pos = Position(v, 3, [C("2C 9H"), [], []], C("KD"), [], to_move=0)
    pos.push(pos.parse_move("2C"))
    assert pos.to_move == 0 and pos.generate()


def test_round_moves_and_deals() -> None:
    pos = deal_round(variant("classic"), 2, dealer=1, seed=0)
    moves = play_round(pos, random_chooser(0))
    assert len(moves) == 48


# ---- the match -------------------------------------------------------------------


def test_count_out_cards_first() -> None:
    v = variant("classic")
    score = score_round(finished(v, piles(v, "10D", 27)))
    assert score.totals == (5, 6)
    assert count_out([19, 20], score, 21) == 0
    match = Match(v, 2, scores=[19, 20])
    match.end_round(finished(v, piles(v, "10D", 27)))
    assert match.result == MatchResult(0, "count_out") and match.scores == [24, 26]
    higher = Match(v.with_options(tie_break="higher_total"), 2, scores=[19, 20])
    higher.end_round(finished(v, piles(v, "10D", 27)))
    assert higher.result == MatchResult(1, "higher_total")


def test_count_out_penalties_are_off_first() -> None:
    v = variant("michigan")
    score = score_round(finished(v, piles(v, "10D", 27), penalties=[1, 0]))
    assert score.totals == (3, 6)
    assert count_out([19, 20], score, 21) == 1
    assert count_out([19, 20], score_round(finished(v, piles(v, "10D", 27))), 21) == 0


@pytest.mark.parametrize(
    ("first", "before", "winner"),
    [
        ("2S AS AC AH AD", [20, 20], 1),  # seat 1's Big Cassino before seat 0's Little Cassino
        ("2S", [20, 18], 0),  # Little Cassino before seat 1's aces
    ],
)
def test_count_out_cassinos(first: str, before: list[int], winner: int) -> None:
    v = variant("classic").with_options(most_spades=0)
    score = score_round(finished(v, piles(v, first, 26)))
    assert score.cards == (26, 26)
    assert all(b + t >= 21 for b, t in zip(before, score.totals))
    assert count_out(before, score, 21) == winner


@pytest.mark.parametrize(
    ("first", "before", "winner"),
    [
        ("AS", [20, 20], 0),  # spades before clubs
        ("AS AH", [19, 20], 1),  # clubs before hearts
        ("AS AH", [19, 19], 0),  # hearts before diamonds
    ],
)
def test_count_out_aces(first: str, before: list[int], winner: int) -> None:
    v = variant("classic").with_options(most_spades=0, point_cards={"AD": 1, "AH": 1, "AC": 1, "AS": 1})
    score = score_round(finished(v, piles(v, first, 26)))
    assert all(b + t >= 21 for b, t in zip(before, score.totals))
    assert count_out(before, score, 21) == winner


def test_count_out_other_point_cards_before_sweeps() -> None:
    v = variant("italian")
    score = score_round(finished(v, piles(v, "7D 3S 4S 5S 6S 7S", 20), sweeps=[0, 1]))
    assert score.cards == (20, 20) and score.spades == (5, 5)
    assert score.totals == (1, 6)
    assert count_out([10, 5], score, 11) == 0


def test_count_out_the_skunk_bonus_last_and_other_point_cards_after_the_aces() -> None:
    """docs/readings.md, 13 and 14. The first side takes every card, the second makes two sweeps: from 9 : 19 the
    first side's points bring it to 20, the second side's sweeps to 21, and only then would the skunk bonus bring
    the first side to 21. In the italian deck the 7♦ comes after the aces: from 9 : 8, the second side's 2♠ and
    two aces bring it to 11 before the first side's 7♦ would bring that side there (after its two aces)."""
    v = variant("classic").with_options(skunk="bonus")
    score = score_round(finished(v, [list(v.deck_cards), []], sweeps=[0, 2]))
    assert [i.code for i in score.items][-2:] == ["sweeps", "skunk"] and score.totals == (12, 2)
    assert count_out([9, 19], score, 21) == 1
    italian = variant("italian").with_options(most_cards=0, most_spades=0)
    first = C("7D AS AD") + [c for c in italian.deck_cards if c.rank not in "A7" and c != Card.from_str("2S")]
    score = score_round(finished(italian, [first, [c for c in italian.deck_cards if c not in first]]))
    assert [str(i.detail) for i in score.items] == ["2S", "AS", "AC", "AH", "AD", "7D"] and score.totals == (3, 3)
    assert count_out([9, 8], score, 11) == 1


def test_higher_total_equal_plays_another_round() -> None:
    v = variant("classic").with_options(tie_break="higher_total", most_spades=0)
    match = Match(v, 2, scores=[20, 20], dealer=1)
    match.end_round(finished(v, piles(v, "10D AS AC", 26), sweeps=[0, 1]))
    assert match.scores == [24, 24] and match.result is None and match.dealer == 0
    assert len(match.rounds) == 1


def test_one_side_reaching_the_target_wins() -> None:
    v = variant("classic")
    match = Match(v, 2, scores=[15, 0])
    score = match.end_round(finished(v, piles(v, "10D 2S AS AH 3S 4S 5S 6S 7S", 27)))
    assert score.totals == (9, 2) and match.result == MatchResult(0, "target")


def test_skunk_win_only_in_the_first_round() -> None:
    v = variant("classic").with_options(skunk="win")
    all_points = "10D 2S AS AH AD AC 3S 4S 5S 6S 7S"
    match = Match(v, 2)
    match.end_round(finished(v, piles(v, all_points, 27)))
    assert match.result == MatchResult(0, "skunk")
    later = Match(v, 2)
    later.end_round(finished(v, piles(v, "10D", 27)))
    later.end_round(finished(v, piles(v, all_points, 27)))
    assert later.result is None and later.scores == [16, 6]


def test_instant_points_end_the_match_at_once() -> None:
    v = variant("sudden-death")
    match = Match(v, 2, scores=[20, 0])
    pos = Position(v, 2, hands=[C("AH 5C"), C("KH")], loose=C("AS 9C"), builds=[], scores=[20, 0])
    match.play(pos, next(m for m in pos.generate() if m.is_capture))
    assert match.result == MatchResult(0, "instant") and match.scores == [22, 0]  # both aces


def test_penalties_come_off_at_once() -> None:
    v = variant("michigan")
    match = Match(v, 2, scores=[5, 5])
    pos = Position(v, 2, hands=[C("4D 8S"), C("KH 2C")], loose=C("3C"), builds=[])
    build_seven = next(m for m in pos.generate() if m.kind == "build" and str(m.card) == "4D" and m.value == 7)
    match.play(pos, build_seven)
    assert match.live_scores == [3, 5] and match.scores == [5, 5] and match.result is None


def test_claims() -> None:
    v = variant("classic").with_options(claim=True)

    true_claim = Match(v, 2, scores=[18, 5])
    count = judge_claim(true_claim, midround(v, [C("10D AS"), []]), 0)
    assert count.true and (count.before, count.certain, count.total, count.target) == (18, 3, 21, 21)
    assert true_claim.result == MatchResult(0, "claim")

    false_claim = Match(v, 2, scores=[18, 5])
    assert not judge_claim(false_claim, midround(v, [C("10D 3C"), []]), 0).true
    assert false_claim.result == MatchResult(1, "false_claim", loser=0)

    with pytest.raises(ValueError):
        judge_claim(Match(variant("classic"), 2), midround(variant("classic"), [[], []]), 0)


def test_false_claim_with_three_sides() -> None:
    v = variant("classic").with_options(claim=True)
    pos = Position(v, 3, hands=[C("KH"), C("KS"), C("KD")], loose=[], builds=[])
    match = Match(v, 3)
    assert not judge_claim(match, pos, 2).true
    assert match.result == MatchResult(None, "false_claim", loser=2)


@pytest.mark.parametrize(
    ("name", "players"), [("classic", 2), ("classic", 3), ("classic", 4), ("spade", 2), ("sudden-death", 2)]
)
def test_play_match(name: str, players: int) -> None:
    v = variant(name)
    match = play_match(v, players, random_chooser(name), seed=1)
    assert match.result is not None and match.result.winner is not None
    assert match.scores[match.result.winner] >= v.target
    if match.result.reason != "instant":
        assert match.dealer == len(match.rounds) % players
    again = play_match(v, players, random_chooser(name), seed=1)
    assert again.scores == match.scores and again.result == match.result


def test_instant_limit_ends_the_round() -> None:
    v = variant("michigan-5")
    pos = Position(
        v, 2, hands=[C("4D 8S"), C("KH 2C")], loose=C("3C"), builds=[], sweeps=[0, 3], captured=[[], C("5H")], last_capturer=1
    )
    assert pos.is_round_over() and not pos.needs_deal()
    assert play_round(pos, random_chooser(0)) == []
    assert score_round(pos).cards == (0, 2)  # the residue goes to the last capturer



@pytest.mark.parametrize("dealer", [0, 1])
def test_count_out_within_one_item_goes_in_the_order_of_play(dealer: int) -> None:
    """Spade Cassino, both sides past 61 on their spades: the side of the player on the dealer's left counts its
    spades first and wins, whichever seat it is (the seat with the lower number always won before)."""
    v = variant("spade")
    spades = [c for c in v.deck_cards if c.suit == "S"]
    mine = spades[:4] + [c for c in v.deck_cards if c.suit != "S" and not v.point_card_table[c]][:22]
    captured = [mine, [c for c in v.deck_cards if c not in mine]]
    score = score_round(finished(v, captured))
    assert score.cards == (26, 26) and [i.code for i in score.items][:2] == ["spade_points"] * 2
    match = Match(v, 2, dealer=dealer, scores=[57, 58])
    match.end_round(finished(v, captured))
    assert all(s >= 61 for s in match.scores)
    assert match.result == MatchResult(1 - dealer, "count_out")
    assert count_out([57, 58], score, 61) == 0  # the first side first, when no dealer is given


def test_count_out_starts_from_the_scoreboard_where_points_score_during_play() -> None:
    """Sudden death to 21 (docs/readings.md, 12): 16 : 15 before the round; the first side took two aces and the
    second the 10♦, the 2♠ and two aces during play, so the scoreboard read 18 : 20. At the end the first side has
    the most cards (3) and the second the most spades (1): both reach 21. Counted from the scoreboard, the cards
    come first; counting the point cards again after the majorities made the second side the winner."""
    v = variant("sudden-death")
    first = C("AH AD 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 3D 4D 5D")
    second = [c for c in v.deck_cards if c not in first]
    score = score_round(finished(v, [first, second]))
    assert score.cards == (27, 25) and score.spades == (0, 13)
    assert score.totals == (5, 6)  # most cards 3 and two aces; most spades 1, 10♦ 2, 2♠ 1, two aces
    assert scored_at_once(v) == ("penalty", "sweeps", "point_card")
    assert count_out([16, 15], score, 21, at_once=scored_at_once(v)) == 0
    assert count_out([16, 15], score, 21, at_once=("penalty",)) == 1  # the old reading
    match = Match(v, 2, scores=[16, 15])
    match.end_round(finished(v, [first, second]))
    assert match.result == MatchResult(0, "count_out") and match.scores == [21, 21]


def test_point_cards_left_on_the_table_count_in_their_place_under_instant_points() -> None:
    """Sudden death to 21: the cards left on the table at the round's end go to the last capturer (rules 5) but
    are not captured, so the 10♦ among them does not score the moment it is taken (rules 6, ``instant_points``):
    the scoreboard reads 17 : 20 after the last move. Counted from there (docs/readings.md, 12) the first side's
    most cards make 20, the second side's most spades 21: the second side wins. The engine put the 10♦ on the
    scoreboard before the count, and the first side won 22 : 21."""
    v = variant("sudden-death")
    first = C("AS AH AD AC 2H 2D 3H 3D 4H 4D 4C 5H 5D 5C 6H 6D 6C 7H 7D 7C 8H 8D 8C 9H 9D 9C 10H 2S")
    second = [c for c in v.deck_cards if c not in first and c != Card.from_str("10D") and c != Card.from_str("3C")]
    pos = Position(v, 2, hands=[[], C("3C")], loose=C("10D"), builds=[], to_move=1, dealer=1,
                   captured=[first, second], last_capturer=0, scores=[12, 20])
    match = Match(v, 2, dealer=1, scores=[12, 20])
    match.instant = [5, 0]  # the first side's aces and 2♠, scored when they were captured
    match.play(pos, next(m for m in pos.generate() if m.kind == "trail"))
    assert pos.is_round_over() and match.live_scores == [17, 20] and match.result is None
    assert sorted(pos.residue()) == sorted(C("10D 3C"))
    assert live_scores(pos, pos.residue()) == [17, 20] and live_scores(pos) == [19, 20]
    assert "Score: you: 17 · Player 2: 20" in Renderer("en").position(pos, 0)  # it showed 19 : 20
    score = match.end_round(pos)
    assert score.cards == (30, 22) and score.spades == (2, 11)
    assert match.scores == [22, 21] and match.result == MatchResult(1, "count_out")
    assert count_out([12, 20], score, 21, 0, scored_at_once(v), residue=C("10D")) == 1
    assert count_out([12, 20], score, 21, 0, scored_at_once(v)) == 0  # captured during play, it would have counted first


def test_the_residue_is_what_the_last_capturer_gets_from_the_table() -> None:
    """A last move that captures leaves the rest of the table to its player: those cards, not the ones it took."""
    v = variant("sudden-death")
    pos = Position(v, 2, hands=[C("5C"), []], loose=C("10D 5H 9S"), builds=[], captured=[[], []])
    assert pos.residue() == []  # nobody has captured
    pos.push(next(m for m in pos.generate() if m.is_capture))
    assert pos.is_round_over() and pos.loose == [] and pos.residue() == C("10D 9S")
    pos.pop()
    assert pos.residue() == []
