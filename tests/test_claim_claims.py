"""Every count a claim states is true: the learner's claims at each turn of seeded matches with claims on, true and
false, and the computers' claims, in several presets with 2, 3 and 4 players, read back in English and German and
recounted from the piles, sweeps and penalties and the match (tutor/shell/claim_claims.py); and the checker finds a
false word when there is one."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tutor.content.presets import variant
from tutor.play.table_game import Settings, TableGame
from tutor.render import Renderer
from tutor.shell.claim_claims import claim_problems, claim_word_problems, claimed_games, unsure
from tutor.shell.game_text import ended_text

PRESETS = ("classic", "michigan", "spade", "italian", "sudden-death")


def games(name: str, players: int, seed: int) -> list[TableGame]:
    """The claims of a seeded match of ``name`` (claims on, a small target so that some are true)."""
    v = variant(name)
    settings = Settings(v.with_options(claim=True, target=min(v.target, 4 + seed % 9)), players, "greedy", seed)
    return list(claimed_games(settings, every=2))


def test_every_claim_of_seeded_matches_says_only_what_the_engine_counts() -> None:
    seen: Counter[str] = Counter()
    for name, players, seed in itertools.product(PRESETS, (2, 3, 4), (1, 5, 8)):
        for game in games(name, players, seed):
            assert game.claimed is not None and game.result is not None
            assert claim_problems(game) == [], (name, players, seed, len(game.current.plies))
            who = "learner" if game.claimed.seat == game.learner else "computer"
            seen[f"{who} {game.result.reason}"] += 1
            seen["later round"] += len(game.rounds) > 1
            seen["cannot"] += "Cannot become certain" in ended_text(Renderer("en"), game)
    assert seen["learner false_claim"] > 300 and seen["learner claim"] > 20 and seen["computer claim"] > 10, seen
    assert seen["later round"] > 50 and seen["cannot"] > 20, seen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_majority_too_few_cards_can_make_certain_is_not_said_to_be_not_yet_certain(lang: str) -> None:
    """A claim counted "Not yet certain: most cards, 3 points (10 of 52 taken, certain from 27)" where the other side
    held so many that 27 could no longer be reached; it says that it cannot become certain, too few being left."""
    game = next(g for g in games("classic", 2, 8) if g.claimed is not None and any(
        kind == "cards" and not reachable for kind, *_, reachable in unsure(g.position, g.claimed.count.side)))
    count = game.claimed.count if game.claimed is not None else None
    assert count is not None and not count.true
    said = ended_text(Renderer(lang), game)
    line = (f"  Cannot become certain: most cards, 3 points ({count.cards} of 52 taken, too few left to reach 27)"
            if lang == "en" else
            f"  Kann nicht mehr sicher werden: meiste Karten, 3 Punkte ({count.cards} von 52 eingenommen, zu wenige "
            f"übrig für 27)")
    assert line in said.splitlines(), said
    assert ("Not yet certain: most cards" if lang == "en" else "Noch offen: meiste Karten") not in said


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_checker_finds_each_false_count(lang: str) -> None:
    ui = Renderer(lang, symbols=False)
    claims = [g for g in games("classic", 2, 8) if g.claimed is not None]
    true = next(g for g in claims if g.claimed is not None and g.claimed.count.true and g.claimed.count.items)
    false = next(g for g in claims if g.claimed is not None and not g.claimed.count.true and len(g.rounds) > 1)
    for game in (true, false):
        text = ended_text(ui, game)
        assert claim_word_problems(ui, game, text) == []
        lines = text.splitlines()
        total = next(i for i, line in enumerate(lines) if line.startswith(("The claim counts", "Die Ansage zählt")))
        for changed in (
            [*lines[:total], lines[total].replace(str(game.settings.variant.target), "99"), *lines[total + 1:]],
            [line for line in lines if not line.startswith(("  +", "   +"))],  # a certain item left out
            [*lines[:total], lines[total].replace(" 1", " 2", 1), *lines[total + 1:]],
            [line.replace("certain from", "too few left to reach").replace("sicher ab", "zu wenige übrig für")
             for line in lines],
            [line.replace("true", "false").replace("stimmt", "ist falsch") for line in lines],
        ):
            if changed != lines:
                assert claim_word_problems(ui, game, "\n".join(changed)), "\n".join(changed)
    row = next(line for line in ended_text(ui, true).splitlines() if line.startswith(("  +", "   +")))
    wrong = ended_text(ui, true).replace(row, row.replace("+", "+1", 1))
    assert claim_word_problems(ui, true, wrong)


def test_the_checker_finds_a_view_that_judges_the_claim_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner's hint says that a claim wins now, and a computer claims, by the seat's view: the checker holds
    that view to the recount."""
    true = next(g for g in games("classic", 2, 8) if g.claimed is not None and g.claimed.count.true)
    assert claim_problems(true) == []
    monkeypatch.setattr("tutor.shell.claim_claims.claims", lambda view: False)
    assert any("view judges the claim False" in p for p in claim_problems(true))
