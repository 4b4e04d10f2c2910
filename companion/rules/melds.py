"""Kept for importers: going down now lives in :mod:`companion.rules.godown`."""

from .godown import *  # noqa: F403
from .godown import GoDownRuling, MeldReading, Problem, ProblemKind, check_go_down, supply_problems
from .runs import position_label, run_windows

__all__ = [
    "GoDownRuling", "MeldReading", "Problem", "ProblemKind", "check_go_down", "position_label", "run_windows",
    "supply_problems",
]  # fmt: skip
