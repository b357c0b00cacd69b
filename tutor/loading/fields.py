"""The fields lessons and puzzles share: texts, ids, goals, positions and moves.

A :class:`FieldReader` reads them from YAML nodes and collects every problem
instead of stopping at the first; the lesson and puzzle readers build on it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from tutor.content.course import LANGUAGES, Claim, ClaimValue, Text
from tutor.core.moves import REASON_CODES, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from tutor.core.position import Position
from tutor.core.solver import Goal, GoalError
from tutor.core.text import excerpt, nearest
from tutor.core.variant import Variant

from .positions import position_from_node, variant_from_node
from .words import Words, rule_section, thing, words
from .yamlfile import FileError, Node, Problems

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_LANGUAGE_NAMES = {"en": "English", "de": "German"}
TEXT_EXAMPLE = "{en: Pairing, de: Paaren}"


class FieldReader:
    """Reads shared fields of one file, collecting problems."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems = Problems(filename)

    def where(self, node: Node) -> str:
        return f"{self.filename}:{node.line}:{node.col}"

    def mapping(self, node: Node, what: Words, keys: Sequence[str]) -> bool:
        """Whether ``node`` is a mapping; its unknown keys are reported."""
        if not node.is_mapping:
            self.problems.add(node, f"{what} must be a mapping with the keys {', '.join(keys)}, not {node.describe()}",
                              "files.not_mapping", what=what, keys=list(keys), value=node.description())
            return False
        self.problems.check_keys(node, keys, what)
        return True

    def required(self, node: Node, key: str, what: Words) -> Node | None:
        """The value under ``key``; a problem if it is missing (unless an unknown key was reported as meaning it)."""
        value = node.get(key)
        if value is None and key not in self.problems.meant.get(id(node), ()):
            self.problems.add(node, f"{what} has no {key}:; add it", "files.missing_key", what=what, key=key)
        return value

    def choice(self, node: Node, options: Sequence[str], what: Words) -> str | None:
        """One of ``options``; an unknown word gets the nearest valid one."""
        if node.is_scalar and node.text in options:
            return node.text
        near = nearest(node.text, options) if node.is_scalar else ""
        hint = f"did you mean {near}? " if near else ""
        shown = repr(node.text) if node.is_scalar and not node.is_null else node.describe()
        self.problems.add(node, f"unknown {what} {shown}; {hint}{what}s are: {', '.join(options)}", "files.unknown_choice",
                          what=what, text=node.text if node.is_scalar and not node.is_null else None,
                          value=node.description(), near=near, options=list(options))
        return None

    def items(self, node: Node, what: str, empty_ok: bool = False) -> tuple[Node, ...]:
        """The entries of a list."""
        if not node.is_list:
            self.problems.add(node, f"{what} must be a list, like [a, b] or one '- ' item a line, not {node.describe()}",
                              "files.not_list", what=what, value=node.description())
            return ()
        if not node.children and not empty_ok:
            self.problems.add(node, f"{what} is an empty list; give at least one", "files.empty_list", what=what)
        return node.children

    def whole(self, node: Node, what: str, low: int, high: int) -> int | None:
        """A whole number from ``low`` to ``high``."""
        if not node.is_int or not low <= int(node.scalar) <= high:
            self.problems.add(node, f"{what} must be a whole number from {low} to {high}, not {node.describe()}",
                              "files.not_whole_in", what=what, low=low, high=high, value=node.description())
            return None
        return int(node.scalar)

    def ident(self, node: Node, what: Words) -> str | None:
        """An id: lower-case words of letters and digits joined by '-'."""
        if node.is_scalar and not node.is_null and _ID.fullmatch(node.text):
            return node.text
        shown = repr(node.text) if node.is_scalar and not node.is_null else node.describe()
        suggestion = re.sub(r"[^a-z0-9]+", "-", node.text.lower()).strip("-") if node.is_scalar else ""
        hint = f"; for example {suggestion}" if suggestion else ""
        self.problems.add(node, f"{what} {shown} must be lower-case letters and digits joined by '-'{hint}", "files.bad_id",
                          what=what, text=node.text if node.is_scalar and not node.is_null else None,
                          value=node.description(), example=suggestion)
        return None

    # ---- texts ---------------------------------------------------------------

    def text(self, node: Node, what: str | Words, claims: bool = False) -> Text | None:
        """A text in every language: ``{en: ..., de: ...}``; ``claims``: with an optional ``claim:``."""
        if not node.is_mapping:
            self.problems.add(node, f"{what} must give the text in each language, like {TEXT_EXAMPLE}, "
                                    f"not {node.describe()}", "files.not_text", what=what, example=TEXT_EXAMPLE,
                              value=node.description())
            return None
        self.problems.check_keys(node, (*LANGUAGES, "claim") if claims else LANGUAGES, thing("languages_of", what=what))
        found: dict[str, str] = {}
        for lang in LANGUAGES:
            name = _LANGUAGE_NAMES[lang]
            value = node.get(lang)
            if value is None:
                self.problems.add(node, f"{what} has no {name} text; add {lang}: (every text needs "
                                        f"{' and '.join(f'{lg}:' for lg in LANGUAGES)})", "files.no_language",
                                  what=what, lang=lang, langs=list(LANGUAGES))
            elif not value.is_scalar or value.is_null or not value.text.strip():
                self.problems.add(value, f"the {name} text ({lang}:) of {what} must be some words, not {value.describe()}",
                                  "files.empty_language", what=what, lang=lang, value=value.description())
            else:
                found[lang] = value.text.strip()
        claim_node = node.get("claim") if claims else None
        claim = self.claim(claim_node, what) if claim_node is not None else None
        if len(found) < len(LANGUAGES) or (claim_node is not None and claim is None):
            return None
        return Text(**found, claim=claim)

    def texts(self, node: Node, key: str, what: Words, empty_ok: bool = True, claims: bool = False) -> tuple[Text, ...]:
        """The list of texts under ``key``, each ``what``; ``claims``: each may say what it claims (a hint the
        generator wrote)."""
        read = [self.text(n, what, claims) for n in self.items(node, key, empty_ok)]
        return tuple(t for t in read if t is not None)

    def claim(self, node: Node, what: str | Words) -> Claim | None:
        """``claim: {key: KEY, PARAM: VALUE, ...}``: a message key and its parameters (numbers, words, card
        codes, or lists of them)."""
        example = "{key: play_card, card: 10D}"
        if not node.is_mapping or not isinstance(key := node.get("key"), Node) or not _word(key):
            self.problems.add(node, f"the claim of {what} must name its message key, like {example}, "
                                    f"not {node.describe()}", "files.claim_no_key", what=what, example=example,
                              value=node.description())
            return None
        params: list[tuple[str, ClaimValue]] = []
        for name, value in node.pairs:
            if name.text == "key":
                continue
            values = value.children if value.is_list else (value,)
            if not all(_word(v) for v in values):
                self.problems.add(value, f"the claim's {name.text} must be a number, a word or a card, "
                                         f"or a list of them, not {value.describe()}", "files.claim_bad_value",
                                  name=name.text, value=value.description())
                return None
            read = tuple(_value(v) for v in values)
            params.append((name.text, read if value.is_list else read[0]))
        return Claim(key.text, tuple(params))

    # ---- the engine's values -------------------------------------------------

    def goal(self, node: Node, pos: Position | None = None) -> Goal | None:
        """A solver goal, as ``solve --goal`` takes it; each card it names on the table of ``pos``, where given."""
        if not node.is_scalar or node.is_null:
            self.problems.add(node, f"goal must be a goal like cards, points or deal, not {node.describe()}",
                              "files.goal_not_text", value=node.description())
            return None
        try:
            goal = Goal.from_str(node.text)
        except GoalError as err:
            self.problems.add(node, str(err), f"files.goal_{err.code}", **err.params)
            return None
        table = pos.table_cards() if pos is not None else []
        for card in (c.card for c in goal.criteria if c.card is not None and pos is not None):
            if card not in table:
                self.problems.add(node, f"goal {goal} names {card}, which is not on the table (loose or in a build): "
                                        "no move can take it; name a card on the table", "files.goal_card_off_table",
                                  goal=str(goal), card=str(card))
                return None
        return goal

    def variant(self, node: Node) -> Variant | None:
        """The variant a preset name or options mapping names."""
        try:
            return variant_from_node(node, self.filename)
        except FileError as err:
            self.problems.items.extend(err.problems)
            return None

    def position(self, node: Node, variant: Node | None) -> Position | None:
        """An embedded position block; its ``variant:`` defaults to the node ``variant``."""
        if variant is not None and node.is_mapping and node.get("variant") is None:
            key = Node("scalar", variant.line, variant.col, text="variant", scalar="variant")
            node = replace(node, pairs=(*node.pairs, (key, variant)))
        try:
            return position_from_node(node, self.filename, real=True)
        except FileError as err:
            self.problems.items.extend(err.problems)
            return None

    def move(self, pos: Position, node: Node, what: Words) -> Move | None:
        """The legal move a notation names in ``pos``."""
        if not node.is_scalar or node.is_null:
            self.problems.add(node, f"{what} must be a move like 7S x 7C, not {node.describe()}", "files.move_not_text",
                              what=what, value=node.description())
            return None
        text = node.text
        try:
            return pos.parse_move(text)
        except InvalidMoveError as err:
            self.problems.add(node, f"{what} {text!r} cannot be read: {err.detail}; write {err.expected}, "
                                    f"for example {err.example!r}", "files.move_unreadable", what=what,
                              text=excerpt(text), example=err.example)
        except IllegalMoveError as err:
            code = err.reason.code
            self.problems.add(node, f"{what} {text!r} is not legal here ({code}; rules {REASON_CODES[code]})",
                              "files.move_illegal", what=what, text=excerpt(text), code=code, rules=REASON_CODES[code],
                              section=rule_section(code), reason=words(code, f"reason_titles.{code}"))
        except AmbiguousMoveError as err:
            self.problems.add(node, f"{what} {text!r} could mean {' or '.join(err.notations)}; write the one you mean",
                              "files.move_ambiguous", what=what, text=excerpt(text), moves=list(err.notations))
        return None


def _word(node: Node) -> bool:
    """A scalar that is some number or word."""
    return node.is_scalar and not node.is_null and bool(node.text.strip())


def _value(node: Node) -> int | str:
    return int(node.scalar) if node.is_int else node.text
