"""Words of a file's problem as data: English text, with a message key and parameters for other languages."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from typing import Any

from tutor.core.moves import REASON_CODES


@dataclass(frozen=True)
class Words:
    """Words a problem says, or words inside them (which field, what a value is): ``text`` in English, and the
    same as data, a message key ``code`` and its ``params`` (which may be :class:`Words` too), for other
    languages (worded by :func:`tutor.render.problems.problem_words`)."""

    text: str
    code: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.text


def words(text: str, code: str, /, **params: Any) -> Words:
    """:class:`Words` of ``text``, keyed ``code`` with ``params``."""
    return Words(text, code, tuple(params.items()))


OS_ERRORS: dict[int, tuple[str, str]] = {
    errno.ENOENT: ("missing", "no such file or folder"), errno.EACCES: ("denied", "permission denied"),
    errno.EPERM: ("denied", "permission denied"), errno.ENOSPC: ("full", "the disk is full"),
    errno.EDQUOT: ("full", "the disk is full"), errno.EROFS: ("read_only", "the disk is read-only"),
    errno.EISDIR: ("a_folder", "it is a folder"), errno.ENOTDIR: ("not_a_folder", "a part of the path is not a folder"),
    errno.EEXIST: ("exists", "it exists already"), errno.ENAMETOOLONG: ("too_long", "the name is too long"),
    errno.EFBIG: ("too_big", "the file would be bigger than the system allows"),
    errno.ELOOP: ("loop", "the symbolic links in the path lead round in a circle"),
}
"""The system's refusals of a file said in words of our own (its own are English whatever the learner reads):
each error's message key (``os_errors.KEY``) and its English words."""


NOT_REGULAR = Words("it is not a regular file but a pipe, a device or a socket", "os_errors.not_regular")
"""Why a file the tutor keeps (the progress file, the typed lines) is not used: it is no regular file, and one that
is would block the tutor (a pipe) or take what is written to it nowhere (``/dev/null``)."""


def rule_section(code: str) -> str:
    """The rules.md section a reason code names (``3.2/3.3`` of ``sum_mismatch``), without its English gloss."""
    return REASON_CODES[code].partition(":")[0]


def os_words(err: OSError) -> Words:
    """Why the system refused a file, in :class:`Words` of ours: an error of :data:`OS_ERRORS` by its own words,
    any other by a general sentence naming the error (``EIO``; the exception's class when it has no number), never
    the system's English text alone."""
    if err.errno in OS_ERRORS:
        key, text = OS_ERRORS[err.errno]
        return words(text, f"os_errors.{key}")
    name = (errno.errorcode.get(err.errno) if err.errno is not None else None) or type(err).__name__
    return words(f"the system reported the error {name}", "os_errors.other", name=name)


THINGS = {
    "a_lesson": "a lesson",
    "the_lesson": "the lesson",
    "lesson_id": "the lesson id",
    "required_lesson": "the required lesson",
    "text_step": "the text step",
    "step": "the {kind} step",
    "step_text": "the text of the {kind} step",
    "languages_of": "the languages of {what}",
    "hint": "hint",
    "demo_move": "the demo move",
    "solution": "the solution",
    "line_move": "line move {n}",
    "step_kind": "step kind",
    "move_kind": "move kind",
    "reason_code": "reason code",
    "question": "question",
    "theme": "theme",
    "puzzle_file": "a puzzle file",
    "a_puzzle": "a puzzle",
    "puzzle_id": "the puzzle id",
    "a_position": "a position",
    "a_build": "a build",
    "sweep_count": "a sweep count",
    "penalty_count": "a penalty count",
    "unknown_cards": "a number of unknown cards",
    "a_score": "a score",
    "in_hand": "in the hand of seat {seat}",
    "in_captured": "in the cards seat {seat} captured",
    "in_stock": "in the stock",
    "on_table": "on the table",
    "in_build": "in a build on the table",
}
"""The things a problem names (a field, a step, a kind of value), keyed ``file_words.KEY``; ``{name}`` a parameter."""


def thing(key: str, /, **params: Any) -> Words:
    """The thing :data:`THINGS` keys ``key``, with its parameters, as :class:`Words`."""
    return words(THINGS[key].format(**params), f"file_words.{key}", **params)


def words_to_data(said: Words) -> dict[str, Any]:
    """``said`` as JSON data (its parameters that are :class:`Words` too), to be kept and read back."""
    return {"text": said.text, "code": said.code,
            "params": [[name, words_to_data(v) if isinstance(v, Words) else v] for name, v in said.params]}


def words_from_data(data: Any) -> Words | None:
    """The :class:`Words` :func:`words_to_data` wrote, or None if ``data`` is not such."""
    if not isinstance(data, dict) or not isinstance(data.get("text"), str) or not isinstance(data.get("code"), str):
        return None
    params = data.get("params")
    if not isinstance(params, list) or not all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                                               for p in params):
        return None
    read = [(name, words_from_data(v) if isinstance(v, dict) else v) for name, v in params]
    if any(v is None and isinstance(kept, dict) for (_, v), (_, kept) in zip(read, params)):
        return None
    return Words(data["text"], data["code"], tuple(read))
