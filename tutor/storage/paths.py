"""Where the progress file lives."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

HOME_VARIABLE = "CASSINO_TUTOR_HOME"
FILE_NAME = "progress.sqlite3"


def default_path(environ: Mapping[str, str]) -> Path:
    """``$CASSINO_TUTOR_HOME/progress.sqlite3``, else the file in the user's data folder."""
    home = environ.get(HOME_VARIABLE)
    if home:
        return Path(os.path.expanduser(home)) / FILE_NAME  # ~NAME of no user stays as set (Path.expanduser raised)
    # appauthor=False: on Windows no second "cassino-tutor" folder for the author
    return Path(platformdirs.user_data_dir("cassino-tutor", appauthor=False)) / FILE_NAME
