"""One German name for each preset and each point card, in every German text (issue 14, point 20).

The chosen names are the presets' own (templates/de/messages/presets.yaml) and, for the
two point cards, Großes Cassino and Kleines Cassino (the source's Big and Little Cassino read
as English on a German screen: issue 23, point 15). A theme that names a
preset or a point card is typed as that name in lower case, and the theme names of
earlier versions are still understood.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from shell_helpers import open_shell

from tutor.content.folders import content_dir
from tutor.render import Renderer

# Every way a German text could name the thing, and the one it must use.
NAMES: dict[str, tuple[str, str]] = {
    "10D": (r"(Big|Gro(ß|ss)e[snr]?|Die Gro(ß|ss)e)[ -][Cc]assino", r"Große[sn]? Cassino"),
    "2S": (r"(Little|Kleine[snr]?)[ -][Cc]assino", r"Kleine[sn]? Cassino"),
    "royal": (r"Royal(e|es)?[ -]?[Cc]assino", "Royal-Cassino"),
    "spade": (r"(Spade|Pik)[ -]?[Cc]assino", "Pik-Cassino"),
    "draw": (r"(Draw|Zieh)[ -]?[Cc]assino", "Zieh-Cassino"),
    "michigan": (r"Michigan[ -]?[Cc]assino", "Michigan-Cassino"),
    "italian": (r"(Italian|Italienisch\w*)[ -]?[Cc]assino", r"Italienisch(e|en|es|em)? Cassino"),
}

# Themes that name a preset or a point card, and the name they are typed as.
THEME_NAMES = {
    "big-cassino": "Großes Cassino",
    "little-cassino": "Kleines Cassino",
    "royal": "Royal-Cassino",
    "spade": "Pik-Cassino",
    "draw": "Zieh-Cassino",
    "italian": "Italienisches Cassino",
    "face-gather": "Bildkarten sammeln",
}


def german_values(node: Any) -> list[str]:
    """Every text under a ``de:`` key of a lesson or puzzle file."""
    if isinstance(node, dict):
        return [t for key, value in node.items() for t in ([value] if key == "de" and isinstance(value, str) else german_values(value))]
    if isinstance(node, list):
        return [t for value in node for t in german_values(value)]
    return []


SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML has it: the content's files read six times faster."""


@cache
def german_texts() -> tuple[tuple[str, str], ...]:
    """(file, text) for every German text of the course, the puzzles and the German templates."""
    texts: list[tuple[str, str]] = []
    for folder in ("lessons", "puzzles"):
        for path in sorted(content_dir(folder).glob("*.yaml")):
            document = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
            texts += [(path.name, text) for text in german_values(document)]
    german = content_dir("templates") / "de"
    for path in sorted(german.rglob("*")):
        if path.suffix in (".yaml", ".j2"):
            texts.append((str(path.relative_to(german)), path.read_text(encoding="utf-8")))
    return tuple(texts)


def test_the_german_texts_are_found() -> None:
    texts = german_texts()
    assert len(texts) > 500
    assert any(file == "23-spade.yaml" for file, _ in texts)


@pytest.mark.parametrize("thing", sorted(NAMES))
def test_every_german_text_uses_the_one_chosen_name(thing: str) -> None:
    pattern, chosen = NAMES[thing]
    others = [
        f"{file}: {match.group(0)!r}"
        for file, text in german_texts()
        for match in re.finditer(pattern, text)
        if not re.fullmatch(chosen, match.group(0))
    ]
    assert not others, f"German texts name {thing} otherwise than {chosen!r}:\n" + "\n".join(others)


def test_the_chosen_names_are_the_presets_names() -> None:
    german = Renderer("de")
    for preset in ("royal", "spade", "draw", "michigan", "italian", "face-gather"):
        assert german.message(f"presets.{preset}") == THEME_NAMES.get(preset, f"{preset.title()}-Cassino")


@pytest.mark.parametrize("theme", sorted(THEME_NAMES))
def test_a_theme_is_typed_as_its_german_name(theme: str) -> None:
    assert Renderer("de").message(f"themes.{theme}") == THEME_NAMES[theme].lower().replace(" ", "-")


@pytest.mark.parametrize(
    ("word", "theme"),
    [
        ("großes-cassino", "big-cassino"),
        ("kleines-cassino", "little-cassino"),
        ("letzter-stich", "last-take"),
        ("italienisch", "italian"),
        ("bilder-sammeln", "face-gather"),
        ("royal", "royal"),
        ("Big-Cassino", "big-cassino"),
        ("pik-cassino", "spade"),
        ("spade-cassino", "spade"),
    ],
)
def test_earlier_and_english_theme_names_are_still_understood(tmp_path: Path, word: str, theme: str) -> None:
    with open_shell(tmp_path, "de") as shell:
        assert shell.find_theme(word) == theme
