"""The learner's game (tutor/play/table_game.py): legal moves, blind computers, undo, the match's end, determinism."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_play import swap_hidden

from tutor.content.presets import preset_names, variant
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import deal_round
from tutor.core.scoring import score_round
from tutor.loading.positions import position_to_data
from tutor.play.table_game import GameError, Settings, TableGame

FEW = settings(max_examples=4, deadline=None)


def learner_move(game: TableGame, rng: random.Random) -> Move:
    """A learner who plays any legal move, chosen from what the learner's seat sees."""
    return rng.choice(game.view().legal_moves())


def play_out(game: TableGame, rng: random.Random, limit: int = 10_000) -> None:
    """Play the game to its end: the learner at random, the computers as they choose."""
    if not game.rounds:
        game.next_round()
    for _ in range(limit):
        if game.over:
            return
        if game.round_over:
            game.next_round()
        else:
            game.play(learner_move(game, rng))
    raise AssertionError("the game did not end")


def moves_of(game: TableGame) -> list[list[str]]:
    return [[p.before.notation(p.move) for p in r.plies] for r in game.rounds]


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("players", [2, 3, 4])
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_a_round_has_only_legal_moves_and_the_learner_moves_only_at_its_seat(preset: str, players: int, seed: int) -> None:
    game = TableGame(Settings(variant(preset), players, "greedy", seed, kind="round", learner=seed % players))
    rng = random.Random(seed)
    game.next_round()
    while not game.round_over:
        assert game.learner_to_move
        played = game.play(learner_move(game, rng))
        assert played[0].seat == game.learner
        assert all(p.seat != game.learner for p in played[1:])
    plies = game.current.plies
    assert all(p.move in p.before.generate() for p in plies)
    end = plies[-1].before.copy()
    end.push(plies[-1].move)
    assert end.is_round_over()
    assert game.current.score == score_round(end)
    assert game.over and game.result is not None and game.result.reason == "round"
    totals = game.current.score.totals
    if game.result.winner is not None:
        assert totals[game.result.winner] > max(t for s, t in enumerate(totals) if s != game.result.winner)


@pytest.mark.parametrize("players", [2, 3, 4])
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_a_computer_chooses_the_same_whatever_the_cards_it_cannot_see(players: int, seed: int) -> None:
    """The first computer to move (seat 1) decides on its view: swapping what it cannot see
    (the learner's hand, the other hands, the stock) changes nothing."""
    setup = Settings(variant("classic"), players, "club", seed)
    start = deal_round(setup.variant, players, 0, setup.round_seed(0), [0] * (players // 2 if players == 4 else players))
    swapped = swap_hidden(start, 1, random.Random(seed))
    assert swapped.state_key() != start.state_key()
    chosen = []
    for dealt in (start, swapped):
        game = TableGame(setup)
        game.begin_round(dealt)
        chosen.append(game.computer_move())
    assert chosen[0] == chosen[1]
    assert chosen[0] in start.generate()


def test_undo_takes_back_the_learners_move_and_the_replies_and_marks_practice() -> None:
    game = TableGame(Settings(variant("classic"), 3, "club", 11))
    rng = random.Random(1)
    game.next_round()
    assert not game.undo(), "nothing to take back before the learner's first move"
    assert not game.practice
    game.play(learner_move(game, rng))
    before = position_to_data(game.position)
    plies = len(game.current.plies)
    scores = list(game.scores)
    played = game.play(learner_move(game, rng))
    assert len(played) == 3  # the learner's move and both computers' replies
    assert game.undo()
    assert game.practice
    assert position_to_data(game.position) == before
    assert len(game.current.plies) == plies and game.scores == scores
    assert game.learner_to_move


def test_undo_keeps_the_plies_the_learner_asked_the_advisor_about_up_to_the_turn_taken_back() -> None:
    """A move taken back is played again with the advice known: its ply stays hinted, the later ones go."""
    game = TableGame(Settings(variant("classic"), 2, "club", 11))
    rng = random.Random(1)
    game.next_round()
    game.play(learner_move(game, rng))
    game.note_hint()
    asked = len(game.current.plies)
    game.play(learner_move(game, rng))
    game.note_hint()
    game.play(learner_move(game, rng))
    assert game.current.hinted == {asked, asked + 2}
    assert game.undo()
    assert game.current.hinted == {asked, asked + 2}  # the last turn, played again, was asked about
    assert game.undo()
    assert game.current.hinted == {asked}


def test_undo_of_the_move_that_ended_the_round_opens_it_again() -> None:
    game = TableGame(Settings(variant("classic"), 2, "greedy", 4, kind="round"))
    rng = random.Random(4)
    play_out(game, rng)
    assert game.over
    assert game.undo()
    assert not game.over and not game.round_over and game.learner_to_move


@pytest.mark.parametrize("preset", ["classic", "royal", "draw"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_match_is_played_to_the_target(preset: str, players: int) -> None:
    game = TableGame(Settings(variant(preset), players, "greedy", 3))
    play_out(game, random.Random(3))
    result = game.result
    assert result is not None and result.reason != "round"
    target = game.settings.variant.target
    if result.reason == "target":
        assert game.scores[result.winner or 0] >= target
        assert sorted(game.scores)[-2] < target
    assert all(r.score is not None for r in game.rounds)
    with pytest.raises(GameError):
        game.next_round()


def test_the_same_seed_and_moves_play_the_same_game_and_a_replay_rebuilds_it() -> None:
    games = [TableGame(Settings(variant("classic"), 4, "club", 99)) for _ in range(2)]
    for game in games:
        play_out(game, random.Random(5))
    assert moves_of(games[0]) == moves_of(games[1])
    rebuilt = TableGame(games[0].settings)
    rebuilt.replay([(r.start, r.moves) for r in games[0].rounds])
    assert moves_of(rebuilt) == moves_of(games[0]) and rebuilt.scores == games[0].scores
    other = TableGame(Settings(variant("classic"), 4, "club", 100))
    play_out(other, random.Random(5))
    assert moves_of(other) != moves_of(games[0])


def test_a_resumed_round_plays_on_as_it_would_have() -> None:
    setup = Settings(variant("classic"), 3, "club", 21)
    whole, half = TableGame(setup), TableGame(setup)
    rng = random.Random(8)
    whole.next_round()
    for _ in range(3):
        whole.play(learner_move(whole, rng))
    half.replay([(whole.current.start, whole.current.moves[:4])])  # cut between the computers' replies
    replies = half.advance()
    assert len(replies) == 1 and half.learner_to_move
    assert half.current.moves == whole.current.moves[:5]


def test_bad_settings_and_moves_are_refused() -> None:
    with pytest.raises(GameError, match="2, 3 or 4"):
        Settings(variant("classic"), 5)
    with pytest.raises(GameError, match="levels are"):
        Settings(variant("classic"), level="wizard")
    with pytest.raises(GameError, match="seat"):
        Settings(variant("classic"), 2, learner=2)
    game = TableGame(Settings(variant("classic"), 2, "greedy", 1))
    game.next_round()
    other: Position = deal_round(variant("classic"), 2, 0, 12345)
    wrong = next(m for m in other.generate() if m not in game.position.generate())
    with pytest.raises(GameError, match="not a legal move"):
        game.play(wrong)
    with pytest.raises(GameError, match="still in play"):
        game.begin_round()
