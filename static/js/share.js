/* Share and Copy for a link on the page: the phone's share sheet (Web Share API) where there is one,
   the clipboard where the page may use it (HTTPS or this machine), and otherwise the link's text is
   selected so a long press copies it (a home server on plain http:// has no clipboard access). */
(function () {
  "use strict";
  function said(box, text) { box.querySelector(".share-said").textContent = text; }
  function selectText(box) {
    var input = box.querySelector(".link-text");
    input.focus();
    input.select();
    input.setSelectionRange(0, input.value.length);
    return input;
  }
  Array.prototype.forEach.call(document.querySelectorAll(".link-share"), function (box) {
    var buttons = box.querySelector(".share-buttons");
    if (!buttons || buttons.dataset.ready) return;
    buttons.dataset.ready = "1";
    var url = buttons.dataset.shareUrl, title = buttons.dataset.shareTitle;
    // what is said after Copy, in the page's language (templates/_link.html carries the sentences)
    var copiedText = buttons.dataset.saidCopied || "Copied: paste it in a message.";
    var selectedText = buttons.dataset.saidSelected || "The link is selected: copy it from the menu.";
    var share = buttons.querySelector('[data-share="share"]'), copy = buttons.querySelector('[data-share="copy"]');
    buttons.hidden = false;
    if (navigator.share) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: title, url: url }).catch(function () { /* closed without sharing */ });
      });
    }
    copy.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(
          function () { said(box, copiedText); },
          function () { selectText(box); said(box, selectedText); }
        );
      } else {
        var input = selectText(box);
        var copied = false;
        try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
        said(box, copied ? copiedText : selectedText);
        if (copied) input.blur();  // otherwise the selection stays for the menu's Copy
      }
    });
  });
})();
