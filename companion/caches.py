"""The app's functools caches, found by walking its modules: each is bounded (issue 28: caches keyed on what a
stranger sends must not grow forever); tests/test_caches.py and bench/cache_memory.py read their sizes here."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any


def functools_caches() -> Iterator[tuple[str, Any]]:
    """``(module.name, cache_info())`` of every ``functools.cache`` or ``lru_cache`` at the top level of a module of
    companion/ or a class in one (its static methods too), the modules imported."""
    import companion

    for module_info in pkgutil.walk_packages(companion.__path__, "companion."):
        module = importlib.import_module(module_info.name)
        for name, value in vars(module).items():
            if getattr(value, "__module__", None) != module.__name__:
                continue
            holders = [(name, value)]
            if isinstance(value, type):
                holders = [(f"{name}.{inner}", member) for inner, member in vars(value).items()]
            for label, member in holders:
                member = getattr(member, "__func__", member)  # a staticmethod's function
                if hasattr(member, "cache_info"):
                    yield f"{module.__name__}.{label}", member.cache_info()
