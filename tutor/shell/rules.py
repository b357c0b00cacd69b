"""``rules [PRESET] [TOPIC]``: the rule sheet's texts for the variant being played, or for a preset named."""

from __future__ import annotations

from tutor.content.presets import preset_names, variant
from tutor.core.text import excerpt
from tutor.render import find_name, near_name

from .state import Shell


def rules_text(shell: Shell, arg: str) -> str:
    """The sheet's section on the topic ``arg`` names (the contents without one) for the current variant, or for
    the preset ``arg`` names before or after the topic (``rules royal``, ``regeln bauten royal``)."""
    from tutor.sheets import rules_text as sheet_text
    from tutor.sheets import topics

    found = shell.activity.rules_of if shell.activity is not None else None
    rules, players = found if found is not None else (variant("classic"), 2)
    preset, topic = preset_and_topic(arg.strip())
    if preset is not None:
        rules = variant(preset)
    text = sheet_text(rules, players, shell.lang, topic or None, shell.symbols, preset or "")
    if text is None:
        names = [name for name, _ in topics(shell.lang)]
        presets = [] if preset is not None else preset_names()  # a preset named: the topic after it is mistyped
        return shell.ui.message("shell.unknown_topic", topic=excerpt(topic), topics=", ".join(names),
                                presets=", ".join(presets), near=near_name(topic, [*names, *presets]))
    return text


def preset_and_topic(arg: str) -> tuple[str | None, str]:
    """The preset ``arg`` names (all of it, its first word or its last) and the topic the rest names, or None and
    ``arg`` where it names a topic alone or no preset (a topic's title may be words: ``end of the round``)."""
    from tutor.sheets import find_topic

    if not arg or find_topic(arg) is not None:
        return None, arg
    words = arg.split()
    for named, rest in ((arg, ""), (words[0], " ".join(words[1:])), (words[-1], " ".join(words[:-1]))):
        if (preset := find_name(named, preset_names(), "presets.{}")) is not None:
            return preset, rest
    return None, arg
