"""Hints for a generated puzzle, from general to the answer, in every language.

Each hint is a message of ``templates/<lang>/messages/hints.yaml`` chosen and
filled from the study, its claim kept beside the words
(:func:`tutor.teaching.hint_words.hint_text`); the first never names the card to play.
"""

from __future__ import annotations

from tutor.content.course import Text
from tutor.core.solver import counted_ranks, move_points
from tutor.core.threat import threat_after
from tutor.teaching.hint_words import Hint, hint_text

from .facts import CaptureShape, Study
from .tagging import face_card_trap

STAKES = ("most-cards", "most-spades", "big-cassino", "little-cassino", "aces", "sweep", "last-take")


def hints(study: Study, themes: tuple[str, ...]) -> tuple[Text, ...]:
    """The puzzle's hints, each in every language."""
    return tuple(hint_text(key, params) for key, params in hint_keys(study, themes))


def hint_keys(study: Study, themes: tuple[str, ...]) -> list[Hint]:
    """The hints as message keys: the idea first (never the card to play), the shape of the answer, then its card."""
    goal = study.ranking.goal.name
    shape = study.shapes[0] if study.shapes else None
    if goal == "deal":
        found = _deal_hints(study)
    elif goal == "safe":
        points, taken = (-v for v in study.ranking.moves[0].values[:2])
        counted = counted_ranks(study.position, study.ranking) if "counting" in themes else ()
        first: Hint = (("safe_count", {"ranks": list(counted)}) if counted else
                       ("safe_sweep", {}) if "deny-sweep" in themes else ("safe_next", {}))
        least: Hint = ("safe_least", {"n": taken, "points": points})
        found = [first, *_threat_hint(study), *_kind_hint(study, "safe"), least]
    else:
        assert shape is not None, "capture goals keep captures only"
        swept: list[Hint] = [("sweep_point", {})] if _sweeps_a_point(study) else []
        found = [_first_capture_hint(study, shape, themes), *swept, *_shape_hints(study, shape, themes)]
    cards = {m.card for m in study.best}
    if len(cards) == 1:
        found.append(("play_card", {"card": study.best[0].card}))
    else:
        found.append(("two_cards", {}) if len(cards) == 2 else ("some_cards", {"n": len(cards)}))
    return found


def _first_capture_hint(study: Study, shape: CaptureShape, themes: tuple[str, ...]) -> Hint:
    """The idea of a capture: the point card at stake (on the table, or one of the mover's), the aces, the spades."""
    pos = study.position
    if study.ranking.goal.name == "points":
        if pos.variant.spade_points:
            return ("spade_points", {})
        table = pos.variant.point_card_table
        taken = [*(c for g in shape.groups for c in g), *(c for b in shape.builds for c in b.cards)]
        special = sorted((c for c in taken if table[c] and c.rank != "A"), key=lambda c: (-table[c], int(c)))
        if special:
            return ("worth", {"card": special[0], "n": table[special[0]]})
        if table[shape.played] and shape.played.rank != "A":
            return ("hand_worth", {"n": table[shape.played]})
        if any(c.rank == "A" for c in (shape.played, *taken)):
            return ("count_aces", {})
        return ("not_the_grab", {}) if _grab_loses(study) else ("count_points", {})
    if "face-cards" in themes and face_card_trap(pos, shape.cards):
        return ("face_one", {})
    return ("takes_n", {"n": shape.cards})


def _sweeps_a_point(study: Study) -> bool:
    """Every best move clears the table, and a sweep scores a point."""
    pos = study.position
    return pos.variant.sweep_points == 1 and all(pos.is_sweep(m) for m in study.best)


def _shape_hints(study: Study, shape: CaptureShape, themes: tuple[str, ...]) -> list[Hint]:
    values = study.position.variant.value
    found: list[Hint] = []
    if shape.played.rank == "A" and shape.value > values[shape.played]:
        found.append(("ace_high", {"value": shape.value}))
    if shape.builds and "stealing" in themes:
        found.append(("take_build", {}))
    sums = [" + ".join(str(values[c]) for c in g) for g in shape.sums]
    if len(sums) == 1:
        found.append(("sum_makes", {"sum": sums[0], "value": shape.value}))
    elif sums:
        found.append(("sums_make", {"sums": sums, "value": shape.value}))
    elif len(shape.pairs) > 1:  # said of the table: the answer may take fewer of them (as good, by the goal)
        found.append(("pairs", {"n": sum(1 for c in study.position.loose if c.rank == shape.played.rank)}))
    return found


def _deal_hints(study: Study) -> list[Hint]:
    pos = study.position
    found: list[Hint] = [("deal_partner", {})] if pos.players == 4 else []
    if pos.players != 4 and _grab_loses(study):
        found.append(("deal_ahead", {}))
    nxt = (pos.to_move + 1) % pos.players
    if pos.hands[nxt]:
        found.append(("deal_reply", {"cards": sorted(pos.hands[nxt])}))
    won, denied = ([t for t in STAKES if t in stakes] for stakes in study.stakes)
    if won or denied:
        found.append(("deal_decides", {"won": won, "denied": denied}))
    return found + _kind_hint(study, "deal")


def _grab_loses(study: Study) -> bool:
    """Some move takes cards, and none of those that take the most is best."""
    captures = [m for m in study.position.generate() if m.is_capture]
    most = max((len(m.captured_cards()) for m in captures), default=0)
    return bool(captures) and not any(len(m.captured_cards()) == most for m in study.best if m.is_capture)


def _threat_hint(study: Study) -> list[Hint]:
    """A move to avoid and what it leaves the next player (a rank that takes which cards, a sweep, the points): the
    most tempting move that is not best (it takes the most points, then cards, now), among those that leave more
    points than the answer, or else any that leaves something."""
    pos = study.position
    least = -study.ranking.moves[0].values[0]
    rivals = sorted((j.move for j in study.ranking.moves if j.move not in study.best),
                    key=lambda m: (-move_points(pos, m), -len(m.captured_cards())))
    threats = [(m, t) for m in rivals if (t := threat_after(pos, m)) is not None]
    chosen = [(m, t) for m, t in threats if t.points > least] or threats
    return [("safe_threat", {"move": pos.notation(m), "cards": list(t.cards), "rank": t.rank, "points": t.points,
                             "sweep": int(t.sweep)}) for m, t in chosen[:1]]


def _kind_hint(study: Study, goal: str) -> list[Hint]:
    """What kind of move the answer is, when every best move is of one kind (``deal``: not a capture)."""
    kinds = {m.kind for m in study.best}
    if len(kinds) != 1 or (goal == "deal" and kinds == {"capture"}):
        return []
    return [(f"{goal}_{kinds.pop()}", {})]

