/* The new-game form shows as many seats as the rules picked take (the server draws them so for the rules it
   was given). When another ruleset is picked, htmx swaps in its house rules and player range; this shows or
   hides the seats to match. A seat already filled in stays in sight, so nothing posted is hidden. */
(function () {
  "use strict";
  function filled(seat) {
    return Array.prototype.some.call(seat.querySelectorAll("select, input"), function (field) {
      return field.value.trim() !== "";
    });
  }
  function fitSeats() {
    var range = document.getElementById("player-range");
    var max = range ? parseInt(range.dataset.maxPlayers, 10) : NaN;
    if (isNaN(max)) return;
    var dealer = document.getElementById("first_dealer");
    Array.prototype.forEach.call(document.querySelectorAll(".seats .seat"), function (seat, i) {
      seat.hidden = i >= max && !filled(seat);
      var choice = dealer ? dealer.querySelector('option[value="' + i + '"]') : null;
      if (choice) choice.hidden = seat.hidden;
    });
  }
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target.id === "house-options") fitSeats();
  });
})();
