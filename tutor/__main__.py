"""``python -m tutor`` runs the command line."""

import sys

from tutor.cli.main import main

sys.exit(main())
