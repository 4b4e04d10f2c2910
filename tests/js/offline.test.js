// The phone's offline queue (static/js/offline/sync.js): what a kept entry asks of the table. Run by make test
// under Debian's nodejs (node --test tests/js); the script's IndexedDB and page parts need a browser
// (tests/browser/test_offline.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const { attentionKind, confirmation, confirmed } = require("../../static/js/offline/sync.js");

test("a finished game's correction asks to correct it anyway, whatever the answer's status", () => {
  const answer = { status: "invalid", errors: { confirm_finished: "This game is finished: tick the box to correct it." } };
  assert.equal(attentionKind(answer), "finished");
  assert.deepEqual(confirmation("finished"), { field: "confirm_finished", label: "Correct it anyway" });
});

test("the server's sanity warnings ask the table to save anyway", () => {
  assert.equal(attentionKind({ status: "warnings", warnings: ["Cat has no cards entered."] }), "warnings");
  assert.deepEqual(confirmation("warnings"), { field: "confirm", label: "Save anyway: we checked" });
});

test("an invalid entry or a refusal asks nothing: the table can only remove it", () => {
  assert.equal(attentionKind({ status: "invalid", errors: { "hands-1-cards": "'X' is not a rank." } }), "invalid");
  assert.equal(confirmation("invalid"), null);
  assert.equal(confirmation("refused"), null);
  assert.equal(confirmation(""), null);
  assert.equal(attentionKind({}), "");
});

test("only the table's own kinds: no name the language gives every object", () => {
  for (const kind of ["toString", "constructor", "__proto__", "hasOwnProperty"]) {
    assert.equal(confirmation(kind), null, kind);
  }
});

test("confirming sets the field once, keeping every other field in order", () => {
  const fields = [["went_out", "0"], ["hands-1-cards", "K"], ["confirm", "y"]];
  assert.deepEqual(confirmed(fields, "warnings"), [["went_out", "0"], ["hands-1-cards", "K"], ["confirm", "y"]]);
  assert.deepEqual(confirmed(fields, "finished"), [
    ["went_out", "0"], ["hands-1-cards", "K"], ["confirm", "y"], ["confirm_finished", "y"],
  ]);
});
