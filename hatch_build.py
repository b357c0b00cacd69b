"""Build hook: compile the review's hot modules with mypyc, or ship them pure.

hatch-mypyc's hook raises when mypyc or the C compiler fails; this one warns
and leaves the pure-Python modules instead, so an install never needs a
compiler.  It also writes tutor/_compiled.json (each compiled module's source
and its SHA-256), which tutor/__init__.py checks so that a compiled module
older than its source fails loudly rather than shadowing it.
Skip the compilation with HATCH_BUILD_NO_HOOKS=true; make a failed one fail
the build with CASSINO_TUTOR_REQUIRE_MYPYC=1.
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook

MANIFEST = "tutor/_compiled.json"


class CompiledReviewHook(MypycBuildHook):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        manifest = os.path.join(self.root, MANIFEST)
        if os.path.exists(manifest):
            os.remove(manifest)
        try:
            super().initialize(version, build_data)
        except Exception as error:  # mypyc or the C compiler failed: ship the pure modules
            if os.environ.get("CASSINO_TUTOR_REQUIRE_MYPYC") == "1":
                raise
            self.clean([version])
            self.app.display_warning(f"mypyc: not compiled, the pure-Python modules are used ({error})")
            return
        sources = {}
        for path in self.normalized_included_files:
            with open(os.path.join(self.root, path), "rb") as source:
                sources[path] = hashlib.sha256(source.read()).hexdigest()
        with open(manifest, "w", encoding="utf-8") as out:
            json.dump(sources, out, indent=1, sort_keys=True)
        build_data["artifacts"].append(f"/{MANIFEST}")

    def clean(self, versions: list[str]) -> None:
        super().clean(versions)
        manifest = os.path.join(self.root, MANIFEST)
        if os.path.exists(manifest):
            os.remove(manifest)


def get_build_hook() -> type[MypycBuildHook]:
    return CompiledReviewHook
