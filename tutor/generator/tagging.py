"""A kept position's themes, read off the study of its best moves (rules in ``docs/generator.md``)."""

from __future__ import annotations

from dataclasses import replace

from tutor.content import presets
from tutor.content.course import THEMES
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import counting_decides, rank_moves

from .facts import BIG_CASSINO, LITTLE_CASSINO, Study, capture_shape, leaves_sweep
from .plans import VARIANT_THEMES

MAX_THEMES = 3

TELLING = (
    "stealing", "multiple-builds", "raising", "adding", "building", "holding", "deny-sweep", "counting", "sweep",
    "big-cassino", "little-cassino", "most-spades", "aces", "last-take", "royal", "spade", "italian",
    "draw", "face-gather", "groups", "sums", "face-cards", "pairing", "trailing", "most-cards",
    "partnership", "endgame",
)
"""Every theme, the most telling first: what to keep when a puzzle shows more than :data:`MAX_THEMES`."""

CLASSIC_OPTIONS: dict[str, tuple[str, ...]] = {
    "royal": ("values", "aces_high"),
    "spade": ("spade_points", "most_spades"),
    "italian": ("values", "point_cards"),
    "draw": ("draw",),
    "face-gather": ("face_capture",),
}
"""The options a variant theme stands for, set back to classic to see whether they change the answer."""


def themes(study: Study, asked: str | None = None) -> tuple[str, ...]:
    """The puzzle's themes, at most :data:`MAX_THEMES` (``asked`` first, then the most telling),
    in the order of :data:`tutor.content.course.THEMES`.

    A theme of the answer counts when every best move has it; the goal, the
    position and the variant add theirs when at stake, and a last deal what
    its best line wins (:func:`tutor.generator.facts.deal_gains`).
    """
    tags = all_themes(study)
    ranked = sorted(tags, key=lambda t: (t != asked, TELLING.index(t)))
    kept = set(ranked[:MAX_THEMES])
    return tuple(t for t in THEMES if t in kept)


def all_themes(study: Study) -> set[str]:
    """Every theme the puzzle shows."""
    pos, goal = study.position, study.ranking.goal.name
    per_move = [move_themes(pos, m, goal) for m in study.best]
    tags = set.intersection(*per_move) | set(study.gains)
    tags |= {t for t, gives in VARIANT_THEMES.items() if gives(pos.variant) and classic_differs(study, t)}
    if goal == "safe" and denies_sweep(study):
        tags.add("deny-sweep")
    if counting_decides(pos, study.ranking):
        tags.add("counting")
    if goal == "deal":
        tags.add("endgame")
    if pos.players == 4:
        tags.add("partnership")
    if any(b.owner == pos.to_move for b in pos.builds):
        tags.add("holding")
    if face_card_trap(pos, study.shapes[0].cards if study.shapes else 0):
        tags.add("face-cards")
    return tags


def denies_sweep(study: Study) -> bool:
    """No best move leaves the next player a sweep, and some other legal move does."""
    pos = study.position
    best = set(study.best)
    return any(leaves_sweep(pos, j.move) for j in study.ranking.moves if j.move not in best)


def classic_differs(study: Study, theme: str) -> bool:
    """With the options the variant theme stands for set back to classic, the best moves change
    (or the position cannot be played so)."""
    pos = study.position
    classic = presets.variant("classic")
    options = {name: getattr(classic, name) for name in CLASSIC_OPTIONS[theme]}
    other = pos.copy()
    other.variant = replace(pos.variant, **options)
    try:
        best = rank_moves(other, study.ranking.goal).best
    except ValueError:
        return True
    return {str(m) for m in best} != {str(m) for m in study.best}


def move_themes(pos: Position, move: Move, goal: str) -> set[str]:
    """What one move shows: its kind, and for a capture what it takes and how (the point cards for goal ``points``)."""
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
