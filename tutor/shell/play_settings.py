"""What ``play ARG`` asks for: the variant (a preset and ``OPTION=VALUE`` options), the kind of game, the players,
the level and the seed, in either language's words; or the words for what is wrong in ``ARG``."""

from __future__ import annotations

import secrets
from typing import Any

from tutor.content.presets import preset_names
from tutor.core.text import excerpt
from tutor.loading.options import OptionError, check_deal, read_variant
from tutor.play.players import LEVELS
from tutor.play.table_game import Settings
from tutor.render import find_name, near_name
from tutor.render.words import first_upper

from .state import Shell

KIND_WORDS = {"round": "round", "runde": "round", "match": "match", "partie": "match"}
"""The words that choose a game's kind, in both languages."""
MAX_DIGITS = 10
"""The longest number ``players=`` or ``seed=`` is read with (a seed is below 2**32, ten digits)."""
SETTING_KEYS = {"players": "players", "spieler": "players", "level": "level", "stufe": "level", "seed": "seed",
                "startwert": "seed"}
"""``KEY=VALUE`` settings of ``play`` besides the variant's options, in both languages."""


def read_settings(shell: Shell, arg: str) -> Settings | str:
    """The game ``play ARG`` asks for, or the words for what is wrong in ``ARG``."""
    ui = shell.ui
    preset, kind, options = "classic", "match", []
    named = ""  # the word that named the preset, if one did
    chosen: dict[str, Any] = {"players": 2, "level": "club", "seed": secrets.randbelow(1_000_000)}
    for word in arg.split():
        key, sep, value = word.partition("=")
        name = SETTING_KEYS.get(key.lower())
        if word.lower() in KIND_WORDS:
            kind = KIND_WORDS[word.lower()]
        elif sep and name == "level":
            level = find_name(value, LEVELS, "levels.{}")
            if level is None:
                return ui.message("play.unknown_level", level=excerpt(value), levels=[ui.message(f"levels.{n}") for n in LEVELS])
            chosen["level"] = level
        elif sep and name is not None:
            low, high = (2, 4) if name == "players" else (0, 2**32 - 1)
            if not (value.isascii() and value.isdigit() and len(value) <= MAX_DIGITS and low <= int(value) <= high):
                return ui.message("play.bad_number", setting=excerpt(key), value=excerpt(value), low=low, high=high)
            chosen[name] = int(value)
        elif sep:
            options.append(word)
        elif (found := find_name(word, preset_names(), "presets.{}")) is not None:
            if named and found != preset:  # the last would win without a word
                return ui.message("play.two_presets", first=excerpt(named), second=excerpt(word))
            preset, named = found, word
        else:
            return ui.message("play.usage", word=excerpt(word), presets=preset_names(), near=near_name(word, preset_names()),
                              levels=[ui.message(f"levels.{n}") for n in LEVELS])
    try:
        variant = read_variant(preset, options, ui.message, usage="play.option_usage")
        check_deal(variant, chosen["players"], ui.message)
    except OptionError as err:  # the rules' words, for the command line too: a sentence here
        said = first_upper(str(err))
        return said if said.endswith(".") else said + "."
    return Settings(variant, chosen["players"], chosen["level"], chosen["seed"], kind)
