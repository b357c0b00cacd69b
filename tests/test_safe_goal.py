"""The ``safe`` goal: the points, then the cards, the next player can take, over every hand it may hold."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from randompos import ALL_VARIANTS, random_position

from tutor.cli.engine import solve_data
from tutor.core.cards import Card
from tutor.core.comparison import compare
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import Exposure, Goal, exposure_after, rank_moves
from tutor.core.variant import Variant
from tutor.loading.positions import load_position
from tutor.render import Renderer

C = Card.from_str
START = Path(__file__).resolve().parents[1] / "docs" / "examples" / "start.yaml"
SAFE = Goal.from_str("safe")


def position(data: dict[str, object]) -> Position:
    return load_position(yaml.safe_dump(data), "t.yaml")


def safe_values(pos: Position, notation: str) -> tuple[int, ...]:
    return rank_moves(pos, SAFE).judged(pos.parse_move(notation)).values


# ---- the cases of the issue ------------------------------------------------------------


def test_the_start_position_sees_the_seven_of_diamonds() -> None:
    """After 8♦ x [8♥ 5♥+3♣] the next player, who controls the 8-build 5♦+3♠, may hold
    the 7♦ and an 8: then the 7♦ takes 7♣, 4♦ and 3♥ and the 8 still holds the build.
    Tried as a hand of one, the 7♦ broke the holding rule and was not seen."""
    pos = load_position(START.read_text(encoding="utf-8"), str(START))
    played = pos.parse_move("8D x [8H 5H+3C]")
    ranking = rank_moves(pos, SAFE)
    assert ranking.judged(played).values == (0, -3)
    assert ranking.best == (played,)
    pos.push(played)
    pos.hands[1], pos.hidden_counts[1] = [C("7D"), C("8C"), C("2S")], 0
    assert "7D x 7C 4D+3H" in [pos.notation(m) for m in pos.generate()]
    pos.hands[1] = [C("7D")]
    assert not [m for m in pos.generate() if m.kind == "capture"]  # the holding rule, for a hand of one


def test_the_holding_rule_binds_a_next_player_with_one_card() -> None:
    """With one card left, the owner of an 8-build can capture with nothing but an 8;
    with two, any card may capture while the other holds the build."""
    data: dict[str, object] = {
        "hands": [["KC", "2H"], 1],
        "table": ["7C", "3H", "4D", "2S", {"build": ["5D", "3S"], "owner": 1}],
    }
    one = position(data)
    assert safe_values(one, "KC") == (0, -2)  # an 8 takes the build; no loose cards make 8
    two = position({**data, "hands": [["KC", "2H"], 2]})
    assert safe_values(two, "KC") == (-1, -3)  # a 9 takes 4+3+2 (the 2♠ a point), an 8 held


def test_points_decide_before_cards() -> None:
    """Taking the 10♦ leaves 5+4 for any nine; taking 5+4 leaves the 10♦ for any ten.
    The second leaves fewer cards, but two points: the first is safe."""
    pos = position({"hands": [["10C", "9H"], 4], "table": ["10D", "5C", "4H", "KS", "QH"]})
    ranking = rank_moves(pos, SAFE)
    take_ten, take_nine = pos.parse_move("10C x 10D"), pos.parse_move("9H x 5C+4H")
    assert ranking.judged(take_ten).values == (0, -2)
    assert ranking.judged(take_nine).values == (-2, -1)
    assert ranking.best == (take_ten,)


def test_a_sweep_counts_as_a_point_where_sweeps_score() -> None:
    data: dict[str, object] = {"hands": [["7S", "2C"], 4], "table": ["3H", "4D", "7C"]}
    assert safe_values(position(data), "7S x 7C") == (-1, -2)  # a 7 takes 3+4: a sweep
    no_sweeps = position({**data, "variant": {"preset": "classic", "sweep_points": 0}})
    assert safe_values(no_sweeps, "7S x 7C") == (0, -2)


def test_the_card_played_is_not_counted() -> None:
    """The next player's own 10♦ scores whatever the mover does: only what it takes counts."""
    pos = position({"hands": [["9C", "KH"], 4], "table": ["7C", "3H", "9S", "QD"]})
    assert safe_values(pos, "9C x 9S") == (0, -2)  # 10♦ x 7♣+3♥ would take two cards and no point


def test_json_keeps_its_shape_and_adds_both_values() -> None:
    pos = load_position(START.read_text(encoding="utf-8"), str(START))
    data = json.loads(json.dumps(solve_data(pos, rank_moves(pos, SAFE), 0.0)))
    assert data["goal"] == "safe" and data["value"] == 0 and data["best"] == ["8D x [8H 5H+3C]"]
    first = data["moves"][0]
    assert first == {"notation": "8D x [8H 5H+3C]", "value": 0, "values": [0, -3]}


def test_the_words_say_cards_without_points() -> None:
    pos = position({"hands": [["7S", "2C"], 4], "table": ["3H", "4D", "7C", "KS"]})
    ranking = rank_moves(pos, SAFE)
    played = pos.parse_move("7S x 7C")  # 3♥ 4♦ K♠ stay: a 7 takes two, no sweep
    assert ranking.judged(played).values == (0, -2)
    said = {lang: Renderer(lang).comparison(pos, compare(pos, played, ranking)) for lang in ("en", "de")}
    assert "leaves the next player up to two cards to take, but no points" in said["en"]
    assert "lässt dem nächsten Spieler bis zu zwei Karten zum Einnehmen, aber keinen Punkt" in said["de"]


# ---- the model against a brute force -----------------------------------------------------


def brute_force(pos: Position, move: Move) -> tuple[int, int]:
    """Minus the most points and minus the most cards the next player can take from the table,
    trying every hand it may hold: its known cards and any unseen ones for the hidden."""
    mover_side = pos.side_of(pos.to_move)
    pos.push(move)
    try:
        seat = pos.to_move
        if pos.is_round_over() or pos.side_of(seat) == mover_side or pos.hand_size(seat) == 0:
            return 0, 0
        assert pos.captured is not None and pos.stock is not None
        seen = set(pos.table_cards()) | set(pos.stock)
        seen |= {c for hand in pos.hands for c in hand} | {c for pile in pos.captured for c in pile}
        unseen = [c for c in pos.variant.deck_cards if c not in seen]
        known, hidden = pos.hands[seat], pos.hidden_counts[seat]
        most_points = most_cards = 0
        for extra in combinations(unseen, hidden):
            pos.hands[seat], pos.hidden_counts[seat] = [*known, *extra], 0
            for m in pos.generate():
                if m.kind == "capture":
                    taken = m.captured_cards()
                    points = sum(pos.variant.card_points[c] for c in taken)
                    if pos.is_sweep(m):
                        points += pos.variant.sweep_points
                    most_points, most_cards = max(most_points, points), max(most_cards, len(taken))
        pos.hands[seat], pos.hidden_counts[seat] = known, hidden
        return -most_points, -most_cards
    finally:
        pos.pop()


def mover_view(rng: random.Random, pos: Position) -> Position:
    """``pos`` as the mover sees it, kept small: the next seat's cards hidden (some of them
    may stay known), up to three stock cards unknown; the rest is in sight."""
    assert pos.stock is not None
    seat = (pos.to_move + 1) % pos.players
    hand = pos.hands[seat]
    shown = rng.randint(0, len(hand))
    pos.hands[seat], pos.hidden_counts[seat] = hand[:shown], pos.hidden_counts[seat] + len(hand) - shown
    extra = rng.randint(0, min(3, len(pos.stock)))
    if extra:
        pos.stock, pos.stock_hidden = pos.stock[:-extra], pos.stock_hidden + extra
    return pos


def random_case(rng: random.Random, v: Variant, players: int, next_builds: bool) -> Position:
    """A random position in the mover's view; with ``next_builds``, one where the next seat
    controls a build (so the holding rule binds its hand) if a few tries find one."""
    for _ in range(30):
        pos = random_position(rng, v, players)
        if not next_builds or any(b.owner == (pos.to_move + 1) % players for b in pos.builds):
            break
    return mover_view(rng, pos)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(ALL_VARIANTS), st.sampled_from([2, 3, 4]), st.booleans(), st.integers(0, 2**32 - 1))
def test_safe_values_equal_a_brute_force(v: Variant, players: int, next_builds: bool, seed: int) -> None:
    rng = random.Random(seed)
    pos = random_case(rng, v, players, next_builds)
    ranking = rank_moves(pos, SAFE)
    for judged in ranking.moves:
        assert judged.values == brute_force(pos, judged.move), pos.notation(judged.move)


def test_nothing_to_fear_when_no_opponent_plays_next() -> None:
    """The last card of the round: nobody plays after it."""
    pos = position({"hands": [["7S"], []], "table": ["3H", "4D"], "last_capturer": 1})
    assert exposure_after(pos, pos.parse_move("7S")) == Exposure(0, 0)
