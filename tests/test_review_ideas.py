"""The ideas a review names: a sweep left and to which cards, a majority made sure, cards a build protects, a build
left to be stolen, a card no unseen card can take (tutor/play/ideas.py), and in an exact last deal what the solver's
lines show (tutor/play/line_ideas.py): each reason's facts, the check that finds it false once a fact is changed
(tutor/play/claims.py), and its words in English and German."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from test_review_grades import last_deal_example

from tutor.content.presets import variant
from tutor.core.cards import Card
from tutor.core.movegen import hand_moves
from tutor.core.position import Position
from tutor.core.round import deal_round
from tutor.core.search import solve_deal
from tutor.core.solver import exposure_after, unseen_cards
from tutor.core.table import Build
from tutor.play.advisor import Advice, MoveValue
from tutor.play.claims import false_claim
from tutor.play.confirm import Sample
from tutor.play.exact import ExactLines
from tutor.play.game import Ply, play_one_round
from tutor.play.heuristics import BUILD_KINDS
from tutor.play.ideas import after, opponent_takers
from tutor.play.line_ideas import line_ideas
from tutor.play.players import player
from tutor.play.review import (
    MoveReview,
    RoundReview,
    Why,
    mark,
    outcome,
    reasons,
    review_move,
    review_round,
    review_turns,
)
from tutor.play.review_data import review_from_data, review_to_data
from tutor.play.view import SeatView
from tutor.render import Renderer
from tutor.render.review import review_text, why_words


def cards(text: str) -> list[Card]:
    return [Card.from_str(c) for c in text.split()]


def seen(hand: str, table: str, mine: int = 0, theirs: int = 0, taken: str = "") -> Position:
    """Seat 0 of two-player classic to move with ``hand``; ``taken`` and then ``mine`` and ``theirs`` more cards of
    the deck taken (the rest hidden: four in the other hand, the others in the stock)."""
    v = variant("classic")
    held, loose, known = cards(hand), cards(table), cards(taken)
    rest = [c for c in v.deck_cards if c not in {*held, *loose, *known}]
    captured = [known + rest[:mine], rest[mine:mine + theirs]]
    out = len(rest) - mine - theirs
    return Position(v, 2, [held, []], loose, [], to_move=0, dealer=1, hidden=[0, min(4, out)], captured=captured,
                    stock_hidden=out - min(4, out))


def last_deal(preset: str, hand: str, other: str, table: str, taken: tuple[int, ...] = ()) -> Position:
    """Seat 0 to move in the last deal with ``hand``, seat 1 holding ``other`` (with three players, the third
    has played out): the rest of the deck taken, by each seat as many as ``taken`` says, by the last the rest
    (two players: half each by default)."""
    v = variant(preset)
    held, rival, loose = cards(hand), cards(other), cards(table)
    rest = [c for c in v.deck_cards if c not in {*held, *rival, *loose}]
    ends = [sum(taken[:i]) for i in range(len(taken) + 1)] if taken else [0, len(rest) // 2]
    piles = [rest[a:b] for a, b in zip(ends, ends[1:])] + [rest[ends[-1]:]]
    players = len(piles)
    hands = [held, rival] + [[]] * (players - 2)
    return Position(v, players, hands, loose, [], to_move=0, dealer=players - 1, captured=piles, last_capturer=1)


def seen_reason(pos: Position, played: str, better: str, code: str, item: str | None = None) -> Why | None:
    """The reason ``code`` (of a majority: of ``item``) ``better`` is given over ``played`` in ``pos``."""
    p, b = pos.parse_move(played), pos.parse_move(better)
    found = reasons(pos, outcome(pos, p), outcome(pos, b))
    return next((w for w in found if w.code == code and w.params.get("item", item) == item), None)


def line_reason(pos: Position, played: str, better: str, code: str, item: str | None = None) -> Why | None:
    """A reason the solver's lines after ``better`` and ``played`` give (every card known in ``pos``)."""
    solved = {lv.move: lv for lv in solve_deal(pos).moves}
    lines = ExactLines(pos, solved[pos.parse_move(better)], solved[pos.parse_move(played)])
    return next((w for w in line_ideas(lines) if w.code == code and w.params.get("item", item) == item), None)


def holds(pos: Position, played: str, better: str, why: Why, **changed: Any) -> bool:
    """Whether ``why`` is true, and false once the ``changed`` params replace its own."""
    p, b = pos.parse_move(played), pos.parse_move(better)
    wrong = Why(why.code, {**why.params, **changed})
    return false_claim(pos, p, b, why, 1) is None and false_claim(pos, p, b, wrong, 1) is not None


def said(why: Why, lang: str, players: int = 2) -> str:
    return why_words(Renderer(lang, symbols=False), why, 0, players)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_sweep_left_names_the_table_and_every_unseen_card_that_sweeps_it(lang: str) -> None:
    """Trailing 2D leaves 5H 3C 2D: a five (5 and 3+2) or a ten sweeps it; trailing 4H leaves no sweep."""
    pos = seen("8S 2D 4H", "5H 3C")
    why = seen_reason(pos, "2D", "4H", "deny_sweep")
    assert why is not None and why.params["left"] == cards("5H 3C 2D")
    assert set(why.params["takers"]) == set(cards("5C 5D 5S 10C 10D 10H 10S"))
    assert holds(pos, "2D", "4H", why, takers=cards("10C 10D 10H 10S"))
    ui = Renderer(lang, symbols=False)
    words = {"en": f"where yours left {ui.cards(cards('5H 3C 2D'))} for {ui.cards(why.params['takers'])} to sweep",
             "de": f"deiner ließ {ui.cards(cards('5H 3C 2D'))} liegen, und mit {ui.cards(why.params['takers'])} wäre "
                   "das eine Kehre"}[lang]
    assert words in " ".join(said(why, lang).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_majority_made_sure_is_won_or_only_denied(lang: str) -> None:
    """8S x 5H+3C brings the learner to 28 cards (won: 21 taken and 3 out cannot reach it) or to 26 (only denied:
    23 taken and 3 out can tie it); trailing 2D leaves either open."""
    won = seen("8S 2D", "5H 3C", mine=25, theirs=21)
    wins = seen_reason(won, "2D", "8S x 5H+3C", "majority", "most_cards")
    assert wins is not None and wins.params == {"item": "most_cards", "how": "wins", "n": 28, "total": 52,
                                                "partner": False}
    tied = seen("8S 2D", "5H 3C", mine=23, theirs=23)
    denies = seen_reason(tied, "2D", "8S x 5H+3C", "majority", "most_cards")
    assert denies is not None and denies.params == {**wins.params, "how": "denies", "n": 26}
    assert holds(won, "2D", "8S x 5H+3C", wins, n=27) and holds(tied, "2D", "8S x 5H+3C", denies, how="wins")
    assert seen_reason(seen("8S 2D", "5H 3C", mine=20, theirs=20), "2D", "8S x 5H+3C", "majority", "most_cards") is None
    words = {"en": ["makes the most cards surely yours: you have 28 of the 52, and nobody else can still reach as many",
                    "makes sure that nobody else ends with more cards than you: you have 26 of the 52, and nobody "
                    "else can still reach more"],
             "de": ["sichert dir die meisten Karten: Du hast 28 von 52, und niemand sonst kann noch so viele bekommen",
                    "sorgt dafür, dass niemand sonst die Runde mit mehr Karten beendet als du: Du hast 26 von 52, und "
                    "niemand sonst kann noch mehr bekommen"]}[lang]
    assert [" ".join(said(why, lang).split()) for why in (wins, denies)] == words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_build_protects_its_cards_and_a_build_left_to_a_card_unseen_is_open_to_a_steal(lang: str) -> None:
    """4D b9 5H (the 9S held): only the three nines unseen take the 5H now, where after trailing KC a five or an
    eight (5H+3C) would; the other way round, the build of 9 is open to those nines, and trailing KC builds nothing."""
    pos = seen("9S 4D KC", "5H 3C")
    protect = seen_reason(pos, "KC", "4D b9 5H", "protect")
    nines = sorted(cards("9C 9D 9H"))
    assert protect is not None and protect.params == {"value": 9, "cards": cards("5H"), "takers": nines, "exposed": 7}
    assert holds(pos, "KC", "4D b9 5H", protect, exposed=3)
    steal = seen_reason(pos, "4D b9 5H", "KC", "steal")
    assert steal is not None and steal.params == {"value": 9, "takers": nines}
    assert holds(pos, "4D b9 5H", "KC", steal, takers=cards("9C 9D"))
    assert seen_reason(seen("9S 4D KC", "5H 3C", taken="9C 9D 9H"), "4D b9 5H", "KC", "steal") is None  # all seen
    ui = Renderer(lang, symbols=False)
    words = {"en": [f"only {ui.cards(nines)} of the cards you have not seen would let an opponent take it; after "
                    "yours, seven would", f"yours leaves your build of 9 to {ui.cards(nines)}"],
             "de": [f"nur mit {ui.cards(nines)} einnehmen; nach deinem Zug könnte er sie mit sieben Karten einnehmen",
                    f"deine Baute auf 9 könnte ein Gegner nach deinem Zug mit {ui.cards(nines)} einnehmen"]}[lang]
    for why, text in zip((protect, steal), words):
        assert text in " ".join(said(why, lang).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_card_every_taker_of_which_is_seen_is_left_for_later(lang: str) -> None:
    """9S x 9C or 5D x 3H+2C: with 9D and 9H taken, no unseen card can take 9C (no sum reaches it), so it can wait
    for the 9S; with 9D unseen it cannot."""
    pos = seen("9S 5D 2H", "9C 3H 2C", taken="9D 9H")
    safe = seen_reason(pos, "9S x 9C", "5D x 3H+2C", "safe")
    assert safe is not None and safe.params == {"cards": cards("9C"), "by": Card.from_str("9S")}
    assert seen_reason(pos, "9S x 9C", "5D x 3H+2C", "next_take") is None  # said once, as the safe card
    assert holds(pos, "9S x 9C", "5D x 3H+2C", safe, by=Card.from_str("2H"))
    assert seen_reason(seen("9S 5D 2H", "9C 3H 2C", taken="9H"), "9S x 9C", "5D x 3H+2C", "safe") is None
    words = {"en": "leaves 9C on a table from which no card you have not seen would let an opponent take it, and keeps "
                   "9S, which can",
             "de": "lässt 9Kr auf einem Tisch liegen, von dem ein Gegner sie mit keiner Karte einnehmen kann, die du nicht "
                   "gesehen hast, und behält 9P, mit der du sie einnehmen kannst"}[lang]
    assert " ".join(said(safe, lang).split()) == words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_trail_no_unseen_card_can_take_is_safer_than_one_an_unseen_card_can(lang: str) -> None:
    """With KC on the table and the other threes taken, a 3S trailed can be taken by no card unseen (a king takes
    only a king); the 6H trailed, by the three sixes unseen. With 3D unseen the 3S is no safer."""
    pos = seen("3S 6H QD", "KC", taken="3C 3D 3H")
    why = seen_reason(pos, "6H", "3S", "safe_trail")
    sixes = sorted(cards("6C 6D 6S"))
    assert why is not None and why.params == {"card": Card.from_str("3S"), "played": Card.from_str("6H"),
                                              "takers": sixes}
    assert holds(pos, "6H", "3S", why, takers=cards("6C 6D"))
    assert holds(pos, "6H", "3S", why, card=Card.from_str("QD"))
    assert seen_reason(seen("3S 6H QD", "KC", taken="3C 3H"), "6H", "3S", "safe_trail") is None
    assert seen_reason(pos, "3S", "6H", "safe_trail") is None
    with_three = seen("3S 6H QD", "KC", taken="3C 3H")
    assert false_claim(with_three, with_three.parse_move("6H"), with_three.parse_move("3S"), why, 1) is not None
    words = {"en": "trails 3S, which no card you have not seen would let an opponent take from the table it leaves, "
                   "where yours trails 6H, which 6S 6D 6C could take (cards you have not seen)",
             "de": "legt 3P ab, und auf dem Tisch, den er lässt, kann ein Gegner sie mit keiner Karte einnehmen, die "
                   "du nicht gesehen hast; deiner legt 6H ab, und ein Gegner könnte sie mit 6P 6Ka 6Kr einnehmen "
                   "(Karten, die du nicht gesehen hast)"}[lang]
    assert " ".join(said(why, lang).split()) == words
    king = said(Why("safe_trail", {"card": Card.from_str("KS"), "played": Card.from_str("AH"),
                                   "takers": cards("AC")}), "de")
    king = " ".join(king.split())
    assert "kann ein Gegner ihn mit keiner" in king and "ein Gegner könnte es mit" in king


def test_in_german_a_card_left_or_built_is_named_by_the_pronoun_of_its_rank() -> None:
    """K♥ x K♠ leaves 5♥ to the 5♠; trailing 9♠ leaves the K♠, which only the K♥ can take (classic, 2 players, seed
    112, move 21): "ihn" for a king, "es" for an ace, "sie" for a number card or several cards; "mit dem" for the
    king kept, "mit der" for a number card."""
    pos = last_deal("classic", "9S KH QD QH", "4D 6S 5S", "5H KS")
    safe = seen_reason(pos, "KH x KS", "9S", "safe")
    assert safe is not None and safe.params == {"cards": cards("KS"), "by": Card.from_str("KH")}
    assert ("lässt KP auf einem Tisch liegen, von dem ein Gegner ihn mit keiner Karte einnehmen kann, die du nicht gesehen "
            "hast, und behält KH, mit dem du ihn einnehmen kannst") == " ".join(said(safe, "de").split())
    assert "take it, and keeps KH, which can" in " ".join(said(safe, "en").split())
    ace = said(Why("protect", {"value": 7, "cards": cards("AS"), "takers": [], "exposed": 1}), "de")
    assert "könnte ein Gegner es mit keiner Karte einnehmen" in " ".join(ace.split())
    both = said(Why("protect", {"value": 7, "cards": cards("AS 3S"), "takers": cards("7D"), "exposed": 4}), "de")
    assert "könnte ein Gegner sie von den Karten" in " ".join(both.split())


@pytest.fixture(scope="module")
def issue_example() -> tuple[Position, Any]:
    pos = last_deal_example()
    return pos, review_round([Ply(pos, pos.parse_move("7S x 7D"))], 0, worlds=8)


def test_the_exact_mark_of_the_issue_says_to_keep_the_jack_for_the_last_take(issue_example: Any) -> None:
    """Table 7D 4S JC, hand 2D JD 7S AD: after 2D the learner takes last with JD x JC and collects the leftover AD;
    after 7S x 7D the other player does.  No longer "does better over the rest of the deal"."""
    pos, review = issue_example
    [mark] = review.marks
    codes = [w.code for w in mark.reasons]
    assert codes[:3] == ["last_take", "line_cards", "line_majority"] and "later" not in codes
    last = mark.reasons[0]
    assert last.params == {"card": Card.from_str("JD"), "taken": cards("JC"), "cards": cards("AD 8D 10H KH"),
                           "partner": False, "seats": [1], "lost": cards("AD 2D 8D KH")}
    assert mark.reasons[1].params == {"cards": cards("AD"), "how": "wins", "seats": [], "then": [1]}
    assert mark.reasons[2].params == {"item": "most_cards", "how": "wins", "seats": [], "then": [1], "n": 29,
                                      "n_then": 25, "m_then": 27}
    for why in mark.reasons:
        assert false_claim(pos, pos.parse_move("7S x 7D"), pos.parse_move("2D"), why, 1) is None, why
    assert holds(pos, "7S x 7D", "2D", last, cards=cards("8D 10H KH"))
    assert holds(pos, "7S x 7D", "2D", mark.reasons[1], cards=cards("AD 10H"))
    assert holds(pos, "7S x 7D", "2D", mark.reasons[2], how="denies")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_exact_mark_of_the_issue_in_words(issue_example: Any, lang: str) -> None:
    pos, review = issue_example
    text = " ".join(review_text(Renderer(lang, symbols=False), review).split())
    words = {"en": ["lets you take last (JD x JC in the lines below), so the table's leftovers AD 8D 10H KH go to "
                    "you; after yours the last to take is Player 2, who gets AD 2D 8D KH",
                    "lets you end the round with AD, where after yours it goes to Player 2",
                    "wins the most cards: you end with 29, where after yours Player 2 has the most, 27 to your 25",
                    "1 move reviewed: 1 blunder"],
             "de": ["lässt dich zuletzt einnehmen (BKa x BKr in den Zugfolgen unten), sodass du die Karten bekommst, "
                    "die am Ende noch auf dem Tisch liegen (AKa 8Ka 10H KH); nach deinem Zug hat Spieler 2 zuletzt "
                    "eingenommen und bekommt AKa 2Ka 8Ka KH",
                    "lässt dich die Runde mit AKa beenden; nach deinem Zug bekommt Spieler 2 die Karte",
                    "gewinnt die meisten Karten: Du beendest die Runde mit 29; nach deinem Zug hat Spieler 2 die "
                    "meisten, 27 gegen deine 25", "1 Zug besprochen: 1 grober Fehler"]}[lang]  # not "Ein Zug ...: 1"
    for phrase in words:
        assert phrase in text, text
    assert ("does better over the rest" if lang == "en" else "über den Rest dieses Gebens") not in text


LINE_EXAMPLES = [
    # after 4D x 4H the other player sweeps 5D with 5C; after trailing 9S nobody sweeps
    ("line_sweeps", ("classic", "9S 4D", "5C KH", "4H 5D"), "4D x 4H", "9S",
     {"mine": [0, 0], "seats": [1], "theirs": [0, 1]}, {"theirs": [0, 0]},
     {"en": "leads to 0 sweeps for you and 0 for Player 2 by the round's end, against 0 and 1 after yours",
      "de": "führt bis zum Ende der Runde zu 0 Kehren für dich und 0 für Spieler 2, nach deinem Zug zu 0 und 1"}),
    # Spade Cassino: 5S x 5H keeps the 3S for the 3D too; trailing 5S gives both spades away
    ("line_spades", ("spade", "5S 3D", "8C QH", "5H 3S"), "5S", "5S x 5H",
     {"mine": [7, 5], "seats": [1], "theirs": [7, 9]}, {"mine": [8, 5]},
     {"en": "leads to spades worth 7 points for you and 7 for Player 2 by the round's end, against 5 and 9 after "
            "yours",
      "de": "führt bis zum Ende der Runde zu Pik im Wert von 7 Punkten für dich und 7 für Spieler 2, nach deinem Zug "
            "zu 5 und 9"}),
    # Michigan: a build of fives with no five kept costs a penalty every turn after
    ("line_penalties", ("michigan", "5S 3D 9C", "8C QH KD", "5H 3S"), "5S b5 5H", "5S x 5H",
     {"mine": [0, 3], "seats": [], "theirs": [0, 0]}, {"mine": [0, 2]},
     {"en": "leads to 0 penalty turns for you by the round's end, against 3 after yours",
      "de": "führt bis zum Ende der Runde zu 0 Strafen für dich, nach deinem Zug zu 3"}),
    # the build of 7 (AD+AH and the 5D) is taken by the 7D
    ("stolen", ("classic", "10C 7C 5D", "6S 3H 7D", "QC AD AH 3C", (19,)), "5D b7 AD+AH", "5D x 3C+AD+AH",
     {"value": 7, "card": Card.from_str("7D"), "seats": [1]}, {"card": Card.from_str("6S")},
     {"en": "makes no build for an opponent to take, where after yours Player 2 takes your build of 7 with 7D",
      "de": "macht keine Baute, die ein Gegner einnimmt; nach deinem Zug nimmt Spieler 2 deine Baute auf 7 mit 7Ka "
            "ein"}),
    # building 9 keeps the other player from 27 cards: 26 to 26
    ("line_majority", ("classic", "9D 9S 4D", "10D 4C 3H", "2H 7D QS KC", (22,)), "9S x 7D+2H", "9S b9 7D+2H",
     {"item": "most_cards", "how": "denies", "seats": [], "then": [1], "n": 26, "n_then": 25, "m_then": 27},
     {"how": "wins"},
     {"en": "denies Player 2 the most cards: nobody ends with the most, where after yours Player 2 has the most, 27 to "
            "your 25",
      "de": "verhindert, dass Spieler 2 die meisten Karten bekommt: Niemand hat die meisten; nach deinem Zug hat "
            "Spieler 2 die meisten, 27 gegen deine 25"}),
]


@pytest.mark.parametrize(("code", "deal", "played", "better", "params", "wrong", "words"), LINE_EXAMPLES,
                         ids=[e[0] for e in LINE_EXAMPLES])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_the_lines_show(code: str, deal: tuple[Any, ...], played: str, better: str, params: dict[str, Any],
                             wrong: dict[str, Any], words: dict[str, str], lang: str) -> None:
    pos = last_deal(*deal)
    why = line_reason(pos, played, better, code, params.get("item"))
    assert why is not None and why.params == params
    assert holds(pos, played, better, why, **wrong)
    assert words[lang] in " ".join(said(why, lang).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_cassino_alone_is_named_once(lang: str) -> None:
    """After 9H x 9D the other player's 10D takes last, and takes itself (classic, 2 players, seed 122, move 22); a
    card alone is not named again in the brackets that say which Cassino it is, one of several is."""
    pos = last_deal("classic", "4C 9H 6D", "10D 4S", "7C 9D 6C")
    why = line_reason(pos, "9H x 9D", "6D x 6C", "line_cards")
    assert why is not None and why.params["cards"] == cards("10D")
    ui = Renderer(lang, symbols=False)
    named = " ".join(said(why, lang).split())
    assert f"{ui.card(Card.from_str('10D'))} ({'Big' if lang == 'en' else 'Großes'} Cassino)" in named
    both = ui.message("review.cassinos", cards=cards("2S 10D"))
    assert both == {"en": " (2S: Little Cassino, 10D: Big Cassino)",
                    "de": " (2P: Kleines Cassino, 10Ka: Großes Cassino)"}[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_with_three_players_the_lines_may_decide_a_majority_for_the_one_not_leading(lang: str) -> None:
    """Three players, the third out of cards: 10C x 6S+3D+AH leaves the most cards to Player 3, where trailing the
    10C lets Player 2, ahead of Player 3, take them with the 3H and end with the most."""
    pos = last_deal("classic", "JS 10C", "3H 3S", "3D AH 6S", (13, 13))
    why = line_reason(pos, "10C", "10C x 6S+3D+AH", "line_majority", "most_cards")
    assert why is not None and why.params == {"item": "most_cards", "how": "decides", "seats": [2], "then": [1],
                                              "n": 17, "n_then": 13, "m_then": 20}
    assert holds(pos, "10C", "10C x 6S+3D+AH", why, seats=[1])
    words = {"en": "decides the most cards for Player 3, where after yours Player 2 has the most, 20 to your 13",
             "de": "entscheidet die meisten Karten für Spieler 3; nach deinem Zug hat Spieler 2 die meisten, 20 gegen "
                   "deine 13"}[lang]
    assert words in " ".join(said(why, lang, 3).split())


@pytest.mark.parametrize(("preset", "turns", "said"), [
    ("draw", 4, {"en": "does better over the next 4 moves of each player (yours first), on the advisor's average over "
                       "48 random draws of how the hidden cards could lie, each played out that far or to the round's "
                       "end",
                 "de": "ist über die nächsten 4 Züge jedes Spielers (deinen zuerst) besser, im Schnitt des Beraters "
                       "über 48 zufällige Ziehungen, wie die verdeckten Karten liegen könnten, jede so weit oder "
                       "bis zum Ende der Runde durchgespielt"}),
    ("classic", 0, {"en": "does better over the rest of the deal, on the advisor's average over 48 random draws of "
                          "how the hidden cards could lie, each played out to the deal's end",
                    "de": "ist über den Rest dieses Gebens besser"}),
])
def test_a_mark_with_no_idea_says_how_far_the_advisor_played_on(preset: str, turns: int, said: dict[str, str]) -> None:
    """Draw Cassino deals once, and the advisor's playouts stop after a hand's worth of moves a seat: a mark with no
    other reason said each was "played out to the deal's end" (the walk's German Draw game, move 9: 3S trailed where
    10S was better); a deal in classic is played out to its end."""
    pos = deal_round(variant(preset), 2, 1, 2)
    played, better = pos.parse_move("4C"), pos.parse_move("8H")
    values = (MoveValue(better, 0.0, 1.0), MoveValue(played, -1.0, 1.0))
    review = MoveReview(0, 1, Ply(pos, played), values[1], values[0], "mistake", "mistake", (1.0, 1.0),
                        sample=Sample(7, 48))  # the loss confirmed over the advice's own worlds
    found = mark(SeatView.of(pos, pos.to_move), review, Advice("expert", 48, values))
    assert found.reasons == (Why("later", {"worlds": 48, "turns": turns, "ways": None}),)
    seen = SeatView.of(pos, pos.to_move).position()  # a claim is checked in the position the learner saw
    assert false_claim(seen, played, better, found.reasons[0], 48) is None
    other = Why("later", {"worlds": 48, "turns": 4 - turns, "ways": None})
    assert false_claim(seen, played, better, other, 48) is not None
    one = Why("later", {"worlds": 1, "turns": turns, "ways": None})
    assert false_claim(seen, played, better, one, 1) is not None  # the hidden cards lie many ways, not one
    assert false_claim(pos, played, better, found.reasons[0], 48) is not None  # every card shown: one way, not 48
    for lang in ("en", "de"):
        assert said[lang] in " ".join(why_words(Renderer(lang), found.reasons[0], 0, 2).split())


def three_hands(builds: list[Build]) -> Position:
    """Classic, three players, the last deal: the learner (seat 0) holds 9S 6H 7S, the others 2H 2C and 10C 8S; the
    table JS and ``builds``; the rest of the deck taken."""
    v = variant("classic")
    hands = [cards("9S 6H 7S"), cards("2H 2C"), cards("10C 8S")]
    table = [*cards("JS"), *(c for b in builds for c in b.cards)]
    rest = [c for c in v.deck_cards if c not in {*table, *(c for hand in hands for c in hand)}]
    return Position(v, 3, hands, cards("JS"), builds, to_move=0, dealer=2,
                    captured=[rest[:14], rest[14:28], rest[28:]], last_capturer=1)


@pytest.mark.parametrize(("builds", "ways", "said"), [
    ([], 6, {"en": "on the advisor's average over all 6 ways the cards you have not seen could lie in the other hands, "
                   "each played out to the deal's end",
             "de": "im Schnitt des Beraters über alle 6 Möglichkeiten, wie die Karten, die du nicht gesehen hast, in "
                   "den anderen Händen liegen könnten, jede bis zum Ende des Gebens durchgespielt"}),
    ([Build(8, tuple(sorted(cards("7D AC"))), owner=2, single=True),
      Build(10, tuple(sorted(cards("6C 4C"))), owner=2, single=True)], 1,
     {"en": "played out to its end (the cards you have not seen can lie only one way, as the owner of each build must "
            "hold a card to take it)",
      "de": "bis zu dessen Ende durchgespielt (die Karten, die du nicht gesehen hast, können nur auf eine Weise liegen, "
            "da der Besitzer jeder Baute eine Karte halten muss, die sie einnimmt)"}),
    ([Build(2, tuple(sorted(cards("AD AH"))), owner=1, single=True),
      Build(10, tuple(sorted(cards("6C 4C"))), owner=1, single=True)], 2,
     {"en": "on the advisor's average over both ways the cards you have not seen could lie in the other hands",
      "de": "im Schnitt des Beraters über beide Möglichkeiten, wie die Karten, die du nicht gesehen hast, in den "
            "anderen Händen liegen könnten"}),
])
def test_a_mark_with_no_idea_over_few_deals_says_it_is_over_every_one(builds: list[Build], ways: int,
                                                                       said: dict[str, str]) -> None:
    """Where the hidden hands can be dealt in no more ways than the advice's worlds, the mark's values are over every
    deal: 6 ways for two hands of two from four cards, one where Player 3's builds of 8 and 10 ask for his 8 and 10
    (royal, 3 players, seed 123, move 14, said "over 48 ways the hidden cards could lie"), and two where Player 2's
    builds of 2 and 10 ask for his 10 and a 2 (said "over all 2 ways")."""
    pos = three_hands(builds)
    played, better = pos.parse_move("6H"), pos.parse_move("9S")
    values = (MoveValue(better, 0.0, 1.0), MoveValue(played, -1.0, 1.0))
    review = MoveReview(0, 1, Ply(pos, played), values[1], values[0], "mistake", "mistake", (1.0, 1.0))
    view = SeatView.of(pos, 0)
    found = mark(view, review, Advice("expert", 48, values))
    assert found.reasons == (Why("later", {"worlds": 48, "turns": 0, "ways": ways}),)
    seen_pos = view.position()
    assert false_claim(seen_pos, played, better, found.reasons[0], 48) is None
    assert false_claim(seen_pos, played, better, Why("later", {"worlds": 48, "turns": 0, "ways": None}), 48) is not None
    for lang in ("en", "de"):
        words = " ".join(why_words(Renderer(lang), found.reasons[0], 0, 3).split())
        assert said[lang] in words and "48" not in words


def test_a_draw_mark_over_every_deal_counts_the_stocks_orders_and_says_so() -> None:
    """Draw, two players: the other hand hides 2 of 4 unseen cards and the stock the other 2, drawn in order: 6
    hands and 2 orders of the stock, 12 deals, each valued (the playouts draw from the stock).  The mark said "all 12
    hands the other player could hold", which are 6; it names the stock and its orders, and the claims' check
    holds the count of its cards to the position."""
    v = variant("draw")
    hand, table, unseen = cards("9S 6H 7S"), cards("JS"), cards("2H 2C 10C 8S")
    rest = [c for c in v.deck_cards if c not in {*hand, *table, *unseen}]
    pos = Position(v, 2, [hand, []], table, [], to_move=0, dealer=1, hidden=[0, 2],
                   captured=[rest[:len(rest) // 2], rest[len(rest) // 2:]], last_capturer=1, stock_hidden=2)
    played, better = pos.parse_move("6H"), pos.parse_move("9S")
    values = (MoveValue(better, 0.0, 1.0), MoveValue(played, -1.0, 1.0))
    review = MoveReview(0, 1, Ply(pos, played), values[1], values[0], "mistake", "mistake", (1.0, 1.0))
    view = SeatView.of(pos, 0)
    found = mark(view, review, Advice("expert", 48, values))
    assert found.reasons == (Why("later", {"worlds": 48, "turns": 4, "ways": 12, "stock": 2}),)
    seen = view.position()
    assert false_claim(seen, played, better, found.reasons[0], 48) is None
    assert false_claim(seen, played, better, Why("later", {"worlds": 48, "turns": 4, "ways": 12}), 48) is not None
    said = {"en": "on the advisor's average over all 12 ways the cards you have not seen could lie in the other "
                  "player's hand and in the stock (2 cards, in every order), each played out that far or to the "
                  "round's end",
            "de": "im Schnitt des Beraters über alle 12 Möglichkeiten, wie die Karten, die du nicht gesehen hast, in "
                  "der Hand des anderen Spielers und im Talon (2 Karten, in jeder Reihenfolge) liegen könnten, jede "
                  "so weit oder bis zum Ende der Runde durchgespielt"}
    for lang in ("en", "de"):
        assert said[lang] in " ".join(why_words(Renderer(lang), found.reasons[0], 0, 2).split())


def test_a_mark_over_more_deals_than_the_advice_has_worlds_says_it_is_over_every_one() -> None:
    """An advice of 4 worlds where the hidden hands can be dealt in 6 ways: the loss is confirmed over every deal
    from the first look (at most half the 128 worlds a loss may take), so the mark's values are over all 6, and it
    says so ("over 4 random draws" was said of values that were not)."""
    pos = three_hands([])
    played, better = pos.parse_move("6H"), pos.parse_move("9S")
    values = (MoveValue(better, 0.0, 1.0), MoveValue(played, -1.0, 1.0))
    review = MoveReview(0, 1, Ply(pos, played), values[1], values[0], "mistake", "mistake", (1.0, 1.0))
    view = SeatView.of(pos, 0)
    found = mark(view, review, Advice("expert", 4, values))
    assert found.reasons == (Why("later", {"worlds": 4, "turns": 0, "ways": 6}),)
    assert false_claim(view.position(), played, better, found.reasons[0], 4) is None
    assert false_claim(view.position(), played, better, Why("later", {"worlds": 4, "turns": 0, "ways": None}), 4)


def test_a_mark_with_no_idea_says_how_many_draws_its_values_are_over() -> None:
    """A loss confirmed over more worlds than the advice's: its values are the mean of those, and the reason says
    so, made again from the review's data too (Michigan, 4 players, the sweep's round of seed 911, Player 4's move
    10, 7H b10 10S 3S where 2S b5 5C 3S was better, reviewed on 2 worlds: "worth −14.4 against −19.1 ... over 2
    random draws" of values over 32)."""
    seats = [player("club")] * 4
    seats[3] = player("random")
    plies = play_one_round(variant("michigan"), seats, 911).plies
    [(index, turn)] = [(i, t) for i, t in review_turns(plies, 3) if t == 10]
    reviewed, marked = review_move(plies[index], 3, index, turn, seed=911, worlds=2) or pytest.fail("not reviewed")
    assert marked is not None and marked.advice.worlds == 2
    drawn = len(reviewed.best.samples)
    assert drawn == len(reviewed.played.samples) == 32
    assert marked.reasons == (Why("later", {"worlds": 32, "turns": 0, "ways": None}),)
    pos, played, better = SeatView.of(plies[index].before, 3).position(), reviewed.ply.move, reviewed.best.move
    assert false_claim(pos, played, better, marked.reasons[0], 2, drawn) is None
    said_two = Why("later", {"worlds": 2, "turns": 0, "ways": None})
    assert false_claim(pos, played, better, said_two, 2, drawn) is not None
    review = RoundReview(4, 3, (reviewed,), (marked,))
    again = review_from_data(plies, json.loads(json.dumps(review_to_data(review, plies))))
    assert again.marks[0].reasons == marked.reasons
    for lang, words in (("en", "over 32 random draws"), ("de", "über 32 zufällige Ziehungen")):
        assert words in " ".join(review_text(Renderer(lang), again).split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_sweep_left_names_a_build_on_the_table_as_a_build(lang: str) -> None:
    """Trailing 4S beside 6H and the other player's build of 10 [5D+4C+AH] leaves a ten to take both, a sweep
    (royal, 2 players, seed 112, move 9, which named the build's cards as loose ones: "left 6♥ 4♠ A♥ 4♣ 5♦");
    trailing 9H leaves none."""
    pos = seen("4S 9H 8D", "6H 5D 4C AH")
    pos.loose, pos.builds = cards("6H"), [Build(10, tuple(sorted(cards("5D 4C AH"))), owner=1, single=True)]
    why = seen_reason(pos, "4S", "9H", "deny_sweep")
    assert why is not None and why.params["left"] == cards("6H 4S")
    assert why.params["builds"] == [[cards("5D 4C AH")]]
    assert holds(pos, "4S", "9H", why, builds=[]) and holds(pos, "4S", "9H", why, left=cards("6H 4S 5D 4C AH"))
    ui = Renderer(lang, symbols=False)
    tens = ui.cards(why.params["takers"])
    words = {"en": f"where yours left 6H 4S and the build [5D+4C+AH] for {tens} to sweep",
             "de": f"deiner ließ 6H 4P und die Baute [5Ka+4Kr+AH] liegen, und mit {tens} wäre das eine Kehre"}[lang]
    assert words in " ".join(said(why, lang).split())


def test_a_take_kept_for_the_next_turn_that_is_the_last_take_is_said_once() -> None:
    """Trailing AH keeps 8H to take AH 7D next turn, the round's last take (sudden death, 2 players, seed 302, move
    23): said as the last take, not again as a take kept for the next turn."""
    pos = last_deal("sudden-death", "8H AH", "9C", "6H 7D 7S 2D")
    pos.loose, pos.builds = cards("6H 7D"), [Build(9, tuple(sorted(cards("7S 2D"))), owner=1, single=True)]
    played, better = pos.parse_move("8H"), pos.parse_move("AH")
    assert seen_reason(pos, "8H", "AH", "next_take") is not None  # what the position alone shows
    values = (MoveValue(better, -3.0, 0.0), MoveValue(played, -8.0, 0.0))
    review = MoveReview(0, 1, Ply(pos, played), values[1], values[0], "blunder", "blunder", (5.0, 5.0))
    found = mark(SeatView.of(pos, 0), review, Advice("expert", 1, values))
    last = next(w for w in found.reasons if w.code == "last_take")
    assert (last.params["card"], set(last.params["taken"])) == (Card.from_str("8H"), set(cards("AH 7D")))
    assert "next_take" not in [w.code for w in found.reasons]


def test_the_points_of_a_sweep_left_are_not_said_again_as_points_left_to_take() -> None:
    """K♥ x K♠ leaves 5♥ to the 5♠, a sweep: one point, said as the sweep, not again as "one point fewer to take"
    (classic, 2 players, seed 112, move 21; Michigan's sweep of two points the same); trailing the A♥ beside 2♥ 9♦
    8♣ leaves a ten the ace and a sweep, two points, one more than the sweep: said."""
    for preset in ("classic", "michigan"):
        pos = last_deal(preset, "9S KH QD QH", "4D 6S 5S", "5H KS")
        assert seen_reason(pos, "KH x KS", "9S", "deny_sweep") is not None
        assert seen_reason(pos, "KH x KS", "9S", "exposure") is None
    pos = seen("AH 2C JH", "2H 9D 8C")
    assert seen_reason(pos, "AH", "2C", "deny_sweep") is not None
    exposure = seen_reason(pos, "AH", "2C", "exposure")
    assert exposure == Why("exposure", {"n": 2}) and holds(pos, "AH", "2C", exposure, n=1)


@pytest.mark.parametrize(("lang", "words"), [("en", "lowers the most the next player could take by one point"),
                                              ("de", "senkt das, was der nächste Spieler höchstens einnehmen "
                                                     "könnte, um einen Punkt")])
def test_the_points_left_to_take_are_said_as_a_worst_case(lang: str, words: str) -> None:
    """Trailing 10♦ beside A♣ 5♠ lets the next player take at most 2 points (a ten takes the 10♦), trailing Q♥ at
    most 1 (an ace, or a six with the 5♠): the reason's 1 is how much the worst case drops, each over the hands the
    next player may hold.  Holding 10♠ K♦ J♦ 9♥ they would take 2 points fewer, not 1: the reason said "leaves the
    next player 1 point fewer to take", as if for any hand they hold."""
    pos = seen("10D QH 3C 4C", "AC 5S")
    why = seen_reason(pos, "10D", "QH", "exposure")
    assert why == Why("exposure", {"n": 1}) and holds(pos, "10D", "QH", why, n=2)
    held, other, table = cards("10D QH 3C 4C"), cards("10S KD JD 9H"), cards("AC 5S")
    hidden = len(pos.variant.deck_cards) - len(held) - len(other) - len(table)
    known = Position(pos.variant, 2, [held, other], table, [], to_move=0, dealer=1, hidden=[0, 0],
                     captured=[[], []], stock_hidden=hidden)
    take = [exposure_after(known, known.parse_move(m)).points for m in ("10D", "QH")]
    assert take[0] - take[1] == 2  # the premise: for this hand, more than the reason's worst case
    assert said(why, lang) == words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_build_left_without_its_card_names_the_turns_it_costs_after_the_breach(lang: str) -> None:
    """Michigan, two players, the sweep's round of seed 1 (Player 2 random), ply 16: 4S b9 5C leaves Player 2 a
    build of 9 and no nine in hand, where KD was better.  The mark lost 6.6 points and its reasons (a breach, 2
    points at once, and a build an unseen card could take) said 2: the advisor's playouts paid the penalty again on
    each of the three turns left in the deal (6.5 points on average).  Now a reason says so."""
    from tutor.play.game import play_one_round
    from tutor.play.ideas import stranded
    from tutor.play.players import player

    ply = play_one_round(variant("michigan"), [player("club"), player("random")], 1).plies[16]
    pos = SeatView.of(ply.before, 1).position()
    played, better = pos.parse_move("4S b9 5C"), pos.parse_move("KD")
    assert ply.move == played
    [why] = stranded(pos, played, better)
    assert why == Why("stranded", {"value": 9, "n": 2, "turns": 3, "limit": None})
    assert holds(pos, "4S b9 5C", "KD", why, turns=2) and holds(pos, "4S b9 5C", "KD", why, n=1)
    assert holds(pos, "4S b9 5C", "KD", why, value=8)
    assert false_claim(pos, better, played, why, 1) is not None and stranded(pos, better, played) == []
    words = {"en": "each of your three turns left in this deal costs you two points (up to six), unless it raises "
                   "the build to a value you hold",
             "de": "Jeder deiner drei verbleibenden Züge in diesem Geben kostet dich zwei Punkte (bis zu sechs), "
                   "außer er erhöht die Baute auf einen Wert, den du hältst"}[lang]
    assert words in " ".join(said(why, lang).split())


@pytest.mark.parametrize("hand, better, code", [("5C 2D", "2D", "next_take"), ("5C 2D 7C", "2D b7 5S", "build")])
def test_nothing_is_said_of_the_next_turn_where_the_round_may_end_before_it(hand: str, better: str, code: str) -> None:
    """Michigan-5 ends a round at a seat's third penalty (or sweep against it).  The other player has two penalties
    and a build of 10 it cannot take: its one card (KD) costs the third, and the round ends before the learner's
    next turn, so nothing is kept "to take on your next turn" (an expert's reading found it said where the better
    line ended the round first).  With one penalty the round goes on, and the reason holds."""
    pos = last_deal("michigan-5", hand, "KD", "5S 3H")
    pos.builds = [Build(10, tuple(sorted(cards("6H 4S"))), owner=1, single=True)]
    found = {}
    for penalties in (1, 2):
        pos.penalties = [0, penalties]
        view = SeatView.of(pos, 0).position()
        found[penalties] = seen_reason(view, "5C", better, code)
    why = found[1]
    assert why is not None and found[2] is None
    pos.penalties = [0, 1]
    assert false_claim(SeatView.of(pos, 0).position(), pos.parse_move("5C"), pos.parse_move(better), why, 1) is None
    pos.penalties = [0, 2]
    view = SeatView.of(pos, 0).position()
    assert "end the round" in str(false_claim(view, view.parse_move("5C"), view.parse_move(better), why, 1))


def test_a_sweep_denied_is_not_said_again_as_the_lines_sweeps() -> None:
    """Draw, 2 players, the last cards: 10D x 10H leaves 4D for the other player's 4C to sweep, trailing AD leaves
    no sweep.
    The lines' sweeps (none for Player 1, against one after yours) are that sweep alone: said once, by the reason
    that names the table left and its taker.  The position of the first round of a Draw match of seed 302 (club
    against greedy, the greedy's move 23), where the mark said it twice."""
    pos = last_deal("draw", "AD 10D", "4C 2S", "4D 10H")
    played, better = pos.parse_move("10D x 10H"), pos.parse_move("AD")
    sweeps = line_reason(pos, "10D x 10H", "AD", "line_sweeps")
    assert sweeps is not None and sweeps.params["mine"] == [0, 0] and sweeps.params["theirs"] == [0, 1]
    values = (MoveValue(better, 0.0, 0.0), MoveValue(played, -3.0, 0.0))
    review = MoveReview(0, 1, Ply(pos, played), values[1], values[0], "blunder", "blunder", (3.0, 3.0))
    codes = [w.code for w in mark(SeatView.of(pos, 0), review, Advice("expert", 1, values)).reasons]
    assert "deny_sweep" in codes and "line_sweeps" not in codes


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_build_left_stranded_costs_only_the_turns_before_the_round_ends(lang: str) -> None:
    """Michigan-5 ends a round at a seat's third penalty.  With one penalty, 3D b8 5S (no eight in hand) is a second
    and leaves a build of 8 no card left takes: of the three turns left, the next one's penalty ends the round, so
    it costs two points, not "each of your three turns ... (up to six)"."""
    from tutor.play.ideas import stranded

    pos = last_deal("michigan-5", "9C 3D 4H KS", "2C 6C 7C QC", "5S")
    pos.penalties = [1, 0]
    view = SeatView.of(pos, 0).position()
    played, better = view.parse_move("3D b8 5S"), view.parse_move("KS")
    [why] = stranded(view, played, better)
    assert why == Why("stranded", {"value": 8, "n": 2, "turns": 1, "limit": 3})
    assert holds(view, "3D b8 5S", "KS", why, turns=3, limit=None) and holds(view, "3D b8 5S", "KS", why, turns=2)
    pos.penalties = [0, 0]  # two penalties to go: the second of the three turns ends the round
    view = SeatView.of(pos, 0).position()
    [two] = stranded(view, played, better)
    assert two.params["turns"] == 2 and holds(view, "3D b8 5S", "KS", two, turns=3, limit=None)
    drawn = last_deal("michigan-5", "9C 3D 4H KS", "2C 6C 7C QC", "5S")  # the same, with cards still to draw
    drawn.variant, drawn.stock, drawn.captured = replace(drawn.variant, draw=True), drawn.captured[0][:4], \
        [drawn.captured[0][4:], drawn.captured[1]]
    view = SeatView.of(drawn, 0).position()
    assert stranded(view, played, better) == [] and false_claim(view, played, better, two, 1) is not None
    words = {"en": "your next turn costs you two points and ends the round (three instant scores against you), "
                   "unless it raises the build",
             "de": "Dein nächster Zug kostet dich zwei Punkte und beendet die Runde (drei Sofortwertungen gegen dich), "
                   "außer er erhöht die Baute"}[lang]
    assert words in " ".join(said(why, lang).split())
    words = {"en": "each of your next two turns costs you two points (up to four), the last of them ending the round "
                   "(three instant scores against you)",
             "de": "Jeder deiner nächsten zwei Züge kostet dich zwei Punkte (bis zu vier), der letzte beendet die "
                   "Runde (drei Sofortwertungen gegen dich)"}[lang]
    assert words in " ".join(said(two, lang).split())


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "builds 9 to take on your next turn, if it is still there"),
    ("de", "macht eine Baute auf 9, die du im nächsten Zug einnehmen kannst, wenn sie dann noch daliegt"),
])
def test_a_build_to_take_next_turn_is_said_with_the_steal_it_may_meet(lang: str, words: str) -> None:
    """4D b9 5H (9S kept) against trailing KC (classic, 2 players; as classic seed 11, move 5, 3♠ b9 6♦ against 7♠
    trailed): the nines unseen (9C 9D 9H) could take the build before the learner's next turn, as the mark's own
    reason of the build's cards says.  "Builds 9 to take on your next turn" (and the German "die du im nächsten Zug
    einnehmen kannst") said it as certain; it holds only if the build is still there."""
    pos = seen("9S 4D KC", "5H 3C")
    why = seen_reason(pos, "KC", "4D b9 5H", "build")
    assert why is not None and why.params == {"value": 9}
    later = after(pos, pos.parse_move("4D b9 5H"))
    [made] = later.builds
    assert opponent_takers(later, 0, lambda m: made in m.builds) == sorted(cards("9C 9D 9H"))
    assert " ".join(said(why, lang).split()) == words


def opponent_builds_with(pos: Position, move: str, card: str) -> list[str]:
    """The builds the next player could make with table ``card`` after ``move``, holding every unseen card, of a
    value no card the mover keeps can take or hold: each lets that player take ``card`` on its next turn."""
    later = after(pos, pos.parse_move(move))
    kept = {v for c in later.hands[pos.to_move] for v in later.variant.capture_values[c]}
    seat = later.to_move
    later.hands[seat], later.hidden_counts[seat] = sorted(unseen_cards(later)), 0
    return [str(m) for m in hand_moves(later) if m.kind in BUILD_KINDS and Card.from_str(card) in m.loose
            and m.value not in kept]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_card_safe_from_the_table_left_is_said_safe_from_that_table_only(lang: str) -> None:
    """The cards ``safe`` and ``safe_trail`` name no unseen card can take from the table the better move leaves,
    but an opponent could still build with them and take the build on its next turn: after 3S trailed, an ace
    builds 4 (AS b4 3S) that the learner's 6H QD cannot take; after 5D x 3H+2C, an ace builds 10 with 9C that the
    9S 2H kept cannot take.  The words said no unseen card would let an opponent take them; they now say from the
    table left."""
    trail = seen("3S 6H QD", "KC", taken="3C 3D 3H")
    safe_trail = seen_reason(trail, "6H", "3S", "safe_trail")
    assert safe_trail is not None and "AS b4 3S" in opponent_builds_with(trail, "3S", "3S")
    left = seen("9S 5D 2H", "9C 3H 2C", taken="9D 9H")
    safe = seen_reason(left, "9S x 9C", "5D x 3H+2C", "safe")
    assert safe is not None and "AS b10 9C" in opponent_builds_with(left, "5D x 3H+2C", "9C")
    words = {"en": ["trails 3S, which no card you have not seen would let an opponent take from the table it leaves,",
                    "leaves 9C on a table from which no card you have not seen would let an opponent take it,"],
             "de": ["legt 3P ab, und auf dem Tisch, den er lässt, kann ein Gegner sie mit keiner Karte einnehmen,",
                    "lässt 9Kr auf einem Tisch liegen, von dem ein Gegner sie mit keiner Karte einnehmen kann,"]}[lang]
    for why, text in zip((safe_trail, safe), words):
        assert text in " ".join(said(why, lang).split())
