"""Random positions for tests: random deals played forward by random moves."""

from __future__ import annotations

import random
from collections.abc import Iterator

from tutor.content.presets import preset_names, variant
from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal
from tutor.core.table import Build, piles
from tutor.core.variant import Variant

PRESETS = preset_names()
EXTRA_VARIANTS: list[dict[str, object]] = [
    {"preset": "classic", "build_duty": "free"},
    {"preset": "classic", "forced_capture": True},
    {"preset": "classic", "raise_own": False},
    {"preset": "classic", "add_to_others": False},
    {"preset": "classic", "five_of_spades_sweep": True},
    {"preset": "classic", "build_in_sum": "anyone"},
    {"preset": "face-gather", "build_duty": "take_or_add"},
    {"preset": "royal-aces-high", "build_in_sum": "opponents", "forced_capture": True},
    {"preset": "italian", "raise_own": False, "five_of_spades_sweep": True},
]
ALL_VARIANTS: list[Variant] = [variant(p) for p in PRESETS] + [variant(spec) for spec in EXTRA_VARIANTS]


def fresh_position(rng: random.Random, v: Variant, players: int) -> Position:
    """A seeded deal: the seat after the dealer leads."""
    return deal_round(v, players, dealer=players - 1, seed=rng.randrange(2**32))


def random_move(rng: random.Random, moves: list[Move], build_bias: float = 0.5) -> Move:
    """One of ``moves`` at random, a build (or raise or add) preferred with ``build_bias`` when there is one."""
    builds = [m for m in moves if m.kind in ("build", "raise", "add")]
    return rng.choice(builds) if builds and rng.random() < build_bias else rng.choice(moves)


def random_play(rng: random.Random, pos: Position, plies: int, build_bias: float = 0.5) -> list[Move]:
    """Play up to ``plies`` random moves (builds preferred with ``build_bias``)."""
    played = []
    for _ in range(plies):
        if pos.needs_deal():
            next_deal(pos)
        moves = pos.generate()
        if not moves:
            break
        move = random_move(rng, moves, build_bias)
        pos.push(move)
        played.append(move)
    return played


def random_round(rng: random.Random, pos: Position) -> Iterator[list[Move]]:
    """The legal moves of each position to the end of ``pos``'s round (a deal dealt when due), ``pos`` moved on
    in place: when the caller asks for the next, one of them is played by :func:`random_move`."""
    while True:
        if pos.needs_deal():
            next_deal(pos)
        moves = pos.generate()
        if not moves:
            return
        yield moves
        pos.push(random_move(rng, moves))


def random_position(rng: random.Random, v: Variant | None = None, players: int | None = None) -> Position:
    """A position somewhere in a random round, with a known hand to move."""
    while True:
        v = v or rng.choice(ALL_VARIANTS)
        players = players or rng.choice((2, 3, 4))
        pos = fresh_position(rng, v, players)
        random_play(rng, pos, rng.randrange(0, 30))
        if pos.needs_deal():
            next_deal(pos)
        if not pos.is_round_over():
            pos._stack.clear()
            return pos


def table_items(loose: list[Card], builds: list[Build]) -> frozenset[object]:
    items: set[object] = {str(c) for c in loose}
    for b in builds:
        value: object = b.value_label if b.face else b.value
        items.add(("build", value, frozenset(str(c) for c in b.cards), b.owner))
    return frozenset(items)


def outcome(pos: Position, move: Move) -> tuple[object, ...]:
    """The reference generator's outcome tuple for one of our moves."""
    captured = frozenset(str(c) for c in move.captured_cards())
    loose, builds = pos.table_after(move)
    return (str(move.card), move.kind, captured, table_items(loose, builds))


def to_reference(pos: Position) -> dict[str, object]:
    table: list[object] = [str(c) for c in pos.loose]
    for b in pos.builds:
        table.append({
            "build": [[str(c) for c in pile] for pile in piles(b, pos.variant.value)],
            "owner": b.owner,
            "value": b.value_label if b.face else b.value,
        })
    return {
        "options": pos.variant.options(),
        "players": pos.players,
        "to_move": pos.to_move,
        "hands": [[str(c) for c in h] for h in pos.hands],
        "table": table,
    }
