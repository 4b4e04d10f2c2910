"""The home page."""

from flask import Blueprint, render_template

from ..rules import RULESETS

bp = Blueprint("main", __name__)


@bp.get("/")
def home() -> str:
    return render_template("home.html", rulesets=RULESETS.values())
