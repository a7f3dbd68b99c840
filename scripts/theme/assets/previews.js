/* Link previews: which links, and on touch screens a press held on a link. Runs before
   the theme's bundle.

   The theme (mkdocs-material's instant previews) previews a link marked `data-preview`
   when the pointer rests on it or when it has the keyboard's focus: the linked page's first part, or the linked heading's section. A touch screen has
   no hover, and a tap follows the link, so a press held for half a second gives the link
   the focus instead (the theme's preview opens) and the tap that ends the press does not
   follow it; a second tap does. A finger that moves scrolls, and nothing happens.

   The links marked are those in the page's text to the site's own pages (a relative
   address that is not only a fragment): in this page now, and in every page the theme
   fetches (instant navigation, previews) as it reads it, before it looks for the mark. The
   theme's own switch (navigation.instant.preview) would preview every link, and a link
   whose address is no URL (a note may hold one) throws from its script on hover.

   The listeners sit on the document, so pages swapped in by instant navigation get them
   too. Nothing here fetches or writes HTML: the theme's preview does. */
(() => {
  "use strict";

  const SITE_LINK = /^(?![a-zA-Z][a-zA-Z0-9+.-]*:|\/\/|#)/;

  function markLinks(root) {
    for (const link of root.querySelectorAll("article a[href]:not([data-preview])")) {
      if (link.namespaceURI === "http://www.w3.org/1999/xhtml" && SITE_LINK.test(link.getAttribute("href"))) {
        link.setAttribute("data-preview", "");
      }
    }
  }

  /* A page the theme fetches (it reads the XMLHttpRequest's Blob as text, then parses
     it): its article's links to the site's pages are marked in the text. Other Blobs
     are read as they are. */
  const SITE_LINK_TAG = /<a(?=[^>]*?\shref="(?![a-zA-Z][a-zA-Z0-9+.-]*:|\/\/|#)[^"]*")(?![^>]*\sdata-preview[\s=>])(?=\s)/g;

  function markText(html) {
    const start = html.indexOf("<article");
    const end = html.lastIndexOf("</article>");
    if (start < 0 || end < start) return html;
    return html.slice(0, start) + html.slice(start, end).replace(SITE_LINK_TAG, '<a data-preview=""') + html.slice(end);
  }

  markLinks(document);
  const text = Blob.prototype.text;
  Blob.prototype.text = function () {
    const read = text.call(this);
    return this.type.startsWith("text/html") ? read.then(markText) : read;
  };

  const HOLD_MS = 450;
  const SLOP_PX = 10;
  let timer = 0;
  let start = null;
  let held = null; // the link a press gave the focus to, while it keeps it
  let swallowUntil = 0; // the click that ends that press comes before this time

  /* A link the theme previews: inside the page's text, to another page of the site. */
  function previewable(target) {
    const link = target instanceof Element ? target.closest("article a[data-preview][href]") : null;
    if (!(link instanceof HTMLAnchorElement)) return null;
    if (link.origin !== location.origin || link.getAttribute("href").startsWith("#")) return null;
    return link;
  }

  function cancel() {
    clearTimeout(timer);
    timer = 0;
    start = null;
  }

  document.addEventListener(
    "touchstart",
    (event) => {
      cancel();
      if (event.touches.length !== 1) return;
      const link = previewable(event.target);
      if (!link) return;
      const touch = event.touches[0];
      start = { x: touch.clientX, y: touch.clientY };
      timer = setTimeout(() => {
        timer = 0;
        held = link;
        link.classList.add("vault-preview-held");
        link.focus({ preventScroll: true });
      }, HOLD_MS);
    },
    { passive: true },
  );

  document.addEventListener(
    "touchmove",
    (event) => {
      if (!start) return;
      const touch = event.touches[0];
      if (Math.abs(touch.clientX - start.x) > SLOP_PX || Math.abs(touch.clientY - start.y) > SLOP_PX) cancel();
    },
    { passive: true },
  );

  document.addEventListener(
    "touchend",
    (event) => {
      const opened = timer === 0 && start !== null && held !== null && previewable(event.target) === held;
      cancel();
      // The press opened a preview: the tap it ends in is not a click on the link.
      if (opened) {
        event.preventDefault();
        swallowUntil = Date.now() + 800;
      }
    },
    { passive: false },
  );
  document.addEventListener("touchcancel", cancel);

  // A long press also opens the browser's own link menu (Android): not over a preview.
  document.addEventListener("contextmenu", (event) => {
    if (held && previewable(event.target) === held) event.preventDefault();
  });

  // Should a click still come from the press, it does not follow the link.
  document.addEventListener(
    "click",
    (event) => {
      if (held && previewable(event.target) === held && Date.now() < swallowUntil) event.preventDefault();
    },
    true,
  );

  // The preview closes when the link loses the focus (a tap elsewhere); the next tap on
  // the link follows it.
  document.addEventListener("focusout", (event) => {
    if (event.target === held) {
      held.classList.remove("vault-preview-held");
      held = null;
    }
  });
})();
