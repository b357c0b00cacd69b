"""Worlds: the ways the cards a seat cannot see may lie, dealt at random or each once.

A *world* is one way the unseen cards (:func:`tutor.core.solver.unseen_cards`)
may lie: dealt at random into the other hands (their sizes) and the stock (its
size), respecting what the rules reveal (a seat that owns a build holds a card
to take it).  The advisor (:mod:`.advisor`) values moves over a stream of them;
the review's confirmation (:mod:`.confirm`) over more of the same stream, or
over every deal once where the hands (and with ``draw`` the stock's order) can be dealt in few ways
(:mod:`.deal_values`: each over every order of the hidden hands).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from itertools import combinations, islice, permutations

from tutor.core.cards import Card
from tutor.core.movegen import build_key
from tutor.core.position import Position
from tutor.core.rules import holding_applies
from tutor.core.solver import unseen_cards

REDRAWS = 50
"""Deals drawn for a world before the holders of builds are dealt first."""


def sampled_worlds(pos: Position, worlds: int, seed: int) -> list[Position]:
    """``worlds`` positions like ``pos`` with its unseen cards dealt at random to the hidden places.

    A world respects what the rules reveal: a seat that owns a build holds a
    card to take it (the holding rule, 4.1).  Deals that break this are drawn
    again; after :data:`REDRAWS` failures the holders are dealt first (which
    favours hands with several holders a little).
    When the unseen cards can lie only one way (none is hidden, or one place
    hides them all) there is a single world.  Unseen cards beyond the hidden
    places (a position that does not list what was taken) are left out of the world.
    """
    return list(islice(world_stream(pos, seed), worlds))


def one_way(pos: Position) -> bool:
    """Whether the unseen cards of ``pos`` can lie only one way: none is hidden, or one place hides them all."""
    places = sum(1 for n in pos.hidden_counts if n) + (pos.stock_hidden > 0)
    return places == 0 or (places == 1 and len(unseen_cards(pos)) == sum(pos.hidden_counts) + pos.stock_hidden)


def world_stream(pos: Position, seed: int) -> Iterator[Position]:
    """:func:`sampled_worlds`'s worlds one by one, without end (one world only when the cards lie one way):
    the first ``n`` are ``sampled_worlds(pos, n, seed)``, so more worlds of the same seed extend the sample."""
    unseen = sorted(unseen_cards(pos))
    needs = held_keys(pos)
    rng = random.Random(seed)
    single = one_way(pos)
    while True:
        for _ in range(REDRAWS):
            shuffle(rng, unseen)
            world = world_of(pos, unseen)
            if all(holds(world, seat, keys) for seat, keys in needs.items()):
                break
        else:
            world = dealt_with_holders(pos, unseen, needs, rng)
        yield world
        if single:
            return


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``: the same order from the same state of ``rng``, and the same state after, without
    the interpreter's loop (CPython's Fisher-Yates, each place drawn by ``getrandbits`` with rejection, as its
    ``_randbelow_with_getrandbits``; tests/test_worlds.py holds the two to each other)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


Deal = tuple[tuple[Card, ...], ...]
"""The unseen cards dealt: the cards of each hidden hand in seat order, then the cards left over (with the ``draw``
rule, the hidden stock's in the order drawn: :func:`every_deal`)."""


def deal_ways(pos: Position) -> int:
    """How many ways the unseen cards of ``pos`` can be dealt into the hidden hands (holding rule or not) and, with
    the ``draw`` rule, into the hidden stock in order: all that a world's value depends on.  Without draws a
    playout ends with the deal, so it plays no card of the stock, and the majorities count the cards out, not
    which they are; with draws a playout draws the stock's cards in their order (until 5 December 2026 such a
    position was left to sampled worlds however few its ways: docs/review.md, "Draw's grades")."""
    ways, left = 1, len(unseen_cards(pos))
    for n in pos.hidden_counts:
        ways *= math.comb(left, n)
        left -= n
    return ways * math.perm(left, pos.stock_hidden) if pos.variant.draw else ways


def every_deal(pos: Position) -> list[Deal]:
    """Each way of :func:`deal_ways` that the holding rule allows, once: the worlds of :func:`world_stream`
    are these deals, each as likely (but when it falls back on :func:`dealt_with_holders`), the cards of each
    hand in a random order.  With the ``draw`` rule the cards left over are the hidden stock's, in the order it is
    drawn, each order a deal of its own."""
    needs = held_keys(pos)
    deals = _splits(sorted(unseen_cards(pos)), [n for n in pos.hidden_counts if n])
    held = [deal for deal in deals if all(holds(world_of(pos, [c for hand in deal for c in hand]), seat, keys)
                                        for seat, keys in needs.items())]
    if not pos.variant.draw:
        return held
    return [(*deal[:-1], stock) for deal in held for stock in permutations(deal[-1], pos.stock_hidden)]


def _splits(cards: list[Card], sizes: list[int]) -> Iterator[Deal]:
    """Every way to deal hands of ``sizes`` from ``cards``, one after the other, and the cards left over."""
    if not sizes:
        yield (tuple(cards),)
        return
    for hand in combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in hand]
        for more in _splits(rest, sizes[1:]):
            yield (hand, *more)


def held_keys(pos: Position) -> dict[int, list[int]]:
    """For each seat with hidden cards that owns builds under the holding rule, the build keys it must hold: each
    once, as one card takes every build of its key (two builds of 10 ask for one 10, not two)."""
    if not holding_applies(pos.variant):
        return {}
    needs: dict[int, list[int]] = {}
    for b in pos.builds:
        if pos.hidden_counts[b.owner]:
            keys = needs.setdefault(b.owner, [])
            if build_key(b) not in keys:
                keys.append(build_key(b))
    return needs


def holds(world: Position, seat: int, keys: list[int]) -> bool:
    """Whether ``seat``'s hand has a card for each of ``keys``, a card for one key only."""
    holding = world.variant.holding_keys
    free = list(world.hands[seat])
    for key in keys:
        card = next((c for c in free if key in holding[c]), None)
        if card is None:
            return False
        free.remove(card)
    return True


def dealt_with_holders(pos: Position, unseen: list[Card], needs: dict[int, list[int]], rng: random.Random) -> Position:
    """A world in which each seat of ``needs`` is first given a holder of each of its keys, drawn at random."""
    holding = pos.variant.holding_keys
    pool = list(unseen)
    given: dict[int, list[Card]] = {}
    for seat, keys in needs.items():
        for key in keys:
            supply = [c for c in pool if key in holding[c]]
            if supply:  # none only in a position the rules could not reach
                card = rng.choice(supply)
                pool.remove(card)
                given.setdefault(seat, []).append(card)
    shuffle(rng, pool)
    cards: list[Card] = []
    for seat in range(pos.players):
        mine = given.get(seat, [])[: pos.hidden_counts[seat]]
        rest = pos.hidden_counts[seat] - len(mine)
        cards += mine + pool[:rest]
        pool = pool[rest:]
    return world_of(pos, cards + pool)


def world_of(pos: Position, cards: list[Card]) -> Position:
    """``pos`` with ``cards`` dealt to its hidden hands (in seat order), the rest to the stock."""
    world = pos.copy()
    hidden, hands = world.hidden_counts, world.hands
    assert world.stock is not None
    taken = 0
    for seat in range(world.players):
        n = hidden[seat]
        hands[seat] = [*hands[seat], *cards[taken:taken + n]]
        hidden[seat] = 0
        taken += n
    world.stock = [*world.stock, *cards[taken:taken + world.stock_hidden]]
    world.stock_hidden = 0
    return world
