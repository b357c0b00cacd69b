"""What is kept in the learner's data folder: progress, saved games and crash reports.

Progress (lessons, Glicko-2 rated puzzles, reviews, settings) lives in a
SQLite file, read and written through :class:`Progress`; so do the games
against the computer (``Progress.games``, :mod:`.game_store`), each a JSON
document (:mod:`.games`) that files share (:mod:`.game_files`); an unexpected
error becomes a report (:mod:`.reports`).
"""

from .dashboard import Dashboard, Lessons, Streaks
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
    "Progress",
    "ProgressError",
    "Rating",
    "ReviewItem",
    "Streaks",
    "Summary",
    "ThemeStat",
    "default_path",
]
