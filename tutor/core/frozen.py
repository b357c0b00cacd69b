"""Frozen dataclasses pickled by their constructor.

mypyc compiles a class with a ``__setstate__`` that sets each field, which a
frozen dataclass refuses (FrozenInstanceError), so compiled, they could not
be sent to another process.  Rebuilt by the constructor, they unpickle
compiled or not, to the same value.
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any


def _rebuild(value: Any) -> tuple[type, tuple[Any, ...]]:
    return type(value), tuple(getattr(value, f.name) for f in fields(value))


def pickled_by_constructor(*classes: type) -> None:
    """Pickle each of ``classes`` as its constructor called with its fields, in order."""
    for cls in classes:
        copyreg.pickle(cls, _rebuild)
