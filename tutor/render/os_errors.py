"""Why the system refused to read or write a file, in the learner's language: the common errors by their number,
in words of our own (the system's own text is English whatever the learner reads)."""

from __future__ import annotations

import errno
from collections.abc import Callable

SYSTEM_WORDS = {
    errno.ENOENT: "missing", errno.EACCES: "denied", errno.EPERM: "denied", errno.ENOSPC: "full",
    errno.EDQUOT: "full", errno.EROFS: "read_only", errno.EISDIR: "a_folder", errno.ENOTDIR: "not_a_folder",
    errno.EEXIST: "exists", errno.ENAMETOOLONG: "too_long",
}
"""The message (``os_errors.KEY``) of each error said in our words."""


def os_reason(say: Callable[..., str], err: OSError) -> str:
    """Why ``err`` happened, by the message function ``say`` of the learner's language; the system's words for an
    error of another kind."""
    key = SYSTEM_WORDS.get(err.errno) if err.errno is not None else None
    return say(f"os_errors.{key}") if key is not None else err.strerror or type(err).__name__
