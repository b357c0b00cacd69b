"""Both languages say everything: the same files and keys, every reason and typo in words.

Reasons come from judging real positions (the typical mistakes of
test_reasons_fuzz.py, and a few more for the other shapes their params take);
typos from parsing real input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from test_reasons_fuzz import MISTAKES

from tutor.content.folders import content_dir
from tutor.core.cards import Card
from tutor.core.moves import INVALID_CODES, REASON_CODES, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Reason
from tutor.core.position import Position
from tutor.loading.positions import load_position
from tutor.render import LANGS, Renderer
from tutor.render.catalog import load_catalog
from tutor.render.environment import language

TEMPLATES = content_dir("templates")
ENGLISH_SUITS = ("spades", "hearts", "diamonds", "clubs")
GERMAN_SUITS = ("Pik", "Herz", "Karo", "Kreuz")

# Params that choose the words rather than being shown: "op", the kind of move (capture or build).
WORDED = {"op"}

UNREACHABLE = {
    "not_a_move": "the fallback for a refusal no rule explains; test_reasons_fuzz.py checks judging never gives it",
}

# Params in the shapes the typical mistakes do not show: (position, typed move, code).
MORE_SHAPES: list[tuple[dict[str, Any], str, str]] = [
    ({"hands": [["8S"], 4], "table": ["8H"]}, "9 x 8H", "card_not_in_hand"),  # a rank typed alone
    ({"hands": [[], ["5C"]], "table": ["5H"]}, "5S", "card_not_in_hand"),  # an empty hand
    ({"hands": [["8S"], 4], "table": ["8H"]}, "DK x 8H", "card_not_in_hand"),  # K in German: Kreuz or Karo
    ({"hands": [["QD"], 4], "table": [{"build": ["5D", "3S"], "owner": 1}]}, "QD x [5D+3S]", "rank_mismatch"),
    ({"hands": [["10S"], 4], "table": [{"build": ["5C", "3S"], "owner": 1}, "AH"]}, "10S x [5C+3S]+AH", "sum_mismatch"),
    (
        {"variant": "face-gather", "hands": [["KS", "KH"], 4], "table": [{"build": [["QC"], ["QD"]], "owner": 1}]},
        "KS b [QC QD]",
        "face_build_rank",
    ),
]


def real_reasons() -> list[tuple[Position, Reason]]:
    """Every refusal of the cases above, as the shell gets it."""
    cases = [(position, text, code) for _, position, text, code in MISTAKES] + MORE_SHAPES
    out = []
    for position, text, code in cases:
        pos = load_position(yaml.safe_dump(position), text)
        with pytest.raises(IllegalMoveError) as err:
            pos.parse_move(text)
        assert err.value.reason.code == code, (text, err.value.reason)
        out.append((pos, err.value.reason))
    return out


REASONS = real_reasons()


def relative_files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}


def params_of(value: Any) -> list[Any]:
    """Every card, text and number in reason params, lists and piles opened up."""
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in params_of(v)]
    return [value]


def check_text(text: str) -> None:
    assert text.strip(), "empty text"
    assert "{{" not in text and "{%" not in text and "}}" not in text, text


# ---- the same files and keys in both languages -------------------------------------------


def test_both_languages_have_the_same_files() -> None:
    en, de = (relative_files(TEMPLATES / lang) for lang in LANGS)
    assert en, "no English templates"
    assert not en - de and not de - en, f"only in en: {sorted(en - de)}; only in de: {sorted(de - en)}"


@pytest.mark.parametrize("path", sorted(p for p in relative_files(TEMPLATES / "en") if not p.startswith("messages/")))
def test_every_template_parses_in_both_languages(path: str) -> None:
    for lang in LANGS:
        language(lang, True).env.get_template(path)


def test_every_catalog_has_the_same_keys_in_both_languages() -> None:
    """Every catalog file, whoever added it: each key in one language exists in the other."""
    en, de = (set(load_catalog(TEMPLATES / lang)) for lang in LANGS)
    assert {k.split(".")[0] for k in en} >= {"reasons", "typos", "cards", "comparisons", "scoring", "goals"}
    assert not en - de and not de - en, f"only in en: {sorted(en - de)}; only in de: {sorted(de - en)}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_message_parses(lang: str) -> None:
    env = language(lang, True).env
    for key, source in load_catalog(TEMPLATES / lang).items():
        try:
            env.parse(source)
        except Exception as err:  # the key is what a translator needs to find it
            raise AssertionError(f"{lang} {key}: {err}") from err


def test_a_catalog_value_that_is_not_text_is_named_with_its_place(tmp_path: Path) -> None:
    (tmp_path / "messages").mkdir()
    (tmp_path / "messages" / "bad.yaml").write_text("fine: hello\nlist: [1, 2]\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.yaml:2:7: message .list. must be text, not a list"):
        load_catalog(tmp_path)


# ---- every reason, in words ---------------------------------------------------------------


def test_the_cases_reach_every_reachable_reason() -> None:
    assert {r.code for _, r in REASONS} == set(REASON_CODES) - set(UNREACHABLE)


@pytest.mark.parametrize(("pos", "reason"), REASONS, ids=[f"{r.code}-{i}" for i, (_, r) in enumerate(REASONS)])
@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_names_its_cards_and_numbers(lang: str, pos: Position, reason: Reason) -> None:
    plain = Renderer(lang, symbols=False)
    text = plain.reason(pos, reason)
    check_text(text)
    shown = [v for k, v in reason.params.items() if k not in WORDED]
    for value in params_of(shown):  # cards in the learner's letters (D for a queen in German)
        if isinstance(value, Card):
            assert plain.card(value) in text or plain.card_name(value) in text, (value, text)
        elif isinstance(value, str):
            assert plain.card(value) in text, (value, text)
        elif isinstance(value, int):  # a value as digits, a count of cards perhaps in words
            assert str(value) in text or plain.message("words.number", n=value) in text, (value, text)
    glyphs = Renderer(lang).reason(pos, reason)
    for value in params_of(shown):
        if isinstance(value, Card):
            assert Renderer(lang).card(value) in glyphs or plain.card_name(value) in glyphs, (value, glyphs)


@pytest.mark.parametrize(("pos", "reason"), REASONS, ids=[f"{r.code}-{i}" for i, (_, r) in enumerate(REASONS)])
def test_each_language_names_suits_in_its_own_words(pos: Position, reason: Reason) -> None:
    english, german = Renderer("en").reason(pos, reason), Renderer("de").reason(pos, reason)
    assert english != german
    assert not any(suit in german for suit in ENGLISH_SUITS), german
    if isinstance(reason.params.get("card"), Card):
        assert any(suit in german for suit in GERMAN_SUITS), german
        assert any(suit in english for suit in ENGLISH_SUITS), english


@pytest.mark.parametrize("code", sorted(UNREACHABLE))
@pytest.mark.parametrize("lang", LANGS)
def test_unreachable_reasons_still_have_words(lang: str, code: str) -> None:
    pos = load_position("hands: [[7S], 4]\ntable: [3H]", "t.yaml")
    text = Renderer(lang).reason(pos, Reason(code, {"card": Card.from_str("7S")}))
    check_text(text)
    assert ("7 of spades" if lang == "en" else "Pik-7") in text


# ---- typos and ambiguous input --------------------------------------------------------------

TYPOS = {
    "no_move": "   ",
    "bracket_not_closed": "9C x [6H+3S",
    "which_card": "trail",
    "trail_takes_nothing": "trail 7S 3H",
    "not_a_card": "7S x 11H",
    "ace_is_a": "7S x 1H",
    "word_first": "take 3H",
    "empty_brackets": "7S x []",
    "too_long": "7S x " + "+".join(["3H"] * 70),
}


def test_the_typos_reach_every_code() -> None:
    assert set(TYPOS) == set(INVALID_CODES)


@pytest.mark.parametrize(("code", "text"), TYPOS.items())
def test_every_typo_is_explained_in_both_languages(code: str, text: str) -> None:
    pos = load_position("hands: [[7S, 9C], 4]\ntable: [3H, 6H, 3S]", "t.yaml")
    with pytest.raises(InvalidMoveError) as caught:
        pos.parse_move(text)
    err = caught.value
    assert err.code == code
    said = {lang: Renderer(lang, symbols=False).invalid(err) for lang in LANGS}
    for lang, words in said.items():
        check_text(words)
        assert Renderer(lang, symbols=False).card(err.example) in words  # in the learner's letters
        for value in err.params.values():
            assert Renderer(lang, symbols=False).card(value) in words, (lang, value, words)
    assert said["en"] != said["de"]


def test_an_ambiguous_move_lists_every_reading() -> None:
    pos = load_position("hands: [[8D], 4]\ntable: [5C, 3H, 3S]", "t.yaml")
    with pytest.raises(AmbiguousMoveError) as caught:
        pos.parse_move("8 x 5+3")
    for lang in LANGS:
        ui = Renderer(lang)
        text = ui.ambiguous(pos, caught.value)
        check_text(text)
        lines = text.splitlines()
        assert "8 x 5+3" in lines[0]
        assert sorted(line.strip() for line in lines[1:]) == ["8♦ x 5♣+3♠", "8♦ x 5♣+3♥"]


@pytest.mark.parametrize("face, pronoun", [("JD", "ihn"), ("QD", "sie"), ("KD", "ihn")])
def test_a_german_reason_stands_for_a_face_card_in_its_gender(face: str, pronoun: str) -> None:
    """„B♦ hat keinen Zahlenwert: Nur eine Karte gleichen Rangs nimmt sie ein“ (lesson faces): a Bube and a König
    are „er“, a Dame „sie“."""
    pos = load_position(f"hands: [[10S, 2H], 4]\ntable: [{face}, 7C]\n", "p.yaml")
    with pytest.raises(IllegalMoveError) as refused:
        pos.parse_move(f"10S x {face}")
    assert refused.value.reason.code == "taken_by_rank_only"
    said = Renderer("de").reason(pos, refused.value.reason)
    assert f"nimmt {pronoun} ein" in said, said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "but Player 1's move tries to take two."),
    ("de", "Spieler 1 will zwei einnehmen."),
])
def test_a_face_card_taking_two_says_how_many_in_words(lang: str, said: str) -> None:
    """Lesson pairing's question on QC x QH QD answered 'Spieler 1 will 2 einnehmen' ('tries to take 2'): a count of
    cards is written in words, as every other sentence of the tutor writes one ('nimmt zwei Tischkarten ein')."""
    pos = load_position("hands: [[QC, 6D], 4]\ntable: [QH, QD, 5C]\n", "p.yaml")
    with pytest.raises(IllegalMoveError) as refused:
        pos.parse_move("QC x QH QD")
    assert refused.value.reason.code == "face_card_takes_one"
    assert Renderer(lang).reason(pos, refused.value.reason, by_other=True).endswith(said)
