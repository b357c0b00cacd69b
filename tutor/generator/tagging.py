"""A kept position's themes, read off the study of its best moves (rules in ``docs/generator.md``)."""

from __future__ import annotations

from ..core.moves import Move
from ..core.position import Position
from ..course import THEMES
from .facts import BIG_CASSINO, LITTLE_CASSINO, Study, capture_shape
from .plans import CAPTURE_GOALS, VARIANT_THEMES


def themes(study: Study) -> tuple[str, ...]:
    """The themes of a puzzle, in the order of :data:`tutor.course.THEMES`.

    A theme of the answer counts when every best move has it; the goal, the
    position and the variant add theirs, and a last deal what its best line
    wins (:func:`tutor.generator.facts.deal_gains`).
    """
    pos, goal = study.position, study.ranking.goal.name
    per_move = [move_themes(pos, m, goal) for m in study.best]
    tags = set.intersection(*per_move) | set(study.gains)
    tags |= {t for t, gives in VARIANT_THEMES.items() if gives(pos.variant)}
    if goal == "safe":
        tags.add("deny-sweep")
    if goal == "deal":
        tags.add("endgame")
    if pos.players == 4:
        tags.add("partnership")
    if any(b.owner == pos.to_move for b in pos.builds):
        tags.add("holding")
    if face_card_trap(pos, study.shapes[0].cards if study.shapes else 0):
        tags.add("face-cards")
    return tuple(t for t in THEMES if t in tags)


def move_themes(pos: Position, move: Move, goal: str) -> set[str]:
    """What one move shows: its kind, and for the capture goals what it takes and how."""
    tags = {"trail": {"trailing"}, "build": {"building"}, "raise": {"raising"}, "add": {"adding"}}.get(move.kind, set())
    if move.kind in ("build", "raise", "add"):
        made = next(b for b in pos.table_after(move)[1] if move.card in b.cards)
        if not made.single and not made.face:
            tags.add("multiple-builds")
    if not move.is_capture:
        return tags
    side = pos.side_of(pos.to_move)
    if any(pos.side_of(b.owner) != side for b in move.builds):
        tags.add("stealing")
    if pos.is_sweep(move):
        tags.add("sweep")
    if goal not in CAPTURE_GOALS:
        return tags
    shape = capture_shape(pos, move)
    taken = (move.card, *move.captured_cards())
    if shape.pairs:
        tags.add("pairing")
    if shape.sums:
        tags.add("sums")
    if shape.items > 1 and (shape.sums or shape.builds):
        tags.add("groups")
    if any(c.is_face for c in taken):
        tags.add("face-cards")
    if goal == "points":
        tags |= {t for c, t in ((BIG_CASSINO, "big-cassino"), (LITTLE_CASSINO, "little-cassino")) if c in taken}
        if any(c.rank == "A" for c in taken):
            tags.add("aces")
    return tags


def face_card_trap(pos: Position, taken: int) -> bool:
    """A face card without a value in the mover's hand, and at least two loose cards of its rank: as many
    as the answer takes (``taken``) or more, were a face card allowed to take them all; it takes one only."""
    values = pos.variant.value
    ranks = {c.rank for c in pos.hands[pos.to_move] if c.is_face and not values[c]}
    return any(max(2, taken) <= sum(c.rank == r for c in pos.loose) for r in ranks)
