"""The search's interned tables, the caches keyed by them, and forgetting them to bound the memory."""

from __future__ import annotations

from itertools import count

from ..cards import Card
from ..moves import new_tuple
from ..table import Build
from .state import SPADES, MoveList, Sweeps, Table


def _exact_build(b: Build) -> tuple[tuple[Card, ...], int, int]:
    """A build as it enters a table's exact key."""
    return (b.cards, b.value, b.owner)


class Tables:
    """Tables interned, each once, and numbered exactly and up to interchangeable cards;
    the caches keyed by those numbers, and the transposition table."""

    # set by Search.__init__ (alphabeta.py)
    weight: list[int]
    point_masks: list[tuple[int, int]]
    tables: dict[object, Table]
    sig_ids: dict[object, int]
    serials: count[int]
    sigs: count[int]
    contents_of: dict[int, tuple[int, int, int]]
    children_of: dict[tuple[int, int], MoveList]
    sweep_facts: dict[int, Sweeps]
    last_plays: dict[tuple[int, int, int], set[tuple[bool, int]]]
    tt: dict[tuple[object, ...], tuple[int, int, int]]

    def table(self, loose: list[Card], builds: list[Build]) -> Table:
        """The interned table of these loose cards and builds."""
        mask = held = 0
        weight = self.weight
        for c in loose:
            mask |= 1 << c
            held += weight[c]
        return self.intern(loose, builds, mask, held)

    def intern(self, loose: list[Card], builds: list[Build], mask: int, held: int, source: Table | None = None) -> Table:
        """The interned table of these loose cards (their bit mask and class weights) and
        builds; ``source``, when given, is a table with these same builds (the move
        was a trail or a capture of loose cards only), whose build keys are reused."""
        builds_exact: tuple[tuple[tuple[Card, ...], int, int], ...] = ()
        exact: object = mask
        if builds:
            if source is not None:
                builds_exact = source.builds_exact
            else:
                builds_exact = tuple(sorted([_exact_build(b) for b in builds]))
            exact = (mask, builds_exact)
        table = self.tables.get(exact)
        if table is None:
            builds_sig: tuple[tuple[int, int, int], ...] = ()
            sig: object = held
            if builds:
                builds_sig = source.builds_sig if source is not None else tuple(sorted([self.build_sig(b) for b in builds]))
                sig = (held, builds_sig)
            sig_id = self.sig_ids.get(sig)
            if sig_id is None:
                sig_id = self.sig_ids[sig] = next(self.sigs)
            contents = self.contents_of.get(sig_id)
            if contents is None:  # the same on tables equal up to interchangeable cards
                contents = self.contents_of[sig_id] = self.contents(builds, mask)
            # in one order whatever move first led here, so its moves come out in one order
            # (of moves equal up to interchangeable cards, the first is the one kept)
            loose = sorted(loose)
            if source is None and len(builds) > 1:
                builds = sorted(builds, key=_exact_build)
            table = self.tables[exact] = new_tuple(
                Table, (next(self.serials), loose, builds, mask, held, sig_id, *contents, builds_exact, builds_sig)
            )
        return table

    def build_sig(self, b: Build) -> tuple[int, int, int]:
        """The build up to interchangeable cards."""
        return (sum(map(self.weight.__getitem__, b.cards)), b.value, b.owner)

    def contents(self, builds: list[Build], mask: int) -> tuple[int, int, int]:
        """Cards, spades and points on the table (``mask``: the loose cards)."""
        for b in builds:
            for c in b.cards:
                mask |= 1 << c
        points = 0
        for p, cards in self.point_masks:
            points += p * (mask & cards).bit_count()
        return mask.bit_count(), (mask & SPADES).bit_count(), points

    def forget_tables(self) -> None:
        """Forget the move lists and tables seen so far, to bound the memory.

        Values stay exact: these caches only save work, and numbers are never
        reused (a search still running on an old table keeps its own).  A table
        made again gets a new serial number, so move lists of old and new tables
        never mix, and keeps its number up to interchangeable cards, so the
        transposition table still knows it; its move list comes out in the same
        order, so a remembered best move is still the one tried first.
        """
        for cache in (self.children_of, self.tables, self.contents_of, self.sweep_facts, self.last_plays):
            cache.clear()

    def forget_positions(self) -> None:
        """Forget the transposition table, and with it the numbers of tables up to
        interchangeable cards (which key it) and everything made from them."""
        self.tt.clear()
        self.sig_ids.clear()
        self.forget_tables()
