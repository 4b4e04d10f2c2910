/* The lay-off page's choice of box ("The meld" / "Cards to lay off"): pressed at once when tapped. The tap itself waits
   its turn behind the card keys tapped before it (the form's htmx queue), and the server's answer sets the box
   the next keys fill, so the choice is never swapped (a swapped-away key loses its tap). */
(function () {
  "use strict";
  if (window.layoffKeys) return;
  window.layoffKeys = true;
  document.addEventListener("click", function (event) {
    var chosen = event.target.closest ? event.target.closest("button[name='switch']") : null;
    if (!chosen) return;
    chosen.parentNode.querySelectorAll("button[name='switch']").forEach(function (button) {
      button.setAttribute("aria-pressed", button === chosen ? "true" : "false");
    });
  });
})();
