"""A progress file that cannot be used, in the learner's words: what failed, why and what to do."""

from __future__ import annotations

from tutor.render import Renderer
from tutor.render.problems import said
from tutor.storage import ProgressError

from .state import Shell


def progress_reason(ui: Renderer, err: ProgressError) -> str:
    """Why the progress file failed, in the learner's language ("" when ``err`` names no reason)."""
    return said(ui, err.said) if err.said is not None else str(err.params.get("reason", ""))


def progress_problem(ui: Renderer, err: ProgressError) -> str:
    """The message of ``err`` (``shell.progress_CODE``), its reason in the learner's language."""
    return ui.message(f"shell.progress_{err.code}", **{**err.params, "reason": progress_reason(ui, err)})


def note_unsaved(shell: Shell, err: ProgressError) -> None:
    """Count a change to the progress that could not be written, to be said when the learner leaves."""
    before = shell.unsaved.get("progress", ("", {"count": 0}))[1]
    reason = progress_reason(shell.ui, err) or progress_problem(shell.ui, err)
    shell.unsaved["progress"] = ("shell.unsaved_progress", {"count": int(before["count"]) + 1, "reason": reason})
