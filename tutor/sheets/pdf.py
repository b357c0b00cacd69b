"""PDF through the optional WeasyPrint (``pip install 'cassino-tutor[pdf]'``)."""

from __future__ import annotations

import importlib
from pathlib import Path

from tutor.loading.writing import write_whole


class PdfUnavailable(RuntimeError):
    """WeasyPrint is not installed."""


def write_pdf(html: str, path: Path) -> int:
    """Print the HTML sheet to a PDF file at ``path`` (written whole or not at all); return its number of pages."""
    try:
        weasyprint = importlib.import_module("weasyprint")  # optional: imported only when a PDF is asked for
    except ImportError:
        raise PdfUnavailable("WeasyPrint is not installed") from None
    document = weasyprint.HTML(string=html).render()
    write_whole(path, document.write_pdf())
    return len(document.pages)
