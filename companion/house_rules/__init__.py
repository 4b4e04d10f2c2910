"""A table's own rules: the ruleset builder, stored and versioned custom rulesets, export, import and sharing.

The rules are judged by the engine (:mod:`companion.rules.definition`); this
package stores them, owns them and shows them.
"""

from flask import Blueprint

bp = Blueprint("house_rules", __name__, url_prefix="/rulesets")

from . import routes  # noqa: E402,F401  (the views register themselves on bp)
