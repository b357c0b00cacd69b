"""A progress file that cannot be used, in the learner's words: what failed, why and what to do."""

from __future__ import annotations

from tutor.render import Renderer
from tutor.render.problems import said
from tutor.storage import ProgressError


def progress_reason(ui: Renderer, err: ProgressError) -> str:
    """Why the progress file failed, in the learner's language ("" when ``err`` names no reason)."""
    return said(ui, err.said) if err.said is not None else str(err.params.get("reason", ""))


def progress_problem(ui: Renderer, err: ProgressError) -> str:
    """The message of ``err`` (``shell.progress_CODE``), its reason in the learner's language."""
    return ui.message(f"shell.progress_{err.code}", **{**err.params, "reason": progress_reason(ui, err)})
