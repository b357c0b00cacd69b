"""Every move a learner can type is judged: legal, or refused for the most specific rule.

Random positions of every preset get random typed moves (cards from the hand
or not, trails, captures and builds over random parts of the table, builds
named by their cards or by their value, cards given by rank alone).  Whatever
the text, parsing raises only the move errors; a move it returns is legal; a
refusal names a real rule, never the generic fallback, and only when the
generator has no move with that card, kind, table items (and value, if typed);
its params are plain data.  A refusal must also be the right one: the fact it
states is true of the move, a duty or permission reason goes away when that
rule is lifted (and then the move is legal), and a reason about the cards
stays the same when the duties are lifted.  Then a list of typical mistakes,
each with the reason a teacher would give.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import yaml
from randompos import random_play, random_position

from tutor.core.cards import RANKS, Card, parse_rank
from tutor.core.movegen import build_key, held_keys
from tutor.core.moves import REASON_CODES, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, Reason
from tutor.core.notation import build_text
from tutor.core.position import Position
from tutor.core.table import Build
from tutor.core.variant import FACE_KEY
from tutor.loading.positions import load_position

BUILD_KINDS = ("build", "raise", "add")
FIVE_OF_SPADES = Card.from_str("5S")


@dataclass(frozen=True)
class Typed:
    """A typed move and the one reading of it the fuzz had in mind."""

    text: str
    card: Card
    op: str  # "trail", "capture" or "build"
    value: int | None
    loose: tuple[Card, ...]
    builds: tuple[Build, ...]
    exact: bool  # every card by its code, every build by its cards: the text has only this reading


def card_ref(rng: random.Random, c: Card) -> str:
    """A card as a learner types it: usually its code, sometimes its rank alone or lower case."""
    roll = rng.random()
    if roll < 0.15:
        return c.rank
    if roll < 0.2:
        return str(c).lower().replace("10", "t")
    return str(c)


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
    change = rng.randrange(10)
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
    elif change == 7 and pos.builds:
        op, value, builds = "capture", None, [rng.choice(pos.builds)]
        loose = summing_to(rng, pos, pos.variant.value[card] - builds[0].value)  # the build as a term of a sum
    elif change == 8 and op == "build" and builds and others:
        loose = summing_to(rng, pos, rng.randrange(1, 6))
        value = builds[0].value + pos.variant.value[card] + sum(pos.variant.value[c] for c in loose)
    if op == "trail":
        loose, builds = [], []
    return typed(rng, pos, card, op, value, loose, builds)


def summing_to(rng: random.Random, pos: Position, total: int) -> list[Card]:
    """Some loose cards that total ``total`` if the first ones tried happen to (else what was picked)."""
    out: list[Card] = []
    for c in rng.sample(pos.loose, len(pos.loose)):
        if 0 < pos.variant.value[c] <= total - sum(pos.variant.value[x] for x in out):
            out.append(c)
    return out


def typed(
    rng: random.Random, pos: Position, card: Card, op: str, value: int | None, loose: list[Card], builds: list[Build]
) -> Typed:
    """Print a move as a learner might type it: groups joined by "+" at random, in any order."""
    ref = card_ref(rng, card)
    if op == "trail":
        return Typed(ref if rng.random() < 0.7 else f"trail {ref}", card, op, None, (), (), parse_rank(ref) is None)
    word = "x" if op == "capture" else ("b" if value is None else rng.choice((f"b{value}", f"b {value}")))
    if word.startswith("b ") and not loose and not builds:
        word = f"b{value}"  # a lone "b 5" names a card to build with
    if value is not None and pos.variant.value[card] == 0 and 11 <= value <= 13 and rng.random() < 0.7:
        word = f"b{RANKS[value - 1]}"
    full = [str(c) for c in loose] + [build_text(b, pos.variant.value) for b in builds]
    named = [f"[{b.value_label}]" if rng.random() < 0.3 else text for b, text in zip(builds, full[len(loose) :])]
    items = [card_ref(rng, c) for c in loose] + named
    exact = parse_rank(ref) is None and all(i.upper().replace("T", "10") == f for i, f in zip(items, full))
    order = rng.sample(range(len(items)), len(items))
    if word == "b" and order and parse_rank(items[order[0]]) is not None:
        items[order[0]] = full[order[0]]  # "b 8 5S" names the value 8
    groups: list[str] = []
    for i in order:
        if groups and rng.random() < 0.4:
            groups[-1] += "+" + items[i]
        else:
            groups.append(items[i])
    return Typed(" ".join([ref, word, *groups]), card, op, value, tuple(loose), tuple(builds), exact)


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
    """Reason params with each card as its code: what a template or a JSON reply gets."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return str(value) if isinstance(value, Card) else value


def check(pos: Position, t: Typed, codes: Counter[str]) -> None:
    """Parse one typed move and check what comes back (counting the outcomes in ``codes``)."""
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
        assert reason.code != "not_a_move", f"{t.text!r}: generic reason\n{pos}\n{pos.variant.changed_options()}"
        assert not wanted, f"{t.text!r} refused ({reason}) but legal: {wanted}\n{pos}"
        json.dumps(plain(reason.params))
        check_relaxed(pos, t, reason)
        if t.exact:
            assert reason_holds(pos, t, reason), f"{t.text!r}: {reason} does not hold\n{pos}"
        return
    codes["(legal)"] += 1
    assert move in legal, f"{t.text!r} gave {move}, not a legal move\n{pos}"


#: Options that lift the rule a reason names; the duty rules are lifted by every one.
LIFT = {"build_duty": "penalty", "forced_capture": False, "raise_own": True, "add_to_others": True}
LIFTED_BY: dict[str, dict[str, object]] = {
    "value_not_held": {},
    "holding_rule": {},
    "controller_may_not_trail": {},
    "must_take_or_add": {},
    "forced_capture": {},
    "raise_own_forbidden": {},
    "add_to_others_forbidden": {},
    "build_not_a_term": {"build_in_sum": "anyone"},
    "own_build_not_a_term": {"build_in_sum": "anyone"},
    "face_card_takes_one": {"face_capture": "all"},
}
PERMISSIONS = ("raise_own_forbidden", "add_to_others_forbidden")


def outcome_of(pos: Position, text: str) -> str:
    """The reason code for ``text``, or "(legal)" when it names one or more legal moves."""
    try:
        pos.parse_move(text)
    except IllegalMoveError as err:
        return err.reason.code
    except AmbiguousMoveError:
        pass
    return "(legal)"


def check_relaxed(pos: Position, t: Typed, reason: Reason) -> None:
    """A rule reason holds: lifting that rule makes the move legal; lifting the others does not."""
    relaxed = pos.copy()
    relaxed.variant = pos.variant.with_options(**LIFT, **LIFTED_BY.get(reason.code, {}))
    got = outcome_of(relaxed, t.text)
    if reason.code in PERMISSIONS:
        # A move the variant forbids outright is refused for that before its details are checked.
        assert got not in LIFTED_BY, f"{t.text!r}: {reason}, but without that rule: {got}\n{pos}"
    elif reason.code in LIFTED_BY:
        # A multiple build stays out of sums whatever build_in_sum says.
        legal = ("(legal)", "multiple_build_not_a_term")
        assert got in legal, f"{t.text!r}: {reason}, but without that rule: {got}\n{pos}"
    else:
        assert got == reason.code, f"{t.text!r}: {reason}, but without the duty rules: {got}\n{pos}"


def reason_holds(pos: Position, t: Typed, reason: Reason) -> bool:
    """The fact a reason states is true of the move typed (read the one way the fuzz meant it)."""
    v, seat, code = pos.variant, pos.to_move, reason.code
    values = v.value
    own = [b for b in pos.builds if b.owner == seat]
    held = held_keys(v, [c for c in pos.hands[seat] if c != t.card])
    target = t.builds[0] if t.builds else None
    inside = {c for b in pos.builds for c in b.cards}
    valueless = [c for c in t.loose if values[c] == 0]
    sums = any(capture_sums(pos, t, value) for value in v.capture_values[t.card])
    facts: dict[str, Callable[[], bool]] = {
        "card_not_in_hand": lambda: t.card not in pos.hands[seat],
        "card_not_on_table": lambda: any(c not in pos.loose and c not in inside for c in t.loose),
        "card_in_build": lambda: any(c in inside for c in t.loose),
        "named_twice": lambda: len(set(t.loose)) < len(t.loose),
        "nothing_to_take": lambda: t.op == "capture" and not t.loose and not t.builds,
        "build_needs_table_cards": lambda: t.op == "build" and not t.loose and not t.builds,
        "one_build_at_a_time": lambda: t.op == "build" and len(t.builds) > 1,
        "controller_may_not_trail": lambda: t.op == "trail" and bool(own) and v.build_duty == "no_trail",
        "must_take_or_add": lambda: bool(own) and v.build_duty == "take_or_add" and not set(own) & set(t.builds),
        "holding_rule": lambda: any(b not in t.builds and build_key(b) not in held for b in own) if "shared" not in
        reason.params else not held.covers({held_key(reason.params["value"]), held_key(reason.params["shared"])})
        and held_key(reason.params["value"]) in held.union and reason.params["holder"] in pos.hands[seat],
        "value_not_held": lambda: held_key(reason.params["value"]) not in held,
        "forced_capture": lambda: v.forced_capture and any(m.card == t.card and m.is_capture for m in pos.generate()),
        "no_value": lambda: t.op == "build" and (values[t.card] == 0 or bool(valueless)),
        "face_card_takes_one": lambda: values[t.card] == 0 and len(t.loose) + len(t.builds) > 1,
        "rank_mismatch": lambda: values[t.card] == 0 and (
            any(c.rank != t.card.rank for c in t.loose) or any(not b.face for b in t.builds)
        ),
        "taken_by_rank_only": lambda: values[t.card] > 0 and (bool(valueless) or any(b.face for b in t.builds)),
        "value_below_card": lambda: t.value is not None and t.value < values[t.card],
        "build_too_high": lambda: t.op == "build" and reason.params["value"] > v.max_build,
        "multiple_build_fixed": lambda: target is not None and not target.single,
        "raise_own_forbidden": lambda: target is not None and target.owner == seat and not v.raise_own,
        "add_to_others_forbidden": lambda: target is not None and target.owner != seat and not v.add_to_others,
        "face_build_value": lambda: values[t.card] == 0 and t.value != t.card.rank_index,
        "face_build_rank": lambda: (values[t.card] > 0 and target is not None and target.face)
        or any(c.rank != t.card.rank for c in t.loose)
        or any(b.value != t.card.rank_index for b in t.builds),
        "loose_changes_single_build": lambda: target is not None and target.single and bool(t.loose),
        "build_not_on_table": lambda: False,  # the fuzz names only builds that are there
        "round_over": pos.is_round_over,
        # The sum works once the builds count as terms: only the rule on terms is broken.
        "build_not_a_term": lambda: sums,
        "multiple_build_not_a_term": lambda: sums,
        "own_build_not_a_term": lambda: sums,
        "sum_mismatch": lambda: not valueless and (t.op == "build" or not sums),
    }
    return facts[code]()


def held_key(label: str) -> int:
    """The holding key of a build value as a reason shows it: a number, or a face rank."""
    return int(label) if label.isdigit() else FACE_KEY + RANKS.index(label) + 1


def capture_sums(pos: Position, t: Typed, value: int) -> bool:
    """Whether the items taken split into groups of ``value``, every build counting as a term of its value."""
    items = [pos.variant.value[c] for c in t.loose] + [b.value for b in t.builds if b.value != value]
    return t.op == "capture" and splits(sorted(items, reverse=True), value)


def splits(items: list[int], value: int) -> bool:
    """Whether the numbers (largest first) split into groups each totalling ``value``: brute force."""
    if not items:
        return True
    if sum(items) % value or items[0] > value or min(items) <= 0:
        return False

    def fill(rest: list[int], need: int) -> bool:
        if need == 0:
            return splits(rest, value)
        return any(rest[i] <= need and fill(rest[:i] + rest[i + 1 :], need - rest[i]) for i in range(len(rest)))

    return fill(items[1:], value - items[0])


def fuzz_position(rng: random.Random) -> Position:
    """A random position of a random preset, half of them after build-heavy play."""
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
    assert codes["(legal)"] > 300 and len(codes) > 15, codes


# ---- typical mistakes, each with the reason a teacher would give ----------------------

OWN8 = {"build": ["5D", "3S"], "owner": 0}
THEIRS8 = {"build": ["5D", "3S"], "owner": 1}
MISTAKES: list[tuple[str, dict[str, Any], str, str]] = [
    # (the mistake, the position, what the learner types, the reason)
    ("a sum off by one", {"hands": [["8S"], 4], "table": ["3H", "4D"]}, "8S x 3H+4D", "sum_mismatch"),
    ("one group of a capture off by one", {"hands": [["8S"], 4], "table": ["8H", "5H", "2C"]}, "8S x 8H 5H+2C", "sum_mismatch"),
    ("a build of another value taken", {"hands": [["10S"], 4], "table": [{"build": ["6C", "2H", "AS"], "owner": 1}]},
     "10S x [6C+2H+AS]", "sum_mismatch"),
    ("raising a multiple build", {"hands": [["AS", "6D"], 4], "table": [{"build": [["5C"], ["3H", "2D"]], "owner": 1}]},
     "AS b6 [5C 3H+2D]", "multiple_build_fixed"),
    ("naming a build below its value", {"hands": [["AS", "9H"], 4], "table": [{"build": [["9D"], ["5C", "4C"]], "owner": 1}]},
     "AS b8 [9D 5C+4C]", "sum_mismatch"),
    ("trailing as a controller", {"hands": [["8S", "4H"], 4], "table": [OWN8]}, "4H", "controller_may_not_trail"),
    ("trailing under take_or_add", {"variant": "classic-take-or-add", "hands": [["8S", "4H"], 4], "table": [OWN8]},
     "4H", "must_take_or_add"),
    ("a new build instead of one's own under take_or_add",
     {"variant": "classic-take-or-add", "hands": [["8S", "2H", "5C"], 4], "table": [OWN8, "3C"]}, "2H b5 3C", "must_take_or_add"),
    ("building a value not held", {"hands": [["3H", "7S"], 4], "table": ["5C"]}, "3H b8 5C", "value_not_held"),
    ("raising to a value not held", {"hands": [["2H", "7S"], 4], "table": [{"build": ["3S", "3D"], "owner": 1}]},
     "2H b8 [3S+3D]", "value_not_held"),
    ("adding the last card of the build's value", {"hands": [["8S", "4H"], 4], "table": [OWN8]}, "8S b8 [5D+3S]", "value_not_held"),
    ("a capture that leaves one's own build unheld", {"hands": [["8S", "4H"], 4], "table": [OWN8, "8C"]}, "8S x 8C", "holding_rule"),
    ("a new build made with the card that held one's own build", {"hands": [["8S", "10C"], 4], "table": [OWN8, "2C"]},
     "8S b10 2C", "holding_rule"),
    ("one ace left for a 14-build and a new 1-build",
     {"variant": "royal-aces-high", "hands": [["AS", "AH", "5C"], 4],
      "table": ["AD", {"build": ["10S", "4D"], "owner": 0}]},
     "AS b1 AD", "holding_rule"),
    ("a face card trying to take two", {"hands": [["QD", "5C"], 4], "table": ["QS", "QH"]}, "QD x QS QH", "face_card_takes_one"),
    ("a face card taking another rank", {"hands": [["QD"], 4], "table": ["JS"]}, "QD x JS", "rank_mismatch"),
    ("a number card taking a face card", {"hands": [["9H"], 4], "table": ["KH"]}, "9H x KH", "taken_by_rank_only"),
    ("a number card taking a face build",
     {"variant": "face-gather", "hands": [["9H"], 4], "table": [{"build": [["KC"], ["KD"]], "owner": 1}]},
     "9H x [KC KD]", "taken_by_rank_only"),
    ("a build as a term of a sum", {"hands": [["9S"], 4], "table": [{"build": ["4H", "3D"], "owner": 1}, "2C"]},
     "9S x [4H+3D]+2C", "build_not_a_term"),
    ("a build as a term, the ace counting fourteen",
     {"variant": "royal-aces-high", "hands": [["AS"], 4], "table": ["JH", {"build": ["2C", "AD"], "owner": 1}]},
     "AS x JH+[2C+AD]", "build_not_a_term"),
    ("one's own build as a term",
     {"variant": "combine-builds", "hands": [["9S", "7C"], 4], "table": [{"build": ["4H", "3D"], "owner": 0}, "2C"]},
     "9S x [7]+2C", "own_build_not_a_term"),
    ("a multiple build as a term",
     {"variant": "combine-builds", "hands": [["10S"], 4], "table": [{"build": [["5H", "3C"], ["8H"]], "owner": 1}, "2C"]},
     "10S x [8]+2C", "multiple_build_not_a_term"),
    ("a loose card added to a raise", {"hands": [["3H", "8C", "10S"], 4], "table": [{"build": ["AS", "4D"], "owner": 1}, "2C"]},
     "3H b10 [AS+4D] 2C", "loose_changes_single_build"),
    ("a raise taking in a loose card of another value",
     {"hands": [["2H", "9S"], 4], "table": [{"build": ["3S", "4D"], "owner": 1}, "5C"]}, "2H b9 [3S+4D] 5C", "sum_mismatch"),
    ("building above the maximum value", {"hands": [["5S", "10D"], 4], "table": ["6C"]}, "5S b11 6C", "build_too_high"),
    ("building above the maximum, the value left out", {"hands": [["5S", "10D"], 4], "table": ["6C"]}, "5S b 6C", "build_too_high"),
    ("raising above the maximum", {"hands": [["5S", "9D"], 4], "table": [{"build": ["4H", "3D"], "owner": 1}]},
     "5S b12 [4H+3D]", "build_too_high"),
    ("a build value below the card played", {"hands": [["7S", "9D"], 4], "table": ["2C"]}, "7S b5 2C", "value_below_card"),
    ("a build of nothing", {"hands": [["3H", "8S"], 4], "table": ["5C"]}, "3H b0 5C", "value_below_card"),
    ("adding a card bigger than the build", {"hands": [["9S", "8H"], 4], "table": [THEIRS8]}, "9S b8 [5D+3S]", "value_below_card"),
    ("taking a card that is inside a build", {"hands": [["8S"], 4], "table": [{"build": ["5C", "3S"], "owner": 1}, "3H"]},
     "8S x 5C+3H", "card_in_build"),
    ("a card not in the hand", {"hands": [["8S"], 4], "table": ["8H"]}, "8D x 8H", "card_not_in_hand"),
    ("a card not on the table", {"hands": [["8S"], 4], "table": ["8H"]}, "8S x 8C", "card_not_on_table"),
    ("a build not on the table", {"hands": [["8S"], 4], "table": [{"build": ["6C", "2H"], "owner": 1}]}, "8S x [9]", "build_not_on_table"),
    ("the same card taken twice", {"hands": [["6S"], 4], "table": ["3H", "3D"]}, "6S x 3H 3H", "named_twice"),
    ("a capture of nothing", {"hands": [["7S"], 4], "table": ["3H"]}, "7S x", "nothing_to_take"),
    ("a build of the card alone", {"hands": [["7S", "8S"], 4], "table": ["3H"]}, "7S b7", "build_needs_table_cards"),
    ("raising and joining two builds at once",
     {"hands": [["2S", "8H"], 4], "table": [{"build": ["4H", "2D"], "owner": 1}, {"build": ["3C", "3D"], "owner": 1}]},
     "2S b8 [4H+2D] [3C+3D]", "one_build_at_a_time"),
    ("a face card building", {"hands": [["KS", "KH"], 4], "table": ["KC"]}, "KS b KC", "no_value"),
    ("a face card building on two builds", {"hands": [["KS"], 4], "table": [THEIRS8, {"build": ["4H", "2D"], "owner": 1}]},
     "KS b [8] [6]", "no_value"),
    ("a loose face card in an add", {"hands": [["4C", "8H"], 4], "table": ["QS", {"build": ["5D", "2D", "AC"], "owner": 1}]},
     "4C b8 [5D+2D+AC] QS", "no_value"),
    ("a face build named by a number", {"variant": "face-gather", "hands": [["KS", "KH"], 4], "table": ["KC"]}, "KS b1 KC", "face_build_value"),
    ("a face build of two ranks", {"variant": "face-gather", "hands": [["KS", "KH"], 4], "table": ["QC"]}, "KS bK QC", "face_build_rank"),
    ("raising one's own build with raise_own off",
     {"variant": {"preset": "classic", "raise_own": False}, "hands": [["2H", "8S", "6D"], 4], "table": [{"build": ["3C", "3D"], "owner": 0}]},
     "2H b8 [6]", "raise_own_forbidden"),
    ("adding to another's build with add_to_others off",
     {"variant": {"preset": "classic", "add_to_others": False}, "hands": [["2H", "8S"], 4], "table": [THEIRS8, "6C"]},
     "2H b8 [8] 6C", "add_to_others_forbidden"),
    ("trailing a card that can capture under forced_capture",
     {"variant": {"preset": "classic", "forced_capture": True}, "hands": [["5S", "9C"], 4], "table": ["5H"]}, "5S", "forced_capture"),
    ("playing after the round is over", {"hands": [[], []], "table": ["5H"]}, "5S", "round_over"),
]


@pytest.mark.parametrize(("mistake", "position", "text", "code"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_typical_mistake_gets_its_reason(mistake: str, position: dict[str, Any], text: str, code: str) -> None:
    pos = load_position(yaml.safe_dump(position), mistake)
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(text)
    assert err.value.reason.code == code, err.value.reason
    json.dumps(plain(err.value.reason.params))


def test_mistakes_reach_every_reason() -> None:
    unused = {"not_a_move"}  # the fallback
    assert {m[3] for m in MISTAKES} == set(REASON_CODES) - unused
