"""The words of the engine's data: comparisons, cards, positions, scores, languages, escaping."""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import jinja2
import pytest
import yaml
from randompos import ALL_VARIANTS, random_play, random_position
from shell_helpers import installed_catalog

from tutor.content.course import QuestionStep, Text
from tutor.content.folders import content_dir
from tutor.content.presets import variant
from tutor.core.cards import ALL_CARDS, DECKS, Card
from tutor.core.comparison import compare
from tutor.core.counting import miscount
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal, play_round
from tutor.core.scoring import RoundScore, majority_ties, score_round
from tutor.core.solver import Goal, rank_moves
from tutor.loading.positions import load_position
from tutor.render import LANGS, Renderer, detect_lang
from tutor.render.chart import fit
from tutor.render.environment import load_language

C = Card.from_str


def C_(cards: str) -> list[Card]:
    return [C(c) for c in cards.split()]


def position(data: dict[str, object]) -> Position:
    return load_position(yaml.safe_dump(data), "t.yaml")


# ---- languages -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_AT"}, "de"),
        ({"LANG": "de"}, "de"),
        ({"LANG": "de_CH.utf8@euro"}, "de"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "dea"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
        ({"LC_MESSAGES": "en_US.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "de:en"}, "de"),
    ],
)
def test_detect_lang(environ: dict[str, str], lang: str) -> None:
    assert detect_lang(environ) == lang


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:en"}, "de"),
        ({"LC_ALL": "en_GB.UTF-8", "LANGUAGE": "de_AT"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "en_US:de"}, "en"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:de:en"}, "de"),  # the first language the tutor has
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:it"}, "de"),  # none it has: the locale
        ({"LANG": "de_DE.UTF-8", "LANGUAGE": ""}, "de"),
        ({"LC_ALL": "C", "LANGUAGE": "de"}, "en"),  # the C locale: untranslated, LANGUAGE not read
        ({"LANG": "C.UTF-8", "LANGUAGE": "de:en"}, "de"),  # not the C locale to gettext: a container's default
        ({"LC_ALL": "C.UTF-8", "LANGUAGE": "de"}, "de"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_MESSAGES": "POSIX", "LANG": "de_DE.UTF-8", "LANGUAGE": "de"}, "en"),
    ],
)
def test_language_comes_before_the_locale_as_gettext_reads_it(environ: dict[str, str], lang: str) -> None:
    """GNU gettext's order for messages: LANGUAGE, a priority list, before LC_ALL, LC_MESSAGES and LANG, except in
    the C locale.  LANGUAGE was read last, so ``LANG=en_US.UTF-8 LANGUAGE=de:en`` (a desktop's English locale, German
    asked for) got English."""
    assert detect_lang(environ) == lang


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        Renderer("fr")


# ---- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "english", "german"),
    [
        ("10D", "10 of diamonds", "Karo-10"),
        ("AS", "ace of spades", "Pik-Ass"),
        ("QH", "queen of hearts", "Herz-Dame"),
        ("KC", "king of clubs", "Kreuz-König"),
        ("JD", "jack of diamonds", "Karo-Bube"),
        ("2S", "2 of spades", "Pik-2"),
    ],
)
def test_card_names(code: str, english: str, german: str) -> None:
    assert Renderer("en").card_name(C(code)) == english
    assert Renderer("de").card_name(C(code)) == german
    assert Renderer("de").card_name(code.lower()) == german  # as typed


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_card_of_every_deck_has_its_own_name(lang: str, deck: str) -> None:
    ui = Renderer(lang)
    names = [ui.card_name(c) for c in DECKS[deck]]
    assert len(set(names)) == len(DECKS[deck])
    assert all(name.strip() and "{" not in name for name in names)


def test_short_forms_with_and_without_symbols() -> None:
    cards = [C("10D"), C("AS"), C("QH")]
    assert Renderer("en").cards(cards) == "10♦ A♠ Q♥"
    assert Renderer("en", symbols=False).cards(cards) == "10D AS QH"
    assert Renderer("en").card(C("7C")) == "7♣" and Renderer("en", symbols=False).card(C("7C")) == "7C"


def test_german_short_forms_use_german_letters() -> None:
    cards = [C("10D"), C("AS"), C("QH"), C("JC"), C("KD")]
    assert Renderer("de").cards(cards) == "10♦ A♠ D♥ B♣ K♦"
    assert Renderer("de", symbols=False).cards(cards) == "10Ka AP DH BKr KKa"
    assert Renderer("de").card("QS x QH") == "D♠ x D♥" and Renderer("de").card("KS bK KH") == "K♠ bK K♥"
    assert Renderer("de").card("QS bQ QH") == "D♠ bD D♥"


def _texts(data: object) -> list[Text]:
    """Every text of a lesson or puzzle file as read: the mappings of both languages."""
    if isinstance(data, dict):
        if isinstance(data.get("en"), str) and isinstance(data.get("de"), str):
            return [Text(data["en"], data["de"])]
        return [t for value in data.values() for t in _texts(value)]
    return [t for value in data for t in _texts(value)] if isinstance(data, list) else []


@pytest.mark.parametrize("lang", LANGS)
def test_without_symbols_no_suit_glyph_shows_in_a_text_of_the_course_or_a_message(lang: str) -> None:
    """``--ascii``: a card a lesson writes with its glyph (``the K♥ now lies on the table``) showed the glyph;
    it shows in letters as every other card does, and so do the suits some messages name."""
    plain, glyphs = Renderer(lang, symbols=False), re.compile("[♠♥♦♣]")
    assert plain.text(Text("Take the Q♣ and the 10♥, aces (♠, ♦).", "Nimm die Q♣ und die 10♥ ein, Asse (♠, ♦).")) == {
        "en": "Take the QC and the 10H, aces (S, D).", "de": "Nimm die DKr und die 10H ein, Asse (P, Ka)."}[lang]
    assert Renderer(lang).text(Text("the 10♥ (♠)", "die 10♥ (♠)")).endswith(" 10♥ (♠)")  # with symbols: as written
    texts = [t for f in sorted((content_dir("lessons")).glob("*.yaml")) for t in _texts(yaml.safe_load(f.read_text(
        encoding="utf-8")))]
    assert any(glyphs.search(t.get(lang)) for t in texts)  # the premise: the course writes some cards so
    assert not [t.get(lang) for t in texts if glyphs.search(plain.text(t))]
    said = [plain.message("counts.clubs", cards=[C("3C")], counts=[], seat="", spades=False),
            plain.message("shell.hint_question_spades", side="Player 2")]
    assert not [s for s in said if glyphs.search(s)]
    assert "(C " in said[0] if lang == "en" else "(Kr " in said[0]
    assert "♣" in Renderer(lang).message("counts.clubs", cards=[C("3C")], counts=[], seat="", spades=False)


def test_a_rank_typed_alone_is_named_by_its_rank() -> None:
    assert Renderer("en").card_name("k") == "king"
    assert Renderer("de").card_name("J") == "Bube"
    assert Renderer("de").card_name("8") == "8"


def test_german_articles_follow_the_card() -> None:
    """The goal "take the card" puts the card in the accusative: den Buben, das Ass, die Dame."""
    de = Renderer("de")
    assert "den Kreuz-Buben" in de.goal(Goal.from_str("card:JC"))
    assert "den Herz-König" in de.goal(Goal.from_str("card:KH"))
    assert "das Pik-Ass" in de.goal(Goal.from_str("card:AS"))
    assert "die Karo-10" in de.goal(Goal.from_str("card:10D"))
    assert "the jack of clubs" in Renderer("en").goal(Goal.from_str("card:JC"))


def test_moves_in_the_notation_follow_the_symbols_setting() -> None:
    pos = position({"hands": [["7S"], 4], "table": ["3H", "4D"]})
    move = pos.parse_move("7S x 3H+4D")
    assert Renderer("en").move(pos, move) == "7♠ x 4♦+3♥"
    assert Renderer("en", symbols=False).move(pos, move) == "7S x 4D+3H"
    assert Renderer("de", symbols=False).move(pos, move) == "7P x 4Ka+3H"
    assert pos.parse_move(Renderer("de", symbols=False).move(pos, move)) == move, "typed back, it is the same move"


@pytest.mark.parametrize("lang", LANGS)
def test_every_move_kind_has_a_word(lang: str) -> None:
    kinds = ("trail", "capture", "build", "raise", "add")
    words = [Renderer(lang).move_kind(k) for k in kinds]
    assert len(set(words)) == len(kinds) and all(words)
    assert words != [Renderer("en" if lang == "de" else "de").move_kind(k) for k in kinds]


# ---- goals and comparisons -----------------------------------------------------------------

SMALL = {"hands": [["7S", "2C"], 4], "table": ["3H", "4D", "7C"]}
POINTS = {"hands": [["10S", "4C"], 4], "table": ["10D", "6H", "4S"]}

# (goal, position, the move played, what it achieves and what the best achieves, per language)
COMPARISONS: list[tuple[str, dict[str, object], str, dict[str, tuple[str, str]]]] = [
    ("cards", SMALL, "7S x 7C", {
        "en": ("takes one table card (7♣)", "takes three table cards"),
        "de": ("nimmt eine Tischkarte ein (7♣)", "nimmt drei Tischkarten ein"),
    }),
    ("points", POINTS, "4C x 4S", {
        "en": ("scores no points", "scores three points (10♦ and a sweep)"),
        "de": ("bringt keinen Punkt", "bringt drei Punkte (10♦ und eine Kehre)"),
    }),
    ("sweep", SMALL, "7S x 7C", {
        "en": ("does not sweep the table", "sweeps the table"),
        "de": ("macht keine Kehre", "macht eine Kehre"),
    }),
    ("safe", SMALL, "7S x 7C", {  # 3H and 4D stay: a 7 in the next hand takes both, a sweep
        "en": ("leaves the next player up to one point and two cards to take", "leaves the next player nothing to take"),
        "de": ("lässt dem nächsten Spieler höchstens einen Punkt und zwei Karten zum Einnehmen",
               "lässt dem nächsten Spieler nichts zum"),
    }),
    ("card:4D", SMALL, "7S x 7C", {
        "en": ("does not take the 4 of diamonds", "takes the 4 of diamonds"),
        "de": ("nimmt die Karo-4 nicht ein", "nimmt die Karo-4 ein"),
    }),
    ("points,cards", POINTS, "4C x 4S", {
        "en": ("scores no points and takes one table card (4♠)", "scores three points (10♦ and a sweep) and takes three"),
        "de": ("bringt keinen Punkt und nimmt eine Tischkarte ein (4♠)", "bringt drei Punkte (10♦ und eine Kehre) und nimmt drei"),
    }),
    # once a move takes the goal's card, the count of cards does not say "takes" nor that card again
    ("card:10D,cards", POINTS, "10S x 10D", {
        "en": ("takes the 10 of diamonds and nothing else.",
               "takes the 10 of diamonds and two other table cards (6♥+4♠), with a sweep."),
        "de": ("nimmt die Karo-10 ein und sonst nichts.",
               "nimmt die Karo-10 ein und dazu zwei weitere Tischkarten (6♥+4♠), mit Kehre."),
    }),
    ("card:10D,cards", POINTS, "4C x 4S", {
        "en": ("does not take the 10 of diamonds and takes one table card (4♠).", "and two other table cards"),
        "de": ("nimmt die Karo-10 nicht ein und nimmt eine Tischkarte ein (4♠).", "und dazu zwei weitere Tischkarten"),
    }),
]


@pytest.mark.parametrize(("goal", "data", "played", "says"), COMPARISONS, ids=[c[0] for c in COMPARISONS])
@pytest.mark.parametrize("lang", LANGS)
def test_a_move_against_the_best(lang: str, goal: str, data: dict[str, object], played: str, says: dict[str, tuple[str, str]]) -> None:
    pos = position(data)
    ranking = rank_moves(pos, Goal.from_str(goal))
    move = pos.parse_move(played)
    ui = Renderer(lang)
    text = ui.comparison(pos, compare(pos, move, ranking))
    mine, best = says[lang]
    played_line = next(line for line in text.splitlines() if ui.move(pos, move) in line)
    best_line = next(line for line in text.splitlines() if ui.move(pos, ranking.best[0]) in line)
    assert mine in played_line and best in best_line, text
    assert played_line != best_line


@pytest.mark.parametrize(("goal", "data", "played", "says"), COMPARISONS, ids=[c[0] for c in COMPARISONS])
@pytest.mark.parametrize("lang", LANGS)
def test_a_best_move_is_called_one(lang: str, goal: str, data: dict[str, object], played: str, says: dict[str, tuple[str, str]]) -> None:
    pos = position(data)
    ranking = rank_moves(pos, Goal.from_str(goal))
    ui = Renderer(lang)
    text = ui.comparison(pos, compare(pos, ranking.best[0], ranking))
    assert text.splitlines()[0].startswith(ui.move(pos, ranking.best[0]))
    several = len(ranking.best) > 1
    en = "is one of the best moves" if several else "is the best move"
    de = "ist einer der besten Züge" if several else "ist der beste Zug"
    assert (en if lang == "en" else de) in text
    assert says[lang][1] in text
    for other in ranking.best[1:]:  # the other best moves are named too
        assert ui.move(pos, other) in text


DEAL = {
    "hands": [["7S", "10D", "2C"], ["4H", "9C", "AD"]], "to_move": 1,
    "table": ["3H", "5S", "QD"], "captured": [["2S", "8D", "6C", "6H"], ["KS", "KH"]], "last_capturer": 0,
}


def replayed(pos: Position, line: tuple[Move, ...], ui: Renderer) -> tuple[list[str], RoundScore]:
    """Each move of a line in the notation, and the round's score at its end."""
    after = pos.copy()
    shown = []
    for m in line:
        shown.append(ui.move(after, m))
        after.push(m)
    assert after.is_round_over()
    return shown, score_round(after)


@pytest.mark.parametrize("lang", LANGS)
def test_a_deal_comparison_shows_both_lines_and_their_values(lang: str) -> None:
    pos = position(DEAL)
    ranking = rank_moves(pos, Goal.from_str("deal"))
    worst = ranking.moves[-1]
    ui = Renderer(lang)
    text = ui.comparison(pos, compare(pos, worst.move, ranking))
    # in words, as every other goal counts and as the shortfall beside it says "eleven points better"
    margins = {"en": ("eight points behind", "six points ahead"),
               "de": ("acht Punkten Rückstand", "sechs Punkten Vorsprung")}
    assert (worst.value, ranking.value) == (-8, 6)
    assert margins[lang][0] in text and margins[lang][1] in text
    assert ("costs 14 points" if lang == "en" else "kostet dich 14 Punkte") in text
    lines = text.splitlines()
    for judged in (worst, ranking.moves[0]):
        moves, score = replayed(pos, judged.line, ui)
        shown = next(line for line in lines if all(m in line for m in moves))
        positions = [shown.index(m) for m in moves]
        assert positions == sorted(positions), shown  # in the order played
        totals = lines[lines.index(shown) + 1]
        assert all(str(t) in totals for t in score.totals)
        assert score.totals[1] - score.totals[0] == judged.value


@pytest.mark.parametrize("lang", LANGS)
def test_every_goal_is_an_instruction(lang: str) -> None:
    ui = Renderer(lang)
    said = {g: ui.goal(Goal.from_str(g)) for g in ("cards", "points", "sweep", "safe", "card:10D", "deal")}
    assert len(set(said.values())) == len(said)
    assert all(s.endswith(".") for s in said.values())
    assert ui.card_name(C("10D")) in said["card:10D"]
    tie_break = ui.goal(Goal.from_str("points,cards")).splitlines()
    assert tie_break[0] == said["points"] and tie_break[1].endswith(said["cards"])


# ---- positions -----------------------------------------------------------------------------

MIDGAME = {
    "hands": [["7S", "8D", "2H"], 3],
    "table": ["7C", {"build": ["5D", "3S"], "owner": 1}, {"build": [["5H", "3C"], ["8H"]], "owner": 0}],
    "captured": [["AS", "10D"], []], "sweeps": [1, 0], "scores": [3, 5], "stock": 20, "last_capturer": 0,
}


def test_a_position_picture_for_the_learner() -> None:
    text = Renderer("en").position(position(MIDGAME), seat=0)
    lines = text.splitlines()
    assert lines[0] == "Table: 7♣"
    assert "Player 2's build of 8: [5♦+3♠]" in text
    assert "Your multiple build of 8: [8♥ 5♥+3♣]" in text
    assert "Your hand (to move): 7♠ 8♦ 2♥ · taken 2 cards, 1 sweep" in lines
    assert "Player 2: 3 hidden cards · taken 0 cards" in lines
    assert "Score: you: 3 · Player 2: 5 (target 21) · stock" in text and "stock: 20 cards" in text
    assert lines[-1] == "You are to move."


def test_a_position_picture_in_german() -> None:
    text = Renderer("de", symbols=False).position(position(MIDGAME), seat=0)
    assert text.splitlines()[0] == "Tisch: 7Kr"  # German letters: Kreuz, Karo, Pik
    assert "Baute auf 8 von Spieler 2: [5Ka+3P]" in text  # a build of a value, as every German text names it
    assert "Deine mehrfache Baute auf 8: [8H 5H+3Kr]" in text
    assert "Deine Hand (am Zug): 7P 8Ka 2H · eingenommen: 2 Karten, 1 Kehre" in text
    assert "Spieler 2: 3 verdeckte Karten" in text
    assert "Punkte: du: 3 · Spieler 2: 5 (Ziel 21) · Talon" in text and "Talon: 20 Karten" in text
    assert text.splitlines()[-1] == "Du bist am Zug."


FACE_BUILDS = ("variant: face-gather\nhands: [[QS, KS, JS, 5H], 4]\n"
               "table: [{build: [[KH], [KC]], owner: 1}, {build: [[QH], [QD]], owner: 0}, {build: [[JC], [JH]], owner: 1}]\n")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["Player 2's build of kings: [KH KC]", "Your build of queens: [QH QD]",
            "Player 2's build of jacks: [JH JC]"]),
    ("de", ["Bildbaute aus Königen von Spieler 2: [KH KKr]", "Deine Bildbaute aus Damen: [DH DKa]",
            "Bildbaute aus Buben von Spieler 2: [BH BKr]"]),
])
def test_a_face_build_in_the_picture_is_named_by_its_rank_in_words(lang: str, expected: list[str]) -> None:
    """A face build's value is its rank, which a German screen once wrote with the English letter (Baute Q: [DH DKa])."""
    lines = Renderer(lang, symbols=False).position(load_position(FACE_BUILDS, "f.yaml"), seat=0).splitlines()
    assert [line.strip() for line in lines[1:4]] == expected


TAKEN_POINTS = {"en": re.compile(r"; point cards ([^(]+) \((\d+) points?\)$|; no point cards$"),
                "de": re.compile(r"; Punktkarten ([^(]+) \((\d+) Punkte?\)$|; keine Punktkarten$")}


@pytest.mark.parametrize("lang", LANGS)
def test_what_each_side_has_taken_counts_the_points_of_its_point_cards(lang: str) -> None:
    for pos in _positions_with_captures():
        lines = Renderer(lang).taken(pos, pos.to_move).splitlines()[1:]
        score = score_round(pos)
        for side, line in enumerate(lines):
            found = TAKEN_POINTS[lang].search(line)
            assert found is not None, line
            points = sum(i.points for i in score.items if i.side == side and i.code in ("point_card", "spade_points"))
            assert int(found[2] or 0) == points, line
            assert (found[1] is None) == (points == 0), line


def _positions_with_captures() -> Iterator[Position]:
    """Random positions of every variant (4 each, seeded) where some side has taken cards."""
    rng = random.Random(2023)
    for v in ALL_VARIANTS:
        for _ in range(4):
            pos = random_position(rng, v)
            assert pos.captured is not None
            if any(pos.captured):
                yield pos


@pytest.mark.parametrize("lang", LANGS)
def test_what_each_side_has_taken_names_its_point_cards_in_the_scores_order(lang: str) -> None:
    """``taken`` named a side's point cards as its sorted pile (A♠ A♣ 2♠ 10♦), the round's score in the count-out
    order of rules 7 (10♦, 2♠, the aces by suit: spades, clubs, hearts, diamonds, then the others): one order."""
    ui, checked = Renderer(lang, symbols=False), 0
    for pos in _positions_with_captures():
        score = score_round(pos)
        for side, line in enumerate(ui.taken(pos, pos.to_move).splitlines()[1:]):
            found = TAKEN_POINTS[lang].search(line)
            assert found is not None, line
            scored = [ui.card(i.detail) for i in score.items if i.side == side and i.code == "point_card"]
            assert [c for c in (found[1] or "").split() if c in scored] == scored, line
            checked += len(scored) > 1
    assert checked > 10


ENDS_IN_A_NUMBER = re.compile(r"(?:^|\s)[(\[„“]?[+\-−]?[0-9]+(?:[.,][0-9]+)?$")
"""A line that ends with a number standing alone, or opening brackets or quotes: ``(4``."""


@pytest.mark.parametrize("lang", LANGS)
def test_what_each_side_has_taken_keeps_its_points_with_their_number_at_every_width(lang: str) -> None:
    """``point cards A♥ A♦ A♣ 2♠ (4`` / ``points)``: fitted to any width from 30 to 120, no line of ``taken`` ends
    with a number its line went on after (the bracket before it kept the number from its noun)."""
    rng = random.Random(2023)
    for v in ALL_VARIANTS:
        for _ in range(4):
            pos = random_position(rng, v)
            assert pos.captured is not None
            text = Renderer(lang).taken(pos, pos.to_move)
            for width in range(30, 121):
                for line in text.splitlines():
                    *broken, _ = fit(line, width).splitlines()
                    assert not any(ENDS_IN_A_NUMBER.search(b) for b in broken), (width, line, broken)


NAME_THEN_VERB = {
    "en": "The build duty is broken: after this move Player 2 holds no card that takes it.",
    "de": "Die Halteregel ist verletzt: Nach diesem Zug hat Spieler 2 keine Karte, die sie einnimmt.",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_keeps_its_number_but_not_the_word_after_it(lang: str) -> None:
    """``Spieler 2`` is one word, and its number counts nothing: the word after it may go to the next line.  The
    number rule glued it on (``Spieler 3 weglässt``), and a walk tester's miscount hint broke its line 14 columns
    short: "… die Karten von" / "Spieler 3 weglässt …"."""
    text = NAME_THEN_VERB[lang]
    name = "Player 2" if lang == "en" else "Spieler 2"
    width = text.index(name) + len(name)  # the name and its number fit on the first line, the verb does not
    first, *_ = fit(text, width).splitlines()
    assert first.endswith(name), fit(text, width)
    german = Renderer("de")
    step = installed_catalog().lesson("partners").steps[6]
    assert isinstance(step, QuestionStep)
    said = german.miscount(step.position, miscount(step.position, step.seat, step.ask, 26))
    assert fit(said, 80).splitlines()[1].endswith("die Karten von Spieler 3"), fit(said, 80)


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "Resign your game against the “club” level (round 1, you: 0 · Player 2: 0)?"),
    ("de", "Deine Runde gegen die Stufe „Vereinsspieler“ (Runde 1, du: 0 · Spieler 2: 0) aufgeben?"),
    ("en", "The table goes to the player who took last (Player 3)."),
])
def test_a_name_keeps_its_number_before_a_colon_or_a_bracket(lang: str, text: str) -> None:
    """``Player 2:`` and ``(Player 3)`` are a name with its number too: the resign question broke
    "… (round 1, you: 0 · Player" / "2: 0)? …" at 80 columns."""
    number = re.search(r"(\(?)(Player|Spieler) (\d)", text)
    assert number is not None
    for width in range(number.end() - 2, number.end() + 1):
        for line in fit(text, width).splitlines():
            assert not line.endswith(("Player", "Spieler")) and not line.lstrip().startswith(number[3]), (width, line)


def test_a_dot_between_items_stays_with_the_item_before_it() -> None:
    """At every width where each item fits with its dot, no line starts with the ``·`` that joins two items, and the
    words are kept in order."""
    text = "Also legal with 7♠: 7♠ x 4♦+3♥ · 7♠ x 7♣ · 7♠ · 7♠ b7 4♦+3♥ · 7♠ b10 3♥."
    for width in range(len("7♠ b7 4♦+3♥ ·"), len(text) + 1):
        lines = fit(text, width).splitlines()
        assert not any(line.lstrip().startswith("·") for line in lines), (width, lines)
        assert " ".join(line.strip() for line in lines) == text


@pytest.mark.parametrize(("lang", "key", "params"), [
    ("de", "shell.words_not_move", {"text": "aaaaaa"}),
    ("de", "typos.not_a_card", {"token": "aaaa"}),
    ("en", "shell/moves.j2", {"rows": [], "values": [], "find": "takes the most cards, then the most points"}),
    ("de", "shell/moves.j2", {"rows": [], "values": [], "find": "nimmt die meisten Karten, dann die meisten Punkte"}),
])
def test_an_equals_sign_stays_with_the_words_on_either_side_of_it(lang: str, key: str, params: dict[str, object]) \
        -> None:
    """The card notation's help (``Kr = Kreuz``) and the moves' key (``✓ = …``) wrap at no ``=``: at 80 columns
    German started a line with "= Kreuz), etwa 7P oder 10Ka."; no line starts or ends with one, at any width, and
    the words are kept in order."""
    ui = Renderer(lang)
    text = ui.render(key, **params) if key.endswith(".j2") else ui.message(key, **params)
    assert " = " in text
    for width in range(max(len(pair) for pair in re.findall(r"\S+ = \S+", text)), len(text) + 1):
        lines = fit(text, width).splitlines()
        assert not any(line.lstrip().startswith("=") or line.endswith("=") for line in lines), (width, lines)
        assert " ".join(line.strip() for line in lines) == " ".join(text.split())


TAKEN_COUNTS = {"en": re.compile(r"^  [^:]+: (\d+) cards?(?:, (\d+) spades?)?(?:, (\d+) sweeps?)?;"),
                "de": re.compile(r"^  [^:]+: (\d+) Karten?(?:, (\d+) Pik)?(?:, (\d+) Kehren?)?;")}


@pytest.mark.parametrize("lang", LANGS)
def test_what_each_side_has_taken_counts_its_cards_spades_and_sweeps_as_the_moves_took_them(lang: str) -> None:
    """``taken``'s counts recomputed from the moves of random rounds: each capture's cards, a sweep where a capture
    takes every card on the table; the spades said only where the most spades score."""
    ui = Renderer(lang)
    for seed in range(len(ALL_VARIANTS)):
        v, players = ALL_VARIANTS[seed], 2 + seed % 3
        pos = deal_round(v, players, dealer=seed % players, seed=seed)
        took: list[list[Card]] = [[] for _ in range(pos.sides)]
        sweeps = [0] * pos.sides
        rng = random.Random(seed)
        while True:
            if pos.needs_deal():
                next_deal(pos)
            if pos.is_round_over():  # the cards left on the table went to whoever took last
                break
            lines = ui.taken(pos, pos.to_move).splitlines()[1:]
            for side, line in enumerate(lines):
                found = TAKEN_COUNTS[lang].match(line)
                assert found is not None, line
                spades = sum(c.suit == "S" for c in took[side]) if v.effective_most_spades else None
                assert (int(found[1]), found[2] and int(found[2]), int(found[3] or 0)) == (
                    len(took[side]), spades, sweeps[side]), (v.preset, line)
            side, on_table = pos.side_of(pos.to_move), [*pos.loose, *(c for b in pos.builds for c in b.cards)]
            played = random_play(rng, pos, 1)
            if played[0].kind == "capture":
                took[side] += [played[0].card, *played[0].captured_cards()]
                sweeps[side] += sorted(played[0].captured_cards()) == sorted(on_table)
    assert any(sweeps)


def test_a_position_seen_by_nobody_names_every_seat() -> None:
    text = Renderer("en").position(position(MIDGAME))
    assert "Player 1 (to move): 7♠ 8♦ 2♥" in text and "Player 1's multiple build" in text
    assert text.splitlines()[-1] == "Player 1 is to move."


def test_partners_and_the_seat_to_move_in_a_four_player_game() -> None:
    pos = position({"players": 4, "to_move": 2, "hands": [["7S"], 1, ["9D", "2C"], 2], "table": ["4H"], "scores": [7, 4]})
    text = Renderer("en").position(pos, seat=0)
    assert "you and Player 3: 7 · Players 2 and 4: 4" in text
    lines = text.splitlines()
    assert lines[1] == "Player 3 (to move): 9♦ 2♣ · taken 0 cards"  # the seat to move comes first
    assert lines[-1] == "Player 3 is to move."
    assert "du und Spieler 3: 7 · Spieler 2 und 4: 4" in Renderer("de").position(pos, seat=0)


@pytest.mark.parametrize(("lang", "said"), [("en", "The round is over."), ("de", "Die Runde ist vorbei.")])
def test_a_finished_round(lang: str, said: str) -> None:
    pos = position({"hands": [[], []], "table": [], "captured": [["7S"], ["8S"]], "last_capturer": 1})
    text = Renderer(lang).position(pos, seat=1)
    assert text.splitlines()[-1] == said
    assert "(to move)" not in text and "(am Zug)" not in text


# ---- scores --------------------------------------------------------------------------------


def finished_round(spec: str, players: int, seed: int) -> Position:
    """A real round played to its end by seeded random play, builds often."""
    rng = random.Random(seed)

    def choose(pos: Position, moves: list[Move]) -> Move:
        builds = [m for m in moves if m.kind in ("build", "raise", "add")]
        return rng.choice(builds) if builds and rng.random() < 0.5 else rng.choice(moves)

    pos = deal_round(variant(spec), players, dealer=players - 1, seed=seed)
    play_round(pos, choose)
    assert pos.is_round_over()
    return pos


ROUNDS = [(spec, 2, seed) for spec in ("classic", "spade", "italian", "michigan") for seed in range(6)]
ROUNDS += [("classic", 4, 1), ("classic", 3, 2)]
LABELS = {  # a word each item's line must hold
    "en": {"most_cards": "most cards", "most_spades": "most spades", "spade_points": "spade", "sweeps": "sweep",
           "penalty": "penalty", "skunk": "skunk"},
    "de": {"most_cards": "meiste Karten", "most_spades": "meiste Pik", "spade_points": "Pik", "sweeps": "Kehre",
           "penalty": "Strafe", "skunk": "Schneider"},
}
POINT_CARDS = {"10D": "Big Cassino", "2S": "Little Cassino", "AS": "A", "AH": "A", "AD": "A", "AC": "A", "7D": "ette bello"}
GERMAN_CASSINOS = {"10D": "Großes Cassino", "2S": "Kleines Cassino"}


def check_score(pos: Position, score: RoundScore, lang: str) -> list[str]:
    """Each item has its line (side, points, what for), a side's aces one line with their points added, and the
    totals close the list."""
    ui = Renderer(lang)
    lines = ui.score(pos, score, seat=0).splitlines()
    items = list(score.items)
    aces = {side: [i for i in items if i.code == "point_card" and str(i.detail).startswith("A") and i.side == side]
            for side in range(len(score.totals))}
    shown = [i for i in items if i not in aces[i.side] or i is aces[i.side][0]]
    rows = lines[1 : 1 + len(shown)]
    for item, row in zip(shown, rows):
        side = ui.side_name([s for s in range(pos.players) if pos.side_of(s) == item.side], me=0)
        group = aces[item.side] if item in aces[item.side] else [item]
        points = sum(i.points for i in group)
        signed = f"{points:+d}".replace("-", "\N{MINUS SIGN}")  # a minus sign, not a hyphen
        assert row.strip().startswith(f"{signed}  {side[0].upper() + side[1:]}:"), row
        if item.code == "point_card":
            for i in group:
                assert isinstance(i.detail, Card)
                named = GERMAN_CASSINOS.get(str(i.detail)) if lang == "de" else None
                assert (named or POINT_CARDS[str(i.detail)]) in row and i.detail.symbol() in row, row
        else:
            assert LABELS[lang][item.code] in row, row
    ends = {len(row) - len(row.lstrip()) + len(row.split()[0]) for row in rows}
    assert len(ends) <= 1, "the points are aligned in one column, +14 with +3"
    totals = next(line for line in lines if line.startswith(("Total:", "Gesamt:")))
    for side, total in enumerate(score.totals):
        side_name = ui.side_name([s for s in range(pos.players) if pos.side_of(s) == side], me=0)
        assert f"{side_name}: " + str(total).replace("-", "\N{MINUS SIGN}") in totals, totals
    assert str(score.available - sum(t.points for t in majority_ties(pos, score))) in totals
    return lines


@pytest.mark.parametrize("lang", LANGS)
def test_scores_of_real_rounds(lang: str) -> None:
    seen: set[str] = set()
    for spec, players, seed in ROUNDS:
        pos = finished_round(spec, players, seed)
        score = score_round(pos)
        check_score(pos, score, lang)
        seen.update(item.code for item in score.items)
    assert seen >= {"most_cards", "most_spades", "point_card", "spade_points", "sweeps", "penalty"}


def split_deck(first: list[str], size: int) -> list[list[Card]]:
    """Seat 0 takes ``first`` and plain cards up to ``size``; seat 1 the rest of the deck."""
    named = [C(c) for c in first]
    plain = [c for c in ALL_CARDS if c not in named and c.suit != "S" and c.rank != "A" and str(c) != "10D"]
    pile = named + plain[: size - len(named)]
    return [pile, [c for c in ALL_CARDS if c not in pile]]


@pytest.mark.parametrize(("lang", "tie"), [("en", "Most cards: a tie (26 to 26), nobody scores."),
                                           ("de", "Meiste Karten: Gleichstand (26 zu 26), niemand bekommt Punkte.")])
def test_a_tie_for_most_cards_is_said(lang: str, tie: str) -> None:
    captured = split_deck(["10D", "2S", "3S", "4S", "5S", "6S", "7S", "8S"], 26)
    pos = Position(variant("classic"), 2, hands=[[], []], loose=[], builds=[], captured=captured)
    score = score_round(pos)
    lines = check_score(pos, score, lang)
    assert tie in [line.strip() for line in lines]
    totals = next(line for line in lines if line.startswith(("Total:", "Gesamt:")))
    assert sum(score.totals) == score.available - 3  # the 3 points of most cards went to nobody: not counted
    assert totals.endswith({"en": f"(of {sum(score.totals)} points this round).",
                            "de": f"(von {sum(score.totals)} Punkten dieser Runde)."}[lang])


@pytest.mark.parametrize(("lang", "said", "won", "elsewhere", "unknown"), [
    ("en", "You took every point of the round", "a skunk, which wins the match.",
     "a skunk, which wins a match only in its first round.",
     "a skunk, which wins the match if this is its first round."),
    ("de", "Du hast alle Punkte der Runde geholt", "ein Schneider, der die Partie gewinnt.",
     "ein Schneider, der eine Partie nur in ihrer ersten Runde gewinnt.",
     "ein Schneider, der die Partie gewinnt, wenn dies ihre erste Runde ist.")])
def test_a_skunk_that_wins_the_match_is_said(lang: str, said: str, won: str, elsewhere: str, unknown: str) -> None:
    """A skunk wins the match only in its first round (rules 6): the score says the match is won where it was,
    that only a first round's skunk wins in a later round, and, where the round's place in a match is unknown (a
    lesson's question on the first round of a match), that it wins if the round is the first: it said "only in its
    first round" there, against the lesson's own words."""
    pos = Position(variant({"preset": "classic", "skunk": "win"}), 2, hands=[[], []], loose=[], builds=[],
                   captured=[list(ALL_CARDS), []])
    score = score_round(pos)
    assert score.skunk == 0
    last = check_score(pos, score, lang)[-1]
    assert last.startswith(said) and last.endswith(unknown)
    assert Renderer(lang).score(pos, score, seat=0, skunk_won=True).splitlines()[-1].endswith(won)
    assert Renderer(lang).score(pos, score, seat=0, skunk_won=False).splitlines()[-1].endswith(elsewhere)
    bonus = Position(variant({"preset": "classic", "skunk": "bonus"}), 2, hands=[[], []], loose=[], builds=[],
                     captured=[list(ALL_CARDS), []])
    check_score(bonus, score_round(bonus), lang)  # the bonus is an item with its own line


@pytest.mark.parametrize(("seat", "said"), [(0, "Du und Spieler 3 habt alle Punkte"),
                                            (1, "Spieler 1 und 3 haben alle Punkte")])
def test_a_partnership_s_skunk_is_said_with_its_verb_in_german(seat: int, said: str) -> None:
    """The German skunk line's verb agrees with the side: "Du hast", "Du und Spieler 3 habt", "Spieler 1 und 3
    haben" (it said "Du hat" and "Spieler 1 und 3 hat")."""
    pos = Position(variant({"preset": "classic", "skunk": "win"}), 4, hands=[[], [], [], []], loose=[], builds=[],
                   captured=[list(ALL_CARDS), [], [], []])
    assert Renderer("de").score(pos, score_round(pos), seat=seat).splitlines()[-1].startswith(said)


@pytest.mark.parametrize(("lang", "spade", "aces", "plain"), [
    ("en", "9♠ x 9♣, taking 9♣ (with the card played: 1 spade)",
     "A♥ x A♣, taking A♣ (with the card played: A♥ 1 point, A♣ 1 point)", "9♦ x 9♥, taking 9♥"),
    ("de", "9♠ x 9♣, eingenommen: 9♣ (mit der gespielten Karte: 1 Pik)",
     "A♥ x A♣, eingenommen: A♣ (mit der gespielten Karte: A♥ 1 Punkt, A♣ 1 Punkt)", "9♦ x 9♥, eingenommen: 9♥")])
def test_a_line_says_when_its_count_includes_the_card_played(lang: str, spade: str, aces: str, plain: str) -> None:
    """A replayed line's bracket counts the card played with those taken: "9♠ x 9♣, taking 9♣ (1 spade)" read as if
    the 9♣ were a spade. It now says so where the card played counts, and nothing more where it does not."""
    pos = Position(variant("classic"), 2, hands=[C_("9S AH 9D 2C"), C_("3D 4D 5D 6D")], loose=C_("9C AC 9H KS"),
                   builds=[], to_move=0)
    line, after = [], pos.copy()
    for typed in ("9S x 9C", "3D", "AH x AC", "4D", "9D x 9H"):
        line.append(after.parse_move(typed))
        after.push(line[-1])
    said = Renderer(lang).line(pos, line, 0, score=False)
    assert spade in said and aces in said and f"{plain}\n" in said + "\n" and f"{plain} (" not in said


# ---- the environment -----------------------------------------------------------------------

HOSTILE = "<script>alert('x')</script> & \"friends\""


def test_html_templates_escape_what_they_are_given(tmp_path: Path) -> None:
    shutil.copytree(content_dir("templates") / "en" / "messages", tmp_path / "messages")
    (tmp_path / "sheet.html").write_text("<p>{{ name }}</p><p>{{ msg('names.seat', n=name) }}</p><p>{{ c|card_name }}</p>")
    (tmp_path / "note.j2").write_text("{{ name }} / {{ msg('names.seat', n=name) }}")
    env = load_language(tmp_path, True).env
    html = env.get_template("sheet.html").render(name=HOSTILE, c=C("QH"))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "Player &lt;script&gt;" in html  # a message's output is escaped once, not twice
    assert "&amp;lt;" not in html
    assert "<p>queen of hearts</p>" in html
    text = env.get_template("note.j2").render(name=HOSTILE)
    assert text == f"{HOSTILE} / Player {HOSTILE}"


def test_a_missing_parameter_fails_loudly() -> None:
    ui = Renderer("en")
    with pytest.raises(jinja2.UndefinedError):
        ui.message("names.seat")
    with pytest.raises(KeyError, match="no message 'names.nobody' in .*en/messages"):
        ui.message("names.nobody")


def test_a_build_taken_inside_a_sum_stays_one_group() -> None:
    from tutor.core.comparison import move_facts
    from tutor.loading.positions import load_position
    from tutor.render.views import move_view

    pos = load_position(
        "variant: combine-builds\nhands: [[9S, 2C], [6H]]\ntable: [3H, 5S, 4D, {build: [4C, 2D], owner: 1}]\n", "p.yaml"
    )
    move = pos.parse_move("9S x [4C+2D]+3H 5S+4D")
    view = move_view(pos, move_facts(pos, move), show=str)
    assert view.items == ("[4C+2D]+3H", "5S+4D")
