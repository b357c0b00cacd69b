"""The one error the progress store raises, with a code the shell can translate."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from tutor.loading.words import Words

_MESSAGES: Mapping[str, str] = {
    "cannot_open": (
        "Cannot open the progress file {path}: {reason}. Check that its folder can be written, "
        "or set CASSINO_TUTOR_HOME to another folder."
    ),
    "damaged": (
        "The progress file {path} is damaged ({reason}). Move it away (for example rename it to "
        "{path}.damaged) and start again; a new, empty progress file will be created."
    ),
    "newer_version": (
        "The progress file {path} was written by a newer cassino-tutor (format {found}; this "
        "version reads up to format {supported}). Update cassino-tutor, or move the file away "
        "to start with a new one."
    ),
    "foreign": (
        "The file {path} is not a cassino-tutor progress file. Move it away, or set "
        "CASSINO_TUTOR_HOME to another folder."
    ),
    "busy": (
        "The progress file {path} stayed locked by another program for {seconds} seconds. "
        "Close the other cassino-tutor and try again."
    ),
    "moved": (
        "The progress file {path} was moved, replaced or deleted since cassino-tutor opened it: nothing more is "
        "saved. Quit and start cassino-tutor again."
    ),
    "cannot_save": (
        "Cannot save to the progress file {path}: {reason}. Free some disk space or check the "
        "file's permissions; what was saved before is kept."
    ),
}


class ProgressError(Exception):
    """A progress file that cannot be used; ``code``, ``params`` and ``said`` let the shell word it.

    Codes: ``cannot_open``, ``damaged``, ``newer_version``, ``foreign``, ``busy``,
    ``moved``, ``cannot_save``.  Every code has the parameter ``path``; see ``_MESSAGES``
    for the others.  ``said`` is the ``reason`` (of ``cannot_open``, ``damaged``, ``moved`` and
    ``cannot_save``) as :class:`Words` of ours, for every language: the system's and
    SQLite's own words are English whatever the learner reads.
    """

    unsaved = False
    """Whether a write failed: what it was to keep is not kept."""

    def __init__(self, code: str, path: Path, said: Words | None = None, **params: str | int) -> None:
        self.code = code
        self.path = path
        self.said = said
        self.params: dict[str, str | int] = {"path": str(path), **({"reason": said.text} if said else {}), **params}
        self.message = _MESSAGES[code].format(**self.params)
        super().__init__(self.message)
