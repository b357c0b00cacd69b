"""What the next opponent is likely to take (tutor/play/risk.py), and the club player's use of it."""

from __future__ import annotations

import random
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from randompos import ALL_VARIANTS, random_position

from tutor.content.presets import variant
from tutor.core.cards import Card, parse_cards
from tutor.core.movegen import hand_moves
from tutor.core.position import Position
from tutor.core.solver import exposure_after
from tutor.core.variant import Variant
from tutor.play.game import play_one_round
from tutor.play.heuristics import CLUB, CLUB_V1, Club, ClubWeights, club_best, club_value
from tutor.play.players import players
from tutor.play.risk import CardWorth, _chance, best_take, likely_take
from tutor.play.view import SeatView

SWEEP_OF_ONE_KING = 1 + CLUB_V1.card_worth  # a sweep's point and the card


def C(text: str) -> list[Card]:
    return parse_cards(text.split())


def two_seats(hand: str, theirs: int | str = 2, captured: str = "", table: str = "") -> Position:
    """Seat 0 to move holding ``hand``; seat 1 hides ``theirs`` cards (or holds those known cards);
    seat 1 has taken ``captured``; the rest is stock, unknown."""
    v = variant("classic")
    mine, taken, loose = C(hand), C(captured), C(table)
    known = C(theirs) if isinstance(theirs, str) else []
    hidden = theirs if isinstance(theirs, int) else 0
    rest = len([c for c in v.deck_cards if c not in mine + taken + loose + known]) - hidden
    return Position(v, 2, hands=[mine, known], loose=loose, builds=[], hidden=[0, hidden],
                    captured=[[], taken], stock_hidden=rest)


def trail(pos: Position, card: str) -> float:
    return likely_take(pos, pos.parse_move(card), CLUB_V1.table_worth)


def test_a_sweep_open_to_three_unseen_kings_is_weighted_by_the_chance_of_holding_one() -> None:
    pos = two_seats("KS 7H", theirs=2)
    unseen = 52 - 2  # every card but the mover's two
    chance = 1 - comb(unseen - 3, 2) / comb(unseen, 2)
    assert abs(trail(pos, "KS") - SWEEP_OF_ONE_KING * chance) < 1e-9


@given(unseen=st.integers(1, 52), of_kind=st.integers(1, 4), hidden=st.integers(0, 60))
def test_the_chance_of_holding_a_kind_is_hypergeometric(unseen: int, of_kind: int, hidden: int) -> None:
    of_kind = min(of_kind, unseen)
    drawn = min(hidden, unseen)  # a hand cannot hide more cards than are unseen
    assert abs(_chance(unseen, of_kind, hidden) - (1 - comb(unseen - of_kind, drawn) / comb(unseen, drawn))) < 1e-9


def test_known_cards_of_the_next_player_are_certain() -> None:
    assert abs(trail(two_seats("KS 7H", theirs="KD 2C"), "KS") - SWEEP_OF_ONE_KING) < 1e-9
    assert trail(two_seats("KS 7H", theirs="QD 2C"), "KS") == 0.0


def test_cards_already_taken_cannot_take_the_trail() -> None:
    one_left = two_seats("KS 7H", captured="KH KD")
    none_left = two_seats("KS 7H", captured="KH KD KC")
    assert 0 < trail(one_left, "KS") < trail(two_seats("KS 7H"), "KS")
    assert trail(none_left, "KS") == 0.0


def test_nothing_is_at_risk_when_the_round_ends_or_no_opponent_is_left_to_play() -> None:
    last = two_seats("KS", theirs=0, table="KD")
    last.stock_hidden = 0
    assert trail(last, "KS") == 0.0


def test_club_trails_the_card_fewer_unseen_cards_can_sweep() -> None:
    """Either trail leaves a sweep to some hand; two queens are seen, no king, so the queen is safer."""
    view = SeatView.of(two_seats("KS QS", captured="QH QD"), 0)
    move = Club().choose(view, random.Random(0))
    assert move.kind == "trail" and move.card == Card.from_str("QS")


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([2, 3, 4]))
def test_the_likely_take_is_at_most_the_worst_case(seed: int, n: int) -> None:
    """Over the positions of club rounds, from the mover's view: 0 <= likely <= worst, when the next
    player controls no build (a build of its own asks for a holder, which the worst case counts exactly)."""
    record = play_one_round(variant("classic"), players(["club"] * n), seed)
    for ply in record.plies[::3]:
        pos = SeatView.of(ply.before, ply.seat).position()
        nxt = (pos.to_move + 1) % n
        if any(b.owner == nxt for b in pos.builds):
            continue
        for move in pos.generate():
            worst = exposure_after(pos, move)
            likely = likely_take(pos, move, CLUB_V1.table_worth)
            assert 0.0 <= likely <= worst.points + CLUB_V1.card_worth * worst.cards + 1e-9, (pos, move)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([2, 3, 4]),
       preset=st.sampled_from(["classic", "draw", "michigan", "classic-take-or-add", "sudden-death"]))
def test_in_a_world_of_known_hands_the_likely_take_is_the_next_players_best_capture(seed: int, n: int,
                                                                                     preset: str) -> None:
    """A playout's world: every hand known, so the likely take is the worth of the next player's best capture
    once the move is played (worked out here by playing the move), whatever shortcut finds it."""
    record = play_one_round(variant(preset), players(["club"] * n), seed)
    for ply in record.plies[::2]:
        pos = ply.before.copy()
        for move in pos.generate():
            side = pos.side_of(pos.to_move)
            after = pos.copy()
            after.push(move)
            seat = after.to_move
            best = 0.0
            if not after.is_round_over() and after.side_of(seat) != side and after.hands[seat]:
                best = max([0.0, *(CLUB_V1.table_worth(after, m) for m in after.generate() if m.is_capture)])
            assert likely_take(pos, move, CLUB_V1.table_worth) == best, (str(pos), move)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([2, 3, 4]),
       preset=st.sampled_from(["classic", "michigan", "royal", "sudden-death"]))
def test_a_fair_likely_take_in_a_world_is_the_movers_view_of_it(seed: int, n: int, preset: str) -> None:
    """With ``fair``, a world of known hands is judged as its mover sees it: the likely take is the one from the
    mover's view, the next hand unknown among the other hands and the stock (not with ``draw``, whose refill the
    mover sees in the world only)."""
    record = play_one_round(variant(preset), players(["club"] * n), seed)
    for ply in record.plies[::2]:
        world = ply.before.copy()
        view = SeatView.of(world, world.to_move).position()
        for move in world.generate():
            fair = likely_take(world, move, CLUB_V1.table_worth, fair=True)
            assert fair == pytest.approx(likely_take(view, move, CLUB_V1.table_worth)), (str(world), move)


@pytest.mark.parametrize("weights", [CLUB_V1, CLUB], ids=["v1", "club"])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from([2, 3, 4]),
       preset=st.sampled_from(["classic", "draw", "michigan", "royal"]))
def test_club_chooses_the_first_move_of_the_most_worth_whatever_it_leaves_unlooked(weights: ClubWeights, seed: int,
                                                                                   n: int, preset: str) -> None:
    """Club's choice, in a playout's world (every hand known) and from the mover's view: the first of the moves
    with the most worth, as if every move's worth were worked out (by the first club's weights and the new)."""
    record = play_one_round(variant(preset), players(["club"] * n), seed)
    for ply in record.plies[::2]:
        for pos in (ply.before.copy(), SeatView.of(ply.before, ply.seat).position()):
            moves = pos.generate()
            assert club_best(pos, moves, weights) == max(moves, key=lambda m: club_value(pos, m, weights)), str(pos)


WORTHS = [CLUB_V1.table_worth, CLUB.table_worth, CardWorth(0.0), CardWorth(1.0, 0.5)]


@pytest.mark.parametrize("v", ALL_VARIANTS, ids=range(len(ALL_VARIANTS)))
def test_the_best_take_found_without_the_captures_is_the_best_of_the_captures(v: Variant) -> None:
    """:func:`best_take`, where it answers, is the exact float of the best generated capture's worth, for every
    seat of random positions of every variant; and it answers for many of them (else the shortcut would be unused)."""
    rng = random.Random(f"best-take/{v}")
    answered = asked = 0
    for _ in range(60):
        pos = random_position(rng, v)
        for seat in range(pos.players):
            if pos.hidden_counts[seat] or not pos.hands[seat]:
                continue
            mover, pos.to_move = pos.to_move, seat
            try:
                captures = hand_moves(pos, others=False)
                for worth in WORTHS:
                    asked += 1
                    fast = best_take(pos, seat, worth)
                    if fast is not None:
                        answered += 1
                        assert fast == max([0.0, *(worth(pos, m) for m in captures)]), (str(pos), seat, worth)
            finally:
                pos.to_move = mover
    assert answered >= asked / 3, (answered, asked)
