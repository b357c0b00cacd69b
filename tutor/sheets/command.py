"""``cassino-tutor sheet``: a rule sheet for a preset and options, to standard output or a file."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from ..cli_support import UsageError
from ..core.variant import Variant, VariantError
from ..presets import variant as preset_variant
from ..render import LANGS, Renderer, detect_lang
from . import build_sheet, render_sheet
from .pdf import PdfUnavailable, write_pdf


def sheet(args: argparse.Namespace) -> tuple[str, int]:
    """Render the sheet the arguments ask for: its text, or "" once written to ``-o``."""
    lang = args.sheet_lang or args.lang or detect_lang(os.environ)
    if lang not in LANGS:
        raise UsageError(f"unknown language {lang!r}; languages are: {', '.join(LANGS)}")
    say = Renderer(lang).message
    variant = read_variant(args.variant, args.options, say)
    if args.format == "pdf" and not args.output:
        raise UsageError(say("sheet.pdf_needs_output"))
    content = build_sheet(variant, args.players)
    text = render_sheet(content, lang, "html" if args.format == "pdf" else args.format, args.paper)
    if not args.output:
        return text, 0
    path = Path(args.output)
    try:
        if args.format == "pdf":
            write_pdf(text, path)
        else:
            path.write_text(text + "\n", encoding="utf-8")
    except PdfUnavailable:
        raise UsageError(say("sheet.pdf_missing")) from None
    except OSError as err:
        raise UsageError(say("sheet.cannot_write", path=str(path), why=err.strerror)) from None
    return "", 0


def read_variant(preset: str, settings: list[str], say: Callable[..., str]) -> Variant:
    """The preset with each ``OPTION=VALUE`` on top (values read as YAML: ``true``, ``11``, ``{10D: 2}``)."""
    options: dict[str, Any] = {"preset": preset}
    for setting in settings:
        name, sep, value = setting.partition("=")
        if not sep or not name.strip():
            raise UsageError(say("sheet.set_usage", setting=setting))
        try:
            options[name.strip()] = yaml.safe_load(value) if value.strip() else None
        except (yaml.YAMLError, ValueError):  # ValueError: a number of thousands of digits
            raise UsageError(say("sheet.set_usage", setting=setting[:60])) from None
    try:
        return preset_variant(options)
    except VariantError as err:
        raise UsageError(str(err)) from None
