/* "New meld" beside the typed melds: it writes the split ( | ) where the caret is, so a phone's keyboard stays
   open and no one hunts for "|" on it. The key does not take the focus from the box (pointerdown), and its
   click posts nothing here; without this script it posts the form and the server starts the next meld. */
(function () {
  "use strict";
  if (window.typedMelds) return;
  window.typedMelds = true;
  function key(event) { return event.target.closest ? event.target.closest("[data-split-melds]") : null; }
  document.addEventListener("pointerdown", function (event) {
    if (key(event)) event.preventDefault();  // the box keeps the focus, and the keyboard stays up
  });
  document.addEventListener("click", function (event) {
    var button = key(event);
    var box = button && document.getElementById(button.getAttribute("data-split-melds"));
    if (!box) return;
    event.preventDefault();
    event.stopPropagation();  // caught on the way down: the key's own htmx post never hears of it
    var start = box.selectionStart === null ? box.value.length : box.selectionStart;
    var end = box.selectionEnd === null ? start : box.selectionEnd;
    var before = box.value.slice(0, start).replace(/[\s|/]+$/, "");
    var after = box.value.slice(end).replace(/^[\s|/]+/, "");
    if (!before) { box.focus(); return; }  // nothing typed yet: nothing to split
    var split = before + " | ";
    box.value = split + after;
    box.focus();
    box.setSelectionRange(split.length, split.length);
  }, true);
})();
