"""Rule sheets: generated from the variant, worded in both languages, examples confirmed by the engine."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tutor.cli import main as cli
from tutor.content.presets import preset_names, variant
from tutor.core.cards import Card, parse_cards
from tutor.core.moves import IllegalMoveError
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal
from tutor.core.rules import may_add
from tutor.core.scoring import round_points
from tutor.core.table import Build
from tutor.core.variant import OPTIONS, Variant
from tutor.loading.positions import load_position
from tutor.render import Renderer
from tutor.sheets import TOPICS, build_sheet, find_topic, render_sheet, rules_text, topics
from tutor.sheets.content import MatchFacts
from tutor.sheets.document import heading_text, section_view
from tutor.sheets.examples import confirmed_examples, example_specs
from tutor.sheets.pdf import write_pdf
from tutor.shell.variant_words import variant_label

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "de")
FORMATS = ("html", "md", "txt")


@cache
def rendered(preset: str, lang: str, fmt: str, paper: str = "a4") -> str:
    """Each preset × language × format rendered once for the whole module."""
    return render_sheet(build_sheet(variant(preset), 2), lang, fmt, paper)


@cache
def section_texts(v: Variant, lang: str, players: int = 2) -> dict[str, str]:
    """Every section of a sheet as plain text, by topic."""
    return {t: rules_text(v, players, lang, t) or "" for t in TOPICS}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, cwd=ROOT)


# ---- every preset, language and format ---------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_renders_with_every_section(preset: str, lang: str, fmt: str) -> None:
    text = rendered(preset, lang, fmt)
    for _, name in topics(lang):
        title = name.upper() if fmt == "txt" else name
        assert title in text, f"{preset} {lang} {fmt}: section {title!r} missing"
    ui = Renderer(lang)
    heading = ui.message("sheet.title", preset=ui.message(f"presets.{preset}"))  # the preset by its name
    assert (heading.upper() if fmt == "txt" else heading) in text
    assert "{{" not in text and "{%" not in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", preset_names())
def test_no_line_of_a_text_sheet_starts_with_a_dot_between_moves(preset: str, lang: str) -> None:
    """The German Michigan sheet broke its list of legal moves as "… 7♠ x 7♣ · 7♠" / "· 7♠ b7 4♦+3♥ …": the dot
    that joins two moves began a line."""
    for line in rendered(preset, lang, "txt").splitlines():
        assert not line.lstrip().startswith("·"), (preset, lang, line)


@pytest.mark.parametrize("preset", preset_names())
def test_html_is_self_contained_and_printable(preset: str) -> None:
    html = rendered(preset, "en", "html")
    assert html.startswith("<!DOCTYPE html>")
    for outside in ("<script", "<link", "src=", "@import", "url(", "http://", "https://"):
        assert outside not in html, f"{preset}: the sheet refers to {outside}"
    assert "@page { size: A4;" in html
    assert "@page { size: letter;" in rendered(preset, "en", "html", "letter")
    assert html.count("break-inside: avoid") >= 2  # tables and examples
    sizes = [float(s) for s in re.findall(r"font(?:-size)?:\s*(?:[a-z]+\s+)*([\d.]+)pt", html)]
    assert sizes and min(sizes) >= 9, "every text on paper is at least 9pt"


def test_html_colours_suits() -> None:
    html = rendered("classic", "en", "html")
    assert '<span class="red">10♦</span>' in html
    assert '<span class="card black">7♠</span>' in html


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", ("classic", "spade", "face-gather"))
def test_html_colours_every_card_in_every_language(preset: str, lang: str) -> None:
    """A card in running text has its suit's colour whatever its rank letter (the German queen is D♦, the jack B♠)."""
    html = rendered(preset, lang, "html")
    bare = re.sub(r'<span class="(?:card )?(?:red|black)">[^<]*</span>', "", html)
    assert not re.findall(r"(?:10|[2-9A-Z])[♠♥♦♣]", bare)


def test_markdown_keeps_tables_and_text_wraps() -> None:
    md = rendered("classic", "en", "md")
    assert md.startswith("# Cassino rules: Classic Cassino")
    assert "|---|---:|" in md and "## Scoring" in md
    txt = rendered("classic", "de", "txt")
    assert max(len(line) for line in txt.splitlines()) <= 80
    assert "**" not in txt


# ---- the same sheet in both languages ------------------------------------------------------


def _shape(preset: str, lang: str) -> list[tuple[str, list[tuple[str, int]], list[str]]]:
    """Per section: its id, each block's kind and size, and its examples' moves (cards as letters)."""
    renderer = Renderer(lang, symbols=False)
    sheet = build_sheet(variant(preset), 2)
    out = []
    for section in sheet.sections:
        view = section_view(renderer, sheet, section)
        blocks = [(b.kind, len(getattr(b, "items", getattr(b, "rows", ())))) for b in view.blocks]
        out.append((view.id, blocks, [_english(m.text) for e in view.examples for m in e.moves]))
    return out


_GERMAN_CARD = re.compile(r"\b(10|[2-9ABDK])(Ka|Kr|P|H)\b")


def _english(text: str) -> str:
    """German card letters as the English codes (``DP`` → ``QS``); English text unchanged."""
    ranks, suits = {"B": "J", "D": "Q"}, {"P": "S", "H": "H", "Ka": "D", "Kr": "C"}
    return _GERMAN_CARD.sub(lambda m: ranks.get(m[1], m[1]) + suits[m[2]], text)


@pytest.mark.parametrize("preset", preset_names())
def test_english_and_german_sheets_have_the_same_sections(preset: str) -> None:
    assert _shape(preset, "en") == _shape(preset, "de")


def test_topics_are_the_sections_in_both_languages() -> None:
    assert [t for t, _ in topics("en")] == list(TOPICS)
    assert [t for t, _ in topics("de")][:3] == ["karten", "geben", "züge"]
    for lang in LANGS:
        words = [t for t, _ in topics(lang)]
        assert len(set(words)) == len(TOPICS) and all(w == w.lower() and " " not in w for w in words)
        assert [find_topic(w) for w in words] == list(TOPICS)
    assert dict(topics("en"))["sweeps"] == "Sweeps"
    assert dict(topics("de"))["kehren"] == "Kehren"


# ---- every option changes its section, and only where it matters ---------------------------

# (option, preset to start from, value, the sections whose text must change; all others stay equal)
OPTION_CASES: list[tuple[str, str, Any, set[str]]] = [
    ("deck", "classic", "italian40", {"cards", "deal", "builds", "scoring", "match", "glossary"}),
    ("values", "classic", "royal", {"cards", "moves", "builds"}),
    ("aces_high", "royal", True, {"cards", "builds"}),
    ("forced_capture", "classic", True, {"moves", "builds"}),
    ("forced_capture", "michigan", True, {"moves", "builds", "controller"}),
    ("face_capture", "classic", "all", {"moves", "builds", "glossary"}),
    ("build_in_sum", "classic", "opponents", {"moves"}),
    ("raise_own", "classic", False, {"builds"}),
    ("raise_own", "classic-take-or-add", False, {"builds", "controller"}),
    ("raise_own", "michigan", False, {"builds", "controller"}),
    ("add_to_others", "classic", False, {"builds"}),
    ("five_of_spades_sweep", "classic", True, {"moves", "sweeps"}),
    ("build_duty", "classic", "take_or_add", {"controller"}),
    ("build_duty", "classic", "free", {"moves", "controller"}),
    ("build_duty", "classic", "penalty", {"moves", "builds", "controller", "glossary", "match"}),
    ("default_penalty", "michigan", 3, {"builds", "controller"}),
    ("hand_size", "classic", 6, {"deal"}),
    ("packet", "classic", 3, {"deal"}),
    ("draw", "classic", True, {"deal", "end"}),
    ("most_cards", "classic", 0, {"scoring", "match"}),
    ("most_spades", "classic", 2, {"scoring"}),
    ("point_cards", "classic", {"10D": 3}, {"scoring", "match", "glossary"}),
    ("sweep_points", "classic", 2, {"sweeps", "scoring"}),
    ("spade_points", "classic", True, {"scoring", "match"}),  # each side's spades counted in the order of play
    ("skunk", "classic", "bonus", {"scoring", "match"}),  # the bonus counted last (docs/readings.md, 14)
    ("skunk", "classic", "win", {"match"}),
    ("instant_sweeps", "classic", True, {"sweeps", "scoring", "match"}),
    ("instant_points", "classic", True, {"scoring", "match"}),
    ("target", "classic", 11, {"match"}),
    ("tie_break", "classic", "higher_total", {"match"}),
    ("claim", "classic", True, {"match"}),
    ("instant_limit", "classic", 3, {"end"}),
]


def test_every_option_is_toggled() -> None:
    assert {case[0] for case in OPTION_CASES} == set(OPTIONS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("option", "preset", "value", "changed"), OPTION_CASES,
                         ids=lambda x: str(sorted(x)) if isinstance(x, set) else str(x))  # sets print in hash order
def test_an_option_changes_exactly_its_sections(option: str, preset: str, value: Any, changed: set[str], lang: str) -> None:
    base = variant(preset)
    toggled = variant({"preset": preset, option: value})
    assert toggled != base
    before, after = section_texts(base, lang), section_texts(toggled, lang)
    assert {t for t in TOPICS if before[t] != after[t]} == changed


@pytest.mark.parametrize(("lang", "some", "every"), [
    ("en", "one or more cards of its rank", "every card"),
    ("de", "eine oder mehrere Karten ihres Rangs", "alle Karten"),
])
def test_the_words_for_face_gathering_leave_the_choice_to_the_player(lang: str, some: str, every: str) -> None:
    """``face_capture=all`` was worded "a face card takes every card of its rank" (in a sheet's heading, ``help
    play``, a game's first screen), as if it had to take them all; rules 3.2: "any one or more loose cards of its
    rank" (example 2: "it may take one or both"), as the engine plays it and the sheet's Moves section says."""
    said = Renderer(lang).message("options.face_capture=all")
    assert some in said and every not in said
    pos = load_position("variant: face-gather\nhands: [[QD, 4C], 3]\ntable: [QS, QH]", "example2.yaml")
    assert {pos.notation(m) for m in pos.generate() if m.kind == "capture"} == {"QD x QS", "QD x QH", "QD x QS QH"}


@pytest.mark.parametrize(("lang", "capturing"), [("en", "to capture"), ("de", "beim Einnehmen")])
def test_the_words_for_aces_high_count_14_only_in_a_capture(lang: str, capturing: str) -> None:
    """``aces_high=true`` was worded "an ace played from the hand may count 14" (a sheet's heading, ``help play``);
    rules 1: only an ace played from the hand *to capture* does, and one played into a build counts 1, so no ace
    makes a pile of 14 on its own."""
    assert capturing in Renderer(lang).message("options.aces_high=true")
    pos = load_position("variant: royal-aces-high\nhands: [[AS, AH], 3]\ntable: [10C, 4D]", "aces.yaml")
    assert pos.parse_move("AS x 10C+4D").kind == "capture"
    with pytest.raises(IllegalMoveError):
        pos.parse_move("AS b14 10C+4D")


@pytest.mark.parametrize(("lang", "raised", "added"), [
    ("en", "loose groups of the new value may join it as further piles", "further loose groups of that value may join"),
    ("de", "lose Gruppen des neuen Werts dürfen als weitere Stapel dazukommen",
     "weitere lose Gruppen dieses Werts dürfen mitkommen"),
])
def test_the_builds_section_lets_loose_groups_join_a_raise_and_an_add(lang: str, raised: str, added: str) -> None:
    """The Builds section said a raise grows the build by the card and "loose cards never change a single build's
    value", and an add joins "as a new pile", never that loose groups of the value may come along as further piles
    (rules 3.4 and 3.5; worked example 11: the 2 raises 3+4 to 9 and the loose 9 joins it), which the engine
    plays."""
    builds = " ".join(section_texts(variant("classic"), lang)["builds"].split())
    assert raised in builds and added in builds
    example_11 = load_position("hands: [[2H, 9D], 3]\ntable: [9C, {build: [3S, 4H], owner: 1}]", "example11.yaml")
    raise_ = example_11.parse_move("2H b9 [3S+4H] 9C")
    assert raise_.kind == "raise" and not example_11.table_after(raise_)[1][-1].single
    more = load_position("hands: [[2H, 8D], 3]\ntable: [6C, 5S, 3D, {build: [5H, 3C], owner: 1}]", "add.yaml")
    assert more.parse_move("2H b8 [5H+3C] 6C 5S+3D").kind == "add"


def test_an_option_without_effect_leaves_the_sheet_alone() -> None:
    # aces_high needs royal values; default_penalty needs the penalty duty (rules 1, 4.2)
    classic = section_texts(variant("classic"), "en")
    assert section_texts(variant({"preset": "classic", "aces_high": True, "default_penalty": 5}), "en") == classic


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("spec", "option"), [
    ({"preset": "classic", "aces_high": True}, "aces_high"),  # needs royal values (rules 1)
    ({"preset": "classic", "default_penalty": 5}, "default_penalty"),  # needs the penalty duty (4.2)
    ({"preset": "spade", "most_spades": 3}, "most_spades"),  # spade points score each spade instead (6)
    ({"preset": "royal", "face_capture": "all"}, "face_capture"),  # royal face cards have values (3.2)
    ({"preset": "classic", "sweep_points": 0, "instant_sweeps": True}, "instant_sweeps"),  # sweeps score nothing (6)
    ({"preset": "classic", "hand_size": 26, "draw": True}, "draw"),  # two hands of 26 leave no stock to draw from (5)
])
def test_an_option_on_top_without_effect_is_said_to_have_none(spec: dict[str, Any], option: str, lang: str) -> None:
    """``sheet --set aces_high=true`` on Classic: the heading promised an ace of 14 that neither the sheet's
    sections nor the engine allow; it now says the option changes nothing here."""
    no_effect = Renderer(lang).message("sheet.no_effect")
    sheet = build_sheet(variant(spec), 2)
    assert sheet.inert == (option,)
    assert no_effect in " ".join(heading_text(sheet, lang).split())
    working = build_sheet(variant({"preset": "royal", "aces_high": True, "default_penalty": 5}), 2)
    assert working.inert == ("default_penalty",)  # aces high plays with royal values; the penalty still needs its duty
    assert " ".join(heading_text(working, lang).split()).count(no_effect) == 1
    assert build_sheet(variant({"preset": "michigan", "default_penalty": 5}), 2).inert == ()


def test_partnerships_change_the_wording() -> None:
    two, four = section_texts(variant("classic"), "en", 2), section_texts(variant("classic"), "en", 4)
    assert "Two players, each playing alone." in two["deal"]
    assert "Four players in two partnerships" in four["deal"] and "3 deals a round" in four["deal"]
    assert "partnership" in four["end"] and "partnership" in four["match"]


@pytest.mark.parametrize(("lang", "must_hold"), [("en", "must hold its value"), ("de", "muss ihren Wert halten")])
def test_under_penalties_a_partnership_sheet_binds_no_one_to_hold(lang: str, must_hold: str) -> None:
    """Michigan with four players said "only the controller must hold its value" beside "every move is allowed,
    even a build whose value you do not hold" (rules 4.2: the penalty duty waives the holding rule)."""
    assert must_hold in " ".join(section_texts(variant("classic"), lang, 4)["controller"].split())
    for preset in ("michigan", "michigan-5"):
        assert must_hold not in " ".join(section_texts(variant(preset), lang, 4)["controller"].split())


@pytest.mark.parametrize(("lang", "adds"), [("en", "raise or add to it"), ("de", "erhöhen oder ergänzen")])
def test_a_partnership_sheet_lets_a_partner_add_only_where_anyone_may(lang: str, adds: str) -> None:
    """With add_to_others=false and four players the controller section said a partner "may take, raise or add
    to it like anyone else", while the Builds section (and the engine, rules 3.5) let only the controller add."""
    own_only = variant({"preset": "classic", "add_to_others": False})
    assert adds in " ".join(section_texts(variant("classic"), lang, 4)["controller"].split())
    assert adds not in " ".join(section_texts(own_only, lang, 4)["controller"].split())
    partner_build = Build(7, (Card.from_str("3H"), Card.from_str("4S")), owner=0, single=True)
    assert not may_add(own_only, partner_build, 2)  # the engine's rule: seat 2 may not add to its partner's build


@pytest.mark.parametrize(("lang", "costs"), [("en", "costs points"), ("de", "kostet Punkte")])
def test_a_build_without_its_value_costs_points_only_where_a_breach_does(lang: str, costs: str) -> None:
    """Michigan with default_penalty=0: the Builds section said holding no card of a build's value "costs points"
    beside the Controller section's "a breach, though it costs no points" (rules 4.2: the penalty is the option)."""
    assert costs in " ".join(section_texts(variant("michigan"), lang)["builds"].split())
    free = " ".join(section_texts(variant({"preset": "michigan", "default_penalty": 0}), lang)["builds"].split())
    assert costs not in free


@pytest.mark.parametrize(("lang", "penalties", "others"), [
    ("en", "penalties", {2: "the other player", 3: "the other players", 4: "the other partnership"}),
    ("de", "Strafen", {2: "des Gegners", 3: "der Gegner", 4: "der anderen Partnerschaft"}),
])
def test_the_instant_limit_counts_what_the_variant_has(lang: str, penalties: str, others: dict[int, str]) -> None:
    """instant_limit on Classic: the sheet counted "their own penalties" where there are none (only the penalty
    duty has them, rules 4.2), and with three players "sweeps made by the other side" where two sides sweep
    against a player (the engine counts every other side's sweeps)."""
    classic = variant({"preset": "classic", "instant_limit": 3})
    for players, words in others.items():
        limited = " ".join(section_texts(classic, lang, players)["end"].split())
        michigan = " ".join(section_texts(variant("michigan-5"), lang, players)["end"].split())
        assert penalties not in limited and words in limited
        assert penalties in michigan and words in michigan


def test_the_german_add_to_your_own_build_keeps_the_value_with_the_build() -> None:
    """add_to_others=false in German read "zu einer Baute, die dir gehört, desselben Werts": the relative clause
    parted the build from the value it is of."""
    builds = " ".join(section_texts(variant({"preset": "classic", "add_to_others": False}), "de")["builds"].split())
    assert "kommt als neuer Stapel zu einer eigenen Baute desselben Werts," in builds


@pytest.mark.parametrize(("lang", "held"), [("en", "an ace in your hand is a card of 14 for a build of 14"),
                                             ("de", "ein Ass auf der Hand gilt für eine Baute auf 14 als Karte dieses Werts")])
def test_aces_high_says_a_held_ace_holds_a_build_of_14(lang: str, held: str) -> None:
    """Royal, aces high allowed builds up to 14 and asked for "a card of that value" kept in the hand, but said an ace
    counts 14 only when played to capture, so no card seemed to hold a 14 (rules 1: a held ace does)."""
    assert held in " ".join(section_texts(variant("royal-aces-high"), lang)["cards"].split())
    assert held not in " ".join(section_texts(variant("royal"), lang)["cards"].split())


@pytest.mark.parametrize(("lang", "rank"), [("en", "hold a card of its value (of its rank, for a face build)"),
                                             ("de", "eine Karte ihres Werts halten (bei einer Bildbaute: ihres Rangs)")])
def test_after_a_face_build_one_holds_its_rank(lang: str, rank: str) -> None:
    """Gathering face cards: "After any build move ... you must still hold a card of its value", though a face build
    has no value: its maker must hold a card of its rank (rules 3.6)."""
    assert rank in " ".join(section_texts(variant("face-gather"), lang)["builds"].split())
    assert rank not in " ".join(section_texts(variant("classic"), lang)["builds"].split())


# ---- facts the engine computes ---------------------------------------------------------------


SCORING_VARIANTS = [*preset_names(), {"preset": "spade", "deck": "italian40"}, {"preset": "classic", "point_cards": {"7H": 2}}]


@pytest.mark.parametrize("spec", SCORING_VARIANTS, ids=str)
def test_scoring_total_is_the_engines(spec: Any) -> None:
    v = variant(spec)
    facts = build_sheet(v, 2).section("scoring").facts
    assert facts.total == round_points(v)  # type: ignore[union-attr]
    for lang, label in (("en", "Round total"), ("de", "Summe der Runde")):
        line = next(x for x in section_texts(v, lang)["scoring"].splitlines() if label in x)
        assert int(line.split()[-1]) == round_points(v)


def test_round_totals_of_the_rulebook() -> None:
    totals = {p: build_sheet(variant(p), 2).section("scoring").facts.total for p in ("classic", "spade", "italian")}  # type: ignore[union-attr]
    assert totals == {"classic": 11, "spade": 24, "italian": 10}


@pytest.mark.parametrize(("spec", "players"), [
    ("classic", 2), ("classic", 3), ("classic", 4), ("italian", 3), ("draw", 2),
    ({"preset": "classic", "hand_size": 5}, 2), ({"preset": "classic", "hand_size": 17}, 3),
], ids=str)
def test_deal_facts_are_how_the_engine_deals(spec: Any, players: int) -> None:
    v = variant(spec)
    facts = build_sheet(v, players).section("deal").facts
    pos = deal_round(v, players, dealer=0, seed=7)
    assert pos.stock is not None
    assert (len(pos.loose), len(pos.stock)) == (facts.table_cards, facts.stock)  # type: ignore[union-attr]
    deals, last = 1, sum(len(h) for h in pos.hands)
    while not pos.is_round_over():
        if pos.needs_deal():
            next_deal(pos)
            deals, last = deals + 1, sum(len(h) for h in pos.hands)
        pos.push(pos.generate()[0])
    assert deals == facts.deals  # type: ignore[union-attr]
    full = last == players * v.hand_size_resolved
    assert facts.short_last == (0 if full or v.draw else last)  # type: ignore[union-attr]


def test_deals_follow_the_deck_and_players() -> None:
    assert "6 deals a round" in section_texts(variant("classic"), "en", 2)["deal"]
    assert "4 deals a round" in section_texts(variant("classic"), "en", 3)["deal"]
    five = " ".join(section_texts(variant({"preset": "classic", "hand_size": 5}), "en", 2)["deal"].split())
    assert "5 deals a round, the last one sharing out the remaining 8 cards" in five


@pytest.mark.parametrize(("players", "deals"), [(2, 6), (3, 4)])
def test_the_german_deal_counts_the_first_deal_as_the_english_does(players: int, deals: int) -> None:
    """Six deals a round in all (the first and five more), not "deals again six times"."""
    german = " ".join(section_texts(variant("classic"), "de", players)["deal"].split())
    assert f"{deals} Blätter pro Runde, das erste mitgezählt" in german and "-mal pro Runde" not in german
    five = " ".join(section_texts(variant({"preset": "classic", "hand_size": 5}), "de", 2)["deal"].split())
    assert "5 Blätter pro Runde, das erste mitgezählt, das letzte mit den übrigen 8 Karten" in five


@pytest.mark.parametrize(("lang", "first", "end"), [
    ("en", "on the first deal of a round", "the round ends when the last deal has been played out"),
    ("de", "beim ersten Geben einer Runde", "die runde endet, wenn das letzte blatt ausgespielt ist"),
])
def test_a_sheet_speaks_of_a_first_deal_only_where_more_follow(lang: str, first: str, end: str) -> None:
    """Draw Cassino deals once and then draws, but its sheet said the table cards come "on the first deal"; and a
    German round ended when "das letzte Geben ausgespielt ist", a dealing played out, not the hands of a deal."""
    def plain(preset: str, topic: str) -> str:
        return " ".join(section_texts(variant(preset), lang, 2)[topic].split())
    assert first in plain("classic", "deal") and first not in plain("draw", "deal")
    assert end in plain("classic", "end").lower()



def test_the_german_deal_without_a_first_deal_keeps_its_subject() -> None:
    """Draw Cassino's German deal lost "beim ersten Geben einer Runde" and kept the verb first: "Jeder Spieler bekommt
    vom Geber 4 Karten (je 2 auf einmal); legt der Geber außerdem 4 Karten offen auf den Tisch", a broken sentence."""
    def plain(preset: str) -> str:
        return " ".join(section_texts(variant(preset), "de", 2)["deal"].split())
    assert "; der Geber legt außerdem 4 Karten offen auf den Tisch." in plain("draw")
    assert "; beim ersten Geben einer Runde legt der Geber außerdem 4 Karten offen auf den Tisch." in plain("classic")
    assert "; legt der Geber" not in plain("draw")

# ---- worked examples --------------------------------------------------------------------------


EXAMPLE_VARIANTS = [variant(p) for p in preset_names()] + [
    variant({"preset": preset, option: value}) for option, preset, value, _ in OPTION_CASES
]


@pytest.mark.parametrize("players", (2, 4))
def test_printed_examples_are_what_the_engine_says(players: int) -> None:
    for v in EXAMPLE_VARIANTS:
        for example in confirmed_examples(v, players):
            pos = example.position
            assert pos.variant == v
            shown = pos.notation(example.shown)
            assert pos.parse_move(shown) == example.shown
            assert list(example.moves) == [m for m in pos.generate() if m.card == example.shown.card]
            if example.rejected is not None:
                with pytest.raises(IllegalMoveError) as err:
                    pos.parse_move(example.rejected.text)
                assert err.value.reason == example.rejected.reason


def test_every_example_is_printed_somewhere() -> None:
    printed = {e.id for v in EXAMPLE_VARIANTS for e in confirmed_examples(v, 2)}
    assert printed == {s.id for s in example_specs()}


def test_every_example_has_a_caption_in_both_languages() -> None:
    v = variant("michigan")
    for lang in LANGS:
        for spec in example_specs():
            assert Renderer(lang).message(f"sheet.example_{spec.id}", v=v).strip()


def test_an_example_made_false_is_replaced() -> None:
    classic = {e.id for e in confirmed_examples(variant("classic"), 2)}
    assert {"face_takes_one", "no_trail", "build_held"} <= classic
    faces = {e.id for e in confirmed_examples(variant("face-gather"), 2)}
    assert "face_takes_one" not in faces and "face_takes_all" in faces
    free = {e.id for e in confirmed_examples(variant({"preset": "classic", "build_duty": "free"}), 2)}
    assert "no_trail" not in free and "free_trail" in free
    assert "A queen takes one queen" in rendered("classic", "en", "txt")
    assert "A queen takes one queen" not in rendered("face-gather", "en", "txt")
    assert "A queen takes both queens at once" in rendered("face-gather", "en", "txt")


def test_an_example_the_deck_lacks_is_left_out() -> None:
    italian = confirmed_examples(variant({"preset": "classic", "deck": "italian40"}), 2)
    assert all(c.rank not in ("8", "9", "10") for e in italian for c in e.position.hands[0])
    assert italian, "examples with small cards stay"


def test_examples_show_the_engines_reason() -> None:
    text = rendered("classic", "en", "txt")
    assert "Refused: 2♣. While you control a build" in text
    assert "Abgelehnt: 2♣. Solange dir eine Baute gehört" in rendered("classic", "de", "txt")


# ---- escaping ---------------------------------------------------------------------------------


def test_user_text_is_escaped_in_html() -> None:
    hostile = Variant(preset='<script>alert("x")</script>')
    html = render_sheet(build_sheet(hostile, 2), "en", "html")
    assert "<script" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html


# ---- the shell's rules command --------------------------------------------------------------------


def test_rules_text_lists_topics_without_a_topic() -> None:
    v = variant("classic")
    contents = rules_text(v, 2, "en", None)
    assert contents is not None
    for topic, name in topics("en"):
        assert re.search(rf"^\s+{topic}\s+{name}$", contents, re.MULTILINE)
    assert "Round total" not in contents and "Trail" not in contents
    assert "Wertung" in (rules_text(v, 2, "de", None) or "")


def test_rules_text_gives_the_text_sheets_section() -> None:
    v = variant("classic")
    scoring = rules_text(v, 2, "en", "scoring")
    assert scoring is not None and scoring.startswith("SCORING")
    assert scoring in rendered("classic", "en", "txt")
    assert rules_text(v, 2, "en", "Wertung") == scoring
    assert rules_text(v, 2, "en", "End of the round") == rules_text(v, 2, "en", "end")
    assert rules_text(v, 2, "en", "no such topic") is None
    ascii_text = rules_text(v, 2, "en", "scoring", symbols=False) or ""
    assert "10D" in ascii_text and "♦" not in ascii_text


# ---- PDF -------------------------------------------------------------------------------------------


def _weasyprint() -> bool:
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def _pages(pdf: Path) -> int:
    """Page objects in an uncompressed PDF (Chromium writes them so)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf.read_bytes()))


@pytest.mark.skipif(not _weasyprint(), reason="WeasyPrint is not installed (pip install 'cassino-tutor[pdf]')")
def test_classic_sheet_prints_on_two_a4_pages_with_weasyprint(tmp_path: Path) -> None:
    pdf = tmp_path / "classic.pdf"
    assert write_pdf(rendered("classic", "en", "html"), pdf) == 2
    assert pdf.read_bytes().startswith(b"%PDF")


CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium installed")
def test_classic_sheet_prints_on_two_pages_with_chromium(tmp_path: Path) -> None:
    assert CHROMIUM is not None
    page = tmp_path / "classic.html"
    page.write_text(rendered("classic", "en", "html"), encoding="utf-8")
    pdf = tmp_path / "classic.pdf"
    subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
         f"--print-to-pdf={pdf}", page.as_uri()],
        capture_output=True, timeout=120, check=True,
    )
    assert _pages(pdf) == 2


def test_missing_weasyprint_is_one_clear_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # importing it now fails, installed or not
    status = cli.main(["sheet", "--format", "pdf", "--lang", "en", "-o", str(tmp_path / "x.pdf")])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "pip install 'cassino-tutor[pdf]'" in err
    assert not (tmp_path / "x.pdf").exists()


def match_facts(name: str) -> MatchFacts:
    facts = build_sheet(variant(name).with_options(claim=True), 2).section("match").facts
    assert isinstance(facts, MatchFacts)
    return facts


def test_the_sheet_says_what_a_claim_counts_in_each_variant() -> None:
    """The rule sheet's claim counts what :func:`~tutor.core.scoring.certain_items` counts: the spades of Spade
    Cassino but no majority of spades, the penalties of Michigan."""
    assert match_facts("classic").claim_counts == ("point_cards", "sweeps", "most_cards", "most_spades")
    assert match_facts("spade").claim_counts == ("point_cards", "spades", "sweeps", "most_cards")
    assert match_facts("michigan").claim_counts == ("point_cards", "sweeps", "penalties", "most_cards", "most_spades")
    said = " ".join(Renderer("en").render("sheet/match.j2", f=match_facts("michigan")).split())
    assert "(scoring cards and sweeps taken, less penalties, and a majority once you hold more than half" in said
    said = " ".join(Renderer("de").render("sheet/match.j2", f=match_facts("spade")).split())
    assert "(eingenommene Punktkarten, Pik und Kehren, dazu eine Mehrheit, sobald du mehr als die Hälfte der " \
           "Karten des Kartenspiels hast)" in said



@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("spec", [{"claim": True}, {"skunk": "win"}, {"claim": True, "skunk": "win"}])
def test_each_rule_of_the_match_starts_a_line_of_its_own(lang: str, spec: dict[str, Any]) -> None:
    """The count-out rule's last word ran into the next rule ("from the dealer's left.- Claim: on your turn",
    "links vom Geber.- Ansage:") in the tutor's "rules match" and the sheets: its line ended in a block tag,
    whose newline the templates' trim_blocks takes."""
    v = variant({"preset": "royal", **spec})
    starts = ({"en": "Claim", "de": "Ansage"}[lang] if "claim" in spec else "",
              {"en": "A player who takes", "de": "Wer in der ersten"}[lang] if "skunk" in spec else "")
    for text in (rules_text(v, 3, lang, "match"), render_sheet(build_sheet(v, 3), lang, "md")):
        assert text is not None and not re.search(r"[.)]- ", text), text
        for start in filter(None, starts):
            assert re.search(rf"^- (\*\*)?{start}", text, re.M), (start, text)


# ---- the command line --------------------------------------------------------------------------------


def test_sheet_command_prints_and_writes(tmp_path: Path) -> None:
    result = run("sheet", "--variant", "royal", "--set", "target=11", "--set", "claim=true",
                 "--players", "4", "--lang", "de", "--format", "txt")
    assert result.returncode == 0, result.stderr
    assert "CASSINO-REGELN: ROYAL-CASSINO" in result.stdout
    assert "Partie: bis 11 Punkte; Ziel ansagen: erlaubt" in " ".join(result.stdout.split())
    assert "target" not in result.stdout and "Ansage" in result.stdout
    assert "Die Partie gewinnt die Partnerschaft, die zuerst 11 Punkte erreicht" in result.stdout
    out = tmp_path / "sheet.html"
    result = run("sheet", "--paper", "letter", "--lang", "en", "-o", str(out))
    assert result.returncode == 0 and result.stdout == ""
    assert "@page { size: letter;" in out.read_text(encoding="utf-8")


def test_a_sheet_without_format_takes_the_files_ending_else_text_on_a_terminal(tmp_path: Path) -> None:
    """``-o rules.txt`` writes text and ``-o rules.md`` Markdown, where both wrote HTML; a terminal is shown the
    text (then paged); a pipe or a file without an ending still gets HTML; ``--format`` always wins."""
    for name, start in [("rules.txt", "CASSINO RULES"), ("rules.md", "# Cassino rules"), ("rules.HTM", "<!DOCTYPE"),
                        ("rules", "<!DOCTYPE")]:
        out = tmp_path / name
        result = run("sheet", "--lang", "en", "-o", str(out))
        assert result.returncode == 0 and out.read_text(encoding="utf-8").startswith(start), name
    assert run("sheet", "--lang", "en").stdout.startswith("<!DOCTYPE")  # a pipe
    assert run("sheet", "--lang", "en", "--format", "html", "-o", str(tmp_path / "x.txt")).returncode == 0
    assert (tmp_path / "x.txt").read_text(encoding="utf-8").startswith("<!DOCTYPE")
    assert [cli.sheet_format(None, True), cli.sheet_format(None, False), cli.sheet_format("a.pdf", True)] == [
        "txt", "html", "pdf"]


@pytest.mark.parametrize(("lang", "says"), [("en", "the ending .docx names no format of the sheet; endings are: "),
                                            ("de", "Die Endung .docx nennt kein Format des Regelblatts; Endungen: ")])
def test_a_file_whose_ending_names_no_format_is_refused_unless_format_is_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, says: str) -> None:
    """``-o rules.docx`` wrote HTML into the .docx file, with status 0: now it is refused, with the endings the
    sheet knows, and nothing written; with ``--format`` the file is written in that format whatever its ending."""
    out = tmp_path / "rules.docx"
    assert cli.main(["sheet", "--lang", lang, "-o", str(out)]) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err.count("\n") == 1 and says in said.err, said.err
    assert re.search(r"\.html, \.htm, \.md, \.txt, \.pdf\b", said.err) and not out.exists()
    assert cli.main(["sheet", "--lang", lang, "--format", "md", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("# ")


@pytest.mark.parametrize(("word", "preset"), [("ROYAL", "royal"), ("Pik-Cassino", "spade"),
                                              ("royal cassino", "royal"), ("Sofortiges Ende", "sudden-death")])
def test_a_sheet_takes_a_preset_in_any_case_or_by_its_name_as_play_does(
        capsys: pytest.CaptureFixture[str], word: str, preset: str) -> None:
    """``play ROYAL`` started Royal Cassino, but ``sheet --variant ROYAL`` was refused as an unknown preset."""
    assert cli.main(["sheet", "--variant", word, "--format", "txt", "--lang", "en"]) == 0
    asked = capsys.readouterr().out
    assert cli.main(["sheet", "--variant", preset, "--format", "txt", "--lang", "en"]) == 0
    assert asked == capsys.readouterr().out


@pytest.mark.parametrize("word", ["ROYAL", "Pik-Cassino"])
def test_a_preset_given_without_variant_is_offered_with_it_in_any_case(capsys: pytest.CaptureFixture[str],
                                                                       word: str) -> None:
    with pytest.raises(SystemExit):
        cli.main(["sheet", word])
    assert capsys.readouterr().err.rstrip().endswith(f"did you mean --variant {word}?")


@pytest.mark.parametrize(("lang", "says"), [("en", "unknown preset 'ROIAL' (did you mean royal?)"),
                                            ("de", "Eine Variante „ROIAL“ gibt es nicht. Meintest du „royal“?")])
def test_a_preset_mistyped_in_capitals_is_offered_the_nearest(capsys: pytest.CaptureFixture[str], lang: str,
                                                              says: str) -> None:
    assert cli.main(["sheet", "--variant", "ROIAL", "--lang", lang]) == 2
    assert says in capsys.readouterr().err


@pytest.mark.parametrize(("args", "says"), [
    (("--variant", "clasic"), "unknown preset 'clasic' (did you mean classic?); presets are: classic, classic-"),
    (("--set", "targt=11"), "unknown option 'targt' (did you mean target?); options are: aces_high"),
    (("--set", "xyzzy=11"), "unknown option 'xyzzy'; options are: aces_high"),  # near no option
    (("--set", "deck=french"), "option deck takes standard52 or italian40, not french"),
    (("--set", "target"), "--set takes OPTION=VALUE"),
    (("--format", "pdf"), "add -o FILE.pdf"),
    (("--lang", "fr"), "languages are: en, de"),
])
def test_bad_sheet_options_exit_2_with_one_line(args: tuple[str, ...], says: str) -> None:
    result = run("sheet", "--lang", "en", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and says in result.stderr
    assert "Traceback" not in result.stderr


def test_the_command_line_loads_templates_only_for_sheets() -> None:
    code = "import sys, tutor.cli.main; print('jinja2' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize(("lang", "duty", "words"), [
    ("en", "take_or_add", "you must take one of your builds, or add to one of them."),
    ("de", "take_or_add", "musst du in jedem Zug eine deiner Bauten einnehmen oder eine davon ergänzen."),
    ("en", "penalty", "neither took one of your builds nor added to one,"),
    ("de", "penalty", "du keine deiner Bauten eingenommen oder ergänzt hast,"),
])
def test_the_build_duty_without_raising_ones_own_build_offers_no_raise(lang: str, duty: str, words: str) -> None:
    """With raise_own=false the duty (or the penalty's escape) is met by taking or adding only: the controller
    section said 'raise or add to one of them', a move the engine refuses (rules 3.4)."""
    controller = " ".join(section_texts(variant({"preset": "classic", "build_duty": duty, "raise_own": False}),
                                        lang)["controller"].split())
    assert words in controller


@pytest.mark.parametrize(("lang", "drawing"), [("en", "draws a card"), ("de", "zieht der Spieler")])
def test_drawing_without_a_stock_is_not_described(lang: str, drawing: str) -> None:
    """Draw Cassino with hands that take the whole deck said the player draws "from the stock (0 cards) while it
    lasts"; there is no stock, so the deal and the round's end read as for one deal (rules 5)."""
    one_deal = section_texts(variant({"preset": "classic", "hand_size": 13}), lang, 4)
    drawn = section_texts(variant({"preset": "draw", "hand_size": 13}), lang, 4)
    assert drawing not in " ".join(drawn["deal"].split())
    assert (drawn["deal"], drawn["end"]) == (one_deal["deal"], one_deal["end"])
    assert drawing in " ".join(section_texts(variant({"preset": "draw", "hand_size": 11}), lang, 4)["deal"].split())


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "every move is allowed but trailing a card that could capture (see Moves), even a build"),
    ("de", "Jeder Zug ist erlaubt außer dem Ablegen einer Karte, die einnehmen könnte (siehe Züge), auch eine Baute"),
])
def test_the_penalty_duty_with_forced_capture_does_not_allow_every_move(lang: str, words: str) -> None:
    """Michigan with forced_capture=true said "every move is allowed" while the engine refuses to trail a card
    that could capture (rules 3.1 holds under any build duty)."""
    v = variant({"preset": "michigan", "forced_capture": True})
    assert words in " ".join(section_texts(v, lang)["controller"].split())
    pos = load_position("variant: {preset: michigan, forced_capture: true}\nhands: [[7S, 3H], 3]\ntable: [7C, 5D]\n",
                        "p.yaml")
    assert "7S" not in {str(m) for m in pos.generate()}  # the engine refuses the trail of a card that could capture


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "you may trail (not a card that could capture: see Moves)."),
    ("de", "du darfst ablegen (keine Karte, die einnehmen könnte: siehe Züge)."),
])
def test_the_free_duty_with_forced_capture_does_not_let_a_controller_trail_any_card(lang: str, words: str) -> None:
    """build_duty=free with forced_capture=true said "you may trail" while the engine refuses to trail a card that
    could capture; without forced capture it says so plainly."""
    v = variant({"preset": "classic", "build_duty": "free", "forced_capture": True})
    assert words in " ".join(section_texts(v, lang)["controller"].split())
    plain = " ".join(section_texts(variant({"preset": "classic", "build_duty": "free"}), lang)["controller"].split())
    assert words.split(" (")[0] + "." in plain
    pos = load_position("variant: {preset: classic, build_duty: free, forced_capture: true}\n"
                        "hands: [[7S, 3H], 3]\ntable: [7C, 5D]\n", "p.yaml")
    assert "7S" not in {str(m) for m in pos.generate()}


@pytest.mark.parametrize("lang", LANGS)
def test_the_heading_names_only_point_cards_the_deck_holds(lang: str) -> None:
    """Italian Cassino with --set point_cards={10D: 2, 7D: 1} said 'point cards: 10♦ 2 points, 7♦ 1 point' above a
    scoring table without the 10♦, which its 40-card deck lacks (rules 6: a card missing from the deck scores
    nothing); the option as typed is kept."""
    sheet = build_sheet(variant({"preset": "italian", "point_cards": {"10D": 2, "7D": 1}}), 2)
    heading = " ".join(heading_text(sheet, lang).split())
    assert "10♦" not in heading.replace("point_cards={10D: 2, 7D: 1}", "")
    assert "7♦" in heading
    label = variant_label(Renderer(lang), sheet.variant)
    assert "10♦" not in label and "7♦" in label


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("fmt", ["txt", "md", "html"])
def test_a_sheet_with_ascii_shows_every_suit_in_letters(capsys: pytest.CaptureFixture[str], lang: str,
                                                        fmt: str) -> None:
    """``--ascii`` (before the command or after it) as moves, solve and replay take it: the sheet had none, and
    ignored the one before it; the five of spades' example wrote its glyph into the message itself."""
    asked = ["sheet", "--variant", "spade", "--set", "five_of_spades_sweep=true", "--lang", lang, "--format", fmt]
    assert cli.main(asked) == 0
    assert re.search("[♠♥♦♣]", capsys.readouterr().out)
    for ascii_asked in (["--ascii", *asked], [*asked, "--ascii"]):
        assert cli.main(ascii_asked) == 0
        shown = capsys.readouterr().out
        assert not re.search("[♠♥♦♣]", shown) and ("5S" if lang == "en" else "5P") in shown


@pytest.mark.parametrize(("lang", "said"), [("en", "starting from the scoreboard, which already holds the points"),
                                            ("de", "ausgehend vom Spielstand, in dem die während des Spiels")])
def test_the_count_out_starts_from_the_scoreboard_where_points_score_during_play(lang: str, said: str) -> None:
    """docs/readings.md, 12: what scores during play is not counted again; the sheet listed sudden death's point
    cards in the count-out order, and Michigan's sweeps, as if they were. Point cards left on the table at the end
    were never captured: they count in their place (the sheet left them out of the order)."""
    def count_out(preset: str) -> str:
        text = " ".join(rendered(preset, lang, "txt").split())
        start = text.index({"en": "If several reach it", "de": "Erreichen es mehrere"}[lang])
        return text[start:text.index(".", text.index(":", start) + 40)]

    sweeps = {"en": "sweeps", "de": "Kehren"}[lang]
    left = {"en": "spades, 10♦ 2♠ A♠ A♣ A♥ A♦ left on the table at the end, starting",
            "de": "Pik, 10♦ 2♠ A♠ A♣ A♥ A♦, soweit sie am Ende auf dem Tisch lagen, ausgehend"}[lang]
    assert said in count_out("sudden-death") and left in count_out("sudden-death")
    assert "am Ende" not in count_out("michigan") and "at the end" not in count_out("michigan")
    assert said in count_out("michigan") and sweeps not in count_out("michigan") and "10♦" in count_out("michigan")
    assert said not in count_out("classic") and sweeps in count_out("classic")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "score the moment they are captured. Those left on the table at the end are not captured: they score at "
           "the end of the round."),
    ("de", "zählen sofort, wenn sie eingenommen werden. Was davon am Ende auf dem Tisch liegen bleibt, ist nicht "
           "eingenommen: es zählt am Ende der Runde.")])
def test_point_cards_left_on_the_table_score_at_the_end_under_instant_points(lang: str, said: str) -> None:
    """The residue goes to the last capturer without a capture (rules 5), so its point cards do not score at once
    (docs/readings.md, 12); the sheet said every point card scored when captured, 'not at the end of the round'."""
    assert said in " ".join(rendered("sudden-death", lang, "txt").split())


@pytest.mark.parametrize(("lang", "skunk", "italian"), [
    ("en", "in this order: cards, spades, 10♦ 2♠ A♠ A♣ A♥ A♦, sweeps, the skunk bonus.",
     "in this order: cards, spades, 2♠ A♠ A♣ A♥ A♦ 7♦, sweeps."),
    ("de", "in dieser Reihenfolge: Karten, Pik, 10♦ 2♠ A♠ A♣ A♥ A♦, Kehren, der Punkt für den Schneider.",
     "in dieser Reihenfolge: Karten, Pik, 2♠ A♠ A♣ A♥ A♦ 7♦, Kehren.")])
def test_the_count_out_order_places_what_the_rulebook_leaves_out(lang: str, skunk: str, italian: str) -> None:
    """docs/readings.md, 13 and 14: the 7♦ of the italian preset counts after the aces, the skunk bonus last, as
    the engine counts them; the sheet left the skunk bonus out of the order."""
    def said(v: Variant) -> str:
        return " ".join(render_sheet(build_sheet(v, 2), lang, "txt", "a4").split())

    assert skunk in said(variant("classic").with_options(skunk="bonus"))
    assert italian in said(variant("italian"))


@pytest.mark.parametrize(("lang", "late", "none"), [
    ("en", "Every such sweep counts, though in this game it scores only at the end of the round.",
     "Every such sweep counts, though in this game it scores nothing."),
    ("de", "Jede solche Kehre zählt mit, auch wenn sie in diesem Spiel erst am Ende der Runde Punkte bringt.",
     "Jede solche Kehre zählt mit, auch wenn sie in diesem Spiel keine Punkte bringt.")])
def test_every_sweep_counts_toward_the_instant_limit_and_the_sheet_says_so(lang: str, late: str, none: str) -> None:
    """docs/readings.md, 15: rules 7 names the instant scores against a player as the other side's sweeps, however
    a sweep scores, and the engine counts every sweep; the sheet called them instant scores even where sweeps
    score at the round's end or not at all, and did not say they count there."""
    def said(**options: Any) -> str:
        v = variant("michigan-5").with_options(**options)
        return " ".join(render_sheet(build_sheet(v, 2), lang, "txt", "a4").split())

    assert late in said(instant_sweeps=False) and none in said(sweep_points=0)
    assert late not in said() and none not in said()
    v = variant("michigan-5").with_options(sweep_points=0, instant_sweeps=False)
    pos = Position(v, 2, hands=[parse_cards(["KH"]), parse_cards(["KS"])], loose=parse_cards(["QD"]), builds=[],
                   sweeps=[0, 3])
    assert pos.instant_marks(0) == 3 and pos.is_round_over()  # three sweeps that score nothing end the round


@pytest.mark.parametrize(("lang", "penalties", "both"), [
    ("en", "starting from the scoreboard, from which the penalties are already taken off",
     "which already holds the points scored and the penalties taken off during play"),
    ("de", "ausgehend vom Spielstand, von dem die Strafen schon abgezogen sind",
     "in dem die während des Spiels erzielten Punkte und die Strafen schon stehen")])
def test_the_count_out_starts_from_a_scoreboard_the_penalties_are_taken_off(lang: str, penalties: str,
                                                                              both: str) -> None:
    """A penalty comes off the score at once (rules 4.2), so a count-out starts from the scoreboard under the
    penalty duty too, where nothing else scores during play; the sheet said so only where points did."""
    def count_out(v: Variant) -> str:
        text = " ".join(render_sheet(build_sheet(v, 2), lang, "txt", "a4").split())
        start = text.index({"en": "If several reach it", "de": "Erreichen es mehrere"}[lang])
        return text[start:text.index(".", text.index(":", start) + 40)]

    penalty_duty = variant("classic").with_options(build_duty="penalty", tie_break="count_out")
    assert penalties in count_out(penalty_duty)
    assert both in count_out(variant("michigan").with_options(tie_break="count_out"))
    assert "scoreboard" not in count_out(variant("classic").with_options(tie_break="count_out"))
    assert "Spielstand" not in count_out(variant("classic").with_options(tie_break="count_out"))
