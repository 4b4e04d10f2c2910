/* The game page's live follow (templates/games/_live_poll.html) and a tap on this phone, racing.

   A May I tap answers with the new counter (or the sentence why it was refused) and a new poller. A poll
   sent before the tap can still be on its way, and on a slow connection or a busy server it arrives after
   the tap's answer: swapped in, it would put an older page over the tap's (a count one behind, or no
   sentence). A poller that has been replaced since it asked is stale: its answer is left unswapped; the
   new poller asks again within seconds. */
document.addEventListener("htmx:beforeSwap", function (event) {
  var asker = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (asker && asker.id === "live-poll" && !asker.isConnected) event.detail.shouldSwap = false;
});
