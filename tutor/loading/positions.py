"""Position files: the YAML mapping of interfaces.md, read and written.

:func:`load_position` reads a position file and :func:`position_from_node` a
position mapping embedded in a lesson or puzzle; both report every problem
they find at once, as a :class:`~tutor.loading.yamlfile.FileError`.
:func:`position_to_data` and :func:`dump_position` write a position back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import yaml

from tutor.content import presets
from tutor.core.cards import RANKS, Card, InvalidCardError
from tutor.core.move_bound import MAX_MOVES, move_bound
from tutor.core.movegen import build_key, held_keys
from tutor.core.notation import ace_for_one, typed_card
from tutor.core.occurrence import Impossible, impossibilities
from tutor.core.position import Position
from tutor.core.rules import holding_applies
from tutor.core.table import Build, piles
from tutor.core.text import excerpt, nearest
from tutor.core.variant import OPTIONS, Variant, VariantError

from .builds import BUILD_EXAMPLE, read_build
from .words import Words, thing, words
from .yamlfile import Node, Problems, load_document

KEYS = (
    "variant", "players", "to_move", "dealer", "hands", "table", "captured",
    "sweeps", "scores", "penalties", "stock", "last_capturer",
)
T = TypeVar("T")


def load_position(text: str, filename: str) -> Position:
    """The position a position file's text describes; raise FileError listing every problem."""
    return position_from_node(load_document(text, filename), filename)


def position_from_node(node: Node, filename: str, real: bool = False) -> Position:
    """The position a YAML mapping describes; raise FileError listing every problem.

    ``real`` (lessons and puzzles) also refuses a position that cannot occur in a real deal
    (:mod:`tutor.core.occurrence`); a position file of the engine commands may leave cards out.
    """
    return _Reader(filename, real).position(node)


def variant_from_node(node: Node, filename: str) -> Variant:
    """The variant a ``variant:`` value describes; raise FileError listing every problem."""
    reader = _Reader(filename)
    variant = reader.read_variant(node)
    reader.problems.raise_if_any()
    return variant


class _Reader:
    """Reads one position mapping, collecting problems instead of stopping."""

    def __init__(self, filename: str, real: bool = False) -> None:
        self.problems = Problems(filename)
        self.real = real
        self.variant = presets.variant()
        self.players = 2
        self.seen: list[tuple[Card, Words, Node]] = []  # every card named, where

    def position(self, root: Node) -> Position:
        p = self.problems
        if not root.is_mapping:
            p.add(root, f"a position is a mapping of keys like variant:, hands: and table:, not {root.describe()}",
                  "files.position_not_mapping", value=root.description())
            p.raise_if_any()
        p.check_keys(root, KEYS, thing("a_position"))
        self.variant = self.read_variant(root.get("variant"))
        self.players = n = self.read_players(root.get("players"), root.get("hands"))
        to_move = self.optional_seat(root, "to_move")
        dealer = self.optional_seat(root, "dealer")
        last_capturer = self.optional_seat(root, "last_capturer")
        hands, hidden, known = self.read_hands(root)
        loose, builds = self.read_table(root.get("table"))
        captured = self.per_seat(root, "captured", lambda s, e: self.cards(e, thing("in_captured", seat=s)))
        sweeps = self.per_seat(root, "sweeps", lambda s, e: self.whole(e, thing("sweep_count")))
        penalties = self.per_seat(root, "penalties", self.penalty_count)
        scores = self.read_scores(root.get("scores"))
        stock, stock_hidden = self.read_stock(root.get("stock"))
        self.check_duplicates()
        unknown = sum(hidden) + stock_hidden
        total = len({c for c, _, _ in self.seen}) + unknown
        deck = self.variant.deck_cards
        if total > len(deck):
            fix = " (lower a count of unknown cards, or remove named ones)" if unknown else ""
            p.add(root, f"this position has {total} cards ({total - unknown} named, {unknown} unknown) "
                        f"but the deck has only {len(deck)}: take {total - len(deck)} off{fix}", "files.too_many_cards",
                  total=total, named=total - unknown, unknown=unknown, deck=self.variant.deck, size=len(deck))
        if holding_applies(self.variant):
            self.check_holding(builds, known)
        p.raise_if_any()
        pos = Position(
            variant=self.variant, players=n, hands=hands, loose=loose,
            builds=[b for b, _ in builds], to_move=to_move or 0, dealer=dealer, hidden=hidden,
            captured=captured, sweeps=sweeps, scores=scores, penalties=penalties,
            stock=stock, stock_hidden=stock_hidden, last_capturer=last_capturer,
        )
        pos.pass_empty_hand()
        if self.real:
            for fact in impossibilities(pos):
                p.add(_node_of(root, fact), f"not a real deal: {fact.message}", "files.not_real" if fact.code else "",
                      fact=Words(fact.message, f"files.{fact.code}", tuple(fact.params)))
            p.raise_if_any()
        bound = move_bound(pos)
        if bound > MAX_MOVES:
            p.add(root.get("table") or root, f"this table and hand may give up to {bound:,} legal moves, more than "
                                             f"the {MAX_MOVES:,} the tutor works with; take cards off the table",
                  "files.too_many_moves", bound=bound, most=MAX_MOVES)
            p.raise_if_any()
        return pos

    # ---- variant and players ---------------------------------------------------

    def read_variant(self, node: Node | None) -> Variant:
        """The variant, built from whatever parts of ``variant:`` are valid."""
        if node is None or node.is_null:
            return presets.variant()
        if node.is_scalar:
            return self.try_variant(node.text, node) or presets.variant()
        if not node.is_mapping:
            self.problems.add(node, "variant must be a preset name like classic, or a mapping of options "
                                    "like {preset: classic, target: 11}, not a list", "files.variant_list")
            return presets.variant()
        name = "classic"
        preset = node.get("preset")
        if preset is not None and self.try_variant({"preset": preset.value}, preset):
            name = preset.value
        good: dict[str, Any] = {}
        for key, value in node.pairs:
            if key.text == "preset":
                continue
            try:
                presets.variant({"preset": name, key.text: value.value})
            except VariantError as err:
                if err.option in OPTIONS:
                    self.problems.add(value, str(err), f"sheet.option_{err.code}" if err.code else "", **err.params)
                else:
                    self.problems.add(key, f"{err}{_suggest(key.text, list(OPTIONS))}", "files.unknown_option",
                                      name=excerpt(key.text), options=list(OPTIONS), near=nearest(key.text, list(OPTIONS)))
                continue
            good[key.text] = value.value
        return presets.variant({"preset": name, **good})

    def try_variant(self, spec: Any, node: Node) -> Variant | None:
        try:
            return presets.variant(spec)
        except VariantError as err:
            name = spec if isinstance(spec, str) else spec.get("preset")
            hint = _suggest(name, presets.preset_names()) if isinstance(name, str) else ""
            self.problems.add(node, f"{err}{hint}", "files.variant_refused",
                              refused=words(str(err), f"sheet.option_{err.code}" if err.code else "files.variant_shape",
                                            **err.params),
                              near=nearest(name, presets.preset_names()) if isinstance(name, str) else "")
            return None

    def read_players(self, node: Node | None, hands: Node | None) -> int:
        if node is None:
            return 2
        if node.is_int and node.scalar in (2, 3, 4):
            return int(node.scalar)
        self.problems.add(node, f"players must be 2, 3 or 4, not {node.describe()}", "files.players",
                          value=node.description())
        return max(2, len(hands.children)) if hands is not None else 2  # one seat per hand, to go on checking

    # ---- scalars -----------------------------------------------------------------

    def optional_seat(self, root: Node, key: str) -> int | None:
        """The seat under ``key``; None when absent, null or wrong."""
        node = root.get(key)
        return None if node is None or node.is_null else self.seat(node, key)

    def seat(self, node: Node, what: str) -> int | None:
        if not node.is_int:
            names = _seat_names(self.players, "or")
            self.problems.add(node, f"{what} must be a seat number ({names}), not {node.describe()}",
                              "files.seat_not_number", what=what, seats=list(range(self.players)),
                              value=node.description())
            return None
        seat = int(node.scalar)
        if not 0 <= seat < self.players:
            names = _seat_names(self.players, "and")
            self.problems.add(node, f"{what}: there is no seat {seat}; with {self.players} players the seats are {names}",
                              "files.no_seat", what=what, seat=seat, players=self.players,
                              seats=list(range(self.players)))
            return None
        return seat

    def whole(self, node: Node, what: str | Words, minimum: int | None = 0) -> int:
        if not node.is_int:
            self.problems.add(node, f"{what} must be a whole number, not {node.describe()}", "files.not_whole",
                              what=what, value=node.description())
            return 0
        value = int(node.scalar)
        if minimum is not None and value < minimum:
            self.problems.add(node, f"{what} must be at least {minimum}, not {value}", "files.at_least",
                              what=what, minimum=minimum, value=value)
        return value

    def penalty_count(self, seat: int, node: Node) -> int:
        """A seat's penalty turns; a count above 0 is refused in a variant without build duty ``penalty``."""
        count = self.whole(node, thing("penalty_count"))
        if count > 0 and not self.variant.penalties:
            self.problems.add(node, f"penalties: seat {seat} has {count} penalty turn{'s' if count > 1 else ''}, but "
                                    "penalty turns come only with build duty penalty (the michigan presets); set the "
                                    "variant's build_duty: penalty, or write 0", "files.penalties_no_duty",
                              seat=seat, count=count)
        return count

    # ---- cards -------------------------------------------------------------------

    def card(self, node: Node, place: Words) -> Card | None:
        """The card a code names, noted as seen at ``place``; None if it is wrong."""
        if not node.is_scalar or node.is_null:
            self.problems.add(node, f"expected a card code like 7S or 10D, not {node.describe()}", "files.card_not_text",
                              value=node.description())
            return None
        text = node.text.strip()
        try:
            card = Card.from_str(text)
        except InvalidCardError as err:
            if " " in text:
                self.problems.add(node, f"{text!r} is not a card code; write each card without spaces "
                                        "and separate cards with commas, like [7S, 8D]", "files.card_spaces",
                                  text=excerpt(text))
            else:
                self.problems.add(node, _no_card(text, err))
            return None
        deck = self.variant.deck_cards
        if card not in deck:
            missing = [r for r in RANKS if all(c.rank != r for c in deck)]
            self.problems.add(node, f"{card} is not in the {self.variant.deck} deck "
                                    f"(it has no {', '.join(missing[:-1])} or {missing[-1]})", "files.not_in_deck",
                              card=card, deck=self.variant.deck, missing=missing)
        self.seen.append((card, place, node))
        return card

    def cards(self, node: Node, place: Words) -> list[Card]:
        """A list of card codes; the cards that could be read."""
        if not node.is_list:
            self.problems.add(node, f"expected a list of card codes like [7S, 10D], not {node.describe()}",
                              "files.cards_not_list", value=node.description())
            return []
        out = [self.card(c, place) for c in node.children]
        return [c for c in out if c is not None]

    def check_duplicates(self) -> None:
        first: dict[Card, tuple[Words, Node]] = {}
        for card, place, node in sorted(self.seen, key=lambda s: (s[2].line, s[2].col)):
            if card in first:
                where, at = first[card]
                columns = at.line == node.line  # the lines alone would name one place twice
                spots = [f"line {n.line}" + (f", column {n.col}" if columns else "") for n in (at, node)]
                said = (f"{card} appears twice {place}: at {spots[0]}{',' * columns} and at {spots[1]}"
                        if where == place else f"{card} appears twice: {where} ({spots[0]}) and {place} ({spots[1]})")
                self.problems.add(node, said, "files.twice", card=card, first=at.line, again=node.line, where=where,
                                  place=place, first_col=at.col if columns else None,
                                  again_col=node.col if columns else None, same=where == place)
            else:
                first[card] = (place, node)

    # ---- per-seat lists ------------------------------------------------------------

    def seat_list(self, node: Node, key: str, count: int, unit: str) -> list[Node]:
        """The entries of a list that has one entry per seat or side."""
        if not node.is_list:
            self.problems.add(node, f"{key} must be a list with one entry per {unit}, not {node.describe()}",
                              "files.seat_list_not_list", key=key, unit=unit, value=node.description())
            return []
        length = len(node.children)
        if length != count:
            n = self.players
            have = f"there are {n} players"
            if unit == "side" and n == 4:
                have = "4 players play as 2 sides (seats 0 and 2 against 1 and 3)"
            entries = "entry" if length == 1 else "entries"
            self.problems.add(node, f"{key} has {length} {entries} but {have}; give one entry per {unit}",
                              "files.seat_list_length", key=key, length=length, players=n, unit=unit,
                              sides=unit == "side" and n == 4)
        return list(node.children)

    def per_seat(self, root: Node, key: str, read: Callable[[int, Node], T]) -> list[T] | None:
        node = root.get(key)
        if node is None or node.is_null:
            return None
        return [read(s, e) for s, e in enumerate(self.seat_list(node, key, self.players, "seat"))]

    def read_hands(self, root: Node) -> tuple[list[list[Card]], list[int], dict[int, list[Card]]]:
        """Known cards and unknown counts per seat, and the hands known in full."""
        hands: list[list[Card]] = []
        hidden: list[int] = []
        known: dict[int, list[Card]] = {}
        node = root.get("hands")
        if node is None:
            self.problems.add(root, "the position has no hands: key; add one entry per seat, "
                                    "a list of cards like [7S, 8D] or a number of unknown cards", "files.no_hands")
            return hands, hidden, known
        for seat, entry in enumerate(self.seat_list(node, "hands", self.players, "seat")):
            before = len(self.problems.items)
            cards: list[Card] = []
            count = 0
            if entry.is_int:
                count = self.whole(entry, thing("unknown_cards"))
            elif entry.is_list:
                cards = self.cards(entry, thing("in_hand", seat=seat))
            else:
                self.problems.add(entry, "a hand is a list of cards like [7S, 8D], or a number of unknown cards, "
                                         f"not {entry.describe()}", "files.hand_bad", value=entry.description())
            hands.append(cards)
            hidden.append(count)
            if not count and len(self.problems.items) == before:
                known[seat] = cards
        return hands, hidden, known

    def read_scores(self, node: Node | None) -> list[int] | None:
        if node is None or node.is_null:
            return None
        sides = Variant.sides(self.players)
        return [self.whole(e, thing("a_score"), None) for e in self.seat_list(node, "scores", sides, "side")]

    def read_stock(self, node: Node | None) -> tuple[list[Card], int]:
        if node is None or node.is_null:
            return [], 0
        if node.is_int:
            return [], self.whole(node, "stock")
        if node.is_list:
            return self.cards(node, thing("in_stock")), 0
        self.problems.add(node, f"stock must be a number of unknown cards or a list of cards, not {node.describe()}",
                          "files.stock_bad", value=node.description())
        return [], 0

    # ---- the table -------------------------------------------------------------------

    def read_table(self, node: Node | None) -> tuple[list[Card], list[tuple[Build, Node]]]:
        loose: list[Card] = []
        builds: list[tuple[Build, Node]] = []
        if node is None or node.is_null:
            return loose, builds
        if not node.is_list:
            self.problems.add(node, f"table must be a list of cards and builds, not {node.describe()}",
                              "files.table_not_list", value=node.description())
            return loose, builds
        for item in node.children:
            if item.is_mapping:
                build = read_build(self, item)
                if build is not None:
                    builds.append((build, item))
            elif item.is_list:
                self.problems.add(item, f"a list on the table; write a build as {BUILD_EXAMPLE}", "files.table_list",
                                  example=BUILD_EXAMPLE)
            else:
                card = self.card(item, thing("on_table"))
                if card is not None:
                    loose.append(card)
        return loose, builds

    def check_holding(self, builds: list[tuple[Build, Node]], known: dict[int, list[Card]]) -> None:
        """A controller with a fully known hand must hold a card that takes each of their builds."""
        short: set[int] = set()
        for build, node in builds:
            hand = known.get(build.owner)
            if hand is not None and build_key(build) not in held_keys(self.variant, hand):
                label = build.value_label
                short.add(build.owner)
                self.problems.add(node, f"seat {build.owner} controls the {label}-build but holds no card "
                                        f"that takes {label} (holding rule)", "files.unheld",
                                  seat=build.owner, value=label)
        for seat, hand in known.items():
            mine = [(b, n) for b, n in builds if b.owner == seat]
            if seat in short or not mine or held_keys(self.variant, hand).covers({build_key(b) for b, _ in mine}):
                continue
            labels = " and ".join(sorted({b.value_label for b, _ in mine}, key=lambda label: label.zfill(2)))
            self.problems.add(mine[-1][1], f"seat {seat} controls builds of {labels}, but one card cannot "
                                           "take both: each build value needs a card of its own (holding rule)",
                              "files.unheld_both", seat=seat, values=labels.split(" and "))


def _node_of(root: Node, fact: Impossible) -> Node:
    """Where a fact stands in the file: the seat's or side's entry of its key, the key's value, or the
    position itself when the key is left out."""
    node = root.get(fact.key) if fact.key else None
    if node is None:
        return root
    if fact.index is not None and node.is_list and fact.index < len(node.children):
        return node.children[fact.index]
    return node


def _suggest(word: str, choices: list[str]) -> str:
    near = nearest(word, choices)
    return f" (did you mean {near}?)" if near else ""


def _seat_names(players: int, last: str) -> str:
    seats = [str(s) for s in range(players)]
    return f"{', '.join(seats[:-1])} {last} {seats[-1]}"


# ---- writing ---------------------------------------------------------------------


def variant_to_data(variant: Variant) -> str | dict[str, Any]:
    """The preset name, or ``{preset: name, <options that differ from it>}``."""
    base = presets.variant(variant.preset)
    if variant == base:
        return variant.preset
    options = variant.options()
    changed = {k: v for k, v in options.items() if getattr(variant, k) != getattr(base, k)}
    return {"preset": variant.preset, **changed}


def table_to_data(loose: Sequence[Card], builds: Sequence[Build], variant: Variant) -> list[Any]:
    """The table in the position format, every build with ``owner`` and ``value``."""
    out: list[Any] = [str(c) for c in loose]
    for b in builds:
        groups = [[str(c) for c in g] for g in piles(b, variant.value)]
        out.append({
            "build": groups[0] if b.single else groups,
            "owner": b.owner,
            "value": b.value_label if b.face else b.value,
        })
    return out


def position_to_data(pos: Position) -> dict[str, Any]:
    """The position as the interfaces.md mapping, optional keys at their defaults left out.

    Raises ValueError for what the format cannot express: a hand, or the
    stock, that mixes known and unknown cards.
    """
    n = pos.players
    hidden = pos.hidden_counts
    assert pos.captured is not None and pos.sweeps is not None and pos.scores is not None
    assert pos.penalties is not None and pos.stock is not None
    data: dict[str, Any] = {"variant": variant_to_data(pos.variant)}
    if n != 2:
        data["players"] = n
    if pos.to_move:
        data["to_move"] = pos.to_move
    if pos.dealer != (pos.to_move - 1) % n:
        data["dealer"] = pos.dealer
    hands: list[Any] = []
    for seat, hand in enumerate(pos.hands):
        if hand and hidden[seat]:
            raise ValueError(f"seat {seat}'s hand mixes known and unknown cards; a position file cannot show that")
        hands.append(hidden[seat] if hidden[seat] else [str(c) for c in hand])
    data["hands"] = hands
    data["table"] = table_to_data(pos.loose, pos.builds, pos.variant)
    if any(pos.captured):
        data["captured"] = [[str(c) for c in cards] for cards in pos.captured]
    for key, counts in (("sweeps", pos.sweeps), ("scores", pos.scores), ("penalties", pos.penalties)):
        if any(counts):
            data[key] = list(counts)
    if pos.stock and pos.stock_hidden:
        raise ValueError("the stock mixes known and unknown cards; a position file cannot show that")
    if pos.stock or pos.stock_hidden:
        data["stock"] = [str(c) for c in pos.stock] if pos.stock else pos.stock_hidden
    if pos.last_capturer is not None:
        data["last_capturer"] = pos.last_capturer
    return data


class _Flow(list[Any]):
    """A list written on one line: ``[7S, 8D]``."""


class _FlowMap(dict[str, Any]):
    """A mapping written on one line: ``{build: [5D, 3S], owner: 1}``."""


class _Dumper(yaml.SafeDumper):
    """Safe dumper that indents block lists under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


_Dumper.add_representer(_Flow, lambda d, data: d.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True))
_Dumper.add_representer(_FlowMap, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True))


def _flow(value: Any) -> Any:
    if isinstance(value, list):
        return _Flow(value)
    if isinstance(value, dict):
        return _FlowMap(value)
    return value


def dump_position(pos: Position) -> str:
    """The position as YAML text: hands and table one entry a line, card lists inline."""
    data = position_to_data(pos)
    styled = {k: [_flow(e) for e in v] if k in ("hands", "table") else _flow(v) for k, v in data.items()}
    return yaml.dump(styled, Dumper=_Dumper, sort_keys=False, allow_unicode=True)


def _no_card(text: str, err: InvalidCardError) -> Words:
    """Why ``text`` names no card, with the code to write when it is clear: a card in German letters (``DKr``),
    an ace written with the number 1 (``1S``), or a ten written with the letter O (``1OD``)."""
    german = typed_card(text)
    if german is not None:
        return words(f"card {text} is written in German letters; a file writes cards in English letters: write "
                     f"{german}", "files.german_card", text=excerpt(text), code=str(german))
    ace = ace_for_one(text)
    if ace is not None:
        written = typed_card(ace)
        return words(f"card {text} does not exist: the ace is A, not 1: write {written or ace}", "files.ace_is_a",
                     text=excerpt(text), code=str(written or ace))
    if text.upper().startswith("1O"):
        try:
            ten = Card.from_str("10" + text[2:])
        except InvalidCardError:
            pass
        else:
            return words(f"card {text} does not exist: a ten is 10, with a zero, not the letter O: write {ten}",
                         "files.letter_o", text=excerpt(text), code=str(ten))
    return words(f"card {text} does not exist; {err.reason}", "files.no_card", text=excerpt(text))
