// The offline navigation script (static/js/offline/navigation.js) run alone in a stand-in page: every event
// handler and timer it sets must run without an error while the phone is online. It once called a flush() it
// never defined on "online" and every 15 s (page.js is the one that sends the waiting entries), an uncaught
// ReferenceError in the console four times a minute. Run by make test (node --test tests/js).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const SOURCE = fs.readFileSync(path.join(__dirname, "../../static/js/offline/navigation.js"), "utf8");

/** navigation.js run in a page that is online, with no service worker; what it registered. */
function loaded() {
  const handlers = [];  // [target, type, handler]
  const timers = [];
  const target = (name) => ({ addEventListener: (type, handler) => handlers.push([name, type, handler]) });
  const window = Object.assign(target("window"), {
    isSecureContext: false,
    RummyOffline: {
      get: () => Promise.resolve(null), put: () => Promise.resolve(), keepPage: () => Promise.resolve(),
      path: (url) => url, start: () => {}, say: (key, english) => english, flush: () => Promise.resolve(),
    },
  });
  const sandbox = {
    window,
    document: Object.assign(target("document"), { getElementById: () => null }),
    navigator: { onLine: true },
    location: { href: "http://phone.test/games/1", origin: "http://phone.test", reload: () => {}, assign: () => {} },
    history: { pushState: () => {} },
    setInterval: (handler) => timers.push(handler),
    setTimeout: (handler) => timers.push(handler),
    Promise,
  };
  vm.createContext(sandbox);
  vm.runInContext(SOURCE, sandbox, { filename: "navigation.js" });
  return { handlers, timers, window };
}

test("every handler and timer navigation.js sets runs without an error while the phone is online", () => {
  const { handlers, timers } = loaded();
  assert.ok(handlers.length > 0, "it listens for something (links, the back button)");
  const event = { defaultPrevented: false, target: { closest: () => null }, preventDefault: () => {} };
  for (const [where, type, handler] of handlers) {
    assert.doesNotThrow(() => handler(event), `${where} ${type}`);
  }
  for (const handler of timers) assert.doesNotThrow(() => handler(), "a timer");
});

test("it names only what it defines or the offline scripts give it", () => {
  const { window } = loaded();
  for (const name of ["snapshot", "showKept", "keepPack"]) assert.equal(typeof window.RummyOffline[name], "function", name);
});
