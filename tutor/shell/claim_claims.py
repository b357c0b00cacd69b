"""A claim's words checked: every count it states, recomputed from the position and the match.

A claim (rules.md section 7, option ``claim``: the learner's ``claim``, or a
computer's) ends the match, and the shell says who claimed, the points certain
this round item by item, the majorities not certain yet with the count that
would make them so, the total against the target and the result
(:func:`~tutor.shell.game_text.ended_text`).  :func:`claim_problems` reads these
words back (English and German) and recounts each claim from the piles each
side has taken, its sweeps and penalties and the match's points before the
round, not from the count the renderer was given: each row's points and the
cards or counts it names, "nothing yet" exactly where nothing is certain, each
majority not certain yet with its points, the side's count, the deck's and the
count past half (said to be out of reach where too few cards are left), the points
before the round, the certain ones, their total, the target and how far short
of it, and the result the engine judged (true exactly when the total reaches the
target) with its winner, and the claiming seat's own view judging it the same (the
learner's hint says that a claim wins now, and a computer claims, by that view).
A false claim is a bug, found by the tests.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator, Sequence

from tutor.core.cards import SPADE, Card
from tutor.core.position import Position
from tutor.core.scoring import JACK_OF_SPADES, point_card_order
from tutor.play.game import checked_choice, claims
from tutor.play.players import player
from tutor.play.table_game import Settings, TableGame
from tutor.play.view import SeatView
from tutor.render import LANGS, Renderer

from .game_text import ended_text

_INT = r"([+\u2212]?\d+)"
PHRASES = {
    "en": {
        "head": r"^Certain this round for (.+):$",
        "none": "  Nothing yet.",
        "unsure": rf"^  (Not yet certain|Cannot become certain): most (cards|spades), {_INT} points? \({_INT} of "
                  rf"{_INT} taken, (certain from|too few left to reach) {_INT}\)$",
        "total": rf"^The claim counts {_INT} points before this round and {_INT} certain in it: {_INT}, (?:reaching "
                 rf"the target of {_INT}|{_INT} short of the target of {_INT})\.$",
        "claimed": rf"reached {_INT} points, counting only the points certain this round\.$",
        "true": "the match: the claim is true.",
        "false": "the match: the claim is false",
        "of": "of",
    },
    "de": {
        "head": r"^Sicher in dieser Runde für (.+):$",
        "none": "  Noch nichts.",
        "unsure": rf"^  (Noch offen|Kann nicht mehr sicher werden): meiste (Karten|Pik), {_INT} Punkte? \({_INT} "
                  rf"von {_INT} eingenommen, (sicher ab|zu wenige übrig für) {_INT}\)$",
        "total": rf"^Die Ansage zählt {_INT} Punkte vor dieser Runde und {_INT} sichere in ihr, zusammen {_INT}"
                 rf"(?:, damit ist das Ziel von {_INT} erreicht|, {_INT} weniger als das Ziel von {_INT})\.$",
        "claimed": rf"das Ziel von {_INT} Punkten erreicht.*; gezählt wird nur, was in dieser Runde sicher ist\.$",
        "true": "die Partie: Die Ansage stimmt.",
        "false": "die Partie: Die Ansage ist falsch",
        "of": "von",
    },
}
"""What a claim says, by language: the patterns its words are read back with."""
KINDS = {"en": {"cards": "cards", "spades": "spades"}, "de": {"Karten": "cards", "Pik": "spades"}}
"""The majorities' words, by language."""
REACHABLE = {
    "en": {"Not yet certain": True, "certain from": True, "Cannot become certain": False,
           "too few left to reach": False},
    "de": {"Noch offen": True, "sicher ab": True, "Kann nicht mehr sicher werden": False,
           "zu wenige übrig für": False},
}
"""Whether the words of a majority not certain yet say that it can still become certain, by language."""

Row = tuple[int, list[list[str]]]
"""A certain item as the words must show it: its points, and groups of words, one of each group in its line."""


def number(text: str) -> int:
    """A whole number as the shell shows it (a true minus sign, a plus sign) read back."""
    return int(text.replace("\u2212", "-").lstrip("+"))


def counted(ui: Renderer, n: int) -> list[str]:
    """The forms a count ``n`` may take in words: its digits, or its word."""
    return [str(n), ui.message("words.number", n=n)]


def side_pile(pos: Position, side: int) -> list[Card]:
    """The cards the seats of ``side`` have taken this round (a round in play: no residue yet)."""
    assert pos.captured is not None
    return [c for seat in range(pos.players) if pos.side_of(seat) == side for c in pos.captured[seat]]


def certain_rows(ui: Renderer, pos: Position, side: int) -> list[Row]:
    """What ``side`` is sure of on ``pos``, recounted from its pile, sweeps and penalties, as the claim's rows show
    it: penalties, each majority of more than half the deck's, spades under ``spade_points``, each point card (the
    aces on one row, where the first of them is) and sweeps."""
    assert pos.sweeps is not None and pos.penalties is not None
    v, pile = pos.variant, side_pile(pos, side)
    seats = [s for s in range(pos.players) if pos.side_of(s) == side]
    rows: list[Row] = []
    fined = sum(pos.penalties[s] for s in seats)
    if v.default_penalty and fined:
        rows.append((-fined * v.default_penalty, [counted(ui, fined)]))
    spades = sum(SPADE[c] for c in pile)
    of = PHRASES[ui.lang]["of"]
    for points, taken, deck in ((v.most_cards, len(pile), len(v.deck_cards)),
                                (v.effective_most_spades, spades, v.deck_spades)):
        if points and 2 * taken > deck:
            rows.append((points, [[f"{taken} {of} {deck}"]]))
    if v.spade_points and spades:
        rows.append((spades + (JACK_OF_SPADES in pile), [[str(spades)]]))
    table = v.point_card_table
    cards = sorted((c for c in pile if table[c]), key=point_card_order)
    aces = [c for c in cards if c.rank == "A"]
    for card in cards:
        if card.rank != "A":
            rows.append((table[card], [[ui.card(card)]]))
        elif card == aces[0]:
            rows.append((sum(table[a] for a in aces), [[ui.card(a)] for a in aces]))
    sweeps = sum(pos.sweeps[s] for s in seats)
    if v.sweep_points and sweeps:
        rows.append((sweeps * v.sweep_points, [counted(ui, sweeps)]))
    return rows


def unsure(pos: Position, side: int) -> list[tuple[str, int, int, int, bool]]:
    """The majorities the variant scores that ``side`` is not sure of yet: each kind, points, the side's count, the
    deck's, and whether more than half of the deck's can still be reached (the side's count and what nobody has
    taken yet)."""
    assert pos.captured is not None
    v, pile = pos.variant, side_pile(pos, side)
    taken = [c for cards in pos.captured for c in cards]
    out = []
    for kind, points, count, deck, free in (
            ("cards", v.most_cards, len(pile), len(v.deck_cards), len(v.deck_cards) - len(taken)),
            ("spades", v.effective_most_spades, sum(SPADE[c] for c in pile), v.deck_spades,
             v.deck_spades - sum(SPADE[c] for c in taken))):
        if points and 2 * count <= deck:
            out.append((kind, points, count, deck, 2 * (count + free) > deck))
    return out


def claim_problems(game: TableGame) -> list[str]:
    """Everything false in what the shell says of the claim that ended ``game``, in each language."""
    claim = game.claimed
    assert claim is not None and game.result is not None
    out = []
    for lang in LANGS:
        ui = Renderer(lang, symbols=False)
        out += [f"{lang}: {p}" for p in claim_word_problems(ui, game, ended_text(ui, game))]
    return out


def claim_word_problems(ui: Renderer, game: TableGame, text: str) -> list[str]:
    """What is false in ``text``, the claim that ended ``game`` in ``ui``'s language, each count recomputed."""
    claim, result = game.claimed, game.result
    assert claim is not None and result is not None
    said, pos, lines = PHRASES[ui.lang], game.position, text.splitlines()
    side, target = pos.side_of(claim.seat), game.settings.variant.target
    out = []
    claimed = re.search(said["claimed"], lines[0])
    if claimed is None or number(claimed.group(1)) != target:
        out.append(f"the claim of the target of {target} is not said: {lines[0]!r}")
    heads = [i for i, line in enumerate(lines) if re.match(said["head"], line)]
    totals = [i for i, line in enumerate(lines) if re.match(said["total"], line)]
    if len(heads) != 1 or len(totals) != 1 or heads[0] > totals[0]:
        return [*out, f"no count of the claim: {text!r}"]
    head = re.match(said["head"], lines[heads[0]])
    assert head is not None
    seats = {str(s + 1) for s in game.side_seats[side] if s != game.learner}
    if set(re.findall(r"\d+", head.group(1))) != seats:
        out.append(f"the count is not said for the side of seats {game.side_seats[side]}: {lines[heads[0]]!r}")
    block = lines[heads[0] + 1:totals[0]]
    out += _rows_problems(ui, pos, side, block)
    out += _unsure_problems(ui, pos, side, block)
    before = game.match.scores[side]
    certain = sum(points for points, _ in certain_rows(ui, pos, side))
    true = before + certain >= target
    total = re.match(said["total"], lines[totals[0]])
    assert total is not None
    shown = [None if g is None else number(g) for g in total.groups()]
    short = None if true else target - before - certain
    if shown != [before, certain, before + certain, target if true else None, short, None if true else target]:
        out.append(f"{before} before, {certain} certain, {before + certain} in all against the target of {target}: "
                   f"{lines[totals[0]]!r}")
    if claims(SeatView.of(pos, claim.seat)) != true:  # what the hint says of a claim, and a computer claims by
        out.append(f"the claiming seat's view judges the claim {not true}, the recount {before + certain} of {target}")
    judged = result.reason == "claim" and result.winner == side
    if judged != true or (result.reason != "claim" and (result.reason != "false_claim" or result.loser != side)):
        out.append(f"the engine judged {result}, the recount {before + certain} of {target}")
    out += _result_problems(ui, game, side, true, " ".join(lines[totals[0] + 1:]))
    return out


def _rows_problems(ui: Renderer, pos: Position, side: int, block: Sequence[str]) -> list[str]:
    """The certain items, row by row: their points and the cards or counts they name; "nothing yet" exactly where
    there are none."""
    rows = [line for line in block if re.match(r"^\s+[+\u2212]\d+  ", line)]
    expected = certain_rows(ui, pos, side)
    out = []
    if (PHRASES[ui.lang]["none"] in block) != (not expected) or len(rows) != len(expected):
        return [f"{len(expected)} certain items, said {len(rows)}: {list(block)!r}"]
    for line, (points, groups) in zip(rows, expected):
        if number(line.split()[0]) != points or not all(any(w in line for w in g) for g in groups):
            out.append(f"a row of {points} points naming {groups}: {line!r}")
    return out


def _unsure_problems(ui: Renderer, pos: Position, side: int, block: Sequence[str]) -> list[str]:
    """The majorities not certain yet: their points, the side's count, the deck's and the count that would make them
    certain, said to be not certain yet where that count can still be reached, else that it cannot be."""
    said, kinds, reach = PHRASES[ui.lang], KINDS[ui.lang], REACHABLE[ui.lang]
    lines = [m for line in block if (m := re.match(said["unsure"], line))]
    shown = [(kinds[m.group(2)], number(m.group(3)), number(m.group(4)), number(m.group(5)), number(m.group(7)),
              reach[m.group(1)]) for m in lines]
    expected = [(kind, points, count, deck, deck // 2 + 1, reachable)
                for kind, points, count, deck, reachable in unsure(pos, side)]
    out = [] if shown == expected else [f"not certain (kind, points, count, deck, past half, reachable): {expected}, "
                                        f"said {shown}"]
    return out + [f"{m.group(1)!r} said with {m.group(6)!r}" for m in lines if reach[m.group(1)] != reach[m.group(6)]]


def _result_problems(ui: Renderer, game: TableGame, side: int, true: bool, words: str) -> list[str]:
    """The result said: the claim true or false as recounted, the claiming side's, and the winner after a false
    claim where there is one other side."""
    said = PHRASES[ui.lang]
    named = ui.side_name(game.side_seats[side], game.learner)
    if not words.startswith(named[0].upper() + named[1:]) or (said["true"] if true else said["false"]) not in words:
        return [f"the claim of {named} is {'true' if true else 'false'}: {words!r}"]
    others = [s for s in range(len(game.side_seats)) if s != side]
    if not true and len(others) == 1 and ui.side_name(game.side_seats[others[0]], game.learner) not in words:
        return [f"after a false claim the other side wins: {words!r}"]
    return []


def claimed_games(settings: Settings, every: int = 1) -> Iterator[TableGame]:
    """The match of ``settings`` (claims on) played out, the learner choosing as a computer of its level would:
    at every ``every``-th turn of the learner a copy of the game ended by the learner's claim there, true or false,
    and the game itself at its end where a computer's claim ended it."""
    game = TableGame(settings)
    rng, me, turn = random.Random(settings.seed), player(settings.level), 0
    game.begin_round()
    game.advance()
    while not game.over:
        if game.round_over:
            game.next_round()
            continue
        turn += 1
        if turn % every == 0:
            claimed = copy.deepcopy(game)
            claimed.claim()
            yield claimed
        pos = game.position
        game.play(checked_choice(me, pos, rng, pos.generate()))
    if game.claimed is not None:
        yield game
