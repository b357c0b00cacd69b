"""The move options of rules.md sections 3 and 4, each read in exactly one place.

The move generator (what is legal) and the illegal-move explainer (why not)
both ask these predicates, so an option means the same thing to both.
"""

from __future__ import annotations

from .cards import Card
from .table import Build
from .variant import Variant

FIVE_OF_SPADES = Card.from_str("5S")


def duty_in_force(v: Variant, controls_a_build: bool) -> str:
    """The build duty that binds the mover (4.2): ``free`` when they control no build.

    Under ``penalty`` nothing binds (breaches cost points instead), so it is ``free`` too.
    """
    if v.penalties or not controls_a_build:
        return "free"
    return v.build_duty


def holding_applies(v: Variant) -> bool:
    """Whether the holding rule (4.1) limits moves; ``penalty`` only fines breaches."""
    return not v.penalties


def term_allowed(v: Variant, build: Build, mover_side: int, owner_side: int) -> bool:
    """Whether ``build`` may count as a term of a sum (``build_in_sum``, 3.2)."""
    if v.build_in_sum == "none" or build.face or not build.single:
        return False
    return v.build_in_sum == "anyone" or mover_side != owner_side


def may_raise(v: Variant, build: Build, seat: int) -> bool:
    """Whether ``seat`` may raise ``build`` as far as ``raise_own`` goes (3.4)."""
    return build.owner != seat or v.raise_own


def may_add(v: Variant, build: Build, seat: int) -> bool:
    """Whether ``seat`` may add to ``build`` as far as ``add_to_others`` goes (3.5)."""
    return build.owner == seat or v.add_to_others


def trail_sweeps(v: Variant, card: Card, table_empty: bool) -> bool:
    """Whether trailing ``card`` is the five-of-spades sweep (3.8)."""
    return v.five_of_spades_sweep and card == FIVE_OF_SPADES and not table_empty


def face_takes_one(v: Variant) -> bool:
    """Whether a valueless face card takes exactly one card of its rank (``face_capture``, 3.2)."""
    return v.face_capture == "one"


def capture_blocks_trail(v: Variant) -> bool:
    """Whether a card that can capture may not be trailed (``forced_capture``, 3.1)."""
    return v.forced_capture
