"""Numbers as a learner reads them: rounded once, then written as the language writes them (Babel).

Every value of a move a learner reads (a hint, the round's review, a review
puzzle, ``advise``) is in round points with one decimal. A number is rounded
once (:func:`rounded`: halves away from zero), and a difference shown next to
the values it compares is the difference of the rounded values
(:func:`shown_gap`): "lost 0.6" sits next to "−0.7 against −1.3", never
"lost 0.7".
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal

from babel.numbers import NumberFormatError, format_decimal, parse_decimal

POINT_PLACES = 1
"""The decimals of a move's value in points, everywhere a learner reads one."""

Number = float | int | Decimal

MINUS = "\u2212"
"""The minus sign of a score: a hyphen beside a dash or a colon reads as one."""


def rounded(x: Number, places: int = POINT_PLACES) -> Decimal:
    """``x`` rounded to ``places`` decimals, halves away from zero, as its shortest decimal form reads
    (``0.15`` is ``0.2``); no negative zero."""
    return _exact(x).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP) + 0  # + 0 turns -0.0 into 0.0


def tenths(points: Number) -> int:
    """Points in whole tenths, as :func:`rounded` shows them."""
    return int(rounded(points, 1).scaleb(1))


def shown_gap(better: Number, worse: Number, places: int = POINT_PLACES) -> Decimal:
    """How much ``better`` is above ``worse`` as both are shown: the difference of the rounded values."""
    return rounded(better, places) - rounded(worse, places)


def rounded_out(low: Number, high: Number, places: int = POINT_PLACES) -> tuple[Decimal, Decimal]:
    """The interval from ``low`` to ``high`` rounded outward to ``places`` decimals, so that it holds every value
    inside it as :func:`rounded` shows it, and a difference :func:`shown_gap` shows of values whose difference
    lies inside it."""
    step = Decimal(1).scaleb(-places)
    return _exact(low).quantize(step, ROUND_FLOOR) + 0, _exact(high).quantize(step, ROUND_CEILING) + 0


def _exact(x: Number) -> Decimal:
    return x if isinstance(x, Decimal) else Decimal(x) if isinstance(x, int) else Decimal(repr(float(x)))


def read_number(text: str, *, locale: str) -> float | None:
    """A number typed as ``locale`` writes it (``1,5`` in German, with a decimal comma, read by Babel) or with a
    decimal point, as on any command line (``1.5``); None when ``text`` is neither."""
    try:
        if "," in text and locale != "en":
            return float(parse_decimal(text, locale=locale, strict=True))
        return float(text)
    except (ValueError, NumberFormatError):
        return None


def format_number(x: Number, places: int | None = POINT_PLACES, signed: bool = False, *, locale: str) -> str:
    """``x`` as ``locale`` writes it (``+1.2``, ``+1,2``): rounded to ``places`` decimals (None: as many as it
    has, up to three: ``2.5``, ``30``), with a plus sign on a positive number when ``signed``, and a negative one
    with a true minus sign (``−0.3``), as :func:`format_points` writes a score."""
    if places is None:
        value, fraction = rounded(x, 3).normalize(), "#"  # normalize: 30.000 is 3E+1, written 30
        digits = max(0, -value.as_tuple().exponent)  # type: ignore[operator]
    else:
        value, digits, fraction = rounded(x, places), places, "0"
    body = "#,##0" + ("." + fraction * digits if digits else "")
    pattern = f"{'+' if signed and value > 0 else ''}{body};{MINUS}{body}"
    return format_decimal(value, format=pattern, locale=locale, decimal_quantization=False)


def format_points(points: int, signed: bool = False) -> str:
    """A score in whole points as a learner reads it: a negative one with a true minus sign (``−2``), never a
    hyphen, which next to another score reads as a dash (``0–-2``); a positive one with a plus sign when
    ``signed`` (``+2``)."""
    return f"{MINUS}{-points}" if points < 0 else f"+{points}" if signed and points > 0 else str(points)


def format_scores(scores: Sequence[int]) -> str:
    """Several sides' scores in one, as a toolbar shows them: each by :func:`format_points`, joined by a colon
    (``0:−2``)."""
    return ":".join(map(format_points, scores))
