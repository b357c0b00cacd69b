"""The advisor (tutor/play/advisor.py): worlds true to the seat's view, every legal move valued, the exact last deal."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.content.presets import variant
from tutor.core.cards import Card, parse_cards
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.search import solve_deal
from tutor.core.table import Build
from tutor.loading.positions import load_position
from tutor.play.advisor import (
    EXACT_CARDS,
    EXACT_CARDS_DEEP,
    EXPERT_TRIAL,
    EXPERT_V1,
    Expert,
    advise,
    advise_open,
    club_move,
    playout_value,
    separated,
    world_values,
)
from tutor.play.deal_end import deal_end_value, majority_chances
from tutor.play.game import play_one_round
from tutor.play.heuristics import CLUB_V1, FAIR_PLAYOUT, PLAYOUT
from tutor.play.players import LEVELS, player, players
from tutor.play.view import SeatView
from tutor.play.worlds import sampled_worlds
from tutor.render import Renderer

FEW = settings(max_examples=5, deadline=None)


def C(text: str) -> list[Card]:
    return parse_cards(text.split())


def game_view(preset: str, n: int, seed: int, ply: int) -> SeatView:
    """The mover's view at about the ``ply``-th move of a seeded club round."""
    record = play_one_round(variant(preset), players(["club"] * n), seed)
    chosen = record.plies[ply % len(record.plies)]
    return SeatView.of(chosen.before, chosen.seat)


def two_seats(table: str, hand: str, other: str, stock: str = "", builds: list[Build] | None = None) -> Position:
    """Classic, seat 0 to move holding ``hand``, seat 1 ``other``; the rest of the deck taken, or in ``stock``."""
    v = variant("classic")
    mine, theirs, loose, undealt = C(hand), C(other), C(table), C(stock)
    used = set(mine + theirs + loose + undealt + [c for b in builds or [] for c in b.cards])
    return Position(v, 2, hands=[mine, theirs], loose=loose, builds=builds or [], stock=undealt,
                    captured=[[c for c in v.deck_cards if c not in used], []])


@pytest.mark.parametrize(("preset", "n"), [("classic", 2), ("royal-aces-high", 3), ("michigan", 4), ("draw", 2)])
@FEW
@given(seed=st.integers(0, 2**32 - 1), ply=st.integers(0, 60))
def test_every_world_looks_the_same_from_the_seat_and_respects_the_builds(preset: str, n: int, seed: int, ply: int) -> None:
    view = game_view(preset, n, seed, ply)
    pos = view.position()
    for world in sampled_worlds(pos, 6, seed):
        assert SeatView.of(world, view.seat) == dataclasses.replace(view, history=())  # a world is set up, not played
        assert not any(world.hidden_counts) and not world.stock_hidden
        if not world.variant.penalties:
            for b in world.builds:
                assert any(m.is_capture and b in m.builds for m in _moves_of(world, b.owner)), world


def _moves_of(world: Position, seat: int) -> list[Move]:
    turn = world.copy()
    turn.to_move = seat
    return turn.generate()


@pytest.mark.parametrize(("preset", "n"), [("classic", 2), ("classic", 3), ("royal", 4), ("combine-builds", 2)])
@FEW
@given(seed=st.integers(0, 2**32 - 1), ply=st.integers(0, 60))
def test_every_legal_move_is_valued_once_best_first_and_the_seed_repeats(preset: str, n: int, seed: int, ply: int) -> None:
    view = game_view(preset, n, seed, ply)
    advice = advise(view, worlds=3, seed=seed)
    legal = view.legal_moves()
    assert sorted(map(str, (mv.move for mv in advice.moves))) == sorted(map(str, legal))
    assert len(advice.moves) == len(legal)
    values = [mv.value for mv in advice.moves]
    assert values == sorted(values, reverse=True)
    assert advice.best == advice.moves[0].move and advice.level == "expert"
    assert 1 <= advice.worlds <= 3
    assert all(mv.spread >= 0 and (advice.worlds > 1 or mv.spread == 0.0) for mv in advice.moves)
    assert advise(view, worlds=3, seed=seed) == advice
    for mv in advice.moves:
        assert advice.value_of(mv.move) == mv


def test_a_move_not_legal_here_has_no_value() -> None:
    advice = advise_open(two_seats("5H", "5C KD", "2D 9C"))
    with pytest.raises(ValueError, match="not a legal move"):
        advice.value_of(Move(Card.from_str("QS"), "trail", 0))


def test_the_sweep_of_big_casino_is_chosen() -> None:
    pos = two_seats("10D", "10S 3H", "4C 7H", stock="5D 6D 7D 8D")
    view = SeatView.of(pos, 0)
    best = advise(view, worlds=4, seed=1).best
    assert best.is_capture and best.card == Card.from_str("10S")
    assert Expert(worlds=4).choose(view, random.Random(2)) == best


@pytest.mark.parametrize("seed", range(4))
def test_in_the_last_deal_the_open_advice_is_the_exact_solution(seed: int) -> None:
    record = play_one_round(variant("classic"), players(["club", "club"]), seed)
    last = next(p.before for p in record.plies if p.before.stock_size == 0)
    exact = solve_deal(last)
    advice = advise_open(last)
    assert advice.worlds == 1 and advice.moves[0].value == exact.value
    assert {mv.move: mv.value for mv in advice.moves} == {lv.move: lv.value for lv in exact.moves}
    # two players, stock empty: the seat can work out the other hand, so the hidden advice is the same
    assert advise(SeatView.of(last, last.to_move), seed=seed) == advice


def test_the_expert_is_the_top_level() -> None:
    assert list(LEVELS)[-1] == "expert"
    ladder = LEVELS["expert"]()
    # expert-v1 but for the playouts, which count a breach's penalty (docs/strength.md: the trial did not pay)
    assert ladder == dataclasses.replace(EXPERT_V1, level="expert", playout=PLAYOUT) and PLAYOUT != CLUB_V1
    assert player("expert-trial") == EXPERT_TRIAL != ladder and "expert-trial" not in LEVELS
    for trial, setting in [("expert-replies", {"replies": 2}), ("expert-next-deal", {"beyond": True})]:
        assert player(trial) == dataclasses.replace(EXPERT_V1, level=trial, **setting) and trial not in LEVELS
    # the ladder's expert but for playouts whose players judge the exposure from what they can see
    assert FAIR_PLAYOUT == dataclasses.replace(PLAYOUT, fair=True) and "expert-fair" not in LEVELS
    assert player("expert-fair") == dataclasses.replace(ladder, level="expert-fair", playout=FAIR_PLAYOUT)


def test_the_best_is_separated_only_when_it_leads_every_other_by_two_standard_errors() -> None:
    assert separated([[3.0, 4.0, 5.0], [1.0, 2.0, 3.0]], [0, 1])  # 2 points ahead in every world
    assert not separated([[3.0, 0.0, 3.0], [0.0, 3.0, 0.0]], [0, 1])  # ahead by 1 on a spread of 3
    assert separated([[1.0, 2.0], [1.0, 2.0], [0.0, 0.0]], [0, 1, 2])  # a move as good in every world is no rival
    assert separated([[3.0, 0.0, 3.0], [0.0, 3.0, 0.0]], [0])  # alone


@pytest.mark.parametrize("seed", range(3))
def test_adaptive_worlds_stop_once_the_best_is_separated_and_never_pass_the_cap(seed: int) -> None:
    view = game_view("classic", 2, seed, 2)  # the first deal: every world differs
    assert len(view.legal_moves()) > 1
    advice = advise(view, worlds=8, seed=seed, max_worlds=40)
    assert 8 <= advice.worlds <= 40
    live = [mv.samples for mv in advice.moves if len(mv.samples) == advice.worlds]
    for n in range(8, advice.worlds):  # not separated at any earlier stop
        assert not separated([list(samples[:n]) for samples in live], list(range(len(live))))
    if advice.worlds < 40:
        assert separated([list(samples) for samples in live], list(range(len(live))))
    assert advise(view, worlds=8, seed=seed).worlds == 8  # without a cap, the worlds asked for
    assert advise(view, worlds=8, seed=seed, max_worlds=40) == advice


@pytest.mark.parametrize(("preset", "n"), [("classic", 2), ("royal-aces-high", 2), ("michigan", 4), ("draw", 2)])
@FEW
@given(seed=st.integers(0, 2**32 - 1), ply=st.integers(0, 30))
def test_a_reply_searched_among_club_first_choices_is_the_worst_for_the_mover_and_one_is_club_own(
        preset: str, n: int, seed: int, ply: int) -> None:
    """Two sides: the reply best for the replier is the worst for the mover, so a value with more replies searched
    is never higher; one reply searched is club's own reply, the playout without a search."""
    view = game_view(preset, n, seed, ply)
    world = sampled_worlds(view.position(), 1, seed)[0]
    side, key = world.side_of(world.to_move), world.state_key()
    for move in world.generate()[:6]:
        values = [playout_value(world, move, side, replies=k) for k in (0, 1, 2, 4)]
        assert values[0] == values[1] >= values[2] >= values[3]
    assert world.state_key() == key  # every move taken back


@pytest.mark.parametrize("seed", range(2))
def test_the_expert_with_replies_is_deterministic_for_a_seed_and_differs_from_the_plain_one(seed: int) -> None:
    view = game_view("classic", 2, seed, 2)
    searched = advise(view, worlds=6, seed=seed, replies=3)
    assert searched == advise(view, worlds=6, seed=seed, replies=3)
    plain = advise(view, worlds=6, seed=seed)
    assert advise(view, worlds=6, seed=seed, replies=1) == plain
    assert [mv.samples for mv in searched.moves] != [mv.samples for mv in plain.moves]


@pytest.mark.parametrize("seed", range(3))
def test_a_playout_beyond_the_deal_plays_the_next_one_from_the_world_stock_but_not_past_the_round(seed: int) -> None:
    record = play_one_round(variant("classic"), players(["club"] * 2), seed)
    first = SeatView.of(record.plies[0].before, record.plies[0].seat)  # the first deal: a next one follows
    world = sampled_worlds(first.position(), 1, seed)[0]
    side, key, moves = world.side_of(world.to_move), world.state_key(), world.generate()
    beyond = [playout_value(world, m, side, beyond=True) for m in moves]
    assert beyond == [playout_value(world, m, side, beyond=True) for m in moves]
    assert beyond != [playout_value(world, m, side) for m in moves]
    assert world.state_key() == key
    last = next(p for p in record.plies if p.before.stock_size == 0)  # nothing is dealt after the last deal
    world = sampled_worlds(SeatView.of(last.before, last.seat).position(), 1, seed)[0]
    side = world.side_of(world.to_move)
    assert [playout_value(world, m, side, beyond=True) for m in world.generate()] == [
        playout_value(world, m, side) for m in world.generate()]


def test_the_deeper_exact_setting_solves_a_three_player_world_of_six_cards() -> None:
    record = play_one_round(variant("classic"), players(["club"] * 3), 5)
    world = next(p.before for p in record.plies
                 if p.before.stock_size == 0 and sum(len(h) for h in p.before.hands) == 6)
    assert EXACT_CARDS[3] < 6 <= EXACT_CARDS_DEEP[3]
    moves = world.generate()
    exact = {lv.move: float(lv.value) for lv in solve_deal(world).moves}
    assert world_values(world, moves, exact=EXACT_CARDS_DEEP) == [exact[m] for m in moves]


@pytest.mark.parametrize("bad", [{"worlds": 0}, {"level": "club"}])
def test_bad_arguments_are_named(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="worlds|level"):
        advise(game_view("classic", 2, 1, 0), **bad)  # type: ignore[arg-type]


@given(counts=st.lists(st.integers(0, 30), min_size=2, max_size=3), out=st.integers(0, 40))
def test_majority_chances_are_probabilities_and_certain_when_the_lead_is(counts: list[int], out: int) -> None:
    chances = majority_chances(tuple(counts), out)
    assert all(0.0 <= p <= 1.0 for p in chances) and sum(chances) <= 1.0 + 1e-9
    for side, c in enumerate(counts):
        if all(c > other + out for t, other in enumerate(counts) if t != side):
            assert chances[side] == 1.0
        if c + out <= max(other for t, other in enumerate(counts) if t != side):
            assert chances[side] == 0.0


# ---- cassino-tutor advise --------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
START = ROOT / "docs" / "examples" / "start.yaml"
ENDGAME = ROOT / "docs" / "examples" / "endgame.yaml"


def run(*args: str, columns: int = 80) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run([sys.executable, "-m", "tutor", "advise", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env)


def test_the_json_has_the_contract_keys_every_legal_move_and_repeats_for_a_seed() -> None:
    result = run(str(START), "--json", "--worlds", "3", "--seed", "7")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) >= {"level", "worlds", "move", "moves"} and data["level"] == "expert"
    assert data["worlds"] == 3 and data["seed"] == 7 and data["open"] is False
    pos = load_position(START.read_text(encoding="utf-8"), str(START))
    assert sorted(m["notation"] for m in data["moves"]) == sorted(pos.notation(m) for m in pos.generate())
    assert data["move"] == data["moves"][0]["notation"]
    values = [m["value"] for m in data["moves"]]
    assert values == sorted(values, reverse=True) and all(m["spread"] >= 0 for m in data["moves"])
    assert json.loads(run(str(START), "--json", "--worlds", "3", "--seed", "7").stdout) == data


def test_open_values_the_last_deal_exactly_and_lists_in_german() -> None:
    data = json.loads(run(str(ENDGAME), "--open", "--json").stdout)
    exact = solve_deal(load_position(ENDGAME.read_text(encoding="utf-8"), str(ENDGAME)))
    assert data["worlds"] == 1 and data["moves"][0]["value"] == exact.value
    listing = run(str(ENDGAME), "--open", "--lang", "de", "--ascii")
    assert listing.returncode == 0, listing.stderr
    assert "alle Karten bekannt" in listing.stdout and "Rundenpunkte" in listing.stdout
    assert listing.stdout.startswith("Rat der Stufe „Experte“ für Spieler 2")  # a level is a Stufe, not a Spieler
    first_move = next(line for line in listing.stdout.splitlines() if line.startswith("  "))
    assert "AKa b9 5P+3H" in first_move
    # the values in round points with one decimal, as German writes them, as the shell's hint and review
    rows = [line.split()[-3:] for line in listing.stdout.splitlines() if line.startswith("  ")]
    assert rows[0] == [Renderer("de").decimal(data["moves"][0]["value"], signed=True), "±", "0,0"]
    assert all(re.fullmatch(r"[+−]?\d+,\d", value) and re.fullmatch(r"\d+,\d", spread) for value, _, spread in rows)


@pytest.mark.parametrize(("lang", "one", "many"), [("en", "in that one deal", "averaged over the deals"),
                                                  ("de", "in dieser einen Verteilung", "gemittelt über die Verteilungen")])
def test_the_unit_of_one_world_averages_nothing(lang: str, one: str, many: str) -> None:
    """``--open`` values one deal, whose spread is 0: the listing once said its values were averaged over the deals
    and the figure after ± their standard deviation."""
    opened = run(str(ENDGAME), "--open", "--lang", lang, columns=1000)
    assert opened.returncode == 0, opened.stderr
    assert one in opened.stdout and many not in opened.stdout, opened.stdout
    sampled = run(str(START), "--worlds", "2", "--lang", lang, columns=1000).stdout
    assert many in sampled and one not in sampled, sampled


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_negative_value_is_listed_with_a_minus_sign_and_stays_a_plain_number_in_json(lang: str) -> None:
    """The listing a learner reads writes a move worth less than nothing with a true minus sign (``−6,0``), as a
    score; the JSON, a contract for programs, keeps a plain number (``-6.0``)."""
    raw = run(str(ENDGAME), "--open", "--json", "--lang", lang).stdout
    values = [m["value"] for m in json.loads(raw)["moves"]]
    assert min(values) < 0 and all(type(v) in (int, float) for v in values)
    assert re.search(r'"value": -\d', raw) and "\u2212" not in raw and "\\u2212" not in raw
    listing = run(str(ENDGAME), "--open", "--lang", lang, "--ascii")
    assert listing.returncode == 0, listing.stderr
    rows = [line.split()[-3] for line in listing.stdout.splitlines() if line.startswith("  ")]
    say = Renderer(lang)
    assert rows == [say.decimal(v, signed=True) for v in values]
    assert [r for r in rows if r.startswith("\u2212")] == [say.decimal(v) for v in values if v < 0]
    assert not re.search(r"-\d", listing.stdout), listing.stdout


@pytest.mark.parametrize(("lang", "label"), [("en", "trail"), ("de", "Ablegen")])
def test_the_listing_labels_each_trail_as_the_tutors_lists_do(lang: str, label: str) -> None:
    """A trail is the card alone: ``advise`` says so, as the shell's lists of moves do; no other move is labelled."""
    data = json.loads(run(str(ENDGAME), "--open", "--json").stdout)
    trails = sum(1 for m in data["moves"] if " " not in m["notation"])
    listing = run(str(ENDGAME), "--open", "--lang", lang, "--ascii", columns=1000).stdout
    moves = [line.strip().split("  ")[0] for line in listing.splitlines() if line.startswith("  ")]
    labelled = [m for m in moves if m.endswith(f" ({label})")]
    assert trails and len(labelled) == trails and all(len(m.split()) == 2 for m in labelled), moves


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("columns", [80, 60])
def test_the_listing_is_wrapped_to_the_terminal_at_spaces(lang: str, columns: int) -> None:
    listing = run(str(START), "--worlds", "2", "--lang", lang, columns=columns)
    assert listing.returncode == 0, listing.stderr
    lines = listing.stdout.splitlines()
    assert all(len(line) <= columns for line in lines), lines
    words = run(str(START), "--worlds", "2", "--lang", lang, columns=1000).stdout.split()
    assert listing.stdout.split() == words, "wrapped at spaces only, no word cut"


def test_the_frozen_expert_advises_with_its_own_playouts_and_the_levels_that_only_play_are_refused_by_name() -> None:
    """``advise --level`` took ``expert`` alone; the contract leaves the level open, and the frozen ``expert-v1`` the
    arena measures against is the same advisor with the first club's playouts: its advice, in the same JSON. The
    levels that play by rules of thumb value no move: refused, the advising levels named (in either language)."""
    data = json.loads(run(str(START), "--json", "--worlds", "3", "--seed", "7", "--level", "expert-v1").stdout)
    pos = load_position(START.read_text(encoding="utf-8"), str(START))
    own = advise(SeatView.of(pos, pos.to_move), worlds=3, seed=7, playout=CLUB_V1)
    assert data["level"] == "expert-v1" and data["worlds"] == 3 and data["move"] == pos.notation(own.best)
    assert [(m["notation"], m["value"]) for m in data["moves"]] == [(pos.notation(m.move), m.value) for m in own.moves]
    opened = json.loads(run(str(ENDGAME), "--open", "--json", "--level", "expert-v1").stdout)
    assert opened["level"] == "expert-v1" and opened["worlds"] == 1
    listing = run(str(START), "--worlds", "2", "--level", "Experte-v1", "--lang", "de").stdout
    assert listing.startswith("Rat der Stufe „Experte-v1“"), listing
    for level, lang, said in (("club", "en", "the advising levels are: expert, expert-v1"),
                              ("greedy", "en", "the advising levels are: expert, expert-v1"),
                              ("club-v1", "de", "Rat geben die Stufen: Experte, Experte-v1")):
        refused = run(str(START), "--level", level, "--lang", lang)
        assert refused.returncode == 2 and refused.stderr.rstrip().endswith(said), refused.stderr


@pytest.mark.parametrize(("args", "expected"), [
    (["--worlds", "0"], "--worlds must be from 1"),
    (["--worlds", "many"], "--worlds takes a whole number"),
    (["--seed", "-1"], "--seed must be from 0"),
    (["--level", "club"], "does not advise"),
    (["--lang", "fr"], "unknown language"),
    (["--open"], "--open needs every hand and the stock"),
])
def test_bad_arguments_get_one_line_and_exit_2(args: list[str], expected: str) -> None:
    result = run(str(START), *args)
    assert result.returncode == 2 and expected in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_broken_file_is_named_with_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("variant: classic\nplayers: 2\nhands:\n  - [7S, ZZ]\n  - 3\ntable: [7C]\n", encoding="utf-8")
    result = run(str(path))
    assert result.returncode == 2 and f"{path}:4:" in result.stderr and "Traceback" not in result.stderr


def test_moves_in_contention_are_valued_in_every_world_the_others_are_still_listed() -> None:
    view = SeatView.of(two_seats("2C 3D 4H 6S", "5H 9C 10S 7D", "KC QC JC 8C", stock="AD 2D 5D 6D"), 0)
    advice = advise(view, worlds=12, seed=3)
    assert advice.worlds == 12 and len(advice.moves) == len(view.legal_moves()) > 8
    worlds = sampled_worlds(view.position(), 12, 3)
    best = advice.moves[0]
    assert best.value == pytest.approx(statistics.fmean(world_values(w, [best.move])[0] for w in worlds))


@pytest.mark.parametrize(("n", "seed"), [(2, 0), (3, 1), (4, 2)])
@pytest.mark.parametrize("turns", [1, 2, 4])
def test_a_draw_playout_plays_its_turns_a_seat_then_values_the_position(n: int, seed: int, turns: int) -> None:
    """With ``draw`` a playout makes ``draw_turns`` moves a seat (the first one the move valued), club's after the
    first, and values the position there: the same value as those moves played by hand."""
    view = game_view("draw", n, seed, 3)
    world = sampled_worlds(view.position(), 1, seed)[0]
    side, key = world.side_of(world.to_move), world.state_key()
    for move in world.generate()[:4]:
        by_hand = world.copy()
        by_hand.push(move)
        for _ in range(n * turns - 1):
            if by_hand.is_round_over() or by_hand.needs_deal():
                break
            by_hand.push(club_move(by_hand))
        assert playout_value(world, move, side, draw_turns=turns) == deal_end_value(by_hand, side)
    assert world.state_key() == key
