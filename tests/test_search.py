"""The deal goal: exact against plain minimax, and true to the scoring code."""

from __future__ import annotations

import gc
import os
import random
import time
from collections.abc import Callable, Mapping
from typing import TypeVar

import pytest

from tutor.content.presets import preset_names, variant
from tutor.core import search
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal
from tutor.core.scoring import score_round
from tutor.core.search import SearchError, solve_deal
from tutor.parallel.workers import can_fork, share_out

T = TypeVar("T")


def round_value(pos: Position, side: int) -> int:
    totals = score_round(pos).totals
    return totals[side] - max(t for s, t in enumerate(totals) if s != side)


def minimax(pos: Position, side: int) -> int:
    """Plain minimax to the end of the round, scored by score_round."""
    if pos.is_round_over():
        return round_value(pos, side)
    values = []
    for move in pos.generate():
        pos.push(move)
        values.append(minimax(pos, side))
        pos.pop()
    return max(values) if pos.side_of(pos.to_move) == side else min(values)


def endgame(rng: random.Random, name: str | Mapping[str, object], players: int, cards_left: int) -> Position:
    """A random round played to its last deal, then on until ``cards_left`` cards are in hands."""
    while True:
        pos = deal_round(variant(name), players, dealer=players - 1, seed=rng.randrange(2**32))
        while not pos.is_round_over() and (pos.stock_size or pos.needs_deal() or sum(map(len, pos.hands)) > cards_left):
            if pos.needs_deal():
                next_deal(pos)
            moves = pos.generate()
            # avoid penalties and sweeps, or michigan-5's instant limit ends most rounds early
            quiet = [m for m in moves if not pos.penalised(m) and not pos.is_sweep(m)]
            pos.push(rng.choice(quiet or moves))
        if not pos.is_round_over():
            pos._stack.clear()
            return pos


def assert_values_equal_minimax(pos: Position, label: str) -> None:
    """Every move's value from the search equals plain minimax after it."""
    side = pos.side_of(pos.to_move)
    for judged in solve_deal(pos).moves:
        pos.push(judged.move)
        assert minimax(pos, side) == judged.value, f"{label} {pos.notation(judged.move)}"
        pos.pop()


CASES = [(name, players) for name in preset_names() for players in (2, 3, 4)]


@pytest.mark.parametrize("name,players", CASES)
def test_search_equals_minimax(name: str, players: int) -> None:
    rng = random.Random(f"{name}/{players}")
    for _ in range(6):
        # penalty variants allow every move, so their trees are the widest
        left = {2: 4, 3: 3, 4: 4} if variant(name).penalties else {2: 4, 3: 4, 4: 5}
        pos = endgame(rng, name, players, cards_left=left[players])
        side = pos.side_of(pos.to_move)
        before = pos.state_key()
        solution = solve_deal(pos)
        assert pos.state_key() == before, "the search restores the position"
        assert len(solution.moves) == len(pos.generate())
        for judged in solution.moves:
            pos.push(judged.move)
            assert minimax(pos, side) == judged.value, f"{name} {players}p {pos.notation(judged.move)}"
            pos.pop()


# options no preset sets that change what the search may assume
OPTION_SETS: list[dict[str, object]] = [
    {"preset": "classic", "skunk": "bonus"},  # totals jump: no bounds, no banked points
    {"preset": "spade", "skunk": "bonus"},
    {"preset": "classic", "five_of_spades_sweep": True},  # a sweep that takes anything
    {"preset": "classic", "build_in_sum": "anyone", "forced_capture": True},
    {"preset": "royal-aces-high", "build_in_sum": "opponents"},
    {"preset": "face-gather", "build_duty": "take_or_add"},
    {"preset": "michigan", "instant_limit": 2, "default_penalty": 0},  # penalties that only end the round
]


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("spec", OPTION_SETS, ids=lambda spec: ",".join(f"{k}={v}" for k, v in spec.items()))
def test_search_equals_minimax_with_options(spec: dict[str, object], players: int) -> None:
    rng = random.Random(f"{sorted(spec.items())}/{players}")
    for _ in range(4):
        pos = endgame(rng, spec, players, cards_left=3 if players == 3 else 4)
        assert_values_equal_minimax(pos, f"{spec} {players}p")


@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("name", ("classic", "spade", "michigan"))
def test_search_equals_minimax_with_uneven_hands(name: str, players: int) -> None:
    """Hands of different sizes (a last deal that does not come out even): empty seats are passed over."""
    rng = random.Random(f"uneven/{name}/{players}")
    for _ in range(5):
        pos = endgame(rng, name, players, cards_left=players + 2)
        assert pos.captured is not None
        # cards leave some hands for the piles (conserved), the mover's hand kept, and the hands
        # of build owners (who must keep a card for their build)
        others = [s for s in range(players) if s != pos.to_move and all(b.owner != s for b in pos.builds)]
        for seat in rng.sample(others, rng.randint(0, len(others))):
            while pos.hands[seat] and rng.random() < 0.7:
                pos.captured[seat].append(pos.hands[seat].pop())
        assert_values_equal_minimax(pos, f"{name} {players}p")


@pytest.mark.parametrize("players", (2, 3, 4))
def test_a_small_cache_gives_the_same_answer(players: int) -> None:
    """The caches are emptied when full: the search then forgets and goes on, still exact."""
    rng = random.Random(f"cache/{players}")
    for _ in range(3):
        pos = endgame(rng, "classic", players, cards_left=2 * players + 1)
        roomy, tight = solve_deal(pos), solve_deal(pos, positions_kept=8, move_lists_kept=4)
        assert tight.moves == roomy.moves, "the same values, and the same lines"
        assert tight.nodes > roomy.nodes, "the small cache was emptied and work was redone"
        side = pos.side_of(pos.to_move)
        for judged in tight.moves:  # each line still plays out to its value
            for move in judged.line:
                pos.push(move)
            assert round_value(pos, side) == judged.value
            for _ in judged.line:
                pos.pop()


@pytest.mark.skipif(not can_fork(), reason="helpers are forked only where forking is safe")
@pytest.mark.parametrize("midway", (False, True), ids=("from-the-start", "midway"))
@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("name", ("classic", "spade", "michigan-5", "draw"))
def test_root_moves_shared_with_helpers_give_the_same_answer(
    name: str, players: int, midway: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Shared from the first root move on, or after a third of the search, values and lines are the ones found alone."""
    parent, ran_in = os.getpid(), set()

    def share(tasks: int, run: Callable[[int], T]) -> dict[int, T]:
        def timed(i: int) -> tuple[T, int]:
            if os.getpid() == parent and i == 0:
                time.sleep(0.05)  # the helper surely takes a task
            return run(i), os.getpid()

        results = share_out(tasks, timed, 2)
        ran_in.update(pid for _, pid in results.values())
        return {i: result for i, (result, _) in results.items()}

    rng = random.Random(f"workers/{name}/{players}")
    # penalty variants allow every move, so their trees are the widest
    left = {2: 5, 3: 5, 4: 7} if variant(name).penalties else {2: 7, 3: 7, 4: 9}
    for _ in range(3):
        pos = endgame(rng, name, players, cards_left=left[players])
        before = pos.state_key()
        alone = solve_deal(pos)
        monkeypatch.setattr(search, "SHARE_AFTER", alone.nodes // 3 if midway else 0)
        assert solve_deal(pos, share=share).moves == alone.moves
        assert pos.state_key() == before
    assert parent in ran_in and len(ran_in) > 1, "tasks ran here and in helpers"


def test_cycle_collection_is_left_as_it_was() -> None:
    pos = endgame(random.Random(2), "classic", 2, 4)
    gc.disable()
    try:
        solve_deal(pos)
        assert not gc.isenabled()
    finally:
        gc.enable()
    solve_deal(pos)
    assert gc.isenabled()


@pytest.mark.parametrize("name,players", CASES[::2])
def test_principal_variation_scores_its_value(name: str, players: int) -> None:
    rng = random.Random(f"pv/{name}/{players}")
    pos = endgame(rng, name, players, cards_left=2 * players)
    side = pos.side_of(pos.to_move)
    for judged in solve_deal(pos).moves:
        for move in judged.line:
            assert move in pos.generate()
            pos.push(move)
        assert pos.is_round_over()
        assert round_value(pos, side) == judged.value
        for _ in judged.line:
            pos.pop()


# positions where the search's table listed cards in another order than the real table
# (found by a stress run): a line must still be made of the legal moves as generated
LISTED_IN_ANOTHER_ORDER: list[tuple[int, str | dict[str, object], int]] = [
    (376, {"preset": "royal", "build_duty": "penalty", "five_of_spades_sweep": True}, 4),
    (1377, "draw", 4),
]


@pytest.mark.parametrize("seed,spec,players", LISTED_IN_ANOTHER_ORDER)
def test_lines_are_made_of_legal_moves(seed: int, spec: str | dict[str, object], players: int) -> None:
    rng = random.Random(seed)
    rng.choice(preset_names())  # the stress run drew a variant and a player count first
    rng.choice((2, 3, 4))
    pos = endgame(rng, spec, players, cards_left=2 * players)
    for judged in solve_deal(pos).moves:
        for move in judged.line:
            assert move in pos.generate()
            pos.push(move)
        for _ in judged.line:
            pos.pop()


def test_best_lists_every_optimal_move() -> None:
    rng = random.Random(5)
    pos = endgame(rng, "classic", 2, 6)
    solution = solve_deal(pos)
    assert solution.best == tuple(m for m in solution.moves if m.value == solution.moves[0].value)
    assert [m.value for m in solution.moves] == sorted((m.value for m in solution.moves), reverse=True)


def test_unknown_cards_are_refused() -> None:
    rng = random.Random(1)
    pos = endgame(rng, "classic", 2, 6)
    pos.hidden[1], pos.hands[1] = len(pos.hands[1]), []
    with pytest.raises(SearchError):
        solve_deal(pos)
