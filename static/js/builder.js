/* The builder checks each change at once, and the answer may be a problem in a part that is folded away: fewer
   packs at one table size leave a deal further down with too few cards. Open every folded part that now holds
   a sentence, so the family sees it beside its field now, not only after Save. */
(function () {
  "use strict";
  function openProblems() {
    Array.prototype.forEach.call(document.querySelectorAll("details.fold:not([open])"), function (part) {
      if (part.querySelector(".error:not([hidden])")) part.open = true;
    });
  }
  document.addEventListener("htmx:afterSettle", openProblems);
  document.addEventListener("htmx:oobAfterSwap", openProblems);
})();
