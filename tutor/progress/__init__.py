"""The learner's progress in a SQLite file: lessons, Glicko-2 rated puzzles, reviews, settings.

Imports nothing else of cassino-tutor; the shell reads and writes through :class:`Progress`.
"""

from .dashboard import Dashboard, Lessons, NextStep, Streaks
from .errors import ProgressError
from .glicko2 import Rating
from .paths import default_path
from .progress import Progress
from .records import Activity, AttemptResult, LessonRecord, ReviewItem, Summary, ThemeStat

__all__ = [
    "Activity",
    "AttemptResult",
    "Dashboard",
    "LessonRecord",
    "Lessons",
    "NextStep",
    "Progress",
    "ProgressError",
    "Rating",
    "ReviewItem",
    "Streaks",
    "Summary",
    "ThemeStat",
    "default_path",
]
