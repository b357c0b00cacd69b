"""The ``cassino-tutor`` command (pyproject.toml, [project.scripts]): a launcher outside the ``tutor`` package.

An entry point inside ``tutor`` cannot catch what fails while ``tutor`` itself is imported, such as a compiled
module older than its source (tutor/__init__.py), so a broken install would end in a traceback.  Here such an
ImportError is said in one line with status 1; ``import tutor`` still raises it for library users.
"""

from __future__ import annotations

import sys

EXIT_BROKEN_INSTALL = 1


def main() -> int:
    try:
        from tutor.cli.main import main as tutor_main
    except ImportError as error:
        print(f"cassino-tutor: {error}", file=sys.stderr)
        return EXIT_BROKEN_INSTALL
    return tutor_main()
