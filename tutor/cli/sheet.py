"""``cassino-tutor sheet``: a rule sheet for a preset and options, to standard output or a file."""

from __future__ import annotations

import argparse
from pathlib import Path

from tutor.loading.options import check_deal, read_variant
from tutor.loading.writing import write_whole
from tutor.render import Renderer
from tutor.render.os_errors import os_reason
from tutor.sheets import build_sheet, render_sheet
from tutor.sheets.pdf import PdfUnavailable, write_pdf

from .support import UsageError, command_lang, preset_arg, whole_number


def sheet(args: argparse.Namespace, endings: list[str]) -> tuple[str, int]:
    """Render the sheet the arguments ask for: its text, or "" once written to ``-o``; ``args.format`` None: the
    ending of ``-o`` names no format (the sheet knows ``endings``), refused."""
    lang = command_lang(args.sheet_lang, args.lang)
    say = Renderer(lang).message
    if args.format is None:
        raise UsageError(say("sheet.unknown_ending", file=args.output, ending=Path(args.output).suffix,
                             endings=endings))
    players = whole_number(args.players, "--players", 2, 4, say)
    variant = read_variant(preset_arg(args.variant), args.options, say)
    check_deal(variant, players, say)
    if args.format == "pdf" and not args.output:
        raise UsageError(say("sheet.pdf_needs_output"))
    content = build_sheet(variant, players)
    text = render_sheet(content, lang, "html" if args.format == "pdf" else args.format, args.paper, not args.ascii)
    if not args.output:
        return text, 0
    path = Path(args.output)
    try:
        if args.format == "pdf":
            write_pdf(text, path)
        else:
            write_whole(path, text + "\n")
    except PdfUnavailable:
        raise UsageError(say("sheet.pdf_missing")) from None
    except OSError as err:
        raise UsageError(say("sheet.cannot_write", path=str(path), why=os_reason(say, err))) from None
    return "", 0
