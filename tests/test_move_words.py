"""How moves are worded and laid out (issue 23, points 9 to 12): a sweep said once, sentences that say exactly
what was tried or what another move does, a move never split over two lines, and a new build named as the
table then names it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
import yaml
from randompos import ALL_VARIANTS, random_round

from tutor.core.cards import Card
from tutor.core.comparison import compare, shortfall
from tutor.core.moves import IllegalMoveError
from tutor.core.position import Position
from tutor.core.round import deal_round
from tutor.core.solver import Goal, rank_moves
from tutor.loading.positions import load_position
from tutor.play.game import Ply
from tutor.render import LANGS, Renderer
from tutor.render.chart import fit
from tutor.shell.game_text import played_text


def positions(rounds: int, players: int = 2) -> Iterator[Position]:
    """Positions met in random rounds of every preset in turn, one in three, with a card to play."""
    for seed in range(rounds):
        rng = random.Random(seed)
        pos = deal_round(ALL_VARIANTS[seed % len(ALL_VARIANTS)], players, dealer=seed % players, seed=seed)
        for _ in random_round(rng, pos):
            if rng.random() < 0.33:
                yield pos.copy()


def position(**described: object) -> Position:
    return load_position(yaml.safe_dump(described), "p.yaml")


# ---- 9: a sweep is said once -------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_sweep_played_is_called_a_sweep_once(lang: str) -> None:
    pos = position(hands=[["7C", "3D"], 4], table=["2H", "5C"])
    move = pos.parse_move("7C x 2H+5C")
    assert pos.is_sweep(move)
    ui = Renderer(lang)
    for me in (0, 1):
        said = played_text(ui, Ply(pos, move), me)
        assert said.count(ui.move_kind("sweep")) == 1, said
        assert ui.message("moves.sweep_meaning") not in said, said
        assert ui.cards(move.captured_cards()) in said


@pytest.mark.parametrize("lang", LANGS)
def test_a_comparison_by_sweep_then_cards_says_the_sweep_once(lang: str) -> None:
    pos = position(hands=[["7C", "3D"], 4], table=["2H", "5C"])
    move = pos.parse_move("7C x 2H+5C")
    ranking = rank_moves(pos.copy(), Goal.from_str("sweep,cards"))
    said = Renderer(lang).comparison(pos, compare(pos, move, ranking))
    assert said.count({"en": "sweep", "de": "Kehre"}[lang]) == 1, said
    alone = Renderer(lang).comparison(pos, compare(pos, move, rank_moves(pos.copy(), Goal.from_str("cards"))))
    assert alone.count({"en": "sweep", "de": "Kehre"}[lang]) == 1, "with no sweep goal, the cards say it"


@pytest.mark.parametrize("lang", LANGS)
def test_a_sweep_asked_for_is_explained_once(lang: str) -> None:
    ui = Renderer(lang)
    meaning = ui.message("moves.sweep_meaning")
    asked = ui.message("shell.find_kind", kind=ui.move_kind("sweep"))
    assert asked.count(meaning) == 1, asked
    assert meaning not in ui.message("shell.find_kind", kind=ui.move_kind("capture"))
    told = ui.message("shell.wrong_kind", move="7♣", kind=ui.move_kind("trail"), wanted=ui.move_kind("sweep"))
    assert told.count(meaning) == 1 and told.count(ui.move_kind("sweep")) == 1, told


# ---- 10: exact sentences -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_face_card_refused_names_every_card_the_move_tried(lang: str) -> None:
    pos = position(hands=[["QD"], 4], table=["6H", "7C"])
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move("QD x 6H+7C")
    reason = err.value.reason
    said = Renderer(lang).reason(pos, reason)
    assert reason.code == "rank_mismatch"
    assert "6♥" in said and "7♣" in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_face_card_taking_two_says_how_many_the_move_names(lang: str) -> None:
    pos = position(hands=[["QD", "5C"], 4], table=["QS", "QH"])
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move("QD x QS QH")
    ui = Renderer(lang)
    said = ui.reason(pos, err.value.reason)
    assert err.value.reason.params["count"] == 2
    two = ui.message("words.number", n=2)  # a count of cards, in words as everywhere
    assert re.search(rf"\b{two}\b", said) and not re.search(rf"(not|nicht) {two}\.$", said), "the count, said as such"


@pytest.mark.parametrize(("lang", "one_other", "opponent"), [("en", "the other side", "an opponent"),
                                                             ("de", "die Gegenseite", "ein Gegner")])
def test_an_own_build_refused_as_a_term_is_said_truly_with_three_players(lang: str, one_other: str,
                                                                         opponent: str) -> None:
    """With ``build_in_sum: opponents`` an own build typed into a sum was refused with "only the other side may count
    a build in a sum"; with three players there are two other sides, and either may (rules 3.2: "a player who is
    not on the controller's side")."""
    text = ("variant: combine-builds\nplayers: 3\nto_move: 0\nhands: [[6C, 5H], [6D, 2H], 2]\n"
            "table: [AH, {build: [3S, 2D], owner: 0}]\n")
    mine, theirs = (load_position(text.replace("to_move: 0", f"to_move: {seat}"), "three.yaml") for seat in (0, 1))
    assert theirs.parse_move("6D x [3S+2D]+AH").kind == "capture"  # the second player, one of two other sides
    with pytest.raises(IllegalMoveError) as err:
        mine.parse_move("6C x [3S+2D]+AH")
    said = " ".join(Renderer(lang).reason(mine, err.value.reason).split())
    assert err.value.reason.code == "own_build_not_a_term"
    assert one_other not in said and opponent in said, said


@pytest.mark.parametrize(("lang", "yours"), [("en", re.compile(r"\b(you|your)\b")),
                                              ("de", re.compile(r"\b(du|dein\w*|dir)\b"))])
@pytest.mark.parametrize(("options", "typed"), [("raise_own: false", "AH b7 [3S+3D]"),
                                                ("add_to_others: false", "AH b6 [3S+3D] 5C")])
def test_a_refused_raise_or_add_of_another_player_names_that_player(lang: str, yours: re.Pattern[str], options: str,
                                                                    typed: str) -> None:
    """A lesson's "why is it refused" step words the reason for the player who tried the move, not the learner;
    the refusals of raise_own and add_to_others said "your own build", "you may not" whoever had played."""
    owner = 0 if options.startswith("raise") else 1
    pos = load_position(f"variant: {{preset: classic, {options}}}\nhands: [[AH, 7C, 6D], 3]\n"
                        f"table: [5C, {{build: [3S, 3D], owner: {owner}}}]", "why.yaml")
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move(typed)
    ui = Renderer(lang)
    mine, theirs = (" ".join(ui.reason(pos, err.value.reason, by_other=other).split()) for other in (False, True))
    assert yours.search(mine) and not yours.search(theirs), theirs
    assert ui.seat_name(0) in theirs


@pytest.mark.parametrize(("lang", "none_left"), [("en", "no card left"), ("de", "keine Karte")])
def test_one_ace_for_two_builds_is_not_said_to_be_no_card(lang: str, none_left: str) -> None:
    """Aces high: with a 14-build and the A♠ A♥, the A♠ building 1 was refused with "you would have no card left to
    take it (you would hold A♥ 5♣)", though the A♥ takes 14; what it cannot do is take the build of 1 as well (rules
    4.1, docs/readings.md 1: one card holds one build value)."""
    pos = load_position("variant: royal-aces-high\nhands: [[AS, AH, 5C], 3]\n"
                        "table: [AD, {build: [10S, 4D], owner: 0}]", "aces.yaml")
    ace = Card.from_str("AH")
    assert 14 in pos.variant.capture_values[ace] and 1 in pos.variant.capture_values[ace]
    with pytest.raises(IllegalMoveError) as err:
        pos.parse_move("AS b1 AD")
    ui = Renderer(lang)
    said = " ".join(ui.reason(pos, err.value.reason).split())
    assert err.value.reason.code == "holding_rule"
    assert none_left not in said and ui.card_name(ace) in said, said
    assert pos.parse_move("AS x [10S+4D]").kind == "capture"  # the ace may take the 14-build and leave the A♥ free


@pytest.mark.parametrize("lang", LANGS)
def test_another_move_is_said_to_match_the_earlier_goals_truly(lang: str) -> None:
    """Where a move falls short on a later goal, the sentence says what another move matches on the earlier
    ones, each claim true of the learner's move's values (and so of the best moves')."""
    ui = Renderer(lang)
    checked = set()
    for pos in positions(4):
        goals = ["cards,safe", "points,cards", "sweep,cards", "cards,points,safe"]
        if pos.loose:
            goals.append(f"card:{pos.loose[0]},cards")
        for text in goals:
            goal = Goal.from_str(text)
            ranking = rank_moves(pos.copy(), goal)
            for judged in ranking.moves:
                if judged.move in ranking.best:
                    continue
                short = shortfall(pos, compare(pos, judged.move, ranking))
                if short.criterion == 0:
                    continue
                said = ui.shortfall(pos, short).splitlines()[1]
                values = goal.split(judged.values)
                for c, mine in zip(goal.criteria[: short.criterion], values):
                    assert ui.message("shortfalls.matched", name=c.name, card=c.card, value=mine[0]) in said, said
                    assert goal.split(ranking.judged(ranking.best[0]).values)[goal.criteria.index(c)] == mine
                    checked.add(c.name)
                assert said.startswith({"en": "Another move ", "de": "Ein anderer Zug "}[lang]), said
                break
    assert {"cards", "points", "card"} <= checked


# ---- 11: a move stays on one line ---------------------------------------------------------------------


@pytest.mark.parametrize("symbols", [True, False])
@pytest.mark.parametrize("lang", LANGS)
def test_wrapping_never_splits_a_move(lang: str, symbols: bool) -> None:
    ui = Renderer(lang, symbols)
    checked = 0
    for pos in positions(5):
        shown = sorted((ui.move(pos, m) for m in pos.generate()), key=len)[-3:]
        for move in shown:
            if " " not in move:
                continue
            said = ui.message("shell.kind_found", move=move, kind=ui.move_kind("capture"))
            for lead in range(0, 16, 3):
                for indent in ("", "  "):
                    text = indent + "w" * lead + " " + said
                    for width in (30, 47, 62, 80):
                        lines = fit(text, width).split("\n")
                        fits = len(indent) + 2 + len(move) <= width  # a longer move is broken at its spaces
                        assert any(move in line for line in lines) or not fits, (move, lines)
                        assert all(len(line) <= width for line in lines), lines
                        assert " ".join(lines).split() == text.split(), "only spaces become line breaks"
                        checked += 1
    assert checked > 500


@pytest.mark.parametrize(("text", "typed"), [
    ("Beginne mit der Lektion „Der Tisch und das Ziel“: Tippe „weiter“ oder „lerne tisch“.", "„lerne tisch“"),
    ("Deutsch galt nur für diese Sitzung: Um es zu behalten, starte mit „--lang de --keep“ oder tippe „sprache de“.",
     "„--lang de --keep“"),
    ("Start with the lesson “The table and the aim”: type “next” or “learn table”.", "“learn table”"),
])
def test_wrapping_keeps_a_command_to_type_on_one_line(text: str, typed: str) -> None:
    """The German welcome ended a line on „lerne and began the next with tisch“; its farewell split
    „--lang de --keep“ in two."""
    for width in range(len(typed) + 2, len(text) + 1):
        lines = fit(text, width).split("\n")
        assert any(typed in line for line in lines), (width, lines)
        assert all(len(line) <= width for line in lines), lines
        assert " ".join(lines).split() == text.split(), "only spaces become line breaks"


# ---- 12: a new build is named as the table names it -------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_build_is_named_as_the_table_shows_it(lang: str) -> None:
    seen = {True: 0, False: 0}
    ui = Renderer(lang)
    multiple = ui.move_kind("multiple_build").split(" ", 1)[1]  # "multiple build", without "new"
    for pos in positions(10):
        for move in (m for m in pos.generate() if m.kind == "build"):
            said = played_text(ui, Ply(pos, move), pos.to_move)
            after = pos.copy()
            after.push(move)
            card = ui.card(move.card)
            table = next(line for line in ui.position(after, pos.to_move).splitlines()
                         if line.startswith("  ") and card in line)
            labelled = f"({ui.move_kind('multiple_build')})" in said
            assert labelled == (multiple in table), (said, table)
            assert labelled or f"({ui.move_kind('build')})" in said, said
            seen[labelled] += 1
    assert seen[True] > 0 and seen[False] > 0, seen


@pytest.mark.parametrize("lang", LANGS)
def test_a_move_played_is_called_what_it_does_and_names_the_cards_it_takes(lang: str) -> None:
    """Recomputed from the cards: a sweep is a capture of every card on the table, a capture names each card it
    takes from the table (its loose cards and its builds' cards), any other move takes none."""
    ui = Renderer(lang)
    kinds = {"en": re.compile(r" \(([^:)]+)(?:: takes (.+))?\)\.$"),
             "de": re.compile(r" \(([^:)]+)(?:: (?:Du nimmst|Er nimmt) (.+) ein)?\)\.$")}[lang]
    sweeps = 0
    for pos in positions(30):
        on_table = sorted([*pos.loose, *(c for b in pos.builds for c in b.cards)])
        for move in (m for m in pos.generate() if m.kind != "build"):  # a build's name: the test above
            found = kinds.search(played_text(ui, Ply(pos, move), pos.to_move))
            assert found is not None
            taken = sorted([*move.loose, *(c for b in move.builds for c in b.cards)]) if move.kind == "capture" else []
            sweep = bool(taken) and taken == on_table
            assert found[1] == ui.move_kind("sweep" if sweep else move.kind), (found[0], move)
            assert sorted((found[2] or "").split()) == sorted(ui.card(c) for c in taken), (found[0], move)
            sweeps += sweep
    assert sweeps > 0
