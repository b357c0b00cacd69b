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
MAX_IN_A_SECOND = 100
"""Reports kept of one process within one second; the errors after them are said without one."""


def save_report(data_folder: Path, error: BaseException, context: str) -> Path | None:
    """Write the traceback of ``error`` with what was being done to a new file under
    ``data_folder/reports``; its path, or None when even that cannot be written."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    folder = data_folder / REPORT_FOLDER
    text = "".join([f"cassino-tutor report, {stamp} UTC\nwhile: {context}\n\n",
                    *traceback.format_exception(type(error), error, error.__traceback__)])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for count in range(1, MAX_IN_A_SECOND + 1):  # a second error within the same second keeps the first report
            path = folder / f"error-{stamp}-{os.getpid()}{f'-{count}' if count > 1 else ''}.txt"
            try:
                with open(path, "x", encoding="utf-8") as out:
                    out.write(text)
            except FileExistsError:
                continue
            return path
    except OSError:
        pass
    return None
