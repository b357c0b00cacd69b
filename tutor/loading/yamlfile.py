"""YAML files read safely, with the line and column of every value.

:func:`load_document` parses text with PyYAML's safe machinery and returns a
tree of :class:`Node` objects, each knowing where it stands in the file.
Anything wrong is reported as :class:`Problem` entries of a :class:`FileError`,
worded for a player editing the file by hand, never as a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml
from yaml.constructor import SafeConstructor
from yaml.reader import ReaderError

from tutor.core.text import excerpt, nearest

from .reading import ReadRefused, read_bounded, too_big_words
from .words import Words, words


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file, at a 1-based line and column; ``message`` in English, and where there is one,
    the same as data (``code``, a message key such as ``files.twice``, and its ``params``) for other languages."""

    file: str
    line: int
    col: int
    message: str
    code: str = ""
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.message}"

    @classmethod
    def of(cls, file: str, line: int, col: int, said: Words) -> Problem:
        """A problem whose message is ``said``: its English text, and its code and parameters."""
        return cls(file, line, col, said.text, said.code, said.params)


class FileError(ValueError):
    """Everything found wrong in a file; its str is one problem a line."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Node:
    """One YAML value: a scalar, a list or a mapping, with its position.

    ``text`` is a scalar's source text (quotes removed) and ``scalar`` its
    Python value; ``children`` are a list's items; ``pairs`` a mapping's
    (key, value) nodes in file order.
    """

    kind: Literal["scalar", "list", "mapping"]
    line: int
    col: int
    text: str = ""
    scalar: Any = None
    children: tuple[Node, ...] = ()
    pairs: tuple[tuple[Node, Node], ...] = ()

    @property
    def is_scalar(self) -> bool:
        return self.kind == "scalar"

    @property
    def is_list(self) -> bool:
        return self.kind == "list"

    @property
    def is_mapping(self) -> bool:
        return self.kind == "mapping"

    @property
    def is_null(self) -> bool:
        return self.kind == "scalar" and self.scalar is None

    @property
    def is_int(self) -> bool:
        """A whole number (``true`` and ``false`` are not)."""
        return isinstance(self.scalar, int) and not isinstance(self.scalar, bool)

    @property
    def value(self) -> Any:
        """The plain Python value (dicts, lists, scalars)."""
        if self.kind == "list":
            return [c.value for c in self.children]
        if self.kind == "mapping":
            return {k.scalar: v.value for k, v in self.pairs}
        return self.scalar

    def keys(self) -> list[str]:
        """A mapping's keys as written."""
        return [k.text for k, _ in self.pairs]

    def get(self, key: str) -> Node | None:
        """The value under ``key`` in a mapping, or None."""
        for k, v in self.pairs:
            if k.text == key:
                return v
        return None

    def key_node(self, key: str) -> Node | None:
        """The node of the key ``key`` itself, or None."""
        for k, _ in self.pairs:
            if k.text == key:
                return k
        return None

    def describe(self) -> str:
        """What the value is, for 'must be X, not Y' messages."""
        return self.description().text

    def description(self) -> Words:
        """What the value is, as :class:`Words` (``files_words.value_*``)."""
        if self.kind == "list":
            return words("a list", "file_words.value_list")
        if self.kind == "mapping":
            return words("a mapping", "file_words.value_mapping")
        value = self.scalar
        if value is None:
            return words("nothing (an empty value)", "file_words.value_empty")
        if isinstance(value, bool):
            read = "true" if value else "false"
            return words(f"{self.text!r} (read as {read})", "file_words.value_bool", text=excerpt(self.text), read=read)
        if isinstance(value, (int, float)):
            return words(f"the number {excerpt(self.text)}", "file_words.value_number", text=excerpt(self.text))
        return words(f"the text '{excerpt(self.text)}'", "file_words.value_text", text=excerpt(self.text))


class Problems:
    """Problems collected while reading one file."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.items: list[Problem] = []
        self.meant: dict[int, set[str]] = {}
        """For a mapping (by ``id``), the keys its unknown keys were reported as likely meaning (``sumary``:
        ``summary``): a key missing there is said once, by the unknown key's "did you mean"."""

    def add(self, node: Node, message: str | Words, code: str = "", /, **params: Any) -> None:
        self.at(node.line, node.col, message, code, **params)

    def at(self, line: int, col: int, message: str | Words, code: str = "", /, **params: Any) -> None:
        """A problem at ``line``, ``col``: its English ``message`` with its ``code`` and ``params``, or
        :class:`Words` saying all three."""
        if isinstance(message, Words):
            self.items.append(Problem.of(self.filename, line, col, message))
        else:
            self.items.append(Problem(self.filename, line, col, message, code, tuple(params.items())))

    def check_keys(self, node: Node, valid: Sequence[str], what: str | Words) -> None:
        """Report every key of the mapping ``node`` not in ``valid``."""
        for key, _ in node.pairs:
            if key.text not in valid:
                near = nearest(key.text, valid)
                if near:
                    self.meant.setdefault(id(node), set()).add(near)
                hint = f"did you mean {near}? " if near else ""
                self.add(key, f"unknown key {key.text!r} in {what}; {hint}valid keys are: {', '.join(valid)}",
                         "files.unknown_key", key=key.text, what=what, near=near, valid=list(valid))

    def raise_if_any(self) -> None:
        """Raise :class:`FileError` with every problem, in file order."""
        if self.items:
            raise FileError(sorted(self.items, key=lambda p: (p.line, p.col)))


MAX_FILE_BYTES = 1 << 20
"""The largest YAML file read (1 MiB): the whole course is a tenth of that."""
YAML_FILE = "a YAML file"

MAX_DEPTH = 32
"""Lists and mappings nested at most this deep (a lesson's build needs about ten)."""

MAX_ALIASES = 100
"""Aliases (``*name``) in one file."""

MAX_VALUES = 100_000
"""Values in one file once its aliases are expanded: a guard against an alias bomb."""

MAX_VALUE_CHARS = 4_000
"""The longest single value (a lesson's longest text is under 1,000 characters)."""
KEY_CHARS = 1_024
"""The longest key YAML reads without a '?' before it (PyYAML's limit of a simple key)."""

def size_problem(size: int) -> Words | None:
    """Why a file of ``size`` bytes is not read, or None."""
    return None if size <= MAX_FILE_BYTES else too_big_words(size, MAX_FILE_BYTES, YAML_FILE)


def read_yaml_file(path: str | Path, *, stdin: bool = False) -> str:
    """A YAML file's text, read bounded (:func:`.reading.read_bounded`); :class:`FileError` where it cannot be (at
    1:1 for the whole file)."""
    try:
        return read_bounded(path, MAX_FILE_BYTES, YAML_FILE, stdin=stdin)
    except ReadRefused as err:
        raise FileError([Problem.of(str(path), err.line, err.col, err.said)]) from None


#: libyaml's safe loader when PyYAML was built with it (ten times faster), else the pure one.
_FAST_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_document(text: str, filename: str) -> Node:
    """Parse one YAML document into nodes; raise :class:`FileError` if it is not valid YAML or passes a limit."""
    too_big = size_problem(len(text.encode("utf-8", "surrogatepass")))
    if too_big:
        raise FileError([Problem.of(filename, 1, 1, too_big)])
    check_limits(text, filename)
    try:
        root = yaml.compose(text, Loader=_FAST_LOADER)
    except yaml.YAMLError:
        root = _compose_slowly(text, filename)
    if root is None:
        return Node("scalar", 1, 1)
    problems = Problems(filename)
    node = _Converter(problems).convert(root)
    problems.raise_if_any()
    return node


def check_limits(text: str, filename: str, loader: type[yaml.SafeLoader] = _FAST_LOADER) -> None:
    """Raise :class:`FileError` at the first value past a limit, from the parser's events alone
    (they come one at a time, so nothing deep or large is built first); syntax errors are left to
    :func:`load_document`.

    libyaml stops at a thousand nested brackets before it gives a single event, so on any error
    the pure-Python parser, which has no such limit, reads the events again.
    """
    depth = aliases = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            mark = event.start_mark
            message: Words | None = None
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    message = words(f"lists and mappings are nested more than {MAX_DEPTH} deep here; flatten the file",
                                    "yaml.too_deep", most=MAX_DEPTH)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    message = words(f"more than {MAX_ALIASES} aliases (*name) in one file; write the values out",
                                    "yaml.too_many_aliases", most=MAX_ALIASES)
            elif isinstance(event, yaml.ScalarEvent) and len(event.value) > MAX_VALUE_CHARS:
                message = words(f"a value of {len(event.value):,} characters ('{excerpt(event.value)}'); "
                                f"a value may be at most {MAX_VALUE_CHARS:,} characters", "yaml.too_long",
                                chars=len(event.value), text=excerpt(event.value), most=MAX_VALUE_CHARS)
            if message is not None:
                line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
                raise FileError([Problem.of(filename, line, col, message)])
    except yaml.YAMLError:
        if loader is not yaml.SafeLoader:
            check_limits(text, filename, yaml.SafeLoader)


def _compose_slowly(text: str, filename: str) -> yaml.Node | None:
    """Parse again with the pure-Python loader, whose errors say exactly what is wrong and where."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        raise FileError([_syntax_problem(err, text, filename)]) from None
    except ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        col = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        message = words(f"the character #x{err.character:04x} is not allowed in a YAML file; remove it",
                        "yaml.bad_character", code=f"#x{err.character:04x}")
        raise FileError([Problem.of(filename, line, col, message)]) from None


_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"


class _Converter:
    """Turns composed YAML nodes into :class:`Node` trees, noting problems."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        self.constructor = SafeConstructor()
        self.active: set[int] = set()  # collections being converted, to catch self-reference
        self.values = 0  # values made so far, an alias's counted each time it is used

    def convert(self, node: yaml.Node) -> Node:
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        self.values += 1
        if self.values > MAX_VALUES:
            message = words(f"its aliases expand this file to more than {MAX_VALUES:,} values; write the values out",
                            "yaml.too_many_values", most=MAX_VALUES)
            raise FileError([Problem.of(self.problems.filename, line, col, message)])
        if isinstance(node, yaml.ScalarNode):
            try:
                value = self.constructor.construct_object(node, deep=True)
            except (yaml.YAMLError, ValueError):
                value = node.value
                self.problems.at(line, col, f"cannot read '{excerpt(node.value)}' as {_tag(node)}; remove the tag or "
                                 "fix the value", "yaml.bad_tagged", text=excerpt(node.value), tag=_tag(node))
            return Node("scalar", line, col, text=str(node.value), scalar=value)
        if id(node) in self.active:
            self.problems.at(line, col, "this value contains itself through an alias; remove the alias",
                             "yaml.self_alias")
            return Node("scalar", line, col)
        if node.tag not in (_MAP_TAG, _SEQ_TAG):
            self.problems.at(line, col, f"the tag {_tag(node)} is not supported here; remove it", "yaml.bad_tag",
                             tag=_tag(node))
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return Node("list", line, col, children=tuple(self.convert(c) for c in node.value))
            assert isinstance(node, yaml.MappingNode)
            return Node("mapping", line, col, pairs=self.pairs(node))
        finally:
            self.active.discard(id(node))

    def pairs(self, node: yaml.MappingNode) -> tuple[tuple[Node, Node], ...]:
        pairs: list[tuple[Node, Node]] = []
        seen: dict[Any, Node] = {}
        for key_node, value_node in node.value:
            key = self.convert(key_node)
            value = self.convert(value_node)
            if not key.is_scalar:
                self.problems.add(key, f"a key must be a plain word, not {key.describe()}", "yaml.key_not_word",
                                  value=key.description())
                continue
            first = seen.get(key.scalar)
            if first is not None:
                self.problems.add(key, f"the key {key.text!r} appears twice (also at line {first.line}); keep only "
                                  "one", "yaml.key_twice", key=key.text, first=first.line)
                continue
            seen[key.scalar] = key
            pairs.append((key, value))
        return tuple(pairs)


def _tag(node: yaml.Node) -> str:
    return node.tag.replace("tag:yaml.org,2002:", "!!")


# ---- YAML syntax errors in plain words ----------------------------------------


def _syntax_problem(err: yaml.MarkedYAMLError, text: str, filename: str) -> Problem:
    mark = err.problem_mark or err.context_mark
    if err.context_mark and "could not find expected ':'" in (err.problem or ""):
        mark = err.context_mark  # the line without its ':', not the next one, where YAML noticed
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    said = _explain(err, text.splitlines(), line, col)
    if said.code in ("yaml.above_no_colon", "yaml.space_after_colon"):
        line, col = dict(said.params)["above"], 1  # the line to mend, not the one after it, where YAML noticed
    return Problem.of(filename, line, col, said)


def _at(mark: yaml.Mark | None) -> Words:
    if mark is None:
        return words("above", "yaml.above")
    return words(f"line {mark.line + 1}, column {mark.column + 1}", "yaml.at", line=mark.line + 1, col=mark.column + 1)


def _explain(err: yaml.MarkedYAMLError, lines: list[str], line: int, col: int) -> Words:
    problem = err.problem or ""
    context = err.context or ""
    opened = _at(err.context_mark)
    if "'\\t'" in problem:
        return words("a tab character here; YAML indents and separates with spaces only: replace the tab with spaces",
                     "yaml.tab")
    found = re.search(r"found character '(.)' that cannot start any token", problem)
    if found:
        return words(f"a value cannot start with {found.group(1)!r}; put the value in quotes", "yaml.bad_start",
                     char=found.group(1))
    if "flow sequence" in context or "flow mapping" in context:
        close = "]" if "sequence" in context else "}"
        what = "list" if close == "]" else "mapping"
        kind = words(what, f"file_words.kind_{what}")
        if "<stream end>" in problem or err.problem_mark and err.context_mark and (
            err.problem_mark.line > err.context_mark.line
        ):
            return words(f"the {what} opened at {opened} is not closed; add {close!r} at its end", "yaml.unclosed",
                         what=kind, opened=opened, close=close)
        wrong = re.search(r"but got '([]}])'", problem)
        if wrong:
            return words(f"the {what} opened at {opened} is not closed; add {close!r} before this {wrong.group(1)!r}",
                         "yaml.unclosed_before", what=kind, opened=opened, close=close, got=wrong.group(1))
        return words(f"expected ',' or {close!r} here in the {what} opened at {opened}: separate items with ', '",
                     "yaml.expected_comma", what=kind, opened=opened, close=close)
    if "quoted scalar" in context and "end of stream" in problem:
        return words(f"the quote opened at {opened} is never closed; add the closing quote", "yaml.unclosed_quote",
                     opened=opened)
    if "unknown escape character" in problem:
        return words("unknown escape after '\\' in double quotes; use single quotes, or write '\\\\' for a backslash",
                     "yaml.bad_escape")
    if "mapping values are not allowed here" in problem:
        return _stray_colon(lines, line, col)
    if "could not find expected ':'" in problem:
        start = err.context_mark
        colon = re.search(r":(\s|$)", lines[start.line][start.column:]) if start and start.line < len(lines) else None
        if start and colon and colon.start() >= KEY_CHARS:  # YAML looks no further for a key's ':'
            return words(f"the key on line {start.line + 1} is {colon.start():,} characters long; YAML reads a key "
                         f"of at most {KEY_CHARS:,}: shorten it", "yaml.key_too_long", line=start.line + 1,
                         chars=colon.start(), most=KEY_CHARS)
        if err.context_mark and re.search(r"\w:[^\s/]", lines[err.context_mark.line]):  # 'b:2' reads as one word
            return words(f"line {line} needs a space after its ':' (write 'key: value')", "yaml.space_after_colon",
                         above=line)
        where = (words(f"line {err.context_mark.line + 1}", "yaml.line", line=err.context_mark.line + 1)
                 if err.context_mark else words("the line above", "yaml.line_above"))
        return words(f"{where} has no ':'; write it as 'key: value' (or as a list item '- value')", "yaml.no_colon",
                     where=where)
    if "expected <block end>" in problem:
        if "found ']'" in problem or "found '}'" in problem:
            return words("a closing bracket with no opening one; remove it", "yaml.stray_bracket")
        return words("this line is not lined up with the lines above it: keys of one mapping, and the '- ' items of "
                     "one list, start in the same column", "yaml.not_lined_up")
    alias = re.search(r"found undefined alias '(.*)'", problem)
    if alias:
        return words(f"*{alias.group(1)} refers to no anchor &{alias.group(1)} defined above it", "yaml.no_anchor",
                     name=alias.group(1))
    if "expected a single document" in context:
        return words("a file holds a single document; remove the '---' line and what follows it", "yaml.two_documents")
    detail = f" ({context} at {opened})" if context else ""
    reading = re.fullmatch(r"while (?:scanning|parsing) an? (.+)", context)  # what PyYAML was reading: 'anchor'
    return words(f"this is not valid YAML: {problem}{detail}", "yaml.invalid", problem=problem, context=context,
                 opened=opened, reading=reading.group(1) if reading else "")


def _stray_colon(lines: list[str], line: int, col: int) -> Words:
    """Why YAML found a ':' it did not expect at ``line``, ``col``."""
    here = lines[line - 1] if line <= len(lines) else ""
    if ": " in here[: col - 1].lstrip("- "):
        return words("this value contains ': '; put the whole value in quotes", "yaml.colon_in_value")
    above = next((n for n in range(line - 1, 0, -1) if lines[n - 1].strip()), 0)
    if not above:
        return words("a ':' that YAML cannot place; put the value in quotes", "yaml.colon_first")
    prev = lines[above - 1]
    if _indent(here) > _indent(prev) and not prev.rstrip().endswith(":"):
        return words(f"this line is indented more than line {above}; line it up with the lines above",
                     "yaml.indented_more", above=above)
    if re.search(r"\w:[^\s/]", prev):
        return words(f"line {above} needs a space after its ':' (write 'key: value')", "yaml.space_after_colon",
                     above=above)
    if ":" not in prev:
        return words(f"line {above} has no ':'; write it as 'key: value'", "yaml.above_no_colon", above=above)
    return words("a ':' that YAML cannot place here; check the indentation, or put the value in quotes",
                 "yaml.colon_misplaced")


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))
