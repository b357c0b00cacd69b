"""Times as stored: UTC ISO 8601 text of fixed width, so text order is time order."""

from __future__ import annotations

from datetime import datetime, timezone


def utc(now: datetime | None) -> datetime:
    """``now`` in UTC (a naive time is taken as local time); the current time if None."""
    return datetime.now(timezone.utc) if now is None else now.astimezone(timezone.utc)


def to_text(moment: datetime) -> str:
    return utc(moment).isoformat(timespec="microseconds")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text)
