"""The bottom toolbar: what is open, the variant and the learner's rating, then the function keys, in one line."""

from __future__ import annotations

from prompt_toolkit.formatted_text import FormattedText

from .game_text import game_variant
from .play import GameRun
from .state import Shell
from .variant_words import variant_label

NARROW = 70
"""Below this many columns the toolbar names F1 only."""


def toolbar(shell: Shell) -> FormattedText:
    return FormattedText([("class:bottom-toolbar", toolbar_text(shell))])


def toolbar_text(shell: Shell) -> str:
    """The toolbar as text that fits the terminal: the variant is left out, then the rating, then the keys but F1,
    then the activity cut, as needed (a game's level and score matter more than the rating and the keys' names,
    which F1 says)."""
    ui, activity = shell.ui, shell.activity
    pos = activity.position if activity is not None else None
    variant = game_variant(ui, activity.game.settings) if isinstance(activity, GameRun) \
        else variant_label(ui, pos.variant) if pos is not None else ""
    rating = shell.progress.learner_rating(shell.clock())  # less sure after days away: provisional again
    key_help = ui.message("shell.toolbar_key_help")
    keys = ui.message("shell.toolbar_keys") if shell.width() >= NARROW else key_help
    title = activity.title() if activity is not None else ""
    rated = ui.message("shell.toolbar_rating", rating=round(rating.rating), provisional=rating.deviation > 110)
    for shown_keys, shown_variant, shown_rating in ((keys, variant, rated), (keys, "", rated),
                                                    (keys, "", "" if title else rated), (key_help, "", "")):
        room = shell.width() - len(shown_keys) - 4  # a space at each end, two before the keys
        left = ui.message("shell.toolbar", activity=title, variant=shown_variant, rating=shown_rating)
        if len(left) <= room:
            break
    if len(left) > room:  # still too long: cut the activity's title
        cut = max(0, len(title) - (len(left) - room) - 1)
        left = ui.message("shell.toolbar", activity=title[:cut] + "…", variant="", rating="")
    return " " + left + " " * max(2, room - len(left) + 2) + shown_keys + " "
