"""The learner's progress in a SQLite file: lessons, Glicko-2 rated puzzles, reviews, settings.

Imports nothing else of cassino-tutor; the shell reads and writes through :class:`Progress`.
"""

from .errors import ProgressError
from .glicko2 import Rating
from .paths import default_path
from .progress import Progress
from .records import Activity, AttemptResult, LessonRecord, ReviewItem, Summary, ThemeStat

__all__ = [
    "Activity",
    "AttemptResult",
    "LessonRecord",
    "Progress",
    "ProgressError",
    "Rating",
    "ReviewItem",
    "Summary",
    "ThemeStat",
    "default_path",
]
