"""The simulated learners: the club level or the expert with one skill taken away, differing only there."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from tutor.content.presets import variant
from tutor.content.skills import SKILLS
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.play.advisor import EXPERT_V1
from tutor.play.game import play_one_round
from tutor.play.handicaps import CHOICES, EXPERT_CHOICES, Handicapped
from tutor.play.heuristics import BUILD_KINDS, CLUB_V1, Club
from tutor.play.risk import likely_take
from tutor.play.view import SeatView

Differs = Callable[[Position, Move, Move], bool]


def _sample() -> list[SeatView]:
    """The views of seat 0 with a choice, in a few classic rounds of the full first club level (the handicaps'
    club, ``club-v1``) against itself."""
    views = []
    for seed in range(12):
        record = play_one_round(variant("classic"), [Club(weights=CLUB_V1), Club(weights=CLUB_V1)], seed)
        views += [view for ply in record.plies if ply.seat == 0
                  and len((view := SeatView.of(ply.before, 0)).legal_moves()) >= 2]
    return views


SAMPLE = _sample()


def _point_cards_at_stake(pos: Position, club: Move, own: Move) -> bool:
    """A point card the learner sees, in its hand or on the table (what its valuation leaves out)."""
    worth = pos.variant.card_points
    return any(worth[c] for c in [*pos.hands[pos.to_move], *pos.table_cards()])


WHERE: dict[str, Differs] = {
    "sweeps": lambda pos, club, own: pos.is_sweep(club) and not pos.is_sweep(own),
    "builds": lambda pos, club, own: club.kind in BUILD_KINDS and own.kind not in BUILD_KINDS,
    # the club weighed what the next player could take; the careless learner did not
    "safe_play": lambda pos, club, own: likely_take(pos, club, CLUB_V1.table_worth) < likely_take(pos, own, CLUB_V1.table_worth),
    "point_cards": _point_cards_at_stake,
    "counting": lambda pos, club, own: any(pos.captured or ()),  # it forgets only the cards taken
}
"""For each handicap: what holds wherever its choice differs from the full club level's."""


def test_every_handicap_takes_away_a_skill_of_the_model() -> None:
    assert set(CHOICES) <= set(SKILLS)
    assert set(WHERE) == set(CHOICES)


@pytest.mark.parametrize("skill", sorted(CHOICES))
def test_a_handicapped_learner_differs_from_the_club_only_where_its_skill_is_concerned(skill: str) -> None:
    club, learner = Club(weights=CLUB_V1), Handicapped(skill)
    differ = 0
    for view in SAMPLE:
        full, own = club.choose(view, random.Random(0)), learner.choose(view, random.Random(0))
        assert own in view.legal_moves()
        if own != full:
            differ += 1
            assert WHERE[skill](view.position(), full, own), (skill, view, full, own)
    assert differ  # it is not the club level under another name


def test_an_unknown_handicap_is_refused() -> None:
    with pytest.raises(ValueError, match="no handicap for 'rules'"):
        Handicapped("rules")


def _point_card_in_play(pos: Position) -> bool:
    """A point card not yet taken, seen or not: the expert's worlds value the hidden cards too."""
    taken = {card for pile in pos.captured or () for card in pile}
    return any(pos.variant.card_points[c] for c in pos.variant.deck_cards if c not in taken)


EXPERT_WHERE: dict[str, Differs] = {
    **WHERE,
    "point_cards": lambda pos, full, own: _point_card_in_play(pos),
    # the careless expert added back the next player's likely take: the move it prefers leaves at least as much
    "safe_play": lambda pos, full, own: (likely_take(pos, full, CLUB_V1.table_worth)
                                         <= likely_take(pos, own, CLUB_V1.table_worth)),
}
"""For each handicap of the expert: what holds wherever its choice differs from the full expert's."""


def test_every_handicap_of_the_expert_is_one_of_the_club() -> None:
    assert set(EXPERT_CHOICES) == set(CHOICES) == set(EXPERT_WHERE)


@pytest.mark.parametrize("skill", sorted(EXPERT_CHOICES))
def test_a_handicapped_expert_differs_from_the_expert_only_where_its_skill_is_concerned(skill: str) -> None:
    """The expert without a skill (docs/learner-model.md, thirteenth pass), on the first views of the sample: its
    advice has the expert's seed, so it chooses otherwise only where its skill is concerned."""
    expert, learner = replace(EXPERT_V1, budget=None), Handicapped(skill, "expert")
    differ = 0
    for view in SAMPLE[:40]:
        full, own = expert.choose(view, random.Random(0)), learner.choose(view, random.Random(0))
        assert own in view.legal_moves()
        if own != full:
            differ += 1
            assert EXPERT_WHERE[skill](view.position(), full, own), (skill, view, full, own)
    if skill in ("builds", "point_cards", "counting"):  # the views hold builds, point cards and cards taken
        assert differ
