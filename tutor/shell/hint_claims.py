"""The in-game hint checked: every number and comparison word it says, recomputed from the advice and the rules.

The shell's ``hint`` during a game (:func:`~tutor.shell.game_text.hint_text`)
names the advisor's move, its value in round points, how that value was found
(the hidden cards lying only one way, one random draw of them, or the average
over so many draws with its spread) and the next best move's value, said to be
the same as the best's when the two show the same to a tenth of a point.
:func:`advice_problems` checks the advice itself against the rules (its moves
the legal ones, each value and spread the mean and standard deviation of its
samples, best first); :func:`hint_word_problems` reads the words back (English
and German) and recomputes each claim from the advice's samples and the
position, not from what the renderer was given: the move named best, the
numbers as rounded to a tenth, "the same" said exactly when the shown values
are, the count of draws, "nothing to average" only where the unseen cards
can lie one way (:func:`ways`), and the time limit's line exactly where the
advice was stopped by its budget, with that budget and the moves left
unvalued.  :func:`exact_problems` recomputes the values of a last deal whose
cards are all known: each the round's margin at the end of its best line,
played out and scored.  A false claim is a bug, found by the tests.
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from tutor.core.comparison_claims import line_value
from tutor.core.position import Position
from tutor.core.solver import Goal, rank_moves, unseen_cards
from tutor.play.advisor import EXACT_CARDS, Advice, MoveValue
from tutor.play.deal_values import deal_values
from tutor.play.worlds import every_deal, world_of
from tutor.render import LANGS, Renderer

from .game_text import hint_text

_NUMBER = r"([+\u2212]?[\d.,]+)"
PHRASES = {
    "en": {
        "value": rf"it is worth {_NUMBER} round points to your side",
        "spread": rf"; spread ±{_NUMBER}\)",
        "draws": r"Averaged over (\d+) random draws of how the hidden cards could lie",
        "every": r"Averaged over (?:all (\d+)|(both)) ways the hidden cards could lie|(?:can lie only one way, as the "
                 r"owner of each build holds a card)",
        "one_draw": r"On one random draw of how the hidden cards could lie",
        "one_way": r"so there is nothing to average",
        "known": r"Every card is known now",
        "in_stock": r"The cards you cannot see are all in the stock now",
        "other": rf"The next best, (.+?), is worth {_NUMBER}( too: the same to a tenth of a point)?\.$",
        "stopped": rf"The advisor stopped at its time limit of {_NUMBER} s: this is its best so far"
                   r"(?: \((\d+) moves? not valued in time\))?, and",
    },
    "de": {
        "value": rf"für deine Seite {_NUMBER} Rundenpunkte wert",
        "spread": rf"; Streuung ±{_NUMBER}\)",
        "draws": r"Im Mittel über (\d+) zufällige Ziehungen, wie die verdeckten Karten liegen könnten",
        "every": r"Im Mittel über (?:alle (\d+)|(beide)) Möglichkeiten, wie die verdeckten Karten liegen könnten|(?:"
                 r"kann nur auf eine Weise liegen, da der Besitzer jeder Baute eine Karte hält)",
        "one_draw": r"Nach einer einzigen zufälligen Ziehung, wie die verdeckten Karten liegen könnten",
        "one_way": r"es gibt also nichts zu mitteln",
        "known": r"Jetzt ist jede Karte bekannt",
        "in_stock": r"Was du nicht siehst, liegt jetzt alles im Talon",
        "other": rf"Der nächstbeste, (.+?), ist (ebenfalls )?{_NUMBER} "
                 r"wert(: auf ein Zehntel Punkt genau gleich gut)?\.$",
        "stopped": rf"Der Berater hat bei seinem Zeitlimit von {_NUMBER} s angehalten: Das ist sein bester Zug bis "
                   r"dahin(?: \((\d+) (?:Zug|Züge) nicht rechtzeitig bewertet\))?, und",
    },
}
"""What the hint says, by language: the patterns its words are read back with."""
HEADS = {"en": "The advisor, judging only from what you can see, would play {}.",
         "de": "Der Berater würde, nur nach dem, was du siehst, {} spielen."}


def tenth(x: float) -> Decimal:
    """``x`` to a tenth of a point, halves away from zero, as its shortest decimal form reads; no negative zero."""
    return Decimal(repr(x)).quantize(Decimal("0.1"), ROUND_HALF_UP) + 0


def read(shown: str, lang: str) -> Decimal:
    """A number as the hint shows it in ``lang`` (grouping, a decimal comma, a true minus sign) read back."""
    plain = shown.replace(",", "") if lang == "en" else shown.replace(".", "").replace(",", ".")
    return Decimal(plain.replace("\u2212", "-").lstrip("+"))


def ways(pos: Position) -> int:
    """How many ways the cards ``pos`` does not show can lie in its hidden places (each hidden hand and the stock,
    as sets, and any left over): a multinomial coefficient."""
    places = [*pos.hidden_counts, pos.stock_hidden]
    left = len(unseen_cards(pos)) - sum(places)
    return math.factorial(sum(places) + left) // math.prod(math.factorial(n) for n in (*places, left))


def ranked(pos: Position, advice: Advice) -> list[MoveValue]:
    """The valued moves by the mean of their samples, best first, equal ones in the order the rules list them."""
    order = {m: i for i, m in enumerate(pos.generate())}
    return sorted(advice.moves, key=lambda mv: (-mean(mv.samples), order.get(mv.move, len(order))))


def mean(samples: Sequence[float]) -> float:
    return math.fsum(samples) / len(samples)


def advice_problems(pos: Position, advice: Advice) -> list[str]:
    """What is false in ``advice`` on ``pos``: its moves are distinct legal ones, with those left unvalued all the
    others; each value and spread the mean and standard deviation of its samples; best first; the best valued on
    every world the advice counts."""
    legal, moves = pos.generate(), [mv.move for mv in advice.moves]
    out = []
    if len(set(moves)) != len(moves) or not set(moves) <= set(legal):
        out.append(f"the advice values {moves}, not distinct legal moves of {legal}")
    if len(moves) + advice.unvalued != len(legal):
        out.append(f"the advice leaves {len(legal) - len(moves)} moves unvalued, not {advice.unvalued}")
    for mv in advice.moves:
        said = pos.notation(mv.move)
        if not mv.samples or not math.isclose(mv.value, mean(mv.samples), abs_tol=1e-9):
            out.append(f"{said} is worth {mv.value!r}, its samples' mean is not that")
        elif not math.isclose(mv.spread, statistics.pstdev(mv.samples), abs_tol=1e-9):
            out.append(f"{said} has spread {mv.spread!r}, not {statistics.pstdev(mv.samples)!r}")
    if out:
        return out
    if [mv.move for mv in ranked(pos, advice)] != moves:
        out.append("the moves are not best first (equal ones in the rules' order)")
    counted = advice.deals or advice.worlds
    if len(advice.moves[0].samples) != counted:
        out.append(f"the best move is valued on {len(advice.moves[0].samples)} worlds, not {counted}")
    if ways(pos) == 1 and advice.worlds != 1:
        out.append(f"the hidden cards lie one way, yet the advice counts {advice.worlds} worlds")
    return out


def hint_word_problems(ui: Renderer, pos: Position, advice: Advice, text: str, limit: float | None = None,
                       asked: int | None = None) -> list[str]:
    """What is false in ``text``, the hint of ``advice`` on ``pos`` in ``ui``'s language, the advice given a time
    budget of ``limit`` seconds (None: none) and ``asked`` for so many worlds (None: not known): each claim
    recomputed from the samples and the position."""
    lang, words = ui.lang, " ".join(text.split())
    said = PHRASES[lang]
    best, *rest = ranked(pos, advice)
    stopped = re.search(said["stopped"], words)
    out = _stopped_problems(pos, advice, stopped, limit, asked, lang)
    if stopped is not None:
        words = words[:stopped.start()].rstrip()
    if not words.startswith(HEADS[lang].format(ui.move(pos, best.move))):
        out.append(f"the hint does not name {pos.notation(best.move)}, the best by its samples: {words!r}")
    value = re.search(said["value"], words)
    shown = None if value is None else read(value.group(1), lang)
    if shown != tenth(mean(best.samples)):
        out.append(f"the best is worth {tenth(mean(best.samples))} to a tenth, shown {shown}: {words!r}")
    out += _method_problems(pos, advice, best, words, said, lang)
    other = re.search(said["other"], words)
    if not rest:
        alone = f"a next best is named where {pos.notation(best.move)} is the only move valued"
        return out + ([alone] if other else [])
    if other is None:
        return [*out, f"the next best, {pos.notation(rest[0].move)}, is not named: {words!r}"]
    if lang == "en":
        name, number, marks = other.group(1), other.group(2), [other.group(3)]
    else:  # "ebenfalls" and "auf ein Zehntel Punkt genau gleich gut"
        name, number, marks = other.group(1), other.group(3), [other.group(2), other.group(4)]
    same = any(marks)
    if same != all(marks):
        out.append(f"the next best is said the same in half the words: {words!r}")
    if name != ui.move(pos, rest[0].move):
        out.append(f"the next best is {pos.notation(rest[0].move)}, not {name}")
    other_shown, best_shown = read(number, lang), tenth(mean(best.samples))
    if other_shown != tenth(mean(rest[0].samples)):
        out.append(f"the next best is worth {tenth(mean(rest[0].samples))} to a tenth, shown {other_shown}")
    if same != (other_shown == best_shown):
        out.append(f"the next best ({other_shown}) is {'not ' * same}said the same as the best ({best_shown})")
    return out


def _stopped_problems(pos: Position, advice: Advice, stopped: re.Match[str] | None, limit: float | None,
                      asked: int | None, lang: str) -> list[str]:
    """The time limit's line, said exactly where the advice was stopped by its budget (it had one, and where the
    worlds ``asked`` for are known, it values fewer moves than the rules allow or counts fewer worlds), with that
    budget and the moves it left unvalued."""
    unvalued = len(pos.generate()) - len(advice.moves)
    if stopped is None:
        return ["the advice was stopped by its time budget, and the hint does not say so"] if advice.stopped else []
    if not advice.stopped or limit is None:
        return [f"a time limit is said, but the advice {'had no budget' if limit is None else 'was not stopped'}"]
    out = []
    if asked is not None and not unvalued and advice.worlds >= asked:
        out.append(f"a time limit is said, but every move is valued on all {asked} worlds asked for")
    if read(stopped.group(1), lang) != Decimal(repr(limit)):
        out.append(f"the time limit is {limit!r} s, said {stopped.group(1)} s")
    if int(stopped.group(2) or 0) != unvalued:
        out.append(f"{unvalued} moves are not valued, said {stopped.group(2) or 0}")
    return out


def _method_problems(pos: Position, advice: Advice, best: MoveValue, words: str, said: dict[str, str],
                     lang: str) -> list[str]:
    """How the value was found, as the words say it: one way, one draw, or an average with its spread."""
    n, lie = len(best.samples), ways(pos)
    draws, every = re.search(said["draws"], words), re.search(said["every"], words)
    if every is not None or advice.deals:
        return _every_deal_problems(pos, advice, best, every, words, said, lang)
    if re.search(said["one_way"], words):
        out = [] if lie == 1 and n == 1 else [f"nothing to average said, but the hidden cards can lie {lie} ways "
                                              f"and the best is valued on {n} draws"]
        if re.search(said["known"], words) and pos.stock_size:
            out.append(f"every card said known with {pos.stock_size} in the stock")
        if re.search(said["in_stock"], words) and (any(pos.hidden_counts) or not pos.stock_size):
            out.append(f"the unseen cards said all in the stock: hands hide {pos.hidden_counts}, stock "
                       f"{pos.stock_size}")
        return out
    if re.search(said["one_draw"], words):
        return [] if n == 1 and lie > 1 else [f"one random draw said, with {n} valued of {lie} ways"]
    if draws is None:
        return [f"the hint does not say how its value was found: {words!r}"]
    out = [] if int(draws.group(1)) == n == advice.worlds and n > 1 else [
        f"{draws.group(1)} draws said, the best valued on {n} (the advice counts {advice.worlds})"]
    spread = re.search(said["spread"], words)
    if spread is None or read(spread.group(1), lang) != tenth(statistics.pstdev(best.samples)):
        out.append(f"the spread is {tenth(statistics.pstdev(best.samples))} to a tenth: {words!r}")
    return out


def _every_deal_problems(pos: Position, advice: Advice, best: MoveValue, every: re.Match[str] | None, words: str,
                         said: dict[str, str], lang: str) -> list[str]:
    """Every deal of the hidden hands said averaged, exactly where the advice is exact (``deals``): as many as the
    holding rule allows, the best valued in each over every order of the hidden hands, and its spread over them."""
    if every is None or not advice.deals:
        return [f"every deal said averaged: {every is not None}, the advice exact: {bool(advice.deals)}: {words!r}"]
    deals = every_deal(pos)
    count = int(every.group(1)) if every.group(1) else 2 if every.group(2) else 1
    out = [] if count == len(deals) == advice.deals == len(best.samples) else [
        f"{count} ways said, {len(deals)} deals, the best valued on {len(best.samples)}"]
    if [v[0] for v in deal_values(pos, deals, [best.move])] != list(best.samples):
        out.append(f"{pos.notation(best.move)}'s values are not its values in every deal over every order")
    spread = re.search(said["spread"], words)
    if count == 1:
        return out + ([f"a spread said over one deal: {words!r}"] if spread else [])
    if spread is None or read(spread.group(1), lang) != tenth(statistics.pstdev(best.samples)):
        out.append(f"the spread is {tenth(statistics.pstdev(best.samples))} to a tenth: {words!r}")
    return out


def exact_problems(pos: Position, advice: Advice) -> list[str]:
    """In a last deal whose hidden cards lie one way and that the advisor searches exactly
    (:data:`~tutor.play.advisor.EXACT_CARDS`), each value is the round's margin for the mover's side at the end of
    that move's best line, played out and scored; nothing elsewhere, nor where a time budget may have cut the
    search."""
    in_hands = sum(len(h) + n for h, n in zip(pos.hands, pos.hidden_counts))
    if advice.stopped or pos.stock_size or ways(pos) != 1 or in_hands > EXACT_CARDS[pos.players]:
        return []
    world = world_of(pos, sorted(unseen_cards(pos)))
    lines = {j.move: j.line for j in rank_moves(world, Goal.from_str("deal")).moves}
    return [f"{pos.notation(mv.move)} is worth {mv.value!r}, its best line ends {line_value(world, lines[mv.move])}"
            for mv in advice.moves if mv.value != line_value(world, lines[mv.move])]


def game_hint_problems(pos: Position, advice: Advice, limit: float | None = None,
                       asked: int | None = None) -> list[str]:
    """Everything false in the hint of ``advice`` on ``pos``, given a time budget of ``limit`` seconds (None: none)
    and ``asked`` for so many worlds (None: not known): the advice, its exact values, and its words in each
    language."""
    out = advice_problems(pos, advice)
    if out:
        return out
    out += exact_problems(pos, advice)
    for lang in LANGS:
        ui = Renderer(lang, symbols=False)
        text = hint_text(ui, pos, advice, limit)
        out += [f"{lang}: {p}" for p in hint_word_problems(ui, pos, advice, text, limit, asked)]
    return out
