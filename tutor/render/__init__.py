"""Every word a learner reads: Jinja templates in English and German, rendered from engine data.

``Renderer(lang)`` is the way in; ``detect_lang(os.environ)`` picks the language.
"""

from .langs import LANGS, detect_lang
from .renderer import Renderer, find_name, folded, near_name

__all__ = ["LANGS", "Renderer", "detect_lang", "find_name", "folded", "near_name"]
