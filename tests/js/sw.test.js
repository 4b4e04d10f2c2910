// The service worker's "offline" page (static/sw.js): in the words the last page carried (its language), else the
// English it always said. Run by make test under Debian's nodejs (node --test tests/js); the worker itself needs a
// browser (tests/browser/test_offline.py).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");

global.self = { addEventListener() {}, location: { origin: "http://localhost" } };  // the worker's global, enough to load it
const { offlineHtml } = require("../../static/sw.js");

const ENGLISH_PAGE =
  "<!DOCTYPE html><html lang=en><meta charset=utf-8><meta name=viewport content=\"width=device-width\">" +
  "<title>No connection</title><h1>No connection</h1><p>This page isn't on this phone yet. Open the game page once while connected.</p>";

test("with no words kept, the page is the English it always was", () => {
  assert.equal(offlineHtml(null), ENGLISH_PAGE);
  assert.equal(offlineHtml({ lang: "es", title: "", text: "" }), ENGLISH_PAGE);
});

test("a Spanish page's words make a Spanish offline page", () => {
  const words = { lang: "es", title: "Sin conexión", text: "Esta página todavía no está en este teléfono." };
  assert.equal(
    offlineHtml(words),
    "<!DOCTYPE html><html lang=es><meta charset=utf-8><meta name=viewport content=\"width=device-width\">" +
      "<title>Sin conexión</title><h1>Sin conexión</h1><p>Esta página todavía no está en este teléfono.</p>",
  );
});

test("the words are text, never markup, and a strange language is English's", () => {
  const html = offlineHtml({ lang: "x onload=alert(1)", title: "<b>A & B</b>", text: "\"quoted\"" });
  assert.ok(html.startsWith("<!DOCTYPE html><html lang=en>"));
  assert.ok(html.includes("<title>&lt;b&gt;A &amp; B&lt;/b&gt;</title>"));
  assert.ok(html.includes("<p>&quot;quoted&quot;</p>"));
});
