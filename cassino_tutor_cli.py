"""The ``cassino-tutor`` command (pyproject.toml, [project.scripts]): a launcher outside the ``tutor`` package.

An entry point inside ``tutor`` cannot catch what fails while ``tutor`` itself is imported, such as a compiled
module older than its source (tutor/__init__.py), so a broken install would end in a traceback.  Here such an
ImportError is said in one line with status 1 (:func:`said_broken`, which ``python -m tutor`` says it with too);
``import tutor`` still raises it for library users.
"""

from __future__ import annotations

import sys

EXIT_BROKEN_INSTALL = 1


def said_broken(error: ImportError) -> int:
    """Say a broken install in one line on standard error; the status to exit with."""
    print(f"cassino-tutor: {error}", file=sys.stderr)
    return EXIT_BROKEN_INSTALL


def main() -> int:
    try:
        from tutor.cli.main import main as tutor_main
    except ImportError as error:
        return said_broken(error)
    return tutor_main()
