"""The value still to come: exact at the end of the round and for its last card, bounded before."""

from __future__ import annotations

from ..cards import SPADE
from ..movegen import hand_moves
from ..variant import Variant
from .movelists import MoveLists
from .state import RANK, SPADES, HandCounts, Sweeps, Table


class Bounds(MoveLists):
    """Terminal values, and the bounds that cut the search: the cards still out all going
    one way or the other, and sweeps only while the hands can still take the whole table."""

    # with those of MoveLists, set by Search.__init__ (alphabeta.py)
    variant: Variant
    maximizing: list[bool]
    most_cards: int
    most_spades: int
    round_points: int
    opponents: list[int]
    root_mask: int
    hand_counts: dict[int, HandCounts]
    takes: list[int]
    rank_mask: list[int]
    capture_top: list[int]
    one_at_a_time: bool

    def terminal(self, last: int | None, score: tuple[int, ...], cards: int, spades: int, points: int) -> int:
        """The value still to come at the end of the round (all of it with more than two
        sides), the residue (``cards``, ``spades``, ``points``) going to ``last``."""
        if self.linear:
            taken, spades_taken = score
            if last is None:
                points = 0
            elif last == self.root_side:
                taken += cards
                spades_taken += spades
            else:
                taken -= cards
                spades_taken -= spades
                points = -points
            return points + self.most_cards * ((taken > 0) - (taken < 0)) + self.most_spades * (
                (spades_taken > 0) - (spades_taken < 0)
            )
        n = self.sides
        per_side = list(score)
        if last is not None:
            per_side[last] += cards
            per_side[n + last] += spades
            per_side[2 * n + last] += points
        totals = per_side[2 * n : 3 * n]
        for index, award in ((0, self.most_cards), (1, self.most_spades)):
            counts = per_side[index * n : index * n + n]
            top = max(counts)
            if award and counts.count(top) == 1:
                totals[counts.index(top)] += award
        if self.variant.skunk == "bonus" and self.round_points in totals:
            totals[totals.index(self.round_points)] += 1
        totals = [t + e for t, e in zip(totals, per_side[3 * n :])]
        mine = totals[self.root_side]
        return mine - max(t for s, t in enumerate(totals) if s != self.root_side)

    def last_play(self, seat: int, card: int, table: Table, last: int | None, score: tuple[int, ...]) -> int:
        """The value of playing the round's last card: a capture leaves the mover's side
        the whole table, anything else leaves it, the card included, to ``last``."""
        key = (seat, self.weight[card], table.sig)
        outcomes = self.last_plays.get(key)
        if outcomes is None:
            pos = self.scratch(seat, 1 << card, table)
            outcomes = self.last_plays[key] = {
                (m.kind == "capture", pos.is_sweep(m) * self.sweep_points - pos.penalised(m) * self.penalty_points)
                for m in hand_moves(pos)
            }
        side = self.side_of[seat]
        cards, spades, points = table.cards + 1, table.spades + SPADE[card], table.points + self.card_points[card]
        values = []
        for capture, extra in outcomes:
            if self.linear:
                gain = extra if side == self.root_side else -extra
                values.append(gain + self.terminal(side if capture else last, score, cards, spades, points))
            else:
                extended = list(score)
                extended[3 * self.sides + side] += extra
                values.append(self.terminal(side if capture else last, tuple(extended), cards, spades, points))
        return max(values) if self.maximizing[seat] else min(values)

    def count_hands(self, hands: int) -> HandCounts:
        """What ``hands`` hold (kept: the same hands come back on many tables)."""
        mine = (hands & self.root_mask).bit_count()
        points = 0
        for p, mask in self.point_masks:
            points += p * (hands & mask).bit_count()
        counts = self.hand_counts[hands] = HandCounts(mine, hands.bit_count() - mine, (hands & SPADES).bit_count(), points)
        return counts

    def cut(
        self, hands: int, counts: HandCounts, table: Table, last: int | None, score: tuple[int, ...], alpha: int, beta: int
    ) -> int | None:
        """A bound on the value still to come outside (alpha, beta), or None.

        The bound gives every card still out to the root side, or to the others;
        on top, a sweep for each card of a side that may still sweep (see
        :meth:`sweepers`), and a penalty for each card.  With two sides the value
        grows with what the root side takes: at best it takes everything, at
        worst the other side does, and a side that has no card left and did not
        capture last takes nothing more.  With more sides see :meth:`spread`.
        """
        mine, theirs, spades_held, points_held = counts
        points_out = table.points + points_held
        penalty = self.penalty_points
        if self.linear:
            cards_out = mine + theirs + table.cards
            spades_out = spades_held + table.spades
            cards, spades = score
            root = self.root_side
            # +1: every card still out to the root side, -1: to the other side, 0: to nobody
            best = 1 if mine or last == root else 0 if last is None else -1
            c, s = cards + best * cards_out, spades + best * spades_out
            high = best * points_out + self.most_cards * ((c > 0) - (c < 0)) + self.most_spades * ((s > 0) - (s < 0))
            high += theirs * penalty
            if high <= alpha:
                high += self.sweep_points * self.sweepers(hands, hands & self.root_mask, table)
                return high if high <= alpha else None
            worst = -1 if theirs or last == 1 - root else 0 if last is None else 1
            c, s = cards + worst * cards_out, spades + worst * spades_out
            low = worst * points_out + self.most_cards * ((c > 0) - (c < 0)) + self.most_spades * ((s > 0) - (s < 0))
        else:
            low, high = self.spread(mine + theirs + table.cards, spades_held + table.spades, score, points_out)
            high += theirs * penalty
            if high <= alpha:
                high += self.sweep_points * self.sweepers(hands, hands & self.root_mask, table)
                return high if high <= alpha else None
        low -= mine * penalty
        if low >= beta:
            low -= self.sweep_points * self.sweepers(hands, hands & ~self.root_mask, table)
            return low if low >= beta else None
        return None

    def spread(self, cards_out: int, spades_out: int, score: tuple[int, ...], points_out: int) -> tuple[int, int]:
        """With more than two sides: the least and the most the cards still out can make
        of the value still to come, sweeps and penalties aside.  A majority may go
        either way, so each side's total is bounded on its own."""
        root = self.root_side
        n = self.sides
        counts, spade_counts, points, extra = (score[i * n : i * n + n] for i in range(4))

        def award(side: int, taken: tuple[int, ...], out: int, points: int, sure: bool) -> int:
            """``points`` if ``side`` takes the majority surely (``sure``) or possibly."""
            others = [c for s, c in enumerate(taken) if s != side]
            return points if (taken[side] - out if sure else taken[side] + out) > max(others) else 0

        def total(side: int, most: bool) -> int:
            """The most (or least) ``side`` can finish with."""
            return (
                points[side] + extra[side] + most * points_out
                + award(side, counts, cards_out, self.most_cards, not most)
                + award(side, spade_counts, spades_out, self.most_spades, not most)
            )

        mine_most, mine_least = total(root, True), total(root, False)
        return (
            mine_least - max(total(side, True) for side in self.opponents),
            mine_most - max(total(side, False) for side in self.opponents),
        )

    def sweep_needs(self, table: Table) -> Sweeps:
        """What the hands must hold for a sweep to stay possible on ``table``: a card that
        takes the highest value on it, and for each face rank without a value a card
        for each one when a face card takes one at a time (worked out when first asked)."""
        facts = self.sweep_facts.get(table.sig)
        if facts is None:
            values = self.variant.value
            top = 0
            faces: dict[int, int] = {}
            for c in table.loose:
                value = values[c]
                if value > top:
                    top = value
                elif not value:
                    faces[RANK[c]] = faces.get(RANK[c], 0) + 1
            for b in table.builds:
                if b.face:
                    faces[b.value] = faces.get(b.value, 0) + 1
                elif b.value > top:
                    top = b.value
            needs = [(self.takes[top], 1)] if top else []
            needs += [(self.rank_mask[rank], n if self.one_at_a_time else 1) for rank, n in faces.items()]
            facts = self.sweep_facts[table.sig] = Sweeps(tuple(needs), top, tuple(faces.items()))
        return facts

    def sweepers(self, hands: int, cards: int, table: Table) -> int:
        """How many of ``cards`` (some of ``hands``) may still sweep.

        A sweep takes every card on the table, so each card on it now must be taken
        by the sweeping card, or before by another card in the hands: one that takes
        its value, or for a face card without a value, a card of its rank for each
        such card when a face card takes one at a time.  A face card without a value
        needs a card of its rank to take at all.  (The five-of-spades sweep takes
        anything.)
        """
        if self.variant.five_of_spades_sweep:
            return cards.bit_count()
        needs, top, faces = self.sweep_needs(table)
        for mask, n in needs:
            if (hands & mask).bit_count() < n:
                return 0  # a card on the table stays there to the end
        takes, rank_mask = self.takes, self.rank_mask
        count = 0
        while cards:
            bit = cards & -cards
            cards ^= bit
            card = bit.bit_length() - 1
            others = hands ^ bit
            value, rank = self.capture_top[card], RANK[card]
            if top > value and not others & takes[top]:
                continue
            for face, n in faces:
                needed = n - (face == rank) if self.one_at_a_time else face != rank
                if (others & rank_mask[face]).bit_count() < needed:
                    break
            else:
                count += bool(value or others & rank_mask[rank] or any(face == rank for face, _ in faces))
        return count
