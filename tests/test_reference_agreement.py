"""The fast move generator agrees with the naive reference on random positions."""

from __future__ import annotations

import random

import pytest
from randompos import ALL_VARIANTS, fresh_position, outcome, random_play, random_position, to_reference
from reference_moves import reference_outcomes

from tutor.content.presets import variant
from tutor.core.position import Position
from tutor.core.table import Build


def assert_agrees(pos: Position) -> None:
    mine = [outcome(pos, m) for m in pos.generate()]
    expected = reference_outcomes(to_reference(pos))
    assert len(set(mine)) == len(mine), f"duplicate outcomes in\n{pos}"
    assert set(mine) == expected, (
        f"\n{pos}\nvariant {pos.variant.changed_options()}\n"
        f"only fast: {set(mine) - expected}\nonly reference: {expected - set(mine)}"
    )


@pytest.mark.parametrize("chunk", range(10))
def test_agreement_on_1000_random_positions(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    for _ in range(100):
        assert_agrees(random_position(rng))


@pytest.mark.parametrize("name", ["face-gather", "combine-builds", "royal-aces-high", "michigan", "classic-take-or-add"])
def test_agreement_on_build_heavy_positions(name: str) -> None:
    rng = random.Random(name)
    v = variant(name)
    checked = 0
    while checked < 60:
        pos = fresh_position(rng, v, rng.choice((2, 4)))
        random_play(rng, pos, rng.randrange(4, 20), build_bias=0.9)
        if pos.builds and not pos.is_round_over() and not pos.needs_deal():
            assert_agrees(pos)
            checked += 1


def test_variants_cover_every_preset() -> None:
    presets = {v.preset for v in ALL_VARIANTS}
    assert {"classic", "royal", "royal-aces-high", "draw", "spade", "italian", "michigan", "michigan-5",
            "sudden-death", "face-gather", "combine-builds", "classic-take-or-add"} <= presets


def synthetic_face_position(rng: random.Random) -> Position:
    """Face-gather tables crowded with face cards and face builds."""
    v = variant("face-gather").with_options(build_duty=rng.choice(["no_trail", "take_or_add", "free", "penalty"]),
                       add_to_others=rng.random() < 0.7)
    faces = [c for c in v.deck_cards if c.is_face]
    numbers = [c for c in v.deck_cards if not c.is_face]
    rng.shuffle(faces)
    rng.shuffle(numbers)
    builds = []
    for _ in range(rng.randrange(0, 3)):
        rank = faces[0].rank_index
        same = [c for c in faces if c.rank_index == rank][: rng.randrange(2, 4)]
        faces = [c for c in faces if c not in same]
        if len(same) >= 2:
            builds.append(Build(rank, tuple(sorted(same)), rng.randrange(2), False, True))
    loose = faces[: rng.randrange(1, 5)] + numbers[: rng.randrange(0, 3)]
    rest = faces[len(loose):] + numbers[3:]
    hand = rest[: rng.randrange(1, 5)]
    return Position(v, 2, [hand, []], loose, builds, to_move=0, hidden=[0, len(hand)])


def test_agreement_on_face_builds() -> None:
    rng = random.Random(36)
    for _ in range(200):
        assert_agrees(synthetic_face_position(rng))
