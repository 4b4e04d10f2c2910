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
  /* Choosing a ladder for a meld, or another kind where a ladder was, answers the whole builder: the ladder's rule
     box comes or goes, and its deal shows the 12 cards dealt and every card melded. Any other kind is only checked,
     so a length typed at once after it is never replaced. (Without script, Check does the same.) */
  function ladderKind(event) {
    var select = event.target;
    if (!select || !select.name || !/^deal-\d+-(alt-\d+-)?req-\d+-kind$/.test(select.name) || !window.htmx) return;
    var row = select.closest(".meld-row");
    if (select.value !== "ladder" && !(row && row.querySelector(".ladder-rule"))) return;
    event.stopPropagation();  // the form's own check would answer only the sentences
    window.htmx.ajax("POST", select.form.getAttribute("action"), {source: select.form, target: "#builder", swap: "outerHTML"});
  }
  document.addEventListener("change", meldEveryCard, true);
  document.addEventListener("change", ladderKind, true);
  document.addEventListener("htmx:afterSettle", openProblems);
  document.addEventListener("htmx:oobAfterSwap", openProblems);
})();
