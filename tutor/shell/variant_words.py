"""A variant in words for the shell: its name with the options that differ from its preset (the toolbar), the
line before a task in a variant other than Classic (its name and what scores differently), what a game's variant
changes from Classic with the rules topics to read, and the presets listed for ``help play``."""

from __future__ import annotations

from collections.abc import Collection

from tutor.content import presets
from tutor.core.variant import Variant
from tutor.loading.positions import variant_to_data
from tutor.render import Renderer
from tutor.sheets.content import TOPICS, build_sheet, changes_rules, inert_options
from tutor.sheets.document import OptionView, option_view

SCORING_OPTIONS = (
    "point_cards", "spade_points", "most_cards", "most_spades", "sweep_points", "instant_sweeps", "instant_points",
    "build_duty", "default_penalty", "skunk", "instant_limit",
)
"""The options that change what a round scores, in the order a rule sheet lists them."""


def variant_label(ui: Renderer, variant: Variant, said: Collection[str] = ()) -> str:
    """The preset's name in the learner's language, then the options that differ from it in words, as a sheet
    names them: ``Classic Cassino (match: to 11 points)``; one that changes nothing under the other rules with
    any number of players is said to have no effect, as a sheet says it.  The options ``said`` are left out (a
    game's first screen names them just after, in what its variant changes from Classic)."""
    spec = variant_to_data(variant)
    name = ui.message(f"presets.{variant.preset}")
    if isinstance(spec, str):
        return name
    inert = set.intersection(*(set(inert_options(variant, players)) for players in (2, 3, 4)))
    changed = [option_view(ui, key, value, key in inert, variant) for key, value in spec.items()
               if key != "preset" and key not in said]
    return ui.message("names.variant_changed", name=name, options=changed) if changed else name


def match_only(variant: Variant, players: int) -> list[str]:
    """The options set on top of the variant's preset that change the match's rules for ``players`` and no rule of a
    round (the target, claims): a one-round game is played without them."""
    spec, preset = variant_to_data(variant), presets.variant(variant.preset).options()
    round_only = round_topics(True)
    return [name for name in (spec if isinstance(spec, dict) else ()) if name != "preset"
            and changes_rules(variant, players, name, preset[name])
            and not changes_rules(variant, players, name, preset[name], round_only)]


def variant_line(ui: Renderer, variant: Variant) -> str:
    """The variant's name and the scoring options that differ from Classic's, but for those the name already says
    (set on its preset); empty for Classic itself."""
    if variant == presets.variant():
        return ""
    changed = set(classic_changed(variant))
    if variant.penalties:
        changed.add("default_penalty")  # the fine's size, said with the duty that makes it
    else:
        changed.discard("build_duty")  # a duty other than the fine changes no score
    spec, options = variant_to_data(variant), variant.options()
    named = spec if isinstance(spec, dict) else {}
    scoring = [option_view(ui, name, options[name], variant=variant) for name in SCORING_OPTIONS
               if name in changed and name not in named]
    return ui.message("shell.variant_line", name=variant_label(ui, variant), scoring=scoring)


def classic_changes(ui: Renderer, variant: Variant, players: int | None = None,
                    one_round: bool = False) -> list[OptionView]:
    """The options of :func:`classic_changed` in words, in the rulebook's order; the point cards as the deck deals
    them (:func:`tutor.sheets.document.option_view`)."""
    options = variant.options()
    return [option_view(ui, name, options[name], variant=variant)
            for name in classic_changed(variant, players, one_round)]


def classic_changed(variant: Variant, players: int | None = None, one_round: bool = False) -> list[str]:
    """Every option whose value differs from Classic Cassino's, the point cards when other cards score than in
    Classic once the deck has dealt (an Italian deck leaves out the 10♦; a card set to 0 points scores as one not
    named), the most spades not where the spades score (the spades' words say they take its place).  With
    ``players``, only those that change the rules for that many players: one whose Classic value leaves every rule
    the same is left out (``aces_high`` without royal values: an ace still counts 1); with ``one_round`` too, only
    those that change the rules of a round (not the match's target)."""
    classic = presets.variant()
    usual, options = classic.options(), variant.options()
    scored = variant.point_card_table != classic.point_card_table
    changed = [name for name, value in options.items() if (scored if name == "point_cards" else value != usual[name])
               and not (name == "most_spades" and variant.spade_points)]  # the spades' words say it is gone
    if players is not None:
        topics = round_topics(one_round)
        changed = [name for name in changed
                   if name == "point_cards" or changes_rules(variant, players, name, usual[name], topics)]
    return changed


def round_topics(one_round: bool) -> tuple[str, ...]:
    """The rules topics that matter to a game: every one, or, in a one-round game, all but the match's."""
    return tuple(t for t in TOPICS if t != "glossary" and not (one_round and t == "match"))


def changed_topics(variant: Variant, players: int, one_round: bool = False) -> list[str]:
    """The rules topics whose facts differ from Classic Cassino's for ``players`` (the glossary aside; the match
    aside too in a ``one_round`` game)."""
    classic, mine = build_sheet(presets.variant(), players), build_sheet(variant, players)
    topics = round_topics(one_round)
    return [s.id for s, c in zip(mine.sections, classic.sections) if s.id in topics and s.facts != c.facts]


def variant_summary(ui: Renderer, variant: Variant, players: int, one_round: bool = False, brief: bool = False) -> str:
    """What a game's variant changes from Classic Cassino (in a ``one_round`` game, for a round), and the
    ``rules`` topics that say more (``brief``: only that ``rules`` does); empty for Classic."""
    changes = classic_changes(ui, variant, players, one_round)
    if not changes:
        return ""
    topics = [ui.message(f"topic_ids.{t}") for t in changed_topics(variant, players, one_round)]
    return ui.message("play.variant_summary", changes=changes, topics=topics, brief=brief)


def preset_rows(ui: Renderer) -> list[dict[str, object]]:
    """Each preset for ``help play``: the word to type, its name, and what it changes from Classic Cassino."""
    return [{"id": name, "name": ui.message(f"presets.{name}"), "changes": classic_changes(ui, presets.variant(name))}
            for name in presets.preset_names()]
