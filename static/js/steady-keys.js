/* The card keys stay under the thumb. Each tap's answer redraws the melds (or hand) and the ruling above the
   keys; left alone, that pushes the keys down (or pulls them up) while the thumb is already on its way to the
   next one, and a quick tap lands on the wrong key or on none. So each swap scrolls the page by however far the
   keys moved, and they stay where the player last saw them. */
(function () {
  "use strict";
  if (window.steadyKeys) return;
  window.steadyKeys = true;
  var keysTop = null;
  function keys() { return document.querySelector(".picker"); }
  document.addEventListener("htmx:beforeSwap", function () {
    var picker = keys();
    keysTop = picker ? picker.getBoundingClientRect().top : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var picker = keys();
    if (picker === null || keysTop === null) return;
    var moved = picker.getBoundingClientRect().top - keysTop;
    keysTop = null;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  });
})();
