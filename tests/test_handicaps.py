"""The simulated learners: a club level with one skill taken away, each differing from it only there."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tutor.content.presets import variant
from tutor.content.skills import SKILLS
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.play.game import play_one_round
from tutor.play.handicaps import CHOICES, Handicapped
from tutor.play.heuristics import BUILD_KINDS, CLUB, CLUB_V1, Club, ClubWeights, told
from tutor.play.risk import likely_take
from tutor.play.view import SeatView

Differs = Callable[[Position, Move, Move, ClubWeights], bool]
BASES = {"club": CLUB, "club-v1": CLUB_V1}


def _sample(weights: ClubWeights) -> list[SeatView]:
    """The views of seat 0 with a choice, in a few classic rounds of the full club level of ``weights`` against
    itself."""
    views = []
    for seed in range(12):
        record = play_one_round(variant("classic"), [Club(weights=weights), Club(weights=weights)], seed)
        views += [view for ply in record.plies if ply.seat == 0
                  and len((view := SeatView.of(ply.before, 0)).legal_moves()) >= 2]
    return views


SAMPLES = {name: _sample(weights) for name, weights in BASES.items()}


def _exact(pos: Position, weights: ClubWeights) -> bool:
    """The club searches the last deal exactly here (it can tell every hand, and few cards are left)."""
    world = told(pos)
    return world is not None and sum(len(h) for h in world.hands) <= weights.exact_cards


def _point_cards_at_stake(pos: Position, club: Move, own: Move, weights: ClubWeights) -> bool:
    """A point card the learner sees, in its hand or on the table, or one the exact search knows is in the other
    hand (what its valuation leaves out)."""
    worth = pos.variant.card_points
    world = told(pos) if _exact(pos, weights) else None
    other = [c for hand in world.hands for c in hand] if world is not None else []
    return any(worth[c] for c in [*pos.hands[pos.to_move], *pos.table_cards(), *other])


WHERE: dict[str, Differs] = {
    "sweeps": lambda pos, club, own, w: pos.is_sweep(club) and not pos.is_sweep(own),
    "builds": lambda pos, club, own, w: club.kind in BUILD_KINDS and own.kind not in BUILD_KINDS,
    # the club weighed what the next player could take (or searched the replies exactly); the careless learner did not
    "safe_play": lambda pos, club, own, w: (likely_take(pos, club, w.table_worth) < likely_take(pos, own, w.table_worth)
                                            or _exact(pos, w)),
    "point_cards": _point_cards_at_stake,
    "counting": lambda pos, club, own, w: any(pos.captured or ()),  # it forgets only the cards taken
}
"""For each handicap: what holds wherever its choice differs from the full club level's."""


def test_every_handicap_takes_away_a_skill_of_the_model() -> None:
    assert set(CHOICES) <= set(SKILLS)
    assert set(WHERE) == set(CHOICES)


@pytest.mark.parametrize("base", sorted(BASES))
@pytest.mark.parametrize("skill", sorted(CHOICES))
def test_a_handicapped_learner_differs_from_the_club_only_where_its_skill_is_concerned(skill: str, base: str) -> None:
    weights = BASES[base]
    club, learner = Club(weights=weights), Handicapped(skill, weights)
    differ = 0
    for view in SAMPLES[base]:
        full, own = club.choose(view, random.Random(0)), learner.choose(view, random.Random(0))
        assert own in view.legal_moves()
        if own != full:
            differ += 1
            assert WHERE[skill](view.position(), full, own, weights), (skill, view, full, own)
    assert differ  # it is not the club level under another name


@pytest.mark.parametrize("base", sorted(BASES))
def test_with_nothing_taken_away_it_is_the_club_level(base: str) -> None:
    club, learner = Club(weights=BASES[base]), Handicapped(None, BASES[base])
    assert all(club.choose(v, random.Random(0)) == learner.choose(v, random.Random(0)) for v in SAMPLES[base])


def test_an_unknown_handicap_is_refused() -> None:
    with pytest.raises(ValueError, match="no handicap for 'rules'"):
        Handicapped("rules")
