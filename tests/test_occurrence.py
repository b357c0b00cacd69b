"""Lessons and puzzles show positions of real deals (docs/formats.md, "Positions that can occur").

- Every position of rounds played by the rules, in every preset and with 2, 3 and 4 players, is accepted:
  the rule refuses nothing that can occur.
- Each fact that cannot occur is refused with its ``file:line:col`` and what to fix: cards missing from the
  deck, hands, stock and seat to move of no moment of a round, captures without plays, a missing or empty
  last capturer, an empty table without a sweep, penalty turns out of reach, scores the match does not allow.
- The positions the review named (``ten-over-nine`` and ``three-aces`` as they were, lesson ``table``
  steps 7 and 8) are refused; position files of the engine commands may still leave cards out.
- The generator mines rounds that pay no penalty another move avoids, and writes real positions.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from randompos import ALL_VARIANTS, fresh_position

from tutor.content import presets
from tutor.core.occurrence import impossibilities, moments
from tutor.core.position import Position
from tutor.core.round import next_deal
from tutor.generator.mining import choose
from tutor.loading import FileError
from tutor.loading.positions import load_position
from tutor.loading.puzzles import load_puzzles

ROOT = Path(__file__).resolve().parents[1]


def live_target_reached(pos: Position) -> bool:
    """A side has reached the target by what the round scores at once: the match would be over."""
    assert pos.sweeps is not None and pos.captured is not None and pos.penalties is not None
    v = pos.variant
    live = [0] * pos.sides
    for seat in range(pos.players):
        live[pos.side_of(seat)] += pos.sweeps[seat] * v.sweep_points * v.instant_sweeps
        live[pos.side_of(seat)] += sum(v.point_card_table[c] for c in pos.captured[seat]) * v.instant_points
        live[pos.side_of(seat)] -= pos.penalties[seat] * v.default_penalty * v.penalties
    return max(live) >= v.target


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_of_a_played_round_can_occur(players: int) -> None:
    rng = random.Random(2100 + players)
    checked = 0
    for variant in ALL_VARIANTS:
        for _ in range(6):
            pos = fresh_position(rng, variant, players)
            while not pos.is_round_over() and not live_target_reached(pos):
                if pos.needs_deal():
                    assert impossibilities(pos) == [], pos  # between two deals
                    next_deal(pos)
                assert impossibilities(pos) == [], f"{variant.preset}\n{pos}"
                checked += 1
                moves = pos.generate()
                builds = [m for m in moves if m.kind != "trail" and m.kind != "capture"]
                pos.push(rng.choice(builds) if builds and rng.random() < 0.5 else rng.choice(moves))
            if not live_target_reached(pos):
                assert impossibilities(pos) == [], f"{variant.preset} (round over)\n{pos}"
    assert checked > 2000


def test_a_round_has_a_moment_for_every_play() -> None:
    for variant, players, plays in ((presets.variant(), 2, 48), (presets.variant(), 3, 48), (presets.variant(), 4, 48),
                                    (presets.variant("italian"), 2, 36), (presets.variant("draw"), 2, 48)):
        found = moments(variant, players, players - 1)
        assert sum(found[-1].played) == plays and not any(found[-1].hands) and found[-1].stock == 0
        assert found[0].stock == len(variant.deck_cards) - 4 - players * variant.hand_size_resolved


REAL = ("hands: [[9S, 2H, KC], 2]\ntable: [5D, 4C, 8H]\ndealer: 0\ncaptured: [[10H, 10C], [9D, 9C]]\nstock: 40\n"
        "last_capturer: 1\n")

#: a change to REAL -> the start of the problem expected, after "p.yaml:LINE:COL: not a real deal: "
REFUSED = [
    ("stock: 40\n", "stock: 38\n", "5:8", "with hands of 3 and 2 cards with seat 0 to move and seat 0 dealing, the "
                                          "stock holds 40, 32, 24, 16, 8 or 0 cards in a real deal, not 38"),
    ("stock: 40\n", "", "1:1", "this position places 12 of the 52 cards"),
    ("dealer: 0\n", "", "1:1", "hands of 3 and 2 cards with seat 0 to move and seat 1 dealing cannot occur: seats play "
                               "in turn from the seat after the dealer; with seat 0 dealing they can (dealer: 0)"),
    ("[9S, 2H, KC], 2]", "[9S, 2H, KC], 1]", "1:8", "hands of 3 and 1 cards with seat 0 to move and seat 0 dealing "
                                                    "cannot occur in a real deal"),
    ("[[10H, 10C], [9D, 9C]]", "[[10H, 10C, 9D], [9C]]", "4:28", "seat 1 has taken 1 card, but a capture takes"),
    ("last_capturer: 1\n", "", "1:1", "cards have been taken this round, so last_capturer: must name"),
    ("[9D, 9C]]", "[9D, KD]]", "4:24", "seat 1 has taken KD, but a king without a value takes one king a capture: "
                                       "kings are taken two at a time"),
    ("[[10H, 10C]", "[[10H, 3C]", "4:12", "seat 0 has taken 10H 3C, which the 1 card it has played this round "
                                          "cannot have taken: a capture is the card played with table cards of its "
                                          "value or adding up to it"),
    ("[[10H, 10C], [9D, 9C]]\nstock: 40\nlast_capturer: 1", "[[10H, 10C, 9D, 9C], []]\nstock: 40\nlast_capturer: 0",
     "4:12", "seat 0 has taken 10H 10C 9D 9C, which the 1 card it has played this round cannot have taken"),
    ("[[10H, 10C], [9D, 9C]]", "[[], [10H, 10C, 9D, 9C]]\nsweeps: [2, 0]", "5:10",
     "seat 0 has made 2 sweeps but played only 1 card this round"),
    ("last_capturer: 1\n", "last_capturer: 1\nscores: [3, 21]\n", "7:13", "side 1 has 21 points and the target is 21"),
    ("last_capturer: 1\n", "last_capturer: 1\nscores: [-2, 0]\n", "7:10", "side 0 has -2 points, but no round costs"),
]


def refusals(text: str, variant: str = "classic") -> list[str]:
    puzzle = ("puzzles:\n  - id: p\n    variant: " + variant + "\n    position:\n"
              + "".join(f"      {line}\n" for line in text.splitlines())
              + "    goal: cards\n    themes: [sums]\n    rating: 800\n    hints: [{en: H, de: H}]\n")
    try:
        load_puzzles(puzzle, "p.yaml")
    except FileError as err:
        return [str(p) for p in err.problems]
    return []


def shifted(where: str) -> str:
    """The location in the puzzle file of a location in REAL (the position starts on line 5, column 7)."""
    line, col = map(int, where.split(":"))
    return f"p.yaml:{line + 4}:{col + 6}" if where != "1:1" else "p.yaml:5:7"


def test_the_real_position_is_accepted() -> None:
    assert refusals(REAL) == []


@pytest.mark.parametrize(("old", "new", "where", "said"), REFUSED, ids=[r[3][:40] for r in REFUSED])
def test_what_cannot_occur_is_refused_where_it_stands(old: str, new: str, where: str, said: str) -> None:
    assert old in REAL
    found = refusals(REAL.replace(old, new, 1))
    assert any(p.startswith(f"{shifted(where)}: not a real deal: {said}") for p in found), found


def test_a_pile_taken_is_made_of_captures() -> None:
    """Each pile splits into captures, no more than its seat has played: a card played with groups of its value;
    a valueless face card with one of its rank (two by two), or with any number of them under face-gather."""
    took = REAL.replace("[[10H, 10C]", "[[10H, 3C, 7D]").replace("table: [5D, 4C, 8H]", "table: [5D, 4C]")
    assert refusals(took) == []  # the ten took 7 + 3
    kings = REAL.replace("[9D, 9C]]", "[KD, KH, KS]]").replace("table: [5D, 4C, 8H]", "table: [5D, 4C]")
    assert any("seat 1 has taken KD KH KS, but a king without a value takes one king" in p for p in refusals(kings))
    assert refusals(kings, "face-gather") == []
    assert refusals(REAL.replace("[9D, 9C]]", "[KD, KH]]")) == []
    high = REAL.replace("[[10H, 10C]", "[[AD, KH, AC]").replace("[9S, 2H, KC]", "[9S, 2H, 10C]").replace(
        "table: [5D, 4C, 8H]", "table: [5D, 4C]")
    assert any("seat 0 has taken AD KH AC" in p for p in refusals(high, "royal"))
    assert refusals(high, "royal-aces-high") == []  # the ace played counted 14: K + A


def test_an_empty_table_in_play_follows_a_sweep() -> None:
    empty = REAL.replace("table: [5D, 4C, 8H]", "table: []").replace("[9D, 9C]]", "[9D, 9C, 5D, 4C, 9S]]")
    empty = empty.replace("[9S, 2H, KC]", "[8H, 2H, KC]")  # 9 x 9 9 5+4 cleared the table
    found = refusals(empty)
    assert any("the table is empty in the middle of a round, which only a sweep does" in p for p in found), found
    assert refusals(empty + "sweeps: [0, 1]\n") == []


def test_penalty_turns_are_turns_played_and_a_build_held_by_no_card_has_cost_one() -> None:
    unheld = REAL.replace("[9S, 2H, KC]", "[10S, 2H, KC]").replace("table: [5D, 4C, 8H]",
                                                                 "table: [8H, {build: [5D, 4C], owner: 0}]")
    found = refusals(unheld, "michigan")
    assert any("seat 0 controls a build it holds no card for" in p for p in found), found
    assert refusals(unheld + "penalties: [1, 0]\n", "michigan") == []
    found = refusals(unheld + "penalties: [2, 0]\n", "michigan")
    assert any("seat 0 has 2 penalty turns but has played only 1 card this round" in p for p in found), found
    assert refusals(REAL.replace("table: [5D, 4C, 8H]", "table: [8H, {build: [5D, 4C], owner: 0}]"), "michigan") == []


def test_a_build_controller_whose_hidden_hand_can_hold_no_taker_is_refused() -> None:
    """Under the holding rule the controller of a build keeps a card that takes it: with every 9 placed
    elsewhere, seat 1 (its hand hidden) cannot control a build of 9."""
    built = REAL.replace("table: [5D, 4C, 8H]", "table: [8H, {build: [5D, 4C], owner: 1}]")
    assert refusals(built) == []  # the 9 of hearts is unseen: seat 1 may hold it
    found = refusals(built.replace("[9S, 2H, KC]", "[9S, 9H, KC]"))
    assert any("not a real deal: seat 1 controls the 9-build but no card it may hold takes it" in p
               for p in found), found


def test_instant_points_that_reach_the_target_end_the_match() -> None:
    sudden = REAL.replace("[[10H, 10C], [9D, 9C]]", "[[10H, 10C], [AD, AC]]") + "scores: [0, 19]\n"
    found = refusals(sudden, "sudden-death")
    assert any("with what this round has scored at once, side 1 has 21 points" in p for p in found), found
    assert refusals(sudden, "classic") == []  # scored at the end of the round: the match goes on


def test_the_positions_the_review_named_are_refused(tmp_path: Path) -> None:
    old = {
        "points.yaml": "puzzles:\n  - id: ten-over-nine\n    variant: classic\n    position:\n"
                       "      hands: [[9H, 10S, 4C, 2D], 4]\n      table: [10D, 5H, 4S, 3C, AC, JS]\n"
                       "    goal: points\n    themes: [big-cassino]\n    rating: 930\n    hints: [{en: H, de: H}]\n"
                       "    solution: [10S x 10D 5H+4S+AC]\n",
        "table.yaml": "puzzles:\n  - id: taken\n    variant: classic\n    position:\n"
                      "      hands: [[5C, 9D], [KD, 4H]]\n      table: [6S, JC]\n"
                      "      captured: [[3D, 3H, 8C], [7S, 7D, QS, QH, 2S, 6H, 4C, 10S]]\n      stock: 24\n"
                      "      last_capturer: 1\n"
                      "    goal: cards\n    themes: [pairing]\n    rating: 900\n    hints: [{en: H, de: H}]\n",
    }
    for name, text in old.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "tutor", "check", str(tmp_path)], capture_output=True, text=True,
                            cwd=ROOT)
    assert result.returncode == 2
    assert "points.yaml:5:7: not a real deal: this position places 14 of the 52 cards" in result.stderr
    assert "count the 38 others in stock:" in result.stderr
    assert "table.yaml:5:7: not a real deal: this position places 41 of the 52 cards" in result.stderr


def test_position_files_of_the_engine_commands_may_leave_cards_out(tmp_path: Path) -> None:
    path = tmp_path / "partial.yaml"
    path.write_text("hands: [[9H, 10S, 4C, 2D], 4]\ntable: [10D, 5H, 4S, 3C, AC, JS]\n", encoding="utf-8")
    assert impossibilities(load_position(path.read_text(encoding="utf-8"), str(path)))
    for command in (["moves"], ["solve", "--goal", "points"], ["check"]):
        result = subprocess.run([sys.executable, "-m", "tutor", *command, str(path)], capture_output=True, text=True,
                                cwd=ROOT)
        assert result.returncode == 0, (command, result.stderr)


def test_the_miner_pays_a_penalty_only_when_every_move_does() -> None:
    held = REAL.replace("table: [5D, 4C, 8H]", "table: [8H, {build: [5D, 4C], owner: 0}]")
    pos = load_position("variant: michigan\n" + held, "m.yaml")
    moves = pos.generate()
    assert any(pos.penalised(m) for m in moves) and not all(pos.penalised(m) for m in moves)
    rng = random.Random(5)
    for builder in (False, True):
        for _ in range(200):
            assert not pos.penalised(choose(pos, moves, rng, builder))


def test_a_piles_split_is_found_alike_trying_each_set_of_values_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The split search tries each set of values once (cards of one value are alike); it decides every pile as
    the search over every set of cards does."""
    import tutor.core.occurrence as occurrence

    def every_set(values: Sequence[int], indices: Sequence[int], need: int, start: int = 0) -> Iterator[int]:
        if not need:
            yield 0
            return
        for j in range(start, len(indices)):
            if values[indices[j]] <= need:
                for more in every_set(values, indices, need - values[indices[j]], j + 1):
                    yield more | 1 << indices[j]

    rng = random.Random(26)
    for preset in ("classic", "royal", "royal-aces-high", "italian"):
        v = presets.variant(preset)
        numbers = [c for c in v.deck_cards if v.capture_values[c]]
        cases = [(rng.sample(numbers, rng.randint(2, 9)), rng.randint(1, 5)) for _ in range(150)]
        fast = [occurrence._splits(v, pile, most) for pile, most in cases]
        monkeypatch.setattr(occurrence, "_groups", every_set)
        assert [occurrence._splits(v, pile, most) for pile, most in cases] == fast
        assert True in fast and False in fast
        monkeypatch.undo()


def test_a_split_found_without_the_search_is_one_the_search_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain way most piles split (pairs, then each card held once played or added up) says yes only
    where the search says yes too, and it says yes to many piles."""
    import tutor.core.occurrence as occurrence

    rng = random.Random(27)
    plain = 0
    for preset in ("classic", "royal", "royal-aces-high", "italian"):
        v = presets.variant(preset)
        numbers = [c for c in v.deck_cards if v.capture_values[c]]
        cases = [(rng.sample(numbers, rng.randint(2, 12)), rng.randint(1, 6)) for _ in range(300)]
        found = [occurrence._split_plainly(v, pile, most) for pile, most in cases]
        monkeypatch.setattr(occurrence, "_split_plainly", lambda *_: False)
        searched = [occurrence._splits(v, pile, most) for pile, most in cases]
        monkeypatch.undo()
        assert all(s for f, s in zip(found, searched) if f)
        plain += sum(found)
    assert plain > 100


BUILD_LEFT = ("hands: [[4H, 9C, QD, 2S], 4]\ntable: [{build: [4D, 5S], owner: 1}, 4C, 7H, JS]\n"
              "captured: [[5D, 5C], [2H, 2D, 2C, 7D, 7C]]\nstock: 32\nlast_capturer: 1\n")
"""Lesson builds, step 8 as it was: Player 2 controls a build at the start of the second deal, every hand full."""


def test_a_build_is_not_left_over_from_an_earlier_deal_under_the_holding_rule() -> None:
    """Under the holding rule (4.1) a seat's last card of a deal leaves it no build, so a build's controller has
    played since the hands were dealt; 19 lesson steps showed a controller with a full hand (\"Player 2: 4 hidden
    cards\" beside the build Player 2 had just made). Michigan's build duty lets a build stay (a penalty)."""
    undealt = "seat 1 controls the 9-build but has not played a card since the hands were dealt"
    assert any(f"not a real deal: {undealt}" in p for p in refusals(BUILD_LEFT)), refusals(BUILD_LEFT)
    made = BUILD_LEFT.replace("2S], 4]", "2S], 3]\ndealer: 0").replace("7C]]", "7C, AS]]")
    assert refusals(made) == []
    assert not any(undealt in p for p in refusals(BUILD_LEFT, "michigan")), refusals(BUILD_LEFT, "michigan")
