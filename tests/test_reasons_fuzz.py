"""Every move a learner can type is judged: legal, or refused for the most specific rule.

Random positions of every preset get random typed moves (cards from the hand
or not, trails, captures and builds over random parts of the table, builds
named by their cards or by their value, cards given by rank alone).  Whatever
the text, parsing raises only the move errors; a move it returns is legal; a
refusal names a real rule, never the generic fallback, and only when the
generator has no move with that card, kind and table items.  Then a list of
typical mistakes, each with the reason a teacher would give.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from randompos import fresh_position, random_play, random_position
from tutor.core.cards import RANKS, Card
from tutor.core.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, Reason
from tutor.core.notation import build_text
from tutor.core.position import FIVE_OF_SPADES, Position
from tutor.core.table import Build
from tutor.loading.positions import load_position
from tutor.presets import variant

BUILD_KINDS = ("build", "raise", "add")


@dataclass(frozen=True)
class Typed:
    """A typed move and the one reading of it the fuzz had in mind."""

    text: str
    card: Card
    op: str  # "trail", "capture" or "build"
    value: int | None
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]


def card_ref(rng: random.Random, c: Card) -> str:
    """A card as a learner types it: usually its code, sometimes its rank alone or lower case."""
    roll = rng.random()
    if roll < 0.15:
        return c.rank
    if roll < 0.2:
        return str(c).lower().replace("10", "t")
    return str(c)


def build_ref(rng: random.Random, pos: Position, b: Build) -> str:
    if rng.random() < 0.3:
        return f"[{b.value_label}]"
    return build_text(b, pos.variant.value)


def random_value(rng: random.Random, pos: Position, card: Card, loose: list[Card], builds: list[Build]) -> int | None:
    """A build value as typed: often the right one, often off by one, sometimes absurd."""
    if rng.random() < 0.35:
        return None
    values = pos.variant.value
    cv = values[card]
    near = [cv + sum(values[c] for c in loose)]
    near += [b.value for b in builds] + [b.value + cv for b in builds]
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(near)
    if roll < 0.8:
        return rng.choice(near) + rng.choice((-1, 1))
    return rng.choice((0, 1, pos.variant.max_build, pos.variant.max_build + 1, 15, 99))


def stray_cards(pos: Position) -> list[Card]:
    """Deck cards neither loose on the table nor in the mover's hand."""
    here = set(pos.loose) | set(pos.hands[pos.to_move])
    return [c for c in pos.variant.deck_cards if c not in here]


def typed_move(rng: random.Random, pos: Position) -> Typed:
    """A random typed move: half of them a legal move with one thing changed."""
    legal = pos.generate()
    if legal and rng.random() < 0.5:
        return mutated(rng, pos, rng.choice(legal))
    hand = pos.hands[pos.to_move]
    card = rng.choice(hand) if hand and rng.random() < 0.93 else rng.choice(stray_cards(pos))
    roll = rng.random()
    op = "trail" if roll < 0.12 else "capture" if roll < 0.55 else "build"
    p = rng.choice((0.2, 0.4, 0.7))
    loose = [c for c in pos.loose if rng.random() < p]
    builds = [b for b in pos.builds if rng.random() < (p if op == "capture" else p / 2)]
    if rng.random() < 0.1:
        inside = [c for b in pos.builds for c in b.cards]
        loose.append(rng.choice(inside or stray_cards(pos)))
    if rng.random() < 0.05:
        loose.append(rng.choice(stray_cards(pos)))
    if loose and rng.random() < 0.03:
        loose.append(loose[0])
    value = random_value(rng, pos, card, loose, builds) if op == "build" else None
    return typed(rng, pos, card, op, value, loose, builds)


def mutated(rng: random.Random, pos: Position, m: Move) -> Typed:
    """The legal move ``m`` as typed, with one thing changed (or none)."""
    op = "trail" if m.kind == "trail" else "capture" if m.kind == "capture" else "build"
    card, loose, builds = m.card, list(m.loose), list(m.builds)
    value = m.value if op == "build" and rng.random() < 0.7 else None
    hand = pos.hands[pos.to_move]
    change = rng.randrange(8)
    others = [c for c in pos.loose if c not in loose]
    if change == 0:
        card = rng.choice(hand)
    elif change == 1 and (loose or builds):
        items: list[Card | Build] = [*loose, *builds]
        gone = rng.choice(items)
        loose = [c for c in loose if c is not gone]
        builds = [b for b in builds if b is not gone]
    elif change == 2 and others:
        loose.append(rng.choice(others))
    elif change == 3 and len(builds) < len(pos.builds):
        builds.append(rng.choice([b for b in pos.builds if b not in builds]))
    elif change == 4 and op == "build":
        value = m.value + rng.choice((-1, 1))
    elif change == 5:
        op = rng.choice([o for o in ("trail", "capture", "build") if o != op])
        value = random_value(rng, pos, card, loose, builds) if op == "build" else None
    elif change == 6 and loose and others:
        loose[rng.randrange(len(loose))] = rng.choice(others)
    if op == "trail":
        loose, builds = [], []
    return typed(rng, pos, card, op, value, loose, builds)


def typed(
    rng: random.Random, pos: Position, card: Card, op: str, value: int | None, loose: list[Card], builds: list[Build]
) -> Typed:
    """Print a move as a learner might type it: groups joined by "+" at random, in any order."""
    if op == "trail":
        text = card_ref(rng, card) if rng.random() < 0.7 else f"trail {card_ref(rng, card)}"
        return Typed(text, card, op, None, (), ())
    items: list[str] = [card_ref(rng, c) for c in loose] + [build_ref(rng, pos, b) for b in builds]
    rng.shuffle(items)
    groups: list[str] = []
    for item in items:
        if groups and rng.random() < 0.4:
            groups[-1] += "+" + item
        else:
            groups.append(item)
    word = "x" if op == "capture" else ("b" if value is None else rng.choice((f"b{value}", f"b {value}")))
    if value is not None and pos.variant.value[card] == 0 and 11 <= value <= 13 and rng.random() < 0.7:
        word = f"b{RANKS[value - 1]}"
    text = " ".join([card_ref(rng, card), word, *groups])
    return Typed(text, card, op, value, tuple(loose), tuple(builds))


def same_family(pos: Position, m: Move, t: Typed) -> bool:
    """Whether the legal move ``m`` is what the typed move's own reading asks for."""
    if m.card != t.card:
        return False
    if t.op == "trail":
        sweep = pos.variant.five_of_spades_sweep and m.card == FIVE_OF_SPADES and pos.is_sweep(m)
        return m.kind == "trail" or (m.kind == "capture" and sweep)
    if len(set(t.loose)) != len(t.loose) or set(m.loose) != set(t.loose) or set(m.builds) != set(t.builds):
        return False
    if t.op == "capture":
        return m.kind == "capture"
    return m.kind in BUILD_KINDS and (t.value is None or m.value == t.value)


def plain(value: Any) -> Any:
    """Reason params with cards and builds as text, as a template or a JSON reply would show them."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (Card, Build, Move)):
        return str(value)
    return value


def check(pos: Position, t: Typed, codes: Counter[str]) -> None:
    legal = pos.generate()
    wanted = [m for m in legal if same_family(pos, m, t)]
    try:
        move = pos.parse_move(t.text)
    except InvalidMoveError:
        codes["(invalid)"] += 1
        return
    except AmbiguousMoveError as err:
        assert all(m in legal for m in err.candidates)
        codes["(ambiguous)"] += 1
        return
    except IllegalMoveError as err:
        reason = err.reason
        codes[reason.code] += 1
        assert reason.code != "not_a_move", f"{t.text!r}: generic reason {reason}\n{pos}\n{pos.variant.changed_options()}"
        assert not wanted, f"{t.text!r} refused ({reason}) but legal: {wanted}\n{pos}"
        json.dumps(plain(reason.params))
        return
    codes["(legal)"] += 1
    assert move in legal, f"{t.text!r} gave {move}, not a legal move\n{pos}"


def fuzz_position(rng: random.Random) -> Position:
    if rng.random() < 0.5:
        return random_position(rng)
    # Build-heavy play, so that raises, adds and controllers turn up often.
    while True:
        pos = random_position(rng)
        random_play(rng, pos, rng.randrange(2, 12), build_bias=0.9)
        if not pos.is_round_over() and not pos.needs_deal():
            return pos


@pytest.mark.parametrize("chunk", range(6))
def test_typed_moves_get_a_specific_reason(chunk: int) -> None:
    rng = random.Random(4242 + chunk)
    codes: Counter[str] = Counter()
    for _ in range(60):
        pos = fuzz_position(rng)
        for _ in range(25):
            check(pos, typed_move(rng, pos), codes)
    assert codes["(legal)"] and len(codes) > 10
