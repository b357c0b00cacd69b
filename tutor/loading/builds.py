"""Builds on a position file's table: ``{build: [5D, 3S], owner: 0}``, a multiple build's piles, a face build,
each checked as it is read, every problem noted by the position's reader (:mod:`.positions`)."""

from __future__ import annotations

from typing import NamedTuple, Protocol

from tutor.core.cards import Card, parse_rank
from tutor.core.table import Build
from tutor.core.variant import Variant

from .words import Words, thing, words
from .yamlfile import Node, Problems

BUILD_KEYS = ("build", "owner", "value")
BUILD_EXAMPLE = "{build: [5D, 3S], owner: 0}"


class TableReader(Protocol):
    """What reading a build needs of the position's reader: where problems go, the variant, and its reading of
    a card (noted as seen) and of a seat."""

    problems: Problems
    variant: Variant

    def card(self, node: Node, place: Words) -> Card | None: ...

    def seat(self, node: Node, what: str) -> int | None: ...


class _Pile(NamedTuple):
    node: Node
    cards: list[Card]
    card_nodes: list[Node]


def read_build(reader: TableReader, node: Node) -> Build | None:
    """The build a ``{build: ..., owner: ..., value: ...}`` mapping describes; None if anything in it is wrong
    (each problem noted)."""
    p = reader.problems
    p.check_keys(node, BUILD_KEYS, thing("a_build"))
    cards_node, owner_node, value_node = (node.get(k) for k in BUILD_KEYS)
    owner = None
    if owner_node is None:
        p.add(node, f"a build needs owner:, the seat that controls it, like {BUILD_EXAMPLE}", "files.build_no_owner",
              example=BUILD_EXAMPLE)
    else:
        owner = reader.seat(owner_node, "owner")
    if cards_node is None:
        p.add(node, f"a build needs build:, the list of its cards, like {BUILD_EXAMPLE}", "files.build_no_cards",
              example=BUILD_EXAMPLE)
        return None
    pile_list = _piles(reader, cards_node)
    if pile_list is None:
        return None
    cards = [c for pile in pile_list for c in pile.cards]
    if len(cards) == 1:
        p.add(cards_node, f"a build is the played card plus at least one more; "
                          f"a lone {cards[0]} is a loose card: write it as {cards[0]}", "files.build_lone",
              card=str(cards[0]))
        return None
    if any(reader.variant.value[c] == 0 for c in cards):
        build = _face_build(reader, pile_list, value_node)
    else:
        build = _number_build(reader, pile_list, cards_node, value_node)
    return None if build is None or owner is None else build.with_owner(owner)

def _piles(reader: TableReader, node: Node) -> list[_Pile] | None:
    """The piles of ``build:`` (a flat list is one pile); None if any is wrong."""
    p = reader.problems
    shape = "a list of cards like [5D, 3S], or of piles like [[5H, 3C], [8H]]"
    if not node.is_list or not node.children:
        value = words("an empty list", "file_words.value_empty_list") if node.is_list else node.description()
        p.add(node, f"build: must be {shape}, not {value}", "files.build_shape", value=value)
        return None
    items = node.children
    if all(i.is_list for i in items):
        groups = [(i, list(i.children)) for i in items]
    elif not any(i.is_list for i in items):
        groups = [(node, list(items))]
    else:
        p.add(node, "build: mixes cards and piles; write a single build as [5D, 3S] "
                    "and a multiple build as [[5H, 3C], [8H]]", "files.build_mixed")
        return None
    out: list[_Pile] = []
    for pile_node, card_nodes in groups:
        if not card_nodes:
            p.add(pile_node, "a pile of a build cannot be empty", "files.pile_empty")
            return None
        cards = [reader.card(c, thing("in_build")) for c in card_nodes]
        if None in cards:
            return None
        out.append(_Pile(pile_node, [c for c in cards if c is not None], card_nodes))
    return out

def _number_build(reader: TableReader, pile_list: list[_Pile], cards_node: Node, value_node: Node | None) -> Build | None:
    """A build of numbered cards (owner left at 0)."""
    p = reader.problems
    values = reader.variant.value
    totals = [sum(values[c] for c in pile.cards) for pile in pile_list]
    value = totals[0]
    if value_node is not None:
        if not value_node.is_int:
            p.add(value_node, f"value must be the build's total, a whole number like {value}, "
                              f"not {value_node.describe()}", "files.build_value_not_whole", total=value,
                  value=value_node.description())
            return None
        value = int(value_node.scalar)
    ok = True
    for pile, total in zip(pile_list, totals):
        if total != value:
            ok = False
            sums = "+".join(str(c) for c in pile.cards)
            if value_node is not None:
                p.add(pile.node, f"{sums} adds up to {total}, not the build's value {value}", "files.pile_sum",
                      cards=sums, total=total, value=value)
            else:
                p.add(pile.node, f"{sums} adds up to {total} but the first pile adds up to {value}; "
                                 "every pile of a build has the same total", "files.pile_sum_first",
                      cards=sums, total=total, value=value)
    if ok and value > reader.variant.max_build:
        p.add(value_node or cards_node, f"a build of {value} is too big: with {reader.variant.values} values "
                                        f"builds go up to {reader.variant.max_build}", "files.build_too_big",
              value=value, values=reader.variant.values, most=reader.variant.max_build)
        ok = False
    cards = tuple(sorted(c for pile in pile_list for c in pile.cards))
    return Build(value, cards, 0, single=len(pile_list) == 1) if ok else None

def _face_build(reader: TableReader, pile_list: list[_Pile], value_node: Node | None) -> Build | None:
    """A face build (owner left at 0)."""
    p = reader.problems
    values = reader.variant.value
    face, where = next((c, n) for pile in pile_list for c, n in zip(pile.cards, pile.card_nodes) if values[c] == 0)
    if not reader.variant.face_builds:
        p.add(where, f"{face} has no value, so it cannot be in a build; "
                     "face builds need face_capture: all (the face-gather preset)", "files.face_no_value",
              card=str(face))
        return None
    rank = face.rank
    ok = True
    for pile in pile_list:
        if len(pile.cards) != 1 or pile.cards[0].rank != rank:
            p.add(pile.node, f"each pile of a {rank} face build is one {rank}, like [[{rank}C], [{rank}D]]",
                  "files.face_pile", rank=rank)
            ok = False
    if value_node is not None and (not value_node.is_scalar or parse_rank(value_node.text) != face.rank_index):
        p.add(value_node, f"the value of a {rank} face build is written as its rank letter: value: {rank}",
              "files.face_value", rank=rank)
        ok = False
    cards = tuple(sorted(c for pile in pile_list for c in pile.cards))
    return Build(face.rank_index, cards, 0, single=False, face=True) if ok else None
