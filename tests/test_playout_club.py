"""The playouts' club (tutor.play.playout_club): the move club_best chooses among the generated moves, found without
making them, on seeded positions of every preset it covers (builds, raises, adds and multiple builds among them;
Michigan's breaches of the build duty and its instant limit)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from randompos import ALL_VARIANTS, random_play, random_position

from tutor.content.presets import preset_names, variant
from tutor.core.cards import Card, card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.state import any_card
from tutor.core.variant import Variant
from tutor.play import advisor
from tutor.play.game import play_one_round
from tutor.play.heuristics import CLUB, CLUB_V1, PLAYOUT, ClubWeights, club_best, club_promise
from tutor.play.players import players
from tutor.play.playout_club import ADD, BUILD, CAPTURE, RAISE, TRAIL, PlayoutClub, fits, in_place
from tutor.play.playout_state import Kept
from tutor.play.risk import likely_take

OTHER = ClubWeights(card_worth=0.45, exposure_weight=1.2, build_promise=0.7, answer_bonus=0.9, keep_weight=0.25)
COVERED = ("classic", "draw", "italian", "michigan", "michigan-5", "royal", "spade", "sudden-death")
KINDS = {TRAIL: "trail", CAPTURE: "capture", BUILD: "build", RAISE: "raise", ADD: "add"}


def walked_move(club: PlayoutClub, k: int) -> Move:
    """The ``k``-th move the club walked, made."""
    code, mask = club.m_code[k], club.m_builds[k]
    return Move(club.hand[code >> 8], KINDS[code >> 5 & 7], code & 31, club.m_loose[k],
                tuple(b for j, b in enumerate(club.builds) if mask >> j & 1))


def chosen_move(club: PlayoutClub, pos: Position) -> Move | None:
    """The move the club chooses at ``pos``, as a playout plays it; None where it does not choose there."""
    if not club.setup(pos):
        return None
    k = club.chosen()
    return None if k < 0 else walked_move(club, k)


def fast_club_move(pos: Position, weights: ClubWeights) -> Move | None:
    """:func:`chosen_move` of a new club."""
    return chosen_move(PlayoutClub(weights), pos)


def test_it_covers_these_presets_and_the_playouts_weights() -> None:
    """A preset that falls out of it is played out by club_best, the same moves but slower (the review's speed)."""
    assert sorted(p for p in preset_names() if fits(variant(p), PLAYOUT)) == sorted(COVERED)
    assert fits(variant("draw"), CLUB_V1) and fits(variant("draw"), OTHER)
    assert not fits(variant("draw"), CLUB)  # a spade's worth and the own next take: not walked here


@pytest.mark.parametrize("weights", [PLAYOUT, OTHER], ids=["playout", "other"])
def test_the_moves_walked_are_the_generated_ones_with_club_s_promises_and_looks(weights: ClubWeights) -> None:
    """Every move in the generator's order, each promise and each look the same float as club_promise's and
    likely_take's, on random positions of every variant it covers (random play prefers builds); one PlayoutClub
    for them all, whose lists each position writes over (more moves, builds or cards before it are not its own)."""
    rng = random.Random(f"walk/{weights.card_worth}")
    covered = [v for v in ALL_VARIANTS if fits(v, weights)]
    kinds: Counter[str] = Counter()
    presets: Counter[str] = Counter()
    choice = PlayoutClub(weights)
    for _ in range(400):
        v = rng.choice(covered)
        pos = random_position(rng, v)
        assert choice.setup(pos)
        choice.walk()
        moves = pos.generate()
        walked = [walked_move(choice, k) for k in range(choice.walked)]
        assert walked == moves, str(pos)
        assert all(type(c) is Card for m in walked for c in (m.card, *m.loose)), str(pos)  # not ints unboxed
        for k, move in enumerate(moves):
            kinds[pos.kind_of(move)] += 1
            assert choice.promises[k] == club_promise(pos, move, weights), (str(pos), move)
            assert choice.look(k) == likely_take(pos, move, weights.table_worth), (str(pos), move)
        assert fast_club_move(pos, weights) == club_best(pos, moves, weights), str(pos)
        presets[v.preset] += 1
    assert set(presets) == set(COVERED), presets
    assert min(kinds[k] for k in ("capture", "trail", "build", "multiple_build", "raise", "add")) >= 10, kinds


@pytest.mark.parametrize("preset", COVERED)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_club_s_choice_in_a_playout_is_club_best_s(preset: str, players: int) -> None:
    """Positions played on by the club itself, as in a playout (every hand known): the same move at each, one
    PlayoutClub choosing them all."""
    rng = random.Random(f"playout/{preset}/{players}")
    checked = 0
    builds = 0
    for _ in range(20):
        pos = random_position(rng, variant(preset), players)
        club = PlayoutClub(PLAYOUT)  # one for the whole playout, as the advisor's
        for _ply in range(16):
            if pos.is_round_over() or pos.needs_deal():
                break
            moves = pos.generate()
            chosen = club_best(pos, moves, PLAYOUT)
            assert chosen_move(club, pos) == chosen, str(pos)
            checked += 1
            builds += bool(pos.builds)
            pos.push(chosen)
    assert checked >= 60 and builds, (checked, builds)


def test_a_hidden_hand_that_matters_leaves_the_choice_to_club_best() -> None:
    """The mover's hand, or the next player's when its take is looked at: None, and the caller weighs the moves."""
    rng = random.Random("hidden")
    pos = random_position(rng, variant("draw"), 2)
    while pos.is_round_over() or not pos.hands[1 - pos.to_move]:
        pos = random_position(rng, variant("draw"), 2)
    assert fast_club_move(pos, PLAYOUT) is not None
    for seat in (pos.to_move, 1 - pos.to_move):
        hidden = pos.copy()
        hidden.hidden_counts[seat], hidden.hands[seat] = len(hidden.hands[seat]), []
        if seat == pos.to_move:
            hidden.hands[1 - seat] = pos.hands[1 - seat]
        assert fast_club_move(hidden, PLAYOUT) is None


def test_builds_of_every_kind_are_met_where_random_play_makes_them() -> None:
    """The walk is checked on tables with several builds, of either side, single and multiple."""
    rng = random.Random("crowded")
    met: Counter[str] = Counter()
    for _ in range(60):
        pos = random_position(rng, variant("classic"), 2)
        random_play(rng, pos, 6, build_bias=0.9)
        if pos.is_round_over() or pos.needs_deal() or not pos.hands[pos.to_move]:
            continue
        met["several builds"] += len(pos.builds) > 1
        met["multiple"] += any(not b.single for b in pos.builds)
        assert fast_club_move(pos, PLAYOUT) == club_best(pos, pos.generate(), PLAYOUT), str(pos)
    assert met["several builds"] and met["multiple"], met


def test_the_loose_cards_are_kept_in_their_order() -> None:
    """The table's loose cards are kept by their order, not by which they are: equal values in another order are
    walked in the generator's other order (a table kept by its cards alone gave the first order's moves)."""
    rng = random.Random("order")
    checked = 0
    club = PlayoutClub(PLAYOUT)  # one for every table, as in a playout
    for _ in range(300):
        pos = random_position(rng, variant("draw"), 2)
        values = [pos.variant.value[c] for c in pos.loose]
        if len(set(values)) == len(values) or not pos.hands[pos.to_move]:
            continue
        for loose in (list(pos.loose), pos.loose[::-1]):
            pos.loose = loose
            assert club.setup(pos)
            club.walk()
            assert [walked_move(club, k) for k in range(club.walked)] == pos.generate(), str(pos)
        checked += 1
    assert checked >= 20, checked


def _state(pos: Position) -> tuple[object, ...]:
    """Everything a move changes, each list in its order (``state_key`` sorts them)."""
    return (pos.to_move, [list(h) for h in pos.hands], list(pos.loose), list(pos.builds),
            [list(p) for p in pos.captured or []], list(pos.sweeps or []), list(pos.penalties or []),
            pos.last_capturer, list(pos.stock or []))


def _played_in_place(club: PlayoutClub, pos: Position, k: int) -> Position:
    """The walk's move ``k`` played in place on ``pos`` is the move pushed on a copy, state for state, and
    :class:`Kept` puts ``pos`` back; the pushed copy."""
    move = walked_move(club, k)
    pushed = pos.copy()
    pushed.push(move)
    kept = Kept(pos)
    assert club.setup(pos)
    club.walk()
    club.play(k)
    assert _state(pos) == _state(pushed), (str(pushed), move)
    kept.restore(pos)
    return pushed


def _somewhere(rng: random.Random, v: Variant) -> Position | None:
    """A random position of ``v`` to play on: anywhere, on a table crowded with builds, or in the round's last
    cards; None where no hand holds a card or the round is over (an instant limit reached)."""
    pos = random_position(rng, v)
    way = rng.randrange(3)
    if way == 1:
        random_play(rng, pos, 6, build_bias=0.9)
    elif way == 2:
        while (pos.stock or sum(map(len, pos.hands)) > rng.choice((1, pos.players))) and random_play(rng, pos, 1):
            pass
    return pos if any_card(pos.hands) and not pos.is_round_over() else None


def test_a_move_played_in_place_is_the_move_pushed() -> None:
    """PlayoutClub.play leaves the position as Position.push leaves it, lists in their order: the table, the
    mover's pile, the sweeps, the draw from the stock, the next seat and the table's last cards to the last
    capturer, a breach of the build duty's fine (Michigan); Kept puts every list back as it was."""
    rng = random.Random("play")
    covered = [v for v in ALL_VARIANTS if fits(v, PLAYOUT)]
    met: Counter[str] = Counter()
    for _ in range(500):
        pos = _somewhere(rng, rng.choice(covered))
        if pos is None:
            continue
        before = _state(pos)
        club = PlayoutClub(PLAYOUT)
        assert club.setup(pos)
        club.walk()
        for k in range(club.walked):
            assert club.setup(pos)
            club.walk()
            move = walked_move(club, k)
            pushed = _played_in_place(club, pos, k)
            assert _state(pos) == before
            met[move.kind] += 1
            met["sweep"] += pushed.is_sweep(move) and not pushed.is_round_over()
            met["drawn"] += bool(pos.variant.draw and pos.stock)
            met["round over"] += pushed.is_round_over() and bool(pos.table_cards())
            met["fined"] += pos.penalised(move)
    assert min(met.values()) >= 10 and len(met) == 9, met


@pytest.mark.parametrize("preset", COVERED)
def test_a_playout_in_place_is_club_best_s_moves_pushed(preset: str) -> None:
    """play_out's moves are club_best's, pushed, for the plies asked or to the deal's end; the position then put
    back by the Kept it returns takes back the moves pushed before it."""
    rng = random.Random(f"play out/{preset}")
    for _ in range(30):
        pos = _somewhere(rng, variant(preset))
        if pos is None:
            continue
        first, depth = pos.generate()[0], pos.pushed
        pos.push(first)
        before, plies = _state(pos), rng.choice((None, 1, 3, 7))
        pushed = pos.copy()
        left = plies
        while left != 0 and not (pushed.is_round_over() or pushed.needs_deal()):
            pushed.push(club_best(pushed, pushed.generate(), PLAYOUT))
            left = None if left is None else left - 1
        kept = PlayoutClub(PLAYOUT).play_out(pos, plies)
        assert _state(pos) == _state(pushed), str(pushed)
        kept.restore(pos)
        assert _state(pos) == before
        assert pos.pop() == first and pos.pushed == depth


def test_tables_that_take_alike_share_a_look_and_others_do_not() -> None:
    """The look's tables are kept by the kinds of their cards (value and points, a face card by itself): a table of
    other suits with the same values and points shares one and looks as likely_take does, and one where a card's
    points differ (10D for 10H, an ace for a 2's place) gets its own (a key without the points fails it)."""
    rng = random.Random("kinds")
    club = PlayoutClub(PLAYOUT)  # one for every table, its tables shared as in a review
    met: Counter[str] = Counter()
    for _ in range(400):
        pos = random_position(rng, variant(rng.choice(COVERED)), 2)
        if not pos.hands[pos.to_move] or not pos.loose:
            continue
        used = {*pos.loose, *(c for h in pos.hands for c in h), *(c for b in pos.builds for c in b.cards)}
        twin = pos.copy()
        for place, c in enumerate(twin.loose):  # each loose card another of its rank where one is free
            others = [card(c.rank_index, s) for s in range(4) if card(c.rank_index, s) not in used]
            if others:
                twin.loose[place] = other = rng.choice(others)
                used.add(other)
        for p in (pos, twin):
            assert club.setup(p)
            club.walk()
            moves = p.generate()
            for k, move in enumerate(moves):
                assert club.look(k) == likely_take(p, move, PLAYOUT.table_worth), (str(p), move)
        points = pos.variant.card_points
        alike = [points[c] for c in pos.loose] == [points[c] for c in twin.loose]
        met["alike" if alike and twin.loose != pos.loose else "other points" if not alike else "same cards"] += 1
    assert met["alike"] >= 50 and met["other points"] >= 20, met


@pytest.mark.skipif(not advisor.__file__.endswith(".py"), reason="the compiled advisor calls them unpatched")
def test_a_world_s_playouts_share_one_club(monkeypatch: pytest.MonkeyPatch) -> None:
    """world_values asks once whether a world's playouts are played in place and makes one PlayoutClub for them
    all (it asked, and made one, for each playout), its values unchanged."""
    made: list[ClubWeights] = []
    asked: list[ClubWeights] = []

    def club(weights: ClubWeights) -> PlayoutClub:
        made.append(weights)
        return PlayoutClub(weights)

    def place(pos: Position, weights: ClubWeights) -> bool:
        asked.append(weights)
        return in_place(pos, weights)

    plies = play_one_round(variant("classic"), players(["club"] * 2), 3).plies
    worlds = [ply.before for ply in plies if ply.before.stock_size and len(ply.before.generate()) >= 3][:5]
    assert len(worlds) == 5
    expected = [advisor.world_values(w, w.generate()) for w in worlds]
    monkeypatch.setattr(advisor, "PlayoutClub", club)
    monkeypatch.setattr(advisor, "in_place", place)
    for world, values in zip(worlds, expected):
        made.clear()
        asked.clear()
        assert advisor.world_values(world, world.generate()) == values
        assert made == [PLAYOUT] and asked == [PLAYOUT]


def _one_short(pos: Position, seats: list[int], limit: int) -> Position:
    """A copy of ``pos`` where each of ``seats`` is one instant score short of ``limit`` (penalties added)."""
    short = pos.copy()
    assert short.penalties is not None
    for seat in seats:
        short.penalties[seat] += limit - 1 - pos.instant_marks(seat)
    return short


def test_the_instant_limit_ends_the_round_as_the_engine_ends_it() -> None:
    """Michigan-5, every player one instant score short of the limit: after a breach of the build duty the round is
    over, so the look at the next take is nothing, as likely_take's (without the limit it is more), and the move
    played in place ends the round as Position.push does (the table's cards to the last capturer).  A playout stops
    where a breach or a sweep reaches the limit, its moves club_best's."""
    rng = random.Random("instant limit")
    v, limit = variant("michigan-5"), 3
    met: Counter[str] = Counter()
    club = PlayoutClub(PLAYOUT)
    for _ in range(150):
        found = random_position(rng, v)
        pos = _one_short(found, list(range(found.players)), limit)
        no_limit = pos.copy()
        no_limit.variant = variant("michigan")
        for k, move in enumerate(pos.generate()):
            look = likely_take(pos, move, PLAYOUT.table_worth)
            assert club.setup(pos)
            club.walk()
            assert club.look(k) == look, (str(pos), move)
            if not pos.penalised(move):
                continue
            met["looked"] += likely_take(no_limit, move, PLAYOUT.table_worth) > 0
            assert look == 0.0
            assert _played_in_place(club, pos, k).is_round_over()
            met["ended"] += bool(pos.table_cards()) and pos.last_capturer is not None
        met["stopped by the limit"] += _played_out_to_the_end(club, pos).limit_reached()
    assert min(met[k] for k in ("looked", "ended", "stopped by the limit")) >= 10, met
    # A sweep (random tables seldom offer one) that brings the other player to the limit: 3C+4D taken by 7H.
    cards = [[Card.from_str(c) for c in hand.split()] for hand in ("7H 2C 9S", "5D KH 8C", "3C 4D", "6S 10D")]
    pos = Position(v, 2, cards[:2], cards[2], [], penalties=[0, limit - 1], stock=cards[3])
    swept = _played_out_to_the_end(club, pos)
    assert swept.limit_reached() and swept.sweeps == [1, 0] and swept.hands == [cards[0][1:], cards[1]], str(swept)


def _played_out_to_the_end(club: PlayoutClub, pos: Position) -> Position:
    """The position club_best's moves, pushed, reach at the deal's end from ``pos``, held to play_out's in place (and
    ``pos`` put back)."""
    pushed = pos.copy()
    while not (pushed.is_round_over() or pushed.needs_deal()):
        pushed.push(club_best(pushed, pushed.generate(), PLAYOUT))
    before = _state(pos)
    kept = club.play_out(pos, None)
    assert _state(pos) == _state(pushed), str(pushed)
    kept.restore(pos)
    assert _state(pos) == before
    return pushed
