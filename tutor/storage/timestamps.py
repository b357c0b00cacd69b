"""Times as stored: UTC ISO 8601 text of fixed width, so text order is time order."""

from __future__ import annotations

from datetime import datetime, timezone

FIRST_YEAR, LAST_YEAR = 1970, 9998
"""The years a time read from a file may fall in: any such time can be shown in any time zone."""


def utc(now: datetime | None) -> datetime:
    """``now`` in UTC (a naive time is taken as local time); the current time if None."""
    return datetime.now(timezone.utc) if now is None else now.astimezone(timezone.utc)


def to_text(moment: datetime) -> str:
    return utc(moment).isoformat(timespec="microseconds")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text)


def checked_time(text: str) -> datetime:
    """A time read from a file, in UTC (a time without an offset is UTC, as the tutor writes them).

    Raises ValueError for text that is not ISO 8601 or a time outside the years
    :data:`FIRST_YEAR` to :data:`LAST_YEAR`, which some time zone could not show.
    """
    if len(text) > 64:
        raise ValueError("too long")
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    try:
        moment = moment.astimezone(timezone.utc)
    except OverflowError:
        raise ValueError("out of range") from None
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise ValueError("out of range")
    return moment
