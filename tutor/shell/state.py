"""What the shell keeps between commands: content, progress, language and the current activity."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from ..course import Catalog
from ..progress import Progress
from ..render import Renderer

if TYPE_CHECKING:
    from .activity import Activity


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


class Shell:
    """The tutor's state; commands read and change it, and answer with text."""

    def __init__(
        self,
        catalog: Catalog,
        progress: Progress,
        lang: str,
        symbols: bool = True,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.catalog = catalog
        self.progress = progress
        self.symbols = symbols
        self.clock = clock
        self.ui = Renderer(lang, symbols)
        self.activity: Activity | None = None
        self.finished = False

    @property
    def lang(self) -> str:
        return self.ui.lang

    def set_lang(self, lang: str) -> None:
        """Switch the language for everything shown from now on, and remember it."""
        self.ui = Renderer(lang, self.symbols)
        self.progress.set_setting("lang", lang)
