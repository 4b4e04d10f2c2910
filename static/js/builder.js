/* The builder checks each change at once, and the answer may be a problem in a part that is folded away: fewer
   packs at one table size leave a deal further down with too few cards. Open every folded part that now holds
   a sentence, so the family sees it beside its field now, not only after Save. (The check's answer also brings
   each folded part's line and each table size's "from", so those follow what was typed.) */
(function () {
  "use strict";
  function openProblems() {
    Array.prototype.forEach.call(document.querySelectorAll("details.fold:not([open])"), function (part) {
      if (part.querySelector(".error:not([hidden])")) part.open = true;
    });
  }
  /* A deal where every card is melded can't end on a discard: ticking "Meld every card" picks "No discard" at once
     (the server does the same for a form posted without script), before the change is checked. */
  function meldEveryCard(event) {
    var box = event.target;
    var match = box && box.name && /^deal-(\d+)-meld_all$/.exec(box.name);
    if (!match || !box.checked) return;
    var goingOut = document.getElementById("deal-" + match[1] + "-going_out");
    if (goingOut && goingOut.value === "discard") goingOut.value = "no_discard";
  }
  document.addEventListener("change", meldEveryCard, true);
  document.addEventListener("htmx:afterSettle", openProblems);
  document.addEventListener("htmx:oobAfterSwap", openProblems);
})();
