"""The last line of defence: an unexpected error becomes a saved report and one line, never a traceback.

The shell and the command line call :func:`save_report` for any exception
their own handling did not expect; the learner reads one line naming the
report, and the shell goes on with the next command.
"""

from __future__ import annotations

import os
import traceback
from datetime import datetime, timezone
from pathlib import Path

REPORT_FOLDER = "reports"


def save_report(data_folder: Path, error: BaseException, context: str) -> Path | None:
    """Write the traceback of ``error`` with what was being done to a new file under
    ``data_folder/reports``; its path, or None when even that cannot be written."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    folder = data_folder / REPORT_FOLDER
    text = "".join([f"cassino-tutor report, {stamp} UTC\nwhile: {context}\n\n",
                    *traceback.format_exception(type(error), error, error.__traceback__)])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"error-{stamp}-{os.getpid()}.txt"
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None
    return path
