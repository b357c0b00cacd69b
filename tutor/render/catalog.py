"""Message catalogs: ``messages/*.yaml`` of one language, each message a Jinja template string."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from jinja2 import Environment, Template

from tutor.loading.yamlfile import Problems, load_document


def load_catalog(folder: Path) -> dict[str, str]:
    """Every message under ``folder/messages/`` as ``FILE.KEY`` → template source.

    Raise :class:`~tutor.loading.yamlfile.FileError` (``file:line:col``) for a
    file that is not a mapping of keys to text.
    """
    sources: dict[str, str] = {}
    for path in sorted((folder / "messages").glob("*.yaml")):
        root = load_document(path.read_text(encoding="utf-8"), str(path))
        problems = Problems(str(path))
        if not root.is_mapping:
            problems.add(root, "a message file is a mapping of keys to messages, like  greeting: Hello {{ name }}!")
        for key, value in root.pairs:
            if value.is_scalar and isinstance(value.scalar, str):
                sources[f"{path.stem}.{key.text}"] = value.scalar
            else:
                hint = "; put it in quotes" if value.is_scalar else ""
                problems.add(value, f"message {key.text!r} must be text, not {value.describe()}{hint}")
        problems.raise_if_any()
    return sources


class Messages:
    """One language's catalog; each message is compiled on first use."""

    def __init__(self, env: Environment, sources: Mapping[str, str], folder: Path) -> None:
        self._env = env
        self._sources = sources
        self._folder = folder
        self._compiled: dict[str, Template] = {}

    def __contains__(self, key: object) -> bool:
        """Whether the catalog holds the message ``FILE.KEY``."""
        return key in self._sources

    def __call__(self, key: str, /, **params: Any) -> str:
        """The message ``FILE.KEY`` rendered with ``params``."""
        template = self._compiled.get(key)
        if template is None:
            if key not in self._sources:
                raise KeyError(f"no message {key!r} in {self._folder / 'messages'}")
            template = self._compiled[key] = self._env.from_string(self._sources[key])
        return template.render(**params)

