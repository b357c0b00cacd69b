"""A deliberately naive, independent reference move generator for Cassino.

It follows /work/shared/spec/rules.md (sections 1-4 and 9) plus the agreed
interpretations listed in the brief.  It is written for clarity, not speed:
every move family is found by brute force over subsets of the table, and a
subset is accepted when it can be split ("partitioned") into valid groups.

Only the standard library is used.  The single public entry point is

    reference_outcomes(pos: dict) -> set[tuple]

which returns, for the seat ``pos["to_move"]``, the set of the outcomes of
every legal move, each a tuple ``(card, kind, captured, table_after)``:

* ``card``        code of the card played from the hand;
* ``kind``        "trail", "capture", "build", "raise" or "add";
* ``captured``    frozenset of codes of table cards taken (played card not
                  included, cards inside captured builds included);
* ``table_after`` frozenset of table items after the move: loose cards as
                  codes, builds as ``("build", value, frozenset(cards), owner)``
                  (value an int, or the rank letter for a face build).
"""

from __future__ import annotations

import itertools

FACE_RANKS = ("J", "Q", "K")


# ---------------------------------------------------------------------------
# Cards and values
# ---------------------------------------------------------------------------

def rank_of(code: str) -> str:
    """'10D' -> '10', 'AS' -> 'A'."""
    return code[:-1]


def card_value(code: str, values: str):
    """Value of a card on the table or inside a build (an ace counts 1).

    Returns None for a face card without a value (classic values).
    """
    r = rank_of(code)
    if r == "A":
        return 1
    if r not in FACE_RANKS:
        return int(r)
    if values == "royal":
        return {"J": 11, "Q": 12, "K": 13}[r]
    if values == "italian":
        return {"J": 8, "Q": 9, "K": 10}[r]
    return None  # classic: J, Q, K have no value


def capture_values(code: str, values: str, aces_high: bool) -> set:
    """The values a card played from (or held in) the hand captures with."""
    v = card_value(code, values)
    if v is None:
        return set()
    if rank_of(code) == "A" and aces_high:
        return {1, 14}
    return {v}


def largest_build_value(values: str, aces_high: bool) -> int:
    if values == "royal":
        return 14 if aces_high else 13
    return 10  # classic and italian


# ---------------------------------------------------------------------------
# Table items
# ---------------------------------------------------------------------------

class Item:
    """One thing on the table: a loose card or a build."""

    def __init__(self, raw):
        if isinstance(raw, str):
            self.is_build = False
            self.code = raw
            self.cards = [raw]
            self.piles = None
            self.value = None  # filled in by the caller for loose cards
            self.owner = None
        else:
            self.is_build = True
            self.code = None
            self.piles = [list(p) for p in raw["build"]]
            self.cards = [c for p in self.piles for c in p]
            self.value = raw["value"]
            self.owner = raw["owner"]

    @property
    def is_face_build(self) -> bool:
        return self.is_build and isinstance(self.value, str)

    @property
    def is_numeric_build(self) -> bool:
        return self.is_build and not isinstance(self.value, str)

    @property
    def is_single(self) -> bool:
        return self.is_build and len(self.piles) == 1

    def key(self):
        """The hashable form used in ``table_after``."""
        if not self.is_build:
            return self.code
        return ("build", self.value, frozenset(self.cards), self.owner)


def make_build_key(value, cards, owner):
    return ("build", value, frozenset(cards), owner)


# ---------------------------------------------------------------------------
# Subset / partition helpers (brute force over bitmasks)
# ---------------------------------------------------------------------------

def bits(mask: int):
    """Indices of the set bits of mask."""
    i = 0
    while mask:
        if mask & 1:
            yield i
        mask >>= 1
        i += 1


def partitionable_masks(n: int, is_group) -> list:
    """part[mask] is True when the elements in mask can be split into
    disjoint groups, each accepted by ``is_group(group_mask)``.

    part[0] is True (the empty split).  Brute force: every group mask is
    tested once; then each mask is split by trying every group that contains
    its lowest element.
    """
    size = 1 << n
    groups_by_low = {}
    for g in range(1, size):
        if is_group(g):
            low = g & -g
            groups_by_low.setdefault(low, []).append(g)
    part = [False] * size
    part[0] = True
    for mask in range(1, size):
        low = mask & -mask
        for g in groups_by_low.get(low, ()):
            if g & mask == g and part[mask ^ g]:
                part[mask] = True
                break
    return part


# ---------------------------------------------------------------------------
# The generator
# ---------------------------------------------------------------------------

def reference_outcomes(pos: dict) -> set:
    opts = pos["options"]
    values = opts.get("values", "classic")
    aces_high = bool(opts.get("aces_high", False)) and values == "royal"
    forced_capture = bool(opts.get("forced_capture", False))
    face_all = opts.get("face_capture", "one") == "all"
    build_in_sum = opts.get("build_in_sum", "none")
    raise_own = bool(opts.get("raise_own", True))
    add_to_others = bool(opts.get("add_to_others", True))
    five_sweep = bool(opts.get("five_of_spades_sweep", False))
    duty = opts.get("build_duty", "no_trail")
    largest = largest_build_value(values, aces_high)
    face_builds_exist = face_all and values == "classic"

    players = pos["players"]
    me = pos["to_move"]

    def side(seat):
        return seat % 2 if players == 4 else seat

    hand = list(pos["hands"][me])
    table = [Item(raw) for raw in pos["table"]]
    for it in table:
        if not it.is_build:
            it.value = card_value(it.code, values)
    n = len(table)
    all_idx = frozenset(range(n))

    # Builds my seat controls at the start of the turn (for the build duty).
    my_builds_start = {i for i, it in enumerate(table)
                       if it.is_build and it.owner == me}

    # Loose cards that have a numeric value: the only things build moves use.
    loose_num = [i for i, it in enumerate(table)
                 if not it.is_build and it.value is not None]

    # ---------------------------------------------------------------
    # Candidate moves.  Each is a dict; legality filters come later.
    # ---------------------------------------------------------------
    candidates = []

    def add_candidate(card, kind, removed, new_items, targets=frozenset()):
        """removed: set of table indices leaving the table (captured or
        absorbed); new_items: list of keys added; targets: indices of the
        build a raise/add went onto."""
        removed = frozenset(removed)
        after_keys = [table[i].key() for i in range(n) if i not in removed]
        after_keys.extend(new_items)
        if kind == "capture":
            captured = frozenset(c for i in removed for c in table[i].cards)
        else:
            captured = frozenset()
        candidates.append({
            "card": card,
            "kind": kind,
            "removed": removed,
            "targets": frozenset(targets),
            "captured": captured,
            "after": after_keys,
        })

    # Partition tables over the loose numeric cards only, per value V,
    # shared by all cards (raise: U alone split into groups of V).
    loose_part_cache = {}

    def loose_part(V):
        if V not in loose_part_cache:
            vals = [table[i].value for i in loose_num]
            sums = [sum(vals[k] for k in bits(g)) for g in range(1 << len(vals))]

            def is_group(g):
                return sums[g] == V

            loose_part_cache[V] = partitionable_masks(len(loose_num), is_group)
        return loose_part_cache[V]

    def loose_mask_to_indices(mask):
        return [loose_num[k] for k in bits(mask)]

    for card in hand:
        r = rank_of(card)
        cval = card_value(card, values)  # value in builds (ace = 1)

        # ---------------- Trail (and the five of spades sweep) ----------
        if five_sweep and card == "5S" and n > 0:
            add_candidate(card, "capture", all_idx, [])
        else:
            add_candidate(card, "trail", set(), [card])

        # ---------------- Captures ----------------------------------------
        if cval is None:
            # Valueless face card (classic): captures by rank only.
            same_loose = [i for i, it in enumerate(table)
                          if not it.is_build and rank_of(it.code) == r]
            if not face_all:
                for i in same_loose:
                    add_candidate(card, "capture", {i}, [])
            else:
                same_builds = [i for i, it in enumerate(table)
                               if it.is_face_build and it.value == r]
                pool = same_loose + same_builds
                for mask in range(1, 1 << len(pool)):
                    chosen = {pool[k] for k in bits(mask)}
                    add_candidate(card, "capture", chosen, [])
        else:
            for v in capture_values(card, values, aces_high):
                def term_ok(it):
                    """May this item be a term inside a summed group?"""
                    if not it.is_build:
                        return it.value is not None
                    if not it.is_single or not it.is_numeric_build:
                        return False
                    if build_in_sum == "anyone":
                        return True
                    if build_in_sum == "opponents":
                        return side(me) != side(it.owner)
                    return False

                def is_group(g, v=v, term_ok=term_ok):
                    members = [table[k] for k in bits(g)]
                    if len(members) == 1:
                        it = members[0]
                        if it.is_numeric_build and it.value == v:
                            return True  # a build taken whole as its own item
                    if not all(term_ok(it) for it in members):
                        return False
                    return sum(it.value for it in members) == v

                part = partitionable_masks(n, is_group)
                for mask in range(1, 1 << n):
                    if part[mask]:
                        add_candidate(card, "capture", set(bits(mask)), [])

        # ---------------- Build moves with a numeric card ----------------
        if cval is not None:
            # Elements: loose numeric cards (indices 0..m-1), card at index m.
            m = len(loose_num)
            vals = [table[i].value for i in loose_num] + [cval]
            cbit = 1 << m
            sums = [sum(vals[k] for k in bits(g)) for g in range(1 << (m + 1))]
            for V in range(cval, largest + 1):
                def is_group(g, V=V):
                    return sums[g] == V

                part_c = partitionable_masks(m + 1, is_group)
                # U (loose mask) such that card + U splits into groups of V.
                for U in range(0, 1 << m):
                    if not part_c[U | cbit]:
                        continue
                    used = loose_mask_to_indices(U)
                    used_codes = [table[i].code for i in used]
                    # New build: U must be non-empty.
                    if U:
                        add_candidate(card, "build", used,
                                      [make_build_key(V, [card] + used_codes, me)])
                    # Add to an existing numeric build of value V.
                    for t, it in enumerate(table):
                        if not (it.is_numeric_build and it.value == V):
                            continue
                        if not add_to_others and it.owner != me:
                            continue
                        add_candidate(card, "add", set(used) | {t},
                                      [make_build_key(V, it.cards + [card] + used_codes, me)],
                                      targets={t})

            # Raise a single numeric build.
            for t, it in enumerate(table):
                if not (it.is_numeric_build and it.is_single):
                    continue
                if not raise_own and it.owner == me:
                    continue
                V = it.value + cval
                if V > largest:
                    continue
                lp = loose_part(V)
                for U in range(0, 1 << len(loose_num)):
                    if not lp[U]:
                        continue
                    used = loose_mask_to_indices(U)
                    used_codes = [table[i].code for i in used]
                    add_candidate(card, "raise", set(used) | {t},
                                  [make_build_key(V, it.cards + [card] + used_codes, me)],
                                  targets={t})

        # ---------------- Face builds (classic, face_capture all) ---------
        if cval is None and face_builds_exist:
            same_loose = [i for i, it in enumerate(table)
                          if not it.is_build and rank_of(it.code) == r]
            # New face build: onto a non-empty subset of loose same-rank cards.
            for mask in range(1, 1 << len(same_loose)):
                used = [same_loose[k] for k in bits(mask)]
                add_candidate(card, "build", used,
                              [make_build_key(r, [card] + [table[i].code for i in used], me)])
            # Grow an existing face build of the same rank.
            for t, it in enumerate(table):
                if not (it.is_face_build and it.value == r):
                    continue
                if not add_to_others and it.owner != me:
                    continue
                for mask in range(0, 1 << len(same_loose)):
                    used = [same_loose[k] for k in bits(mask)]
                    add_candidate(card, "add", set(used) | {t},
                                  [make_build_key(r, it.cards + [card] + [table[i].code for i in used], me)],
                                  targets={t})

    # ---------------------------------------------------------------
    # Legality filters: holding rule, build duty, forced capture.
    # ---------------------------------------------------------------
    def remaining_hand(card):
        rest = list(hand)
        rest.remove(card)
        return rest

    def holding_ok(cand):
        """Each distinct value of the mover's builds needs its own card left in
        hand that can take it (one card cannot serve two values: an ace
        counting 1 or 14 holds a 1-build or a 14-build, not both)."""
        rest = remaining_hand(cand["card"])
        needed = set()
        for key in cand["after"]:
            if isinstance(key, str):
                continue
            _, value, _, owner = key
            if owner == me:
                needed.add(value)

        def takes(h, value):
            if isinstance(value, str):
                return rank_of(h) == value
            return value in capture_values(h, values, aces_high)

        needed = list(needed)
        if len(needed) > len(rest):
            return False
        return any(
            all(takes(h, value) for h, value in zip(chosen, needed))
            for chosen in itertools.permutations(rest, len(needed))
        )

    def duty_ok(cand):
        if not my_builds_start:
            return True
        if duty == "no_trail":
            return cand["kind"] != "trail"
        if duty == "take_or_add":
            if cand["kind"] == "capture":
                return bool(cand["removed"] & my_builds_start)
            if cand["kind"] in ("raise", "add"):
                return bool(cand["targets"] & my_builds_start)
            return False
        return True  # free

    legal = []
    for cand in candidates:
        if duty != "penalty":
            if not holding_ok(cand) or not duty_ok(cand):
                continue
        legal.append(cand)

    if forced_capture:
        cards_that_capture = {c["card"] for c in legal if c["kind"] == "capture"}
        legal = [c for c in legal
                 if not (c["kind"] == "trail" and c["card"] in cards_that_capture)]

    return {(c["card"], c["kind"], c["captured"], frozenset(c["after"]))
            for c in legal}
