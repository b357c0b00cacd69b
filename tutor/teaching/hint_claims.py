"""The claims of engine-made hints checked: what each hint key says, recomputed from the position and the solver.

A generated puzzle keeps each hint's claim beside its words (a message key of
``hints.yaml`` and its parameters, :class:`~tutor.content.course.Claim`).
:func:`hint_problems` checks one hint: its parameters are those of its key, its
words are the claim's in every language, and the claim holds in the puzzle's
position: the cards a move takes, the points a card scores in the variant, what
the next player could take, what a last deal's best line ends with against the
best other move.  A hint without a claim (written by hand) is not checked here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.content.course import Text
from tutor.core.comparison_claims import threat_problem
from tutor.core.moves import Move, MoveError
from tutor.core.position import Position
from tutor.core.scoring import score_round
from tutor.core.solver import Ranking, counted_ranks, exposure_after
from tutor.core.threat import Threat
from tutor.play.claims import sweep_open

from .hint_words import claim_params, hint_text

FACES = ("J", "Q", "K")


@dataclass(frozen=True)
class Setting:
    """Where a hint is given: the position, the solver's ranking for the goal, the main line (a line puzzle)."""

    position: Position
    ranking: Ranking
    line: tuple[Move, ...] = ()

    @property
    def best(self) -> tuple[Move, ...]:
        return self.ranking.best


Check = Callable[[Setting, dict[str, Any]], str | None]


def hint_problems(text: Text, setting: Setting) -> list[str]:
    """What is wrong with the hint ``text`` given in ``setting`` (nothing when it has no claim)."""
    claim = text.claim
    if claim is None:
        return []
    if claim.key not in CHECKS:
        return [f"the hint claims {claim.key!r}, which no hint of the generator says; "
                f"hint keys are: {', '.join(sorted(CHECKS))}"]
    names, wanted = {name for name, _ in claim.params}, set(PARAMS.get(claim.key, ()))
    if names != wanted:
        return [f"the hint {claim.key} takes {', '.join(sorted(wanted)) or 'no parameters'}, "
                f"not {', '.join(sorted(names)) or 'none'}"]
    try:
        params = claim_params(claim)
    except ValueError as err:
        return [f"the hint {claim.key}: {err}"]
    problems = []
    words = hint_text(claim.key, params)
    if (words.en, words.de) != (text.en, text.de):
        problems.append(f"the words of the hint {claim.key} are not its claim's: say {words.en!r} "
                        f"(de: {words.de!r})")
    false = CHECKS[claim.key](setting, params)
    if false is not None:
        problems.append(f"the hint {claim.key!r} ({words.en}) is false here: {false}")
    return problems


# ---- captures ---------------------------------------------------------------------


def _takes_n(s: Setting, p: dict[str, Any]) -> str | None:
    sizes = {len(m.captured_cards()) for m in s.best if m.is_capture}
    if p["n"] < 2:
        return f"{p['n']} card is not several 'at once'"
    return None if p["n"] in sizes else f"the best moves take {sorted(sizes) or 'no'} table cards, not {p['n']}"


def _face_one(s: Setting, p: dict[str, Any]) -> str | None:
    v = s.position.variant
    faces = [c for c in v.deck_cards if c.rank in FACES]
    if v.face_capture != "one" or any(v.value[c] for c in faces):
        return "in this variant a face card does not take just one card of its rank"
    return None


def _worth(s: Setting, p: dict[str, Any]) -> str | None:
    card, worth = p["card"], s.position.variant.card_points[p["card"]]
    if card not in s.position.table_cards():
        return f"{card} is not on the table"
    return None if worth == p["n"] else f"{card} scores {worth}, not {p['n']}"


def _hand_worth(s: Setting, p: dict[str, Any]) -> str | None:
    pos = s.position
    takers = {m.card for m in pos.generate() if m.is_capture and pos.variant.card_points[m.card] == p["n"]}
    return None if takers else f"no card of the mover worth {p['n']} can take anything"


def _not_the_grab(s: Setting, p: dict[str, Any]) -> str | None:
    most = max((len(m.captured_cards()) for m in s.position.generate()), default=0)
    grabs = [m for m in s.position.generate() if m.is_capture and len(m.captured_cards()) == most]
    if not grabs:
        return "no move takes anything"
    return f"{s.position.notation(grabs[0])} takes the most cards and is best" if set(grabs) & set(s.best) else None


def _count_points(s: Setting, p: dict[str, Any]) -> str | None:
    return None if s.ranking.goal.name == "points" else "the goal does not count points"


def _sweep_point(s: Setting, p: dict[str, Any]) -> str | None:
    pos = s.position
    if pos.variant.sweep_points != 1:
        return f"a sweep scores {pos.variant.sweep_points} points in this variant, not one"
    return None if all(pos.is_sweep(m) for m in s.best) else "not every best move clears the table"


def _count_aces(s: Setting, p: dict[str, Any]) -> str | None:
    v = s.position.variant
    aces = [c for c in v.deck_cards if c.rank == "A"]
    return None if all(v.card_points[c] == 1 for c in aces) else "not every ace scores one point in this variant"


def _spade_points(s: Setting, p: dict[str, Any]) -> str | None:
    v = s.position.variant
    extra = {c: v.card_points[c] - v.point_card_table[c] for c in v.deck_cards if c.suit == "S"}
    wrong = [c for c, n in extra.items() if n != (2 if c.rank == "J" else 1)]
    return None if v.spade_points and not wrong else "spades do not score a point each (the jack two) here"


def _ace_high(s: Setting, p: dict[str, Any]) -> str | None:
    pos = s.position
    values = {m.value for m in pos.generate() if m.is_capture and m.card.rank == "A"}
    low = min((pos.variant.value[c] for c in pos.hands[pos.to_move] if c.rank == "A"), default=None)
    if low is None or p["value"] not in values or p["value"] <= low:
        return f"no ace of the mover takes for {p['value']}"
    return None


def _take_build(s: Setting, p: dict[str, Any]) -> str | None:
    return None if any(m.builds for m in s.best if m.is_capture) else "no best move takes a build"


def _sum_terms(s: Setting, sums: list[str], value: int) -> str | None:
    for text in sums:
        terms = [int(t) for t in text.split(" + ")]
        if len(terms) < 2 or sum(terms) != value:
            return f"{text} does not make {value}"
        for m in s.best:
            loose = [s.position.variant.value[c] for c in m.loose] if m.is_capture and m.value == value else []
            if all(loose.count(t) >= terms.count(t) for t in terms):
                break
        else:
            return f"no best capture for {value} takes cards worth {text}"
    return None


def _sum_makes(s: Setting, p: dict[str, Any]) -> str | None:
    return _sum_terms(s, [p["sum"]], p["value"])


def _sums_make(s: Setting, p: dict[str, Any]) -> str | None:
    return _sum_terms(s, list(p["sums"]), p["value"]) if len(p["sums"]) > 1 else "fewer than two sums"


def _pairs(s: Setting, p: dict[str, Any]) -> str | None:
    pos = s.position
    ranks = [sum(1 for c in pos.loose if c.rank == card.rank) for card in pos.hands[pos.to_move]]
    return None if p["n"] in ranks else f"no card of the mover shares its rank with {p['n']} table cards"


# ---- safe, deal, the answer ---------------------------------------------------------


def _safe_sweep(s: Setting, p: dict[str, Any]) -> str | None:
    pos = s.position
    return None if any(sweep_open(pos, m) for m in pos.generate()) else "no move lets the next player sweep"


def _safe_count(s: Setting, p: dict[str, Any]) -> str | None:
    """Every rank named is one the next player cannot hold, some of it taken this round, that makes a best move
    safe (:func:`~tutor.core.solver.counted_ranks`)."""
    if s.ranking.goal.name != "safe":
        return "the goal is not safe"
    counted = counted_ranks(s.position, s.ranking)
    wrong = [r for r in p["ranks"] if r not in counted]
    if not p["ranks"] or wrong:
        return f"the ranks whose count makes a best move safe are {', '.join(counted) or 'none'}"
    return None


def _safe_threat(s: Setting, p: dict[str, Any]) -> str | None:
    """The move named is legal and not best, and leaves the next player the capture said, the worst it leaves
    (:func:`~tutor.core.comparison_claims.threat_problem`)."""
    pos = s.position
    try:
        move = pos.parse_move(str(p["move"]))
    except MoveError:
        return f"{p['move']} is not a legal move here"
    if move in s.best:
        return f"{p['move']} is a best move: there is nothing to avoid"
    return threat_problem(pos, move, Threat(tuple(p["cards"]), p["rank"], p["points"], bool(p["sweep"])))


def _safe_least(s: Setting, p: dict[str, Any]) -> str | None:
    left = {exposure_after(s.position, m) for m in s.best}
    if {(e.cards, e.points) for e in left} != {(p["n"], p["points"])}:
        return f"the safest move leaves {sorted((e.cards, e.points) for e in left)} (cards, points)"
    return None


def _kind(kind: str) -> Check:
    def check(s: Setting, p: dict[str, Any]) -> str | None:
        kinds = {m.kind for m in s.best}
        return None if kinds == {kind} else f"the best moves are of kinds {sorted(kinds)}, not all {kind}"
    return check


def _no_claim(s: Setting, p: dict[str, Any]) -> str | None:
    """A hint that asks a question or states a rule of every variant, and says nothing of this position."""
    return None


def _deal_ahead(s: Setting, p: dict[str, Any]) -> str | None:
    return _not_the_grab(s, p)


def _deal_partner(s: Setting, p: dict[str, Any]) -> str | None:
    return None if s.position.players == 4 else "there is no partner"


def _deal_reply(s: Setting, p: dict[str, Any]) -> str | None:
    pos = s.position
    nxt = (pos.to_move + 1) % pos.players
    held = sorted(pos.hands[nxt])
    return None if held == sorted(p["cards"]) and not pos.hidden_counts[nxt] else f"the next player holds {held}"


@dataclass(frozen=True)
class End:
    """What each side ends a round with: the majority items it scores, point cards, aces, sweeps, the residue."""

    items: dict[str, set[int]]
    aces: dict[int, int]
    sweeps: dict[int, int]
    residue: int | None


def end_of(pos: Position, line: tuple[Move, ...]) -> End:
    """Play ``line`` to the round's end on a copy of ``pos``: what each side ends with."""
    play, residue = pos.copy(), None
    for move in line:
        loose, builds = play.table_after(move)
        play.push(move)
        residue = play.side_of(play.last_capturer) if (loose or builds) and play.last_capturer is not None else None
    items: dict[str, set[int]] = {}
    aces: dict[int, int] = {}
    sweeps: dict[int, int] = {}
    for item in score_round(play).items:
        key = {"most_cards": "most-cards", "most_spades": "most-spades"}.get(item.code)
        if item.code == "point_card":
            key = {"10D": "big-cassino", "2S": "little-cassino"}.get(str(item.detail))
            if str(item.detail).startswith("A"):
                aces[item.side] = aces.get(item.side, 0) + 1
        if item.code == "sweeps":
            sweeps[item.side] = sweeps.get(item.side, 0) + int(item.points)
        if key is not None and item.points:
            items.setdefault(key, set()).add(item.side)
    return End(items, aces, sweeps, residue)


def _stake(stake: str, end: End, side: int) -> tuple[int, int]:
    """What ``side`` and the other sides end with of ``stake``: holders of an item, aces, sweep points, residue."""
    if stake == "aces":
        table: dict[int, int] = end.aces
    elif stake == "sweep":
        table = end.sweeps
    elif stake == "last-take":
        table = {end.residue: 1} if end.residue is not None else {}
    else:
        table = {s: 1 for s in end.items.get(stake, set())}
    return table.get(side, 0), sum(n for s, n in table.items() if s != side)


def _deal_decides(s: Setting, p: dict[str, Any]) -> str | None:
    pos, ranking = s.position, s.ranking
    other = next((j for j in ranking.moves if j.move not in ranking.best), None)
    if other is None or not p["won"] + p["denied"]:
        return "nothing is won or denied"
    side = pos.side_of(pos.to_move)
    best, then = end_of(pos, ranking.moves[0].line), end_of(pos, other.line)
    versus = f"than after {pos.notation(other.move)}"
    for stake in p["won"]:
        if _stake(stake, best, side)[0] <= _stake(stake, then, side)[0]:
            return f"the mover's side does not end with more of {stake} on the best line {versus}"
    for stake in p["denied"]:
        (mine, others), (mine_then, others_then) = _stake(stake, best, side), _stake(stake, then, side)
        if others >= others_then:
            return f"the other sides do not end with less of {stake} on the best line {versus}"
        if mine > mine_then:  # sweeps and aces are counted: a side may score some and deny the others more
            return f"the mover's side wins {stake}: say it wins it"
    return None


def _play_card(s: Setting, p: dict[str, Any]) -> str | None:
    cards = {m.card for m in s.best}
    return None if cards == {p["card"]} else f"the best moves play {sorted(map(str, cards))}"


def _cards_alike(count: int | None) -> Check:
    def check(s: Setting, p: dict[str, Any]) -> str | None:
        n = count or p["n"]
        cards = {m.card for m in s.best}
        return None if len(cards) == n else f"the best moves play {len(cards)} cards, not {n}"
    return check


def _line(players: int) -> Check:
    def check(s: Setting, p: dict[str, Any]) -> str | None:
        if not s.line:
            return "the puzzle has no line: the learner does not play again"
        return None if s.position.players == players else f"the hint is for {players} players"
    return check


CHECKS: dict[str, Check] = {
    "takes_n": _takes_n, "face_one": _face_one, "worth": _worth, "hand_worth": _hand_worth,
    "not_the_grab": _not_the_grab, "count_points": _count_points, "count_aces": _count_aces,
    "sweep_point": _sweep_point,
    "spade_points": _spade_points, "ace_high": _ace_high,
    "take_build": _take_build, "sum_makes": _sum_makes, "sums_make": _sums_make, "pairs": _pairs,
    "safe_sweep": _safe_sweep, "safe_count": _safe_count, "safe_next": _no_claim, "safe_least": _safe_least,
    "safe_threat": _safe_threat,
    "safe_capture": _kind("capture"), "safe_build": _kind("build"), "safe_raise": _kind("raise"),
    "safe_add": _kind("add"), "safe_trail": _kind("trail"),
    "deal_ahead": _deal_ahead, "deal_partner": _deal_partner, "deal_reply": _deal_reply,
    "deal_decides": _deal_decides, "deal_build": _kind("build"), "deal_raise": _kind("raise"),
    "deal_add": _kind("add"), "deal_trail": _kind("trail"),
    "play_card": _play_card, "two_cards": _cards_alike(2), "some_cards": _cards_alike(None),
    "line_again": _line(2), "line_replies": _line(3), "line_partner": _line(4),
}
"""Each hint key of the generator and the check of what it says."""

PARAMS: dict[str, tuple[str, ...]] = {
    "takes_n": ("n",), "worth": ("card", "n"), "hand_worth": ("n",), "ace_high": ("value",),
    "sum_makes": ("sum", "value"), "sums_make": ("sums", "value"), "pairs": ("n",), "safe_least": ("n", "points"),
    "safe_count": ("ranks",),
    "safe_threat": ("move", "cards", "rank", "points", "sweep"),
    "deal_reply": ("cards",), "deal_decides": ("won", "denied"), "play_card": ("card",), "some_cards": ("n",),
}
"""The parameters of each hint key that takes any."""
