"""Marks whose reasons' points explain less than half the loss, and how much of it the playouts' penalties make.

Run from the repository root: ``python benchmarks/unexplained_marks.py michigan,michigan-5 1 4 8`` (presets, first
and last seed, the review's worlds).  For each preset, 2, 3 and 4 players and seed, the round of club players (one
random at ``seed % players``, as ``benchmarks/sweep_claims.py`` plays it) is reviewed for every seat.  A mark's
reasons explain the points they name: ``points``, ``exposure``, ``likely``, ``breach`` (``n``), ``stranded`` (``n``
times ``turns``, at most), a sweep made or denied, a point card kept, ``next_take``'s points, a majority's award;
the lines of an exact mark explain it all.  Each mark of a loss of 2 or more whose reasons explain less than half
of it is printed with the split of its loss over the advice's first worlds played out again: the loss, the learner's
side's penalties after the played move less after the better, and the other sides' (most) penalties after the
better move less after the played (None where the worlds are searched exactly, not played out).  Each reason is
also checked (:func:`~tutor.play.claims.false_claim`), and a ``stranded`` mark printed.
"""

from __future__ import annotations

import statistics
import sys
import time
from itertools import islice

from tutor.content.presets import variant
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.variant import Variant
from tutor.play.advisor import EXACT_CARDS, club_move
from tutor.play.claims import false_claim
from tutor.play.deal_end import deal_end_value
from tutor.play.game import play_one_round
from tutor.play.heuristics import PLAYOUT
from tutor.play.players import player
from tutor.play.review import Mark, ply_seed, review_round
from tutor.play.view import SeatView
from tutor.play.worlds import world_stream

EXACT = ("last_take", "line_cards", "line_majority", "line_sweeps", "line_spades", "line_penalties", "stolen")


def explained(mark: Mark, v: Variant) -> float:
    """The points a mark's reasons name (an exact mark's lines: all of its loss)."""
    total = 0.0
    for why in mark.reasons:
        p = why.params
        if why.code in EXACT:
            return mark.review.loss
        if why.code in ("points", "exposure", "likely", "breach"):
            total += p["n"]
        elif why.code in ("sweep", "deny_sweep"):
            total += v.sweep_points
        elif why.code == "stranded":
            total += p["n"] * p["turns"]
        elif why.code == "keep":
            total += v.card_points[p["card"]]
        elif why.code == "next_take":
            total += p["points"] + v.sweep_points * bool(p.get("sweep"))
        elif why.code == "majority":
            total += v.most_cards if p["item"] == "most_cards" else v.effective_most_spades
    return total


def played_out(world: Position, move: Move) -> tuple[float, list[int], int]:
    """``move`` then club's playout to the deal's end in ``world``: the value for the mover's side, each side's
    penalty turns, the mover's side."""
    w = world.copy()
    side = w.side_of(w.to_move)
    w.push(move)
    while not (w.is_round_over() or w.needs_deal()):
        w.push(club_move(w, PLAYOUT))
    assert w.penalties is not None
    penalties = [0] * w.sides
    for seat, n in enumerate(w.penalties):
        penalties[w.side_of(seat)] += n
    return deal_end_value(w, side), penalties, side


def split(pos: Position, seed: int, index: int, played: Move, better: Move, n: int) -> list[float] | None:
    """The loss over the advice's first ``n`` worlds, and the parts of it the penalties make (see the module)."""
    rows = []
    for world in islice(world_stream(pos, ply_seed(seed, index)), n):
        if world.stock_size == 0 and sum(len(h) for h in world.hands) <= EXACT_CARDS[world.players]:
            return None
        vb, pb, side = played_out(world, better)
        vp, pp, _ = played_out(world, played)
        others = [s for s in range(len(pb)) if s != side]
        rows.append((vb - vp, (pp[side] - pb[side]) * pos.variant.default_penalty,
                     (max(pb[s] for s in others) - max(pp[s] for s in others)) * pos.variant.default_penalty))
    return [statistics.fmean(r[i] for r in rows) for i in range(3)]


def main() -> None:
    if len(sys.argv) != 5:
        sys.exit(f"usage: python benchmarks/unexplained_marks.py PRESETS FIRST_SEED LAST_SEED WORLDS\n\n{__doc__}")
    presets, seeds, worlds = sys.argv[1].split(","), range(int(sys.argv[2]), int(sys.argv[3]) + 1), int(sys.argv[4])
    start, rounds, marks, found = time.process_time(), 0, 0, 0
    for name in presets:
        for players in (2, 3, 4):
            for seed in seeds:
                seats = [player("club")] * players
                seats[seed % players] = player("random")
                plies = play_one_round(variant(name), seats, seed).plies
                for seat in range(players):
                    rounds += 1
                    for mark in review_round(plies, seat, worlds=worlds, seed=seed).marks:
                        marks += 1
                        r = mark.review
                        pos = SeatView.of(r.ply.before, seat).position()
                        where = f"{name} players={players} seed={seed} seat={seat} ply={r.index}"
                        played, better = mark.played.facts.move, mark.better.facts.move
                        for why in mark.reasons:
                            if (bad := false_claim(pos, played, better, why, mark.advice.worlds)) is not None:
                                print(f"FALSE {where} {why}: {bad}", flush=True)
                        said = explained(mark, pos.variant)
                        codes = [w.code for w in mark.reasons]
                        if "stranded" in codes:
                            print(f"stranded {where} loss={r.loss:.2f} explained={said:.1f} {codes}", flush=True)
                        if r.loss >= 2 and said < r.loss / 2:
                            found += 1
                            parts = split(pos, seed, r.index, played, better, len(r.played.samples))
                            print(f"{where} played={pos.notation(played)} better={pos.notation(better)} "
                                  f"loss={r.loss:.2f} explained={said:.1f} {codes} split (loss, own penalties, "
                                  f"theirs)={None if parts is None else [round(x, 2) for x in parts]}", flush=True)
            print(f"# {name} {players} players: {rounds} reviews, {marks} marks, {found} unexplained, "
                  f"{time.process_time() - start:.0f} s CPU", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
