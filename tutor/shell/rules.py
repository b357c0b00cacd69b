"""``rules [TOPIC]``: the rule sheet's texts for the variant being played."""

from __future__ import annotations

from tutor.content.presets import variant
from tutor.core.text import excerpt
from tutor.render import near_name

from .state import Shell


def rules_text(shell: Shell, topic: str) -> str:
    """The sheet's section on ``topic`` (the contents without one) for the current variant."""
    from tutor.sheets import rules_text as sheet_text
    from tutor.sheets import topics

    found = shell.activity.rules_of if shell.activity is not None else None
    rules, players = found if found is not None else (variant("classic"), 2)
    text = sheet_text(rules, players, shell.lang, topic or None, shell.symbols)
    if text is None:
        names = [name for name, _ in topics(shell.lang)]
        return shell.ui.message("shell.unknown_topic", topic=excerpt(topic), topics=", ".join(names),
                                near=near_name(topic, names))
    return text
