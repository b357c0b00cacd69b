"""A deal's end valued for a side, as the advisor's playouts value it: the round's points for sure, and its chance
of each majority.

The unit is the round's points, the side's total minus the best other side's
(:func:`tutor.core.search.solve_deal`'s).  Over, the round is scored exactly;
otherwise what each side has taken counts for sure and the most cards and
most spades by each side's chance of ending with strictly the most
(:func:`majority_chances`), from its lead and the cards still out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tutor.core.position import Position
from tutor.core.scoring import PileCounts, score_round, taken_points

MAJORITY_SPREAD = 1.5
"""How widely the cards still out split between the sides, in standard deviations of a fair coin a card."""


def deal_end_value(pos: Position, side: int, base: PileCounts | None = None) -> float:
    """The round's value for ``side`` at the end of a deal: its total minus the best other side's.

    Over, the round is scored exactly.  Otherwise each side counts what it has
    for sure (point cards, spade points, sweeps, penalties) and of the most
    cards and most spades its chance, from its lead and the cards still out,
    times the award.  ``base``: the piles of a position ``pos`` grew from, counted (:func:`taken_points`).
    """
    if pos.is_round_over():
        totals = [0.0] * pos.sides
        for item in score_round(pos).items:
            totals[item.side] += item.points
    else:
        points, cards, spades = taken_points(pos, base)
        totals = [float(p) for p in points]
        v = pos.variant
        cards_out = len(v.deck_cards) - sum(cards)
        spades_out = v.deck_spades - sum(spades)
        for award, counts, out in ((v.most_cards, cards, cards_out), (v.effective_most_spades, spades, spades_out)):
            if award:
                for s, chance in enumerate(_chances(tuple(counts), out)):
                    totals[s] += award * chance
    return totals[side] - max(t for s, t in enumerate(totals) if s != side)


def majority_chances(counts: Sequence[int], out: int) -> list[float]:
    """Each side's chance of ending with strictly the most, given its count now and ``out`` cards still to take.

    A side whose lead the cards out cannot overturn is sure of it, and one that
    cannot overtake has no chance; otherwise the chances are a softmax of the
    counts over the spread of the cards out (:data:`MAJORITY_SPREAD`), which for
    two sides is close to the normal model of each card going either way.
    """
    return list(_chances(tuple(counts), out))


CHANCES_KEPT = 65536
"""Majority chances :func:`_chances` keeps before it forgets them all (a playout's end asks for the same few
again and again)."""
_CHANCES: dict[tuple[tuple[int, ...], int], tuple[float, ...]] = {}


def _chances(counts: tuple[int, ...], out: int) -> tuple[float, ...]:
    """:func:`majority_chances`, kept."""
    key = (counts, out)
    found = _CHANCES.get(key)
    if found is None:
        if len(_CHANCES) >= CHANCES_KEPT:
            _CHANCES.clear()
        found = _CHANCES[key] = tuple(_chances_of(counts, out))
    return found


def _chances_of(counts: Sequence[int], out: int) -> list[float]:
    if out == 0:
        top = max(counts)
        return [1.0 if c == top and counts.count(top) == 1 else 0.0 for c in counts]
    if len(counts) == 2:  # the usual case, without a search for each side
        best_other: Sequence[int] = counts[::-1]
    else:
        best_other = [max(o for t, o in enumerate(counts) if t != s) for s in range(len(counts))]
    live = [c + out > other for c, other in zip(counts, best_other)]
    scale = 1.7 / (MAJORITY_SPREAD * math.sqrt(out))  # 1.7: the logistic's slope that best fits the normal's
    top = max(counts)
    weights = [math.exp(scale * (c - top)) if alive else 0.0 for c, alive in zip(counts, live)]
    total = sum(weights)
    return [w / total for w in weights]
