"""What a task says holds in its variant and with its players.

- The ``points`` goal names what a move's points count in the variant (spades in Spade Cassino, the point
  cards where they differ from Classic's, a sweep's worth), recomputed from the variant's card points.
- With three players a ``deal`` goal, a comparison and a shortfall say what the value assumes: the two other
  players play together against the learner (there are three sides, not two); so do the generator's hint for
  three-player lines and every three-player line puzzle's hint.
- Every puzzle and lesson exercise in a variant other than Classic names the variant and the scoring options
  that differ from Classic's in its task, so piped output shows the variant too; the puzzle screen the shell
  shows for each puzzle outside Classic names them, in both languages.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from shell_helpers import open_shell

from tutor.content import presets
from tutor.content.course import ExerciseStep
from tutor.core.cards import Card
from tutor.core.comparison import compare, shortfall
from tutor.core.solver import Goal, rank_moves
from tutor.core.variant import Variant
from tutor.generator.lines import line_hint
from tutor.loading import load_catalog
from tutor.render import Renderer
from tutor.sheets.document import option_view
from tutor.shell.challenge_text import task_text
from tutor.shell.commands import dispatch
from tutor.shell.variant_words import classic_changes, variant_label, variant_line, variant_summary
from tutor.teaching.coach import Challenge, Task

CATALOG = load_catalog()
LANGS = ("en", "de")
ASSUMPTION = {"en": "together against you", "de": "gemeinsam gegen dich"}
BOTH_SIDES = {"en": "both sides", "de": "beide Seiten"}
BETTER_OTHER = {"en": "the better of the other two", "de": "Besseren der beiden anderen"}
SPADES = {"en": "every spade", "de": "jede Pik-Karte"}
SWEEP = {"en": "a sweep", "de": "eine Kehre"}
VARIANTS = [presets.variant(name) for name in presets.preset_names()] + [
    presets.variant({"preset": "classic", "sweep_points": 0, "point_cards": {"10D": 3, "AS": 1}}),
    presets.variant({"preset": "spade", "sweep_points": 3}),
]


POINT_CARDS = re.compile(r"((?:(?:10|[2-9AJQKBD])(?:Ka|Kr|[SHDCP♠♥♦♣]) )+)(?:je )?(\d+) (?:points?|Punkte?)\b")
"""Point cards said with their points: ``10D 2 points``, several of the same points together (``AS AH 1 point
each``, ``AP AH je 1 Punkt``)."""


def points_named(text: str) -> dict[str, int]:
    """Each card a text names with its points (as the text writes the card)."""
    return {card: int(m[2]) for m in POINT_CARDS.finditer(text) for card in m[1].split()}


@pytest.mark.parametrize("variant", VARIANTS, ids=[f"{v.preset}-{n}" for n, v in enumerate(VARIANTS)])
@pytest.mark.parametrize("lang", LANGS)
def test_the_points_goal_names_what_scores_in_the_variant(variant: Variant, lang: str) -> None:
    said = Renderer(lang, symbols=False).goal(Goal.from_str("points"), variant)
    classic = presets.variant()
    table = variant.point_card_table
    spade_points = [c for c in variant.deck_cards if c.suit == "S" and variant.card_points[c] > table[c]]
    assert (SPADES[lang] in said) == bool(spade_points), said
    assert (SWEEP[lang] in said) == bool(variant.sweep_points), said
    assert (f"({variant.sweep_points} " in said) == (variant.sweep_points > 1), said
    if variant.point_card_table != classic.point_card_table:
        renderer = Renderer(lang, symbols=False)
        named = points_named(said)
        for card in variant.deck_cards:
            assert named.get(renderer.card(card), 0) == variant.point_card_table[card], (card, said)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("spec", "order"), [
    ("italian", "2S AS AC AH AD 7D"),  # no 10D in an Italian deck
    ({"preset": "classic", "point_cards": {"2S": 1, "10D": 2}}, "10D 2S"),
    ({"preset": "classic", "point_cards": {"7D": 3, "AD": 1, "AS": 1, "10D": 2}}, "10D AS AD 7D"),
])
def test_the_points_goal_and_the_variant_line_name_the_point_cards_in_the_rulebooks_order(
        spec: object, order: str, lang: str) -> None:
    """One order, the count-out's of rules 7 (Big Cassino, Little Cassino, the aces by suit: spades, clubs,
    hearts, diamonds; then the others, as a sheet's scoring table lists them): the points goal named the point
    cards in the deck's order (A♠ A♥ A♦ A♣ 2♠ 7♦ in Italian Cassino), the line before the task, a game's
    summary and the toolbar in the option's (2♠ A♠ A♥ A♦ A♣ 7♦, or as typed)."""
    ui, variant = Renderer(lang, symbols=False), presets.variant(spec)
    cards = [ui.card(Card.from_str(code)) for code in order.split()]
    typed = [variant_label(ui, variant)] if isinstance(spec, dict) else []  # a preset's name says its cards
    for said in (ui.goal(Goal.from_str("points"), variant), variant_line(ui, variant),
                 variant_summary(ui, variant, 2), *typed):
        assert list(points_named(said)) == cards, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_three_player_deal_says_the_other_two_play_together(lang: str) -> None:
    ui = Renderer(lang)
    three = ui.goal(Goal.from_str("deal"), presets.variant(), 3)
    assert ASSUMPTION[lang] in three and BOTH_SIDES[lang] not in three
    for players in (2, 4):
        assert BOTH_SIDES[lang] in ui.goal(Goal.from_str("deal"), presets.variant(), players)
    puzzle = CATALOG.puzzle("line-3p-endgame-13-4")
    pos = puzzle.position.copy()
    ranking = rank_moves(pos, puzzle.goal)
    worse = next(j.move for j in ranking.moves if j.move not in ranking.best)
    for move in (ranking.best[0], worse):
        said = ui.comparison(pos, compare(pos, move, ranking))
        assert ASSUMPTION[lang] in said and BOTH_SIDES[lang] not in said, said
        assert BETTER_OTHER[lang] in said, said  # what a move's value is measured against
    short = ui.shortfall(pos, shortfall(pos, compare(pos, worse, ranking)))
    assert ASSUMPTION[lang] in short and BOTH_SIDES[lang] not in short, short


@pytest.mark.parametrize("lang", LANGS)
def test_three_player_line_hints_say_what_the_value_assumes(lang: str) -> None:
    assert ASSUMPTION[lang] in line_hint(3).get(lang)
    assert ASSUMPTION[lang] not in line_hint(2).get(lang) and ASSUMPTION[lang] not in line_hint(4).get(lang)
    lines = [p for p in CATALOG.puzzles if p.line and p.position.players == 3]
    assert lines
    for puzzle in lines:
        assert any(ASSUMPTION[lang] in h.get(lang) for h in puzzle.hints), puzzle.id


def tasks() -> list[tuple[str, Challenge]]:
    """Every puzzle and lesson exercise in a variant other than Classic, as a challenge."""
    classic = presets.variant()
    found = [(p.id, Challenge(p.position, Task(goal=p.goal))) for p in CATALOG.puzzles if p.variant != classic]
    for lesson in CATALOG.lessons:
        for step in lesson.steps:
            if isinstance(step, ExerciseStep) and step.position.variant != classic:
                found.append((step.where, Challenge(step.position, Task(step.goal, step.find))))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_task_outside_classic_names_its_variant(lang: str) -> None:
    ui = Renderer(lang)
    checked = 0
    for where, challenge in tasks():
        said = task_text(ui, challenge)
        variant = challenge.position.variant
        assert ui.message(f"presets.{variant.preset}") in said.splitlines()[0], (where, said)
        if variant.spade_points:
            assert ui.message("options.spade_points=true") in said, (where, said)
        checked += 1
    assert checked > 100


def test_piped_the_spade_puzzle_names_spade_cassino_and_the_spades(tmp_path: Path) -> None:
    env = {**os.environ, "CASSINO_TUTOR_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-m", "tutor"], input="puzzle spade-1-2\n", capture_output=True,
                         text=True, env=env, timeout=120).stdout
    assert "Spade Cassino" in out
    assert "every spade" in " ".join(out.split())


def test_a_classic_task_has_no_variant_line() -> None:
    puzzle = CATALOG.puzzle("ten-over-nine")
    said = task_text(Renderer("en"), Challenge(puzzle.position, Task(goal=puzzle.goal)))
    assert said == "Take as many points as you can: point cards, aces and a sweep all count."
    assert Card.from_str("10D") in puzzle.position.loose


def scoring_differences(variant: Variant) -> list[str]:
    """The scoring options of ``variant`` that differ from Classic's, read off the variant's own fields (not the
    shell's list): the option names the puzzle screen must word."""
    classic = presets.variant()
    found = [name for name in ("most_cards", "most_spades", "sweep_points", "instant_sweeps", "instant_points",
                               "skunk", "instant_limit") if getattr(variant, name) != getattr(classic, name)]
    if variant.point_card_table != classic.point_card_table:
        found.append("point_cards")
    if variant.spade_points:  # in place of the most spades' point, which its words say
        found = [name for name in found if name != "most_spades"] + ["spade_points"]
    if variant.penalties:
        found += ["build_duty", "default_penalty"]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_puzzle_screen_of_every_puzzle_outside_classic_names_its_variant_and_scoring(
        lang: str, tmp_path: Path) -> None:
    """Opened in the shell as a learner opens it (``puzzle ID``), every puzzle outside Classic shows the variant's
    name, each scoring option that differs from Classic, and each point card of the variant where they differ."""
    classic = presets.variant()
    checked = 0
    with open_shell(tmp_path, lang) as shell:
        ui = shell.ui
        for puzzle in CATALOG.puzzles:
            variant = puzzle.variant
            if variant == classic:
                continue
            screen = " ".join(dispatch(shell, f"puzzle {puzzle.id}").text.split())
            assert ui.message(f"presets.{variant.preset}") in screen, (puzzle.id, screen)
            for name in scoring_differences(variant):
                assert ui.message(f"options.{name}") in screen, (puzzle.id, name, screen)
            if variant.point_card_table != classic.point_card_table:
                named = points_named(screen)
                for card in variant.deck_cards:
                    if variant.point_card_table[card]:
                        assert named.get(ui.card(card)) == variant.point_card_table[card], (puzzle.id, card)
            checked += 1
    assert checked >= 80


@pytest.mark.parametrize(("lang", "gone"), [("en", "in place of the point for the most spades"),
                                            ("de", "statt des Punkts für die meisten Pik")])
def test_spade_cassinos_summary_says_the_most_spades_point_is_gone(lang: str, gone: str) -> None:
    """Rules: with spade points the most spades score nothing (most_spades is then 0); the summary at a Spade
    Cassino game's start named only the spades' points, as if the point for the most were still played."""
    summary = " ".join(variant_summary(Renderer(lang), presets.variant("spade"), 2, one_round=True).split())
    assert gone in summary


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("spec", "differ"), [
    ({"preset": "classic", "deck": "italian40"}, True),  # no 10♦ in the deck: other cards score than in Classic
    ({"preset": "classic", "point_cards": {"10D": 2, "2S": 1, "AS": 1, "AH": 1, "AD": 1, "AC": 1, "7D": 0}}, False),
    ("italian", True),
])
def test_the_line_before_a_task_and_the_games_summary_say_the_same_of_the_point_cards(
        spec: object, differ: bool, lang: str) -> None:
    """One rule decides whether the point cards differ from Classic's (the cards that score, once dealt) and one
    wording names them, in the line before a task, a game's summary and ``help play``'s changes alike: Classic
    with an Italian deck had its point cards named in the line only; with a 7♦ set to 0 points, in ``help
    play``'s changes only."""
    ui, variant = Renderer(lang), presets.variant(spec)
    cards = option_view(ui, "point_cards", variant.options()["point_cards"], variant=variant)
    named = f"{cards.name} ({cards.value})"
    line, summary = variant_line(ui, variant), variant_summary(ui, variant, 2)
    assert (named in summary) == differ
    assert (named in line[len(variant_label(ui, variant)):]) == differ
    assert (cards.value in [o.value for o in classic_changes(ui, variant)]) == differ


@pytest.mark.parametrize(("lang", "zero"), [("en", "most spades (0 points)"), ("de", "meiste Pik (0 Punkte)")])
def test_spade_cassinos_line_says_the_most_spades_point_is_gone_once(lang: str, zero: str) -> None:
    """The spades' words say they come in place of the point for the most spades; the line listed the most spades
    at 0 points after them, the same thing twice."""
    ui = Renderer(lang)
    line = variant_line(ui, presets.variant("spade"))
    assert ui.message("options.spade_points=true") in line and zero not in line
    changes = [view.name for view in classic_changes(ui, presets.variant("spade"))]
    assert ui.message("options.most_spades") not in changes


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("spec", [
    {"preset": "classic", "point_cards": {"10D": 2, "2S": 1}},  # lesson scoring-options, step 3
    {"preset": "classic", "sweep_points": 3, "most_cards": 2},
    {"preset": "michigan", "sweep_points": 3},
])
def test_the_line_before_a_task_names_each_scoring_option_once(spec: dict[str, object], lang: str) -> None:
    """The variant's name names the options set on its preset; the sentence after it named the scoring ones among
    them again: ``Classic Cassino (point cards: 10♦ 2 points, 2♠ 1 point). Scoring differs from Classic Cassino:
    point cards (10♦ 2 points, 2♠ 1 point).`` (lesson scoring-options, step 3)."""
    ui, variant = Renderer(lang), presets.variant(spec)
    line = variant_line(ui, variant)
    for name, value in spec.items():
        if name != "preset":
            assert line.count(option_view(ui, name, value, variant=variant).value) == 1, line
