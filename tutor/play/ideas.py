"""The ideas a Cassino player names, read off the position the learner saw: facts no hidden card can change.

Each function compares the move played with a better one in the learner's
view (the other hands and the stock hidden) and gives the reasons of
:data:`~tutor.play.why.SEEN_CODES` it finds: the sweep a move leaves and to
which unseen cards, a majority made sure, cards put out of an opponent's
reach in a build, a build left to be stolen, a card left on the table that no
unseen card can take, a card trailed that none can take where the played trail
could be taken.  What an opponent *could* take is worked out by the
rules for every card the learner has not seen, held by an opponent: it is
certain, whoever holds what.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tutor.core.cards import Card
from tutor.core.legality import shared_pair
from tutor.core.movegen import build_key, hand_moves, held_keys
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import side_piles
from tutor.core.solver import trial_hands, unseen_cards
from tutor.core.table import Build

from .heuristics import BUILD_KINDS
from .why import Why

MAJORITIES = ("most_cards", "most_spades")
"""The majorities a round may score, as :class:`~tutor.core.scoring.ScoreItem` codes."""
SURE = ("open", "denies", "wins")
"""How sure a majority is for the learner's side, weakest first (:func:`majority_state`)."""


def after(pos: Position, move: Move) -> Position:
    """A copy of ``pos`` once ``move`` is played."""
    later = pos.copy()
    later.push(move)
    return later


def sweep_takers(pos: Position, move: Move) -> list[Card]:
    """The cards with which the next player (an opponent, in this deal) could sweep the table ``move`` leaves,
    of every hand they may hold (none when the turn comes back to the mover's side or the round ends)."""
    later = after(pos, move)
    seat = later.to_move
    if later.is_round_over() or later.side_of(seat) == pos.side_of(pos.to_move) or not later.hand_size(seat):
        return []
    found: set[Card] = set()
    for hand in trial_hands(later, seat):
        later.hands[seat], later.hidden_counts[seat] = hand, 0
        found.update(m.card for m in hand_moves(later, others=False) if later.is_sweep(m))
    return sorted(found)


def turn_comes(later: Position, seat: int) -> bool:
    """Whether ``seat`` surely plays again in ``later`` (a move just played) before the round ends: its hand is not
    empty and no move of the seats before its turn can end the round (an instant limit reached, as a third
    penalty or sweep against a seat ends a Michigan-5 round).  With one move to come, every move the next player
    could make is tried: each unseen card alone beside its known ones (a penalty for a build left unheld is surest
    so) and all of them together (every build it could make); with more moves to come, only a round where no seat
    can reach the limit in that many moves is sure."""
    if later.is_round_over() or not later.hand_size(seat):
        return False
    limit, nxt = later.variant.instant_limit, later.to_move
    between = sum(1 for s in range(later.players) if s != seat and later.hand_size(s))
    if limit is None or nxt == seat or max(map(later.instant_marks, range(later.players))) + between < limit:
        return True
    if between != 1:
        return False
    known, unseen = later.hands[nxt], unseen_cards(later) if later.hidden_counts[nxt] else []
    for hand in [known + [c] for c in unseen] + [known + unseen]:
        trial = later.copy()
        trial.hands[nxt], trial.hidden_counts[nxt] = hand, 0
        if any(after(trial, move).is_round_over() for move in trial.generate()):
            return False
    return True


def opponent_takers(later: Position, side: int, wanted: Callable[[Move], bool],
                    cards: Sequence[Card] | None = None) -> list[Card]:
    """The cards unseen by ``side`` (or of ``cards``) with which some opponent could make a capture ``wanted`` on
    ``later``'s table (each opponent in turn holding every such card)."""
    if later.is_round_over():
        return []
    unseen = sorted(unseen_cards(later) if cards is None else cards)
    found: set[Card] = set()
    for seat in range(later.players):
        if later.side_of(seat) == side:
            continue
        trial = later.copy()
        trial.to_move, trial.hands[seat], trial.hidden_counts[seat] = seat, unseen, 0
        found.update(m.card for m in hand_moves(trial, others=False) if wanted(m))
    return sorted(found)


def takes_any(cards: set[Card]) -> Callable[[Move], bool]:
    """Whether a capture takes one of ``cards``."""
    return lambda m: not cards.isdisjoint(m.captured_cards())


def majority_state(pos: Position, item: str) -> tuple[str, int, int]:
    """How sure ``item`` is for the side to move in ``pos`` from what is taken: ``wins`` (more than any other side
    can reach), ``denies`` (no other side can reach more) or ``open``; its count, and the deck's."""
    deck = pos.variant.deck_cards
    kept = (lambda c: True) if item == "most_cards" else (lambda c: c.suit == "S")
    counts = [sum(map(kept, pile)) for pile in side_piles(pos)]
    total = sum(map(kept, deck))
    out = total - sum(counts)
    mine = counts[pos.side_of(pos.to_move)]
    reach = max(n + out for s, n in enumerate(counts) if s != pos.side_of(pos.to_move))
    return ("wins" if mine > reach else "denies" if mine >= reach else "open"), mine, total


def majorities(pos: Position, played: Move, better: Move) -> list[Why]:
    """``majority``: the better move makes a majority surer for the learner's side than the played one does."""
    v = pos.variant
    found = []
    for item, points in zip(MAJORITIES, (v.most_cards, v.effective_most_spades)):
        if not points:
            continue
        states = []
        for move in (better, played):
            later = after(pos, move)
            later.to_move = pos.to_move  # counted for the mover's side
            states.append(majority_state(later, item))
        (how, n, total), (then, _, _) = states
        if SURE.index(how) > SURE.index(then):
            found.append(Why("majority", {"item": item, "how": how, "n": n, "total": total,
                                          "partner": pos.players == 4}))
    return found


def build_of(later: Position, card: Card) -> Build | None:
    """The build holding ``card`` on ``later``'s table, if any."""
    return next((b for b in later.builds if card in b.cards), None)


def protect(pos: Position, played: Move, better: Move) -> list[Why]:
    """``protect``: the better move's build holds table cards that fewer unseen cards could take than after the
    played move."""
    if better.kind not in BUILD_KINDS:
        return []
    side, later = pos.side_of(pos.to_move), after(pos, better)
    made = build_of(later, better.card)
    if made is None:  # the round's last card: the table went to the last capturer
        return []
    cards = set(made.cards) - {better.card}
    takers = opponent_takers(later, side, takes_any(cards))
    exposed = opponent_takers(after(pos, played), side, takes_any(cards))
    if len(takers) >= len(exposed):
        return []
    return [Why("protect", {"value": made.value, "cards": sorted(cards), "takers": takers, "exposed": len(exposed)})]


def steal(pos: Position, played: Move, better: Move) -> list[Why]:
    """``steal``: the played move's build could be taken by an opponent holding an unseen card; after the better
    move no build of the learner's side could."""
    if played.kind not in BUILD_KINDS:
        return []
    side = pos.side_of(pos.to_move)
    later = after(pos, played)
    made = build_of(later, played.card)
    if made is None:
        return []
    takers = opponent_takers(later, side, lambda m: made in m.builds)
    then = after(pos, better)
    ours = [b for b in then.builds if then.side_of(b.owner) == side]
    if not takers or opponent_takers(then, side, lambda m: any(b in m.builds for b in ours)):
        return []
    return [Why("steal", {"value": made.value, "takers": takers})]


def safe(pos: Position, played: Move, better: Move) -> list[Why]:
    """``safe``: table cards the played move takes, left loose by the better move where no opponent could take them
    with an unseen card, and a card the learner keeps that could."""
    seat, side = pos.to_move, pos.side_of(pos.to_move)
    later = after(pos, better)
    left = [c for c in played.captured_cards() if c in later.loose]
    if not left:
        return []
    later.to_move = seat
    own = hand_moves(later, others=False) if later.hands[seat] and not later.is_round_over() else []
    keepers = sorted({m.card for m in own if not set(left).isdisjoint(m.captured_cards())},
                     key=lambda c: (c != played.card, c))
    for by in keepers:
        mine = {c for m in own if m.card == by for c in m.captured_cards()}
        cards = [c for c in left if c in mine and not opponent_takers(later, side, takes_any({c}))]
        if cards:
            return [Why("safe", {"cards": sorted(cards), "by": by})]
    return []


def safe_trail(pos: Position, played: Move, better: Move) -> list[Why]:
    """``safe_trail``: both moves trail, the better move a card no opponent could take with an unseen card from the
    table it leaves, the played move one that some unseen cards could."""
    if played.kind != "trail" or better.kind != "trail" or played.card == better.card:
        return []
    side, later, then = pos.side_of(pos.to_move), after(pos, better), after(pos, played)
    if better.card not in later.loose or played.card not in then.loose:  # the round's end took the table
        return []
    if opponent_takers(later, side, takes_any({better.card})):
        return []
    takers = opponent_takers(then, side, takes_any({played.card}))
    return [Why("safe_trail", {"card": better.card, "played": played.card, "takers": takers})] if takers else []


def neglects(pos: Position, move: Move) -> bool:
    """The mover controls a build in ``pos`` and ``move`` takes, raises or adds to none of its builds (under build
    duty ``penalty``, one of the two ways a move breaks the duty; the other: a build left without its value)."""
    seat = pos.to_move
    return any(b.owner == seat for b in pos.builds) and not any(b.owner == seat for b in move.builds)


def shared_values(pos: Position, move: Move) -> tuple[int, ...]:
    """The two build values one card would have to take after ``move``: the mover then controls builds that each
    have a card in its hand to take them, but not a card for each (an ace, counting 1 or 14 under ``aces_high``,
    for a 1-build and a 14-build; docs/readings.md, 1); else ``()``.  Under build duty ``penalty`` such a move
    breaks the duty by leaving a build unheld, though no build lacks a card."""
    seat = pos.to_move
    keys = {build_key(b) for b in pos.table_after(move)[1] if b.owner == seat}
    return shared_pair(held_keys(pos.variant, [c for c in pos.hands[seat] if c != move.card]), keys) or ()


def breach(pos: Position, played: Move, better: Move) -> list[Why]:
    """``breach``: the played move costs the learner's side a penalty (Michigan's build duty), the better not."""
    points = pos.variant.default_penalty
    if not points or not pos.penalised(played) or pos.penalised(better):
        return []
    neglect = neglects(pos, played)
    return [Why("breach", {"n": points, "neglect": neglect, "shared": () if neglect else shared_values(pos, played)})]


def stranded_builds(pos: Position, move: Move) -> tuple[list[Build], int]:
    """The builds the mover controls after ``move`` that no card left in its hand can take, and the cards left (its
    turns still to play this deal); none when the round ends with the move, or where cards are still to be drawn
    (a variant that draws: a card drawn may take the build, and the hand is not the turns left)."""
    seat, after = pos.to_move, pos.copy()
    after.push(move)
    if after.is_round_over() or after.variant.draw and after.stock_size:
        return [], 0
    hand, holding = after.hands[seat], after.variant.holding_keys
    return [b for b in after.builds if b.owner == seat and not any(build_key(b) in holding[c] for c in hand)], len(hand)


def stranded(pos: Position, played: Move, better: Move) -> list[Why]:
    """``stranded``: under build duty ``penalty`` the played move leaves the learner a build it cannot take, with turns
    still to play this deal (each a penalty, unless mended), the better move none.  Where the variant ends the
    round at an instant limit (Michigan-5: three penalties or sweeps against a seat), the turns are those before
    the learner's own penalties reach it (``limit``: the limit, where it comes first; else None)."""
    points = pos.variant.default_penalty
    if not points:
        return []
    builds, turns = stranded_builds(pos, played)
    kept, more = stranded_builds(pos, better)
    if not builds or not turns or kept and more:
        return []
    limit = pos.variant.instant_limit
    left = turns if limit is None else limit - after(pos, played).instant_marks(pos.to_move)
    return [Why("stranded", {"value": builds[0].value, "n": points, "turns": min(turns, left),
                             "limit": limit if left < turns else None})]


def seen_ideas(pos: Position, played: Move, better: Move) -> list[Why]:
    """The reasons of this module that ``better`` has over ``played`` in ``pos`` (the learner's view)."""
    return [*breach(pos, played, better), *stranded(pos, played, better), *majorities(pos, played, better),
            *protect(pos, played, better), *steal(pos, played, better), *safe(pos, played, better)]
