"""A rule sheet as data: the facts of each section, computed from a variant.

Nothing here is worded: :func:`build_sheet` reads the options (through the
same tables and predicates the engine plays by) and the section templates
turn the facts into words.  Worked examples come from :mod:`.examples`,
each confirmed by the engine under the sheet's variant.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Union

from tutor.content.presets import presets
from tutor.core.cards import RANKS, Card
from tutor.core.round import TABLE_CARDS, scored_at_once
from tutor.core.rules import holding_applies
from tutor.core.scoring import JACK_OF_SPADES, point_card_order, round_points
from tutor.core.variant import Variant

from .examples import Example, confirmed_examples

TOPICS: tuple[str, ...] = (
    "cards", "deal", "moves", "builds", "controller", "sweeps", "end", "scoring", "match", "glossary",
)
"""Section ids, in the order a sheet prints them."""


@dataclass(frozen=True)
class CardFacts:
    """Deck and card values (rules section 1)."""

    deck_size: int
    top_pip: int  # the highest number card: 10, or 7 in the 40-card deck
    removed: tuple[str, ...]  # ranks the deck leaves out
    face_values: tuple[tuple[str, int], ...]  # J, Q, K with their values; empty when they have none
    aces_high: bool


@dataclass(frozen=True)
class DealFacts:
    """Seats and the deal (section 5)."""

    players: int
    partnerships: bool
    hand_size: int
    packet: int  # 0: a hand is dealt at once
    table_cards: int  # face up on the first deal: 4, fewer only when the hands take nearly every card
    draw: bool  # the players draw from a stock (not when the first deal takes every card)
    deals: int  # deals in a round (1 when players draw)
    short_last: int  # cards in a last deal too short to fill every hand; 0 when deals come out even
    stock: int  # cards left after the first deal (the draw pile)


@dataclass(frozen=True)
class MoveFacts:
    """Trailing and capturing (sections 3.1, 3.2, 3.8)."""

    forced_capture: bool
    duty_limits_trail: bool  # the build duty forbids some trails (see controller)
    faces_valueless: bool
    face_takes_all: bool
    build_in_sum: str
    partnerships: bool
    five_of_spades: bool


@dataclass(frozen=True)
class BuildFacts:
    """Building, raising, adding (sections 3.3 to 3.7)."""

    max_build: int
    holding: bool  # the holding rule limits build moves
    penalty: int  # without it, what a build whose value one does not hold costs (0: a breach that costs nothing)
    raise_own: bool
    add_to_others: bool
    face_builds: bool
    faces_valueless: bool


@dataclass(frozen=True)
class ControllerFacts:
    """The holding rule and the build duty (section 4)."""

    duty: str
    penalty: int
    partnerships: bool
    add_to_others: bool  # a partner may add to the build (otherwise only its controller)
    raise_own: bool  # the duty may be met by raising one's own build (rules 3.4)
    forced_capture: bool  # a card that could capture may not be trailed, whatever the duty (3.1)


@dataclass(frozen=True)
class SweepFacts:
    """Sweeps (sections 3.2, 3.8, 6)."""

    points: int
    instant: bool
    five_of_spades: bool


@dataclass(frozen=True)
class EndFacts:
    """The end of a round and the residue (section 5, 7)."""

    draw: bool
    players: int
    partnerships: bool
    instant_limit: int | None
    limit_penalties: bool  # a player's own penalties count toward the instant limit (the penalty duty has them)
    limit_sweeps: str  # every sweep counts toward the instant limit (docs/readings.md, 15); where one scores
    # nothing ("nothing") or only at the round's end ("late") the sheet says it counts all the same; else ""


@dataclass(frozen=True)
class ScoreRow:
    """One line of the scoring table: ``points`` for each of ``count`` things.

    Codes: ``most_cards``, ``most_spades``, ``spades`` (each spade),
    ``jack_of_spades`` (its extra point), ``aces`` (each ace), ``card`` (one
    point card, ``card`` set).
    """

    code: str
    points: int
    count: int = 1
    card: Card | None = None

    @property
    def total(self) -> int:
        return self.points * self.count


@dataclass(frozen=True)
class ScoringFacts:
    """The round's score (section 6)."""

    rows: tuple[ScoreRow, ...]
    total: int  # the round's points, sweeps aside: the rows' sum
    sweep_points: int
    skunk: str
    instant_sweeps: bool
    instant_cards: tuple[Card, ...]  # the point cards, when they score the moment they are taken
    partnerships: bool


@dataclass(frozen=True)
class MatchFacts:
    """Winning the match (section 7)."""

    target: int
    tie_break: str
    count_out: tuple[str, ...]  # what a count-out counts, in order: cards, spades, point_cards, sweeps, skunk (the
    # bonus, last: docs/readings.md, 14; point cards the rulebook's order does not name come after the aces, 13)
    count_shared: tuple[str, ...]  # of those, what several sides may score at once (sweeps; spades that each score),
    # counted side by side in the order of play (docs/readings.md, 11)
    point_order: tuple[Card, ...]  # the point cards, in count-out order
    left_points: bool  # the point cards score during play: a count-out counts only those left on the table at the end
    skunk: str
    claim: bool
    claim_counts: tuple[str, ...]  # what a claim counts (tutor.core.scoring.certain_items), when claims are on:
    # point_cards, spades (each spade scores), sweeps, penalties, most_cards, most_spades
    instant: bool  # an instant score can end the match mid-round
    penalties: bool  # penalties are taken off the scoreboard during play, before the count
    partnerships: bool


@dataclass(frozen=True)
class GlossaryFacts:
    """The terms this sheet uses, as ids the templates define."""

    terms: tuple[str, ...]


Facts = Union[
    CardFacts, DealFacts, MoveFacts, BuildFacts, ControllerFacts,
    SweepFacts, EndFacts, ScoringFacts, MatchFacts, GlossaryFacts,
]


@dataclass(frozen=True)
class Section:
    """One topic of the sheet: its facts and the examples that illustrate it."""

    id: str
    facts: Facts
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """Every section of the rule sheet for one variant and number of players."""

    variant: Variant
    players: int
    options: tuple[tuple[str, Any], ...]  # options set on top of the preset
    sections: tuple[Section, ...]
    inert: tuple[str, ...] = ()  # options on top that change nothing under these rules (aces_high without royal)

    def section(self, topic: str) -> Section:
        return next(s for s in self.sections if s.id == topic)


def build_sheet(variant: Variant, players: int) -> Sheet:
    """The rule sheet of ``variant`` for ``players`` (2, 3 or 4) as data."""
    if players not in (2, 3, 4):
        raise ValueError(f"Cassino is played by 2, 3 or 4 players, not {players}")
    facts = sheet_facts(variant, players)
    examples = confirmed_examples(variant, players)
    sections = tuple(Section(t, facts[t], tuple(e for e in examples if e.topic == t)) for t in TOPICS)
    return Sheet(variant, players, _options_on_top(variant), sections, inert_options(variant, players))


def inert_options(variant: Variant, players: int) -> tuple[str, ...]:
    """The options set on top of the variant's preset that change nothing under its other rules for ``players``
    (``aces_high`` without royal values): put back to the preset's value, every section's facts stay the same."""
    preset = _preset_of(variant).options()
    return tuple(name for name, _ in _options_on_top(variant)
                 if not changes_rules(variant, players, name, preset[name]))


def changes_rules(variant: Variant, players: int, name: str, value: Any, topics: Collection[str] = TOPICS) -> bool:
    """Whether the option ``name`` set to ``value`` makes the variant's rules for ``players`` other than they are:
    the facts of some section of ``topics`` (all by default) differ."""
    other, mine = sheet_facts(variant.with_options(**{name: value}), players), sheet_facts(variant, players)
    return any(other[t] != mine[t] for t in topics)


@lru_cache(maxsize=256)
def sheet_facts(variant: Variant, players: int) -> Mapping[str, Facts]:
    """Each section's facts, by topic (without the examples): two variants whose facts are equal have the same
    rules for ``players``.  Kept (read-only), as the shell's toolbar asks for the same variant's again and again."""
    deal = _deal(variant, players)
    return MappingProxyType({
        "cards": _cards(variant),
        "deal": deal,
        "moves": _moves(variant, players),
        "builds": _builds(variant),
        "controller": ControllerFacts(variant.build_duty, variant.default_penalty if variant.penalties else 0,
                                      players == 4, variant.add_to_others, variant.raise_own,
                                      variant.forced_capture),
        "sweeps": SweepFacts(variant.sweep_points, _instant_sweeps(variant), variant.five_of_spades_sweep),
        "end": EndFacts(deal.draw, players, players == 4, variant.instant_limit,
                        variant.instant_limit is not None and variant.penalties, _limit_sweeps(variant)),
        "scoring": _scoring(variant, players),
        "match": _match(variant, players),
        "glossary": _glossary(variant, players),
    })


def _preset_of(variant: Variant) -> Variant:
    """The variant's preset without the options on top (all defaults for an unknown preset)."""
    return Variant.from_options(variant.preset, presets().get(variant.preset, {}), {})


def _options_on_top(variant: Variant) -> tuple[tuple[str, Any], ...]:
    """The options whose value differs from the variant's preset."""
    mine, theirs = variant.options(), _preset_of(variant).options()
    return tuple((k, v) for k, v in mine.items() if v != theirs[k])


def _cards(v: Variant) -> CardFacts:
    ranks = {c.rank for c in v.deck_cards}
    faces = tuple((r, v.value[Card.from_str(r + "S")]) for r in ("J", "Q", "K"))
    return CardFacts(
        deck_size=len(v.deck_cards),
        top_pip=max(c.rank_index for c in v.deck_cards if not c.is_face),
        removed=tuple(r for r in RANKS if r not in ranks),
        face_values=faces if all(value for _, value in faces) else (),
        aces_high=v.aces_high_active,
    )


def _deal(v: Variant, players: int) -> DealFacts:
    # as tutor.core.round deals: the hands first, then the table, then further deals from the stock
    hand = v.hand_size_resolved
    deck = len(v.deck_cards)
    per_deal = hand * players
    first = min(deck, per_deal)
    table = min(TABLE_CARDS, deck - first)
    rest = deck - first - table
    draw = v.draw and rest > 0  # the hands and the table take every card: no stock to draw from
    if draw:
        deals, short = 1, 0
    elif rest:
        deals, short = 1 - (-rest // per_deal), rest % per_deal
    else:
        deals, short = 1, first % per_deal
    return DealFacts(
        players=players,
        partnerships=players == 4,
        hand_size=hand,
        packet=v.packet if v.packet < hand else 0,
        table_cards=table,
        draw=draw,
        deals=deals,
        short_last=short,
        stock=rest,
    )


def _faces_valueless(v: Variant) -> bool:
    return v.value[Card.from_str("KS")] == 0


def _moves(v: Variant, players: int) -> MoveFacts:
    return MoveFacts(
        forced_capture=v.forced_capture,
        duty_limits_trail=v.build_duty in ("no_trail", "take_or_add"),
        faces_valueless=_faces_valueless(v),
        face_takes_all=_faces_valueless(v) and v.face_capture == "all",
        build_in_sum=v.build_in_sum,
        partnerships=players == 4,
        five_of_spades=v.five_of_spades_sweep,
    )


def _builds(v: Variant) -> BuildFacts:
    return BuildFacts(
        max_build=v.max_build,
        holding=holding_applies(v),
        penalty=v.default_penalty if v.penalties else 0,
        raise_own=v.raise_own,
        add_to_others=v.add_to_others,
        face_builds=v.face_builds,
        faces_valueless=_faces_valueless(v),
    )


def _scoring(v: Variant, players: int) -> ScoringFacts:
    rows: list[ScoreRow] = []
    if v.most_cards:
        rows.append(ScoreRow("most_cards", v.most_cards))
    if v.effective_most_spades:
        rows.append(ScoreRow("most_spades", v.effective_most_spades))
    if v.spade_points:
        spades = [c for c in v.deck_cards if c.suit == "S"]
        rows.append(ScoreRow("spades", 1, len(spades)))
        if JACK_OF_SPADES in spades:
            rows.append(ScoreRow("jack_of_spades", 1))
    scoring = _point_cards(v)
    aces = [c for c in scoring if c.rank == "A"]
    ace_points = {v.point_card_table[c] for c in aces}
    grouped = len(aces) == 4 and len(ace_points) == 1
    for c in scoring:
        if not (grouped and c.rank == "A"):
            rows.append(ScoreRow("card", v.point_card_table[c], card=c))
        elif c == aces[0]:
            rows.append(ScoreRow("aces", ace_points.pop(), 4))
    total = round_points(v)
    assert sum(r.total for r in rows) == total, "the table lists every point of the round"
    return ScoringFacts(
        rows=tuple(rows),
        total=total,
        sweep_points=v.sweep_points,
        skunk=v.skunk,
        instant_sweeps=_instant_sweeps(v),
        instant_cards=tuple(scoring) if v.instant_points else (),
        partnerships=players == 4,
    )


def _limit_sweeps(v: Variant) -> str:
    """How the sweeps that count toward ``v``'s instant limit score, where not at once: ``nothing`` or ``late``
    (at the round's end); ``""`` where they score at once, or no limit ends a round."""
    if v.instant_limit is None or _instant_sweeps(v):
        return ""
    return "late" if v.sweep_points else "nothing"


def _instant_sweeps(v: Variant) -> bool:
    """Whether a sweep scores the moment it is made: under ``instant_sweeps``, when sweeps score at all."""
    return v.instant_sweeps and v.sweep_points > 0


def _point_cards(v: Variant) -> list[Card]:
    """The cards that score, in count-out order."""
    return sorted((c for c in v.deck_cards if v.point_card_table[c]), key=point_card_order)


def _match(v: Variant, players: int) -> MatchFacts:
    points = _point_cards(v)
    at_once = scored_at_once(v)  # on the scoreboard already at the count (docs/readings.md, 12)
    counted = (
        ("cards", v.most_cards > 0),
        ("spades", v.effective_most_spades > 0 or v.spade_points),
        ("point_cards", bool(points)),  # under instant_points those left on the table (docs/readings.md, 12)
        ("sweeps", v.sweep_points > 0 and "sweeps" not in at_once),
        ("skunk", v.skunk == "bonus"),
    )
    return MatchFacts(
        target=v.target,
        tie_break=v.tie_break,
        count_out=tuple(name for name, counts in counted if counts),
        count_shared=tuple(name for name, shared in (("spades", v.spade_points),
                                                     ("sweeps", v.sweep_points > 0 and "sweeps" not in at_once))
                           if shared),
        point_order=tuple(points),
        left_points="point_card" in at_once,
        skunk=v.skunk,
        claim=v.claim,
        claim_counts=_claim_counts(v) if v.claim else (),
        instant=v.instant_points or _instant_sweeps(v),
        penalties=v.penalties,
        partnerships=players == 4,
    )


def _claim_counts(v: Variant) -> tuple[str, ...]:
    """What a claim counts under ``v``: the items of :func:`~tutor.core.scoring.certain_items` that can score."""
    counts = (("point_cards", bool(_point_cards(v))), ("spades", v.spade_points), ("sweeps", v.sweep_points > 0),
              ("penalties", v.penalties and v.default_penalty > 0), ("most_cards", v.most_cards > 0),
              ("most_spades", v.effective_most_spades > 0))
    return tuple(name for name, counted in counts if counted)


_POINT_CARD_TERMS = (("10D", "big_cassino"), ("2S", "little_cassino"), ("7D", "sette_bello"))


def _glossary(v: Variant, players: int) -> GlossaryFacts:
    terms = ["trail", "capture", "build", "multiple_build", "raise", "controller", "sweep", "residue"]
    if v.face_builds:
        terms.append("face_build")
    terms += [term for code, term in _POINT_CARD_TERMS if v.point_card_table[Card.from_str(code)]]
    if players == 4:
        terms.append("partnership")
    if v.penalties:
        terms.append("penalty")
    return GlossaryFacts(tuple(terms))
