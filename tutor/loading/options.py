"""Rule options typed as text (``OPTION=VALUE``, from ``--set`` or ``play``) on top of a preset."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml

from tutor.content.presets import preset_names as presets
from tutor.content.presets import variant as preset_variant
from tutor.core.text import excerpt, nearest
from tutor.core.variant import OPTIONS, Variant, VariantError

from .yamlfile import FileError, check_limits


class OptionError(ValueError):
    """A setting that is not ``OPTION=VALUE``, or options the rules refuse; the message says which, in one line."""


def read_variant(preset: str, settings: list[str], say: Callable[..., str],
                 usage: str = "sheet.set_usage") -> Variant:
    """The preset with each ``OPTION=VALUE`` on top (values read as YAML: ``true``, ``11``, ``{10D: 2}``); ``usage``:
    the key of the words for a setting that is not one (the command line's ``--set`` by default)."""
    options: dict[str, Any] = {"preset": preset}
    typed: dict[str, str] = {}  # each option's value as typed, for a refusal: "yes", not YAML's true
    names = option_names(say)
    for setting in settings:
        name, sep, value = setting.partition("=")
        if not sep or not name.strip():
            raise OptionError(say(usage, setting=excerpt(setting, 60)))
        try:
            check_limits(value, name)
            code = names.get(_spoken(name), name.strip())
            typed[code] = value.strip()
            options[code] = _value(code, value, say) if value.strip() else None
        except FileError as err:  # a value past a limit of YAML files (too deep, too long): its words from say
            past = err.problems[0]
            raise OptionError(f"{excerpt(setting)}: {say(past.code, **dict(past.params))}") from None
        except (yaml.YAMLError, ValueError):  # ValueError: a number of thousands of digits
            raise OptionError(say(usage, setting=excerpt(setting, 60))) from None
    unknown = [name for name in options if name != "preset" and name not in OPTIONS]
    if unknown:
        raise OptionError(say("sheet.unknown_option", option=excerpt(unknown[0]), options=sorted(OPTIONS),
                              near=near_option(unknown[0], names)))
    try:
        variant = preset_variant(options)
    except VariantError as err:
        near = {"near": nearest(preset.strip().casefold(), presets())} if err.code == "unknown_preset" else {}
        params = {**err.params, "typed": True}  # typed, not read from a file: the words of say taken too (ja, nein)
        if "value" in params and err.option in typed:  # the value as typed, not as YAML read it (yes: true)
            params["value"] = excerpt(typed[err.option]) or say("sheet.option_empty")
        raise OptionError(say(f"sheet.option_{err.code}", **params, **near) if err.code else str(err)) from None
    if variant.scores_nothing:
        raise OptionError(say("sheet.scores_nothing"))
    return variant


def option_names(say: Callable[..., str]) -> dict[str, str]:
    """The options by the names ``say`` words them in (``Einnahmezwang``, ``Bauten in Summen``), as
    :func:`_spoken`, so that a name read on a screen or a sheet can be typed for the option's code."""
    return {_spoken(say(f"options.{key}")): key for key in OPTIONS}


def near_option(name: str, names: dict[str, str]) -> str:
    """The option nearest a name no option has: the nearest code, else the nearest of the ``names`` a sheet gives them
    (:func:`option_names`; ``ansagen`` is near ``Ziel ansagen``), as it is typed (``ziel_ansagen``); or ``""``."""
    typed = {spoken.replace(" ", "_"): code for spoken, code in names.items()}
    return nearest(name, sorted(OPTIONS)) or nearest(_spoken(name).replace(" ", "_"), sorted(typed))


def _value(option: str, text: str, say: Callable[..., str]) -> Any:
    """A value as YAML reads it, or the value of ``option`` whose words ``say`` gives (``ja``, ``nein``,
    or a choice as the sheet words it: ``Bautenpflicht=keine außer der Halteregel``; ``point_cards=nein``: none,
    as ``false``)."""
    if option == "point_cards" and _spoken(text) == _spoken(say("sheet.option_no")):
        return False
    spec = OPTIONS.get(option)
    if spec is not None and spec.choices is not None:
        spoken = _spoken(text)
        for choice in spec.choices:
            words = {_spoken(say(f"options.{option}={_code(choice)}"))}
            if isinstance(choice, bool):
                words.add(_spoken(say("sheet.option_yes" if choice else "sheet.option_no")))
            if spoken in words:
                return choice
    return yaml.safe_load(text)


def _code(value: Any) -> str:
    """A choice as the keys of ``options.yaml`` write it (``true``, ``no_trail``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _spoken(name: str) -> str:
    """A name in lower case with ``_`` and ``-`` read as spaces: ``bauten_in_summen`` is ``Bauten in Summen``."""
    return " ".join(name.replace("_", " ").replace("-", " ").casefold().split())


def check_deal(variant: Variant, players: int, say: Callable[..., str]) -> None:
    """An :class:`OptionError` if the hands ``hand_size`` asks for do not fit the deck for ``players``."""
    most = variant.most_hand(players)
    if variant.hand_size_resolved > most:
        raise OptionError(say("sheet.hand_too_big", hand=variant.hand_size_resolved, players=players,
                              deck=len(variant.deck_cards), most=most))
