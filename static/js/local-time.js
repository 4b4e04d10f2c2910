/* Times are stored and sent in UTC (<time datetime="...Z">, the text says "UTC"); on the phone each is
   shown in the phone's own time zone and language (the page's, if the page is in another).
   data-local="date" shows the day only, "time" the hour and minute only (a time of today, as "saved by
   Ann at 21:40"). Pages swapped in by htmx (the live game page) are converted as they arrive. */
(function () {
  "use strict";
  /* The phone's own language, unless the page was switched to another one (the footer's language switch):
     then the page's, so a date in a Spanish sentence is written in Spanish too. */
  function locale() {
    var page = document.documentElement.lang || "";
    var phone = navigator.language || "";
    return page && phone.split("-")[0] !== page.split("-")[0] ? page : undefined;
  }
  function localise(root) {
    var times = (root || document).querySelectorAll("time[data-local]");
    Array.prototype.forEach.call(times, function (node) {
      if (node.dataset.localised) return;
      var when = new Date(node.getAttribute("datetime"));
      if (isNaN(when.getTime())) return;
      var options = node.dataset.local === "date"
        ? { day: "numeric", month: "short", year: "numeric" }
        : node.dataset.local === "time"
          ? { hour: "2-digit", minute: "2-digit" }
          : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" };
      node.textContent = when.toLocaleString(locale(), options);
      node.title = when.toISOString().replace("T", " ").slice(0, 16) + " UTC";
      node.dataset.localised = "1";
    });
  }
  localise(document);
  document.addEventListener("htmx:afterSettle", function (event) { localise(event.target); });
})();
