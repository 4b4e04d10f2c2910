/* The checker's verdict bar (rules/_checker_body.html) shows only while the ruling's own verdict is not wholly on
   the screen: with it in view the bar would say it twice and cover the last row of keys. Kept in its place
   (visibility), so nothing moves under the thumb when it comes and goes. Without script the bar is always there. */
(function () {
  "use strict";
  var bar = document.getElementById("verdict-bar");
  if (!bar) return;
  var pending = false;
  function update() {
    pending = false;
    var head = document.querySelector("#ruling .verdict-head, #ruling .error");
    var box = head && head.getBoundingClientRect();
    bar.classList.toggle("ruling-in-view", !!box && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight);
  }
  function soon() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(update);
  }
  window.addEventListener("scroll", soon, { passive: true });
  window.addEventListener("resize", soon);
  document.addEventListener("htmx:afterSettle", soon);
  update();
})();
