"""Builder, list, detail, export, import and share-link pages for custom rulesets. Views stay thin."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Response, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_login import current_user
from werkzeug.wrappers import Response as WerkzeugResponse

from ..auth.access import can_change_league, can_change_rules, changeable_leagues, rules_refusal
from ..downloads import attachment, file_stem
from ..extensions import db
from ..htmx import is_htmx
from ..models import CustomRuleset, League
from ..links import public_url
from ..qr import qr_svg
from ..rules.definition import NAME_LENGTH, ruleset_to_definition
from ..rules.guide import card_contents
from ..rules.speech import say_word
from .. import registry
from . import bp, service, share
from .builder import Judged, judge
from .draft import Draft
from ..validation import MAX_ID, parse_id, parse_whole_number
from .help import EXPLAIN, examples

#: The largest file or pasted text an import takes (a 20-deal ruleset is a few kilobytes; every post is at most 64 KB).
MAX_IMPORT_BYTES = 32 * 1024


def _custom_or_404(custom_id: int) -> CustomRuleset:
    custom = registry.stored_for_reader(custom_id)
    if custom is None:
        abort(404)
    return custom


def _owners() -> list[tuple[str, str]]:
    """Who a new ruleset may belong to: the reader, or a league they are a member of."""
    owners = [("me", gettext("Me (%(name)s)", name=current_user.username))]
    owners += [(str(league.id), league.name) for league in changeable_leagues(current_user, League.ordered())]
    return owners


def _owner(value: str | None) -> tuple[League | None, str | None]:
    """The league a form's owner field names (``None``: the reader), or a sentence for a bad one."""
    if not value or value == "me":
        return None, None
    league_id = parse_id(value)
    league = db.session.get(League, league_id) if league_id is not None else None
    if league is None:
        return None, gettext("Pick yourself or one of your leagues.")
    if not can_change_league(current_user, league):
        return None, gettext("Only members of %(league)s can save rules for it.", league=league.name)
    return league, None


# ---------------------------------------------------------------------------
# The list


@bp.get("/")
def index() -> str:
    customs = [c for c in registry.visible(current_user) if c.versions]
    return render_template(
        "house_rules/index.html",
        customs=customs,
        builtins=registry.builtins(),
        owner_label=service.owner_label,
    )


# ---------------------------------------------------------------------------
# The builder


def _start(args: Any) -> tuple[Draft, str, dict[str, str], CustomRuleset | None]:
    """The draft a builder opens with: a share link's object, a stored ruleset (to change), or a ruleset to start from."""
    errors: dict[str, str] = {}
    if args.get("d"):
        shared = _shared_definition(args["d"])
        if isinstance(shared, str):
            errors["form"] = shared
        else:
            return Draft.from_definition(shared), "a shared link", errors, None
    if args.get("edit"):
        editing = _editable(args.get("edit"))
        return Draft.from_definition(editing.latest.definition), editing.name, errors, editing
    draft, started_from = _draft_made_from(args.get("start") or "contract", errors)
    return draft, started_from, errors, None


def _shared_definition(link_data: str) -> dict[str, Any] | str:
    """The complete object a share link's data holds, or the sentence saying why it can't be read."""
    try:
        obj = share.decode(link_data)
    except share.ShareLinkError as error:
        return str(error)
    return _from_object(obj)


def _editable(value: str | None) -> CustomRuleset:
    """The stored ruleset to change: 404 when the reader can't see it, 403 (with the reason) when they may not change it."""
    editing = registry.stored_for_reader(parse_id(value))
    if editing is None:
        abort(404)
    if not can_change_rules(current_user, editing):
        abort(403, description=rules_refusal(editing))
    return editing


def _draft_made_from(start: str, errors: dict[str, str]) -> tuple[Draft, str]:
    """A new draft copying the ruleset ``start`` (Contract Rummy, with a sentence in ``errors``, when there is none)."""
    found = registry.find(start)
    if found is None or not registry.table_plays(found[0]):
        errors["form"] = gettext("There is no ruleset “%(id)s”: this starts from Contract Rummy.", id=start[:40])
        found = (registry.default(), None)
    ruleset, version = found
    definition = version.definition if version is not None else ruleset_to_definition(ruleset)
    draft = Draft.from_definition(definition)
    draft.name = gettext("%(rules)s (ours)", rules=ruleset.name) if version is None else f"{ruleset.name} 2"
    draft.summary = gettext("Our table's own rules, made from %(rules)s.", rules=ruleset.name)
    return draft, ruleset.name


def _from_object(obj: object) -> dict[str, Any] | str:
    """A complete object for a shared or imported ruleset object, or the engine's sentence."""
    try:
        return ruleset_to_definition(service.check_definition(obj))
    except service.HouseRulesError as error:
        return str(error)


def _render_builder(judged: Judged, *, started_from: str, editing: CustomRuleset | None, focus: str | None,
                    extra_errors: dict[str, str] | None = None, owner: str = "me", status: int = 200):  # fmt: skip
    context = _builder_context(judged, started_from=started_from, editing=editing, focus=focus,
                               extra_errors=extra_errors, owner=owner)  # fmt: skip
    if is_htmx():  # htmx swaps only a 2xx answer; the sentences are in it
        return render_template("house_rules/_builder.html", **context), 200
    return render_template("house_rules/build.html", **context), status


def _unfolded(errors: dict[str, str], focus: str | None) -> Callable[..., bool]:
    """Whether a folded part of the builder opens: one holding a sentence, or the field a button sent the eye to.

    ``unfolded("deal-2")`` for a deal; ``unfolded("wilds", "max_wilds")`` for a
    section (each name a field key, or the start of one: ``"table"`` covers ``table-1-low``).
    """
    places = [*errors, *([focus] if focus else [])]

    def unfolded(*keys: str) -> bool:
        return any(
            place == key or place.startswith(key + "-") or place.endswith("-" + key) for key in keys for place in places
        )

    return unfolded


def _preview_context(judged: Judged, errors: dict[str, str]) -> dict[str, Any]:
    """What a check's answer shows (house_rules/_check.html): each field's sentence, each folded part's line, the preview."""
    ruleset = judged.ruleset
    return {
        "draft": judged.draft,
        "errors": errors,
        "flagged": _unfolded(errors, None),
        "buy_name": ruleset.buy_name if ruleset is not None else "May I / buy",
        "card": card_contents(ruleset) if ruleset is not None and not errors else None,
        "share_url": public_url("house_rules.build", d=share.encode(judged.definition))
        if ruleset is not None and judged.definition is not None and not errors
        else None,
    }


def _builder_context(judged: Judged, *, started_from: str, editing: CustomRuleset | None, focus: str | None,
                     extra_errors: dict[str, str] | None = None, owner: str = "me") -> dict[str, Any]:  # fmt: skip
    errors = {**judged.errors, **(extra_errors or {})}
    ruleset = judged.ruleset
    return {
        **_preview_context(judged, errors),
        "unfolded": _unfolded(errors, focus),
        "ruleset": ruleset,
        "started_from": started_from,
        "editing": editing,
        "focus": focus,
        "explain": {key: gettext(sentence) for key, sentence in EXPLAIN.items()},  # in the page's language
        "examples": examples(),
        "owners": _owners(),
        "owner": owner,
        "set_word": say_word("set word", ruleset.set_word if ruleset is not None else "set"),  # the page's word
    }


@bp.route("/build", methods=["GET", "POST"])
def build() -> tuple[str, int]:
    """Make or change a ruleset: each change is judged at once (htmx), or with the Check button without script."""
    if request.method == "GET":
        draft, started_from, start_errors, editing = _start(request.args)
        judged = judge(draft)
        judged.errors = {**judged.errors, **start_errors}
        return _render_builder(judged, started_from=started_from, editing=editing, focus=None)
    editing = _editing_from_form()
    draft = Draft.from_form(request.form)
    focus = draft.apply(request.form.get("action", ""))
    judged = judge(draft)
    status = 422 if judged.errors else 200
    return _render_builder(
        judged, started_from=request.form.get("started_from", "")[:60], editing=editing, focus=focus,
        owner=request.form.get("owner", "me"), status=status,
    )  # fmt: skip


@bp.post("/build/check")
def check() -> tuple[str, int]:
    """A field changed: every sentence and the preview, out of band (htmx); without script, the whole builder."""
    editing = _editing_from_form()
    judged = judge(Draft.from_form(request.form))
    if not is_htmx():
        return _render_builder(judged, started_from=request.form.get("started_from", "")[:60], editing=editing,
                               focus=None, owner=request.form.get("owner", "me"), status=422 if judged.errors else 200)  # fmt: skip
    # Only the sentences and the preview are swapped: no owner list (a query per league) or field help for them.
    return render_template("house_rules/_check.html", **_preview_context(judged, judged.errors)), 200


def _editing_from_form() -> CustomRuleset | None:
    if not request.form.get("edit"):
        return None
    editing = registry.stored(parse_id(request.form.get("edit")))
    if editing is None or not editing.versions:
        abort(404)
    if not can_change_rules(current_user, editing):
        abort(403, description=rules_refusal(editing))
    return editing


@bp.post("/build/save")
def save() -> tuple[str, int] | WerkzeugResponse:
    """Store the builder's ruleset (a new one, or a new version of the one being changed); nothing on any error."""
    editing = _editing_from_form()
    draft = Draft.from_form(request.form)
    judged = judge(draft)
    owner_value = request.form.get("owner", "me")
    started_from = request.form.get("started_from", "")[:60]
    if judged.errors or judged.definition is None:
        return _render_builder(judged, started_from=started_from, editing=editing, focus=None, owner=owner_value, status=422)
    league, owner_error = (None, None) if editing else _owner(owner_value)
    if owner_error:
        return _render_builder(judged, started_from=started_from, editing=editing, focus=None, owner=owner_value,
                               extra_errors={"owner": owner_error}, status=422)  # fmt: skip
    try:
        custom = service.save(judged.definition, user=current_user, league=league, existing=editing)
    except service.HouseRulesError as error:
        return _render_builder(judged, started_from=started_from, editing=editing, focus=None, owner=owner_value,
                               extra_errors={error.field or "form": str(error)}, status=422)  # fmt: skip
    flash(gettext("Saved “%(name)s” (version %(number)s).", name=custom.name, number=custom.latest.number), "success")
    return redirect(url_for("house_rules.show", custom_id=custom.id), code=303)


# ---------------------------------------------------------------------------
# One stored ruleset


@bp.get("/<int:custom_id>")
def show(custom_id: int) -> str:
    custom = _custom_or_404(custom_id)
    ruleset = registry.of_version(custom.latest)
    link = public_url("house_rules.build", d=share.encode(custom.latest.definition))
    return render_template(
        "house_rules/show.html",
        custom=custom,
        ruleset=ruleset,
        games=service.games_using(custom),
        may_change=can_change_rules(current_user, custom),
        owner=service.owner_label(custom),
        share_url=link,
        share_qr=qr_svg(link, title=gettext("Share link for %(name)s", name=custom.name)),
    )


@bp.get("/<int:custom_id>/export")
def export(custom_id: int) -> Response:
    """The latest version as the API's ruleset object (a ``.json`` file); ``?version=n`` for an older one."""
    custom = _custom_or_404(custom_id)
    asked = parse_whole_number(request.args.get("version"), low=0, high=MAX_ID)
    found = custom.latest if asked is None else next((v for v in custom.versions if v.number == asked), None)
    if found is None:
        abort(404)
    version = found
    body = json.dumps(version.definition, indent=2, ensure_ascii=False) + "\n"
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = attachment(f"{file_stem(custom.name) or 'rules'}.json")
    return response


@bp.post("/<int:custom_id>/delete")
def delete(custom_id: int) -> WerkzeugResponse:
    custom = _custom_or_404(custom_id)
    name = custom.name
    try:
        service.delete(custom, current_user)
    except service.HouseRulesError as error:
        flash(str(error), "error")
        return redirect(url_for("house_rules.show", custom_id=custom_id), code=303)
    flash(gettext("Deleted “%(name)s”.", name=name), "success")
    return redirect(url_for("house_rules.index"), code=303)


# ---------------------------------------------------------------------------
# Import


@bp.route("/import", methods=["GET", "POST"])
def import_ruleset() -> tuple[str, int] | WerkzeugResponse:
    """Store a ruleset object from a file or pasted text: read and judged in full, nothing stored on any error.

    A name the owner already uses is refused with a free one offered in a rename box, the file's text kept
    in the text box, so one more tap imports it under the new name.
    """
    errors: dict[str, str] = {}
    pasted = ""
    owner_value = "me"
    rename = ""
    if request.method == "POST":
        owner_value = request.form.get("owner", "me")
        pasted = request.form.get("text", "")
        rename = " ".join(request.form.get("name", "")[: NAME_LENGTH * 4].split())
        data, where = _import_sent(pasted, errors)
        if len(rename) > NAME_LENGTH:
            errors["name"] = gettext(
                "A name is at most %(longest)s characters; this one is %(length)s.", longest=NAME_LENGTH, length=len(rename)
            )
        elif data is not None:
            found, problems, suggested = _import(data, where, owner_value, rename)
            errors.update(problems)
            if found is not None:
                flash(gettext("Imported “%(name)s”.", name=found.name), "success")
                return redirect(url_for("house_rules.show", custom_id=found.id), code=303)
            if suggested is not None:  # the name is taken: the text stays here for the rename
                rename, pasted = suggested, data.decode("utf-8-sig")
    return render_template(
        "house_rules/import.html",
        errors=errors,
        pasted=pasted[:MAX_IMPORT_BYTES],
        owners=_owners(),
        owner=owner_value,
        rename=rename,
        name_length=NAME_LENGTH,
    ), (422 if errors else 200)


def _import_sent(pasted: str, errors: dict[str, str]) -> tuple[bytes | None, str]:
    """What was sent to import and the box it came from: a chosen file (read to one byte past the most
    taken, so that a bigger one is seen), else the pasted text; with neither, ``None`` and a sentence in ``errors``."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        return upload.stream.read(MAX_IMPORT_BYTES + 1), "file"
    if pasted.strip():
        return pasted.encode(), "text"
    errors["file"] = gettext("Choose a ruleset file (.json), or paste its text below.")
    return None, "file"


def _ruleset_object(data: bytes) -> dict[str, Any] | str:
    """The object a file or text to import holds, or the sentence saying why it holds none (not yet judged as rules)."""
    if len(data) > MAX_IMPORT_BYTES:
        return gettext("That is too big to be a ruleset (at most %(size)s KB).", size=MAX_IMPORT_BYTES // 1024)
    try:
        obj = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return gettext("That is not a ruleset file: it isn't JSON text (use a file made with “Export”).")
    if not isinstance(obj, dict):
        return gettext("That is not a ruleset: a ruleset file holds one object, {…}.")
    return obj


def _import(
    data: bytes, where: str, owner_value: str, rename: str
) -> tuple[CustomRuleset | None, dict[str, str], str | None]:
    """The stored ruleset (under ``rename`` when given), or a sentence beside the field it is about and,
    when the name is taken, a free one to offer."""
    obj = _ruleset_object(data)
    if isinstance(obj, str):
        return None, {where: obj}, None
    league, owner_error = _owner(owner_value)
    if owner_error:
        return None, {"owner": owner_error}, None
    if rename:
        obj["name"] = rename
    try:
        return service.save(obj, user=current_user, league=league), {}, None
    except service.HouseRulesError as error:
        if error.field == "name" and isinstance(obj.get("name"), str):
            free = service.free_name(obj["name"], user=current_user, league=league)
            return None, {"name": f"{error} “{free}” is free: import them under it, or type another name."}, free
        return None, {"owner" if error.field == "owner" else where: str(error)}, None
