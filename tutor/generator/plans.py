"""What to mine for each theme: the goals tried, the kind of position, the variant and players it needs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tutor.content.course import THEMES
from tutor.core.solver import Goal
from tutor.core.variant import Variant

SINGLE_MOVE_GOALS: dict[str, tuple[str, ...]] = {
    "pairing": ("points", "safe"), "sums": ("points", "safe"), "groups": ("points", "safe"),
    "stealing": ("points", "safe"), "face-cards": ("points", "safe"),
    "big-cassino": ("points",), "little-cassino": ("points",), "aces": ("points",),
    "deny-sweep": ("safe",), "trailing": ("safe",), "counting": ("safe",),
    "royal": ("points", "safe"), "spade": ("points",), "italian": ("points", "safe"),
    "draw": ("points", "safe"), "face-gather": ("points", "safe"),
    "sweep": ("points", "cards"),
}
"""Themes taught by one move, and the goals tried on each position (first kept wins).  Never goal ``sweep``
(the puzzle would say its answer); ``cards`` only for ``sweep``, where the grab that clears the table may be
the answer (:func:`tutor.generator.selection.rejection`)."""

CAPTURE_GOALS = ("cards", "points", "sweep")
"""Goals won by what one capture takes."""

LINE_THEMES = (
    "building", "multiple-builds", "raising", "adding", "holding", "last-take",
    "most-cards", "most-spades", "sweep", "endgame", "partnership",
)
"""Themes line puzzles (``--lines``, last deals played out exactly) are mined for."""

ENDGAME_THEMES = tuple(t for t in LINE_THEMES if t != "sweep")
"""Themes taught by a last deal played out exactly (goal ``deal``); ``sweep`` is taught by one move
(:data:`SINGLE_MOVE_GOALS`), and by line puzzles."""

VARIANT_THEMES: dict[str, Callable[[Variant], bool]] = {
    "royal": lambda v: v.values == "royal",
    "spade": lambda v: v.spade_points,
    "italian": lambda v: v.deck == "italian40",
    "draw": lambda v: v.draw,
    "face-gather": lambda v: v.face_builds,
}
"""Themes a variant gives; each is also the name of the preset that plays it."""

BUILD_THEMES = ("building", "multiple-builds", "raising", "adding", "holding", "stealing")
"""Themes that need builds on the table: their rounds are played with a liking for building."""


@dataclass(frozen=True)
class Plan:
    """How to mine one theme: ``goals`` tried in order; ``endgame``: last-deal positions, every hand known;
    ``builder``: rounds played with a liking for building."""

    theme: str
    goals: tuple[Goal, ...]
    endgame: bool
    builder: bool = False


GOALS = ("points", "safe", "cards", "deal")
"""The goals a run may ask for instead of its theme's (``puzzles generate --goal``): those the plans mine."""


def plan_for(theme: str, goal: str | None = None) -> Plan:
    """The plan of a theme of :data:`tutor.content.course.THEMES`, or of its ``goal`` alone (one of :data:`GOALS`:
    ``deal`` mines last deals, any other single moves); ValueError for any other name."""
    if goal is not None:
        if theme not in THEMES or goal not in GOALS:
            raise ValueError(f"unknown theme {theme!r} or goal {goal!r}")
        return Plan(theme, (Goal.from_str(goal),), endgame=goal == "deal", builder=theme in BUILD_THEMES)
    if theme in ENDGAME_THEMES:
        return Plan(theme, (Goal.from_str("deal"),), endgame=True, builder=theme in BUILD_THEMES)
    if theme not in SINGLE_MOVE_GOALS:
        raise ValueError(f"unknown theme {theme!r}; themes are: {', '.join(THEMES)}")
    goals = tuple(Goal.from_str(n) for n in SINGLE_MOVE_GOALS[theme])
    return Plan(theme, goals, endgame=False, builder=theme in BUILD_THEMES)


def default_variant(theme: str) -> str:
    """The preset a theme is mined in unless another is asked for."""
    return theme if theme in VARIANT_THEMES else "classic"


def default_players(theme: str) -> int:
    return 4 if theme == "partnership" else 2


def mismatch(theme: str, variant: Variant, players: int) -> str | None:
    """Why this theme cannot come from positions of ``variant`` with ``players`` (``needs_variant``, a variant
    that plays it, or ``needs_four``, four players), or None."""
    gives = VARIANT_THEMES.get(theme)
    if gives is not None and not gives(variant):
        return "needs_variant"
    if theme == "partnership" and players != 4:
        return "needs_four"
    return None
