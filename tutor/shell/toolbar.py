"""The bottom toolbar: what is open, the variant, the language and the learner's rating."""

from __future__ import annotations

from prompt_toolkit.formatted_text import FormattedText

from ..loading.positions import variant_to_data
from .state import Shell


def toolbar(shell: Shell) -> FormattedText:
    activity = shell.activity
    pos = activity.position if activity is not None else None
    variant = ""
    if pos is not None:
        spec = variant_to_data(pos.variant)
        variant = spec if isinstance(spec, str) else str(spec.get("preset", "custom")) + "*"
    rating = shell.progress.learner_rating()
    text = shell.ui.message(
        "shell.toolbar",
        activity=activity.title() if activity is not None else "",
        variant=variant,
        lang=shell.lang.upper(),
        rating=round(rating.rating),
        provisional=rating.deviation > 110,
    )
    return FormattedText([("class:bottom-toolbar", " " + text)])
