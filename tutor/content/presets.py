"""The presets of rules.md section 8, read from ``presets.yaml``.

``variant("royal")`` or ``variant({"preset": "classic", "target": 11})`` gives
the :class:`~tutor.core.variant.Variant` that a position file names.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from tutor.core.text import excerpt
from tutor.core.variant import Variant, VariantError


@lru_cache(maxsize=1)
def presets() -> dict[str, dict[str, Any]]:
    """Every preset's options, ``base`` chains resolved, in file order."""
    raw = yaml.safe_load(resources.files("tutor.content").joinpath("presets.yaml").read_text(encoding="utf-8"))
    resolved: dict[str, dict[str, Any]] = {}

    def resolve(name: str) -> dict[str, Any]:
        if name not in resolved:
            own = dict(raw[name] or {})
            base = own.pop("base", None)
            resolved[name] = {**(resolve(base) if base else {}), **own}
        return resolved[name]

    for name in raw:
        resolve(name)
    return resolved


def preset_names() -> list[str]:
    return list(presets())


def variant(spec: str | Mapping[str, Any] | None = None) -> Variant:
    """The variant a preset name or an options mapping (``preset:`` plus options) describes."""
    if spec is None:
        spec = "classic"
    if isinstance(spec, str):
        name, overrides = spec, {}
    elif isinstance(spec, Mapping):
        overrides = dict(spec)
        name = overrides.pop("preset", "classic")
        if not isinstance(name, str):
            raise VariantError("preset must be a preset name, like classic or royal", "preset", "preset_name")
    else:
        raise VariantError("variant must be a preset name or a mapping of options", "variant")
    table = presets()
    if name not in table:
        raise VariantError(f"unknown preset '{excerpt(name)}'; presets are: {', '.join(table)}", "preset",
                           "unknown_preset", preset=excerpt(name), presets=list(table))
    return Variant.from_options(name, table[name], overrides)
