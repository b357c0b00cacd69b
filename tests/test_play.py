"""Computer players (tutor/play): legal moves only, blind to hidden cards, each level's rules, records that replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.content.folders import content_dir
from tutor.content.presets import preset_names, variant
from tutor.core.cards import Card, parse_cards
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal, play_match
from tutor.core.scoring import score_round
from tutor.core.table import Build
from tutor.play.advisor import Expert
from tutor.play.game import Ply, RoundRecord, play_one_round, seat_rngs
from tutor.play.game import chooser as seats_chooser
from tutor.play.heuristics import BUILD_KINDS, Club, Greedy
from tutor.play.player import Player
from tutor.play.players import LEVELS, player, players
from tutor.play.view import SeatView
from tutor.render import LANGS, Renderer
from tutor.render.catalog import load_catalog

SETTINGS = [(preset, n) for preset in preset_names() for n in (2, 3, 4)]
FEW = settings(max_examples=3, deadline=None)
FEWER = settings(max_examples=2, deadline=None)
"""For the tests run in every preset, player count and level (hundreds of rounds): a new pair of seeds each run."""


def C(text: str) -> list[Card]:
    return parse_cards(text.split())


def seats_for(level: str, n: int) -> list[str]:
    """``level`` at seat 0, the other levels round the table."""
    others = [name for name in LEVELS if name != level]
    return [level] + [others[i % len(others)] for i in range(n - 1)]


def quick(level: str) -> Player:
    """The player of ``level``; the expert with two worlds (the same code, faster) and no time budget
    (a budget reached would make its choice depend on the machine's speed)."""
    return Expert(worlds=2, budget=None) if level == "expert" else player(level)


# ---- legal moves only, in every preset and player count -----------------------------------


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize(("preset", "n"), SETTINGS)
@FEWER
@given(seed=st.integers(0, 2**32 - 1))
def test_every_level_plays_only_legal_moves(level: str, preset: str, n: int, seed: int) -> None:
    record = play_one_round(variant(preset), [quick(name) for name in seats_for(level, n)], seed, dealer=seed % n)
    assert record.plies, "a round has moves"
    for ply in record.plies:
        assert ply.move in ply.before.generate()
    last = record.plies[-1]
    after = last.before.copy()
    after.push(last.move)
    assert after.is_round_over()


@pytest.mark.parametrize(("preset", "n"), SETTINGS)
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_greedy_never_builds_when_it_may_do_anything_else(preset: str, n: int, seed: int) -> None:
    record = play_one_round(variant(preset), players(["greedy"] * n), seed)
    for ply in record.plies:
        if ply.move.kind in BUILD_KINDS:
            assert all(m.kind in BUILD_KINDS for m in ply.before.generate()), ply.before


# ---- blind to what the seat cannot see ----------------------------------------------------


def swap_hidden(pos: Position, seat: int, rng: random.Random) -> Position:
    """``pos`` with the cards ``seat`` cannot see (other hands, the stock) shuffled among those places."""
    assert pos.stock is not None
    others = [s for s in range(pos.players) if s != seat]
    unseen = [c for s in others for c in pos.hands[s]] + pos.stock
    rng.shuffle(unseen)
    swapped = pos.copy()
    for s in others:
        size = len(pos.hands[s])
        swapped.hands[s], unseen = unseen[:size], unseen[size:]
    swapped.stock = unseen
    return swapped


@pytest.mark.parametrize("preset", ["classic", "royal-aces-high", "draw", "michigan", "face-gather", "combine-builds"])
@pytest.mark.parametrize("n", [2, 3, 4])
@FEWER
@given(seed=st.integers(0, 2**32 - 1))
def test_swapping_unseen_cards_changes_no_choice(preset: str, n: int, seed: int) -> None:
    record = play_one_round(variant(preset), players(["random"] * n), seed)
    rng = random.Random(seed)
    checked = 0
    for ply in rng.sample(record.plies, 6):
        pos, seat = ply.before, ply.seat
        swapped = swap_hidden(pos, seat, rng)
        if swapped.state_key() == pos.state_key():
            continue  # nothing hidden left to swap
        checked += 1
        view, other = SeatView.of(pos, seat), SeatView.of(swapped, seat)
        assert view == other
        for chooser in [*map(quick, LEVELS), Expert(worlds=2, budget=None, inference=True),
                        Expert(worlds=2, budget=None, replies=2, beyond=True)]:
            move = chooser.choose(view, random.Random(seed))
            assert chooser.choose(other, random.Random(seed)) == move
            assert move in pos.generate() and move in swapped.generate()
    assert checked, "some position had hidden cards"


def test_the_view_shows_only_sizes_of_other_hands_and_stock() -> None:
    pos = deal_round(variant("classic"), 3, dealer=0, seed=5)
    view = SeatView.of(pos, 1)
    assert view.hand == tuple(pos.hands[1])
    assert view.hand_sizes == (4, 4, 4) and view.stock_size == 52 - 4 - 12
    rebuilt = view.position()
    assert rebuilt.hands[0] == [] and rebuilt.hands[2] == [] and rebuilt.hidden_counts == [4, 0, 4]
    assert rebuilt.stock == [] and rebuilt.stock_hidden == view.stock_size
    assert view.legal_moves() == pos.generate()


# ---- each level's rules, on constructed positions ---------------------------------------------


def two_seats(table: str, hand: str, builds: list[Build] | None = None, preset: str = "classic") -> SeatView:
    """Seat 0 to move holding ``hand``; seat 1 holds as many unknown cards (the rest of the deck)."""
    v = variant(preset)
    mine, loose = C(hand), C(table)
    built = [c for b in builds or [] for c in b.cards]
    rest = [c for c in v.deck_cards if c not in mine + loose + built]
    pos = Position(v, 2, hands=[mine, rest[: len(mine)]], loose=loose, builds=builds or [], stock=rest[len(mine):])
    return SeatView.of(pos, 0)


def test_greedy_takes_points_before_cards_and_never_builds() -> None:
    view = two_seats("10D 4H 3C 2D", "10S 9H 2H")
    moves = view.legal_moves()
    assert any(m.kind == "build" for m in moves), "a build of 9 is on offer"
    move = Greedy().choose(view, random.Random(0))
    assert move.is_capture and move.card == Card.from_str("10S") and move.loose == (Card.from_str("10D"),)


def test_greedy_takes_the_most_cards_when_the_points_are_equal() -> None:
    view = two_seats("4H 3C 2D 7C", "9H 7H")
    move = Greedy().choose(view, random.Random(0))
    assert move.card == Card.from_str("9H") and sorted(move.loose) == sorted(C("4H 3C 2D"))


def test_greedy_trails_its_least_valuable_card() -> None:
    move = Greedy().choose(two_seats("KC QD", "AS 6H"), random.Random(0))
    assert move.kind == "trail" and move.card == Card.from_str("6H")


def test_club_takes_the_opponents_build_first() -> None:
    theirs = Build(7, tuple(sorted(C("3H 4D"))), owner=1, single=True)
    view = two_seats("5C 4S", "7S 9H", builds=[theirs])
    assert any(m.card == Card.from_str("9H") and m.is_capture for m in view.legal_moves())
    move = Club().choose(view, random.Random(0))
    assert move.is_capture and move.builds == (theirs,)


def test_club_takes_its_own_build_before_the_opponent_can() -> None:
    mine = Build(8, tuple(sorted(C("5H 3D"))), owner=0, single=True)
    view = two_seats("9C", "8S KH", builds=[mine])
    move = Club().choose(view, random.Random(0))
    assert move.is_capture and move.builds == (mine,)


def test_club_keeps_its_ace_and_trails_the_plain_card() -> None:
    move = Club().choose(two_seats("KC QD", "AS 6H"), random.Random(0))
    assert move.kind == "trail" and move.card == Card.from_str("6H")


def test_club_makes_a_build_it_can_take_rather_than_trail() -> None:
    move = Club().choose(two_seats("3C KD", "5H 8S QH"), random.Random(0))
    assert move.kind == "build" and move.value == 8


def test_an_unknown_level_is_named_with_the_levels() -> None:
    with pytest.raises(ValueError, match="levels are: random, greedy, club, expert"):
        player("grandmaster")


# ---- records ---------------------------------------------------------------------------------


def replay(record: RoundRecord, preset: str, n: int) -> Position:
    """Play the record's moves from its deal through the engine, checking each position on the way."""
    pos = deal_round(variant(preset), n, record.dealer, record.seed)
    for ply in record.plies:
        if pos.needs_deal():
            next_deal(pos)
        assert pos.state_key() == ply.before.state_key()
        assert ply.move in pos.generate()
        pos.push(ply.move)
    assert pos.is_round_over()
    return pos


@pytest.mark.parametrize(("preset", "n"), [("classic", 2), ("draw", 3), ("michigan-5", 2), ("royal", 4)])
def test_a_round_record_replays_to_the_same_score(preset: str, n: int) -> None:
    record = play_one_round(variant(preset), players(seats_for("club", n)), seed=17, dealer=1)
    assert score_round(replay(record, preset, n)) == record.score
    assert all(isinstance(p, Ply) and p.seat == p.before.to_move for p in record.plies)


def test_the_same_seed_plays_the_same_round() -> None:
    first, again = (play_one_round(variant("classic"), players(["random", "club"]), seed=3) for _ in range(2))
    assert [p.move for p in first.plies] == [p.move for p in again.plies]


@pytest.mark.parametrize("preset", preset_names())
def test_a_match_is_played_to_its_end(preset: str) -> None:
    v = variant(preset)
    match = play_match(v, 2, seats_chooser(players(["greedy", "club"]), seat_rngs(11, 2), []), seed=11)
    result = match.result
    assert result is not None and (match.rounds or result.reason == "instant")
    assert match.dealer == len(match.rounds) % 2, "the deal passes after each round scored"
    if result.reason in ("target", "count_out", "higher_total", "instant"):
        assert result.winner is not None and match.scores[result.winner] >= v.target
    if result.reason != "instant":
        totals = [sum(score.totals[side] for score in match.rounds) for side in range(2)]
        assert match.scores == totals


# ---- names in both languages ----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_level_has_a_name_and_a_line_in_each_language(lang: str) -> None:
    catalog = load_catalog(content_dir("templates") / lang)
    for level in LEVELS:
        assert catalog.get(f"levels.{level}", "").strip()
        assert catalog.get(f"levels.{level}_about", "").strip().endswith(".")


@pytest.mark.parametrize(("lang", "sweep", "exact"), [("en", "sweep", "two-player"), ("de", "Kehre", "zu zweit")])
def test_the_club_is_said_to_end_a_round_perfectly_only_with_two_players(lang: str, sweep: str, exact: str) -> None:
    """Its exact last deal is a two-player one; a three- or four-player game's first screen said it all the same,
    and the German left out the sweep."""
    ui = Renderer(lang)
    for count in (2, 3, 4):
        said = ui.message("levels.club_about", players=count)
        assert sweep in said and (exact in said) == (count == 2), said
