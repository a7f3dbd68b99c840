/* A box that scrolls sideways is reachable by keyboard, in any vault.

   mkdocs-material wraps each table of a note in div.md-typeset__scrollwrap, and a code
   block scrolls inside its pre or code element; when the table or the line is wider than
   the column, that box scrolls but cannot be focused, so a keyboard cannot scroll it (axe:
   scrollable-region-focusable). While such a box overflows it is given tabindex="0",
   role="region" and a name (the table's caption or first header, else "Table"; the code
   block's title, else "Code"); when it fits again (a wider window) they are taken away.
   The theme already makes some code blocks focusable: a box this script did not mark keeps
   what the theme gave it. Run on every page, the first and each instant navigation. */
(() => {
  "use strict";

  if (window.__rulesScrollRegions) return; // the theme may run page scripts again
  window.__rulesScrollRegions = true;

  const BOXES = ".md-typeset .md-typeset__scrollwrap, .md-typeset pre, .md-typeset pre > code";
  const MARK = "data-scroll-region";
  let watcher = null;

  function overflows(box) {
    if (box.scrollWidth <= box.clientWidth + 1) return false;
    const { overflowX } = getComputedStyle(box);
    return overflowX === "auto" || overflowX === "scroll";
  }

  function words(element) {
    return element ? element.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function nameOf(box) {
    const table = box.querySelector("table");
    if (table) return words(table.querySelector("caption")) || words(table.querySelector("th")) || "Table";
    const block = box.closest(".highlight, pre");
    const title = block && block.querySelector(".filename");
    return words(title) || "Code";
  }

  function update(box) {
    const ours = box.hasAttribute(MARK);
    if (overflows(box)) {
      if (ours || box.hasAttribute("tabindex")) return;
      box.setAttribute(MARK, "");
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", nameOf(box));
    } else if (ours) {
      for (const name of [MARK, "tabindex", "role", "aria-label"]) box.removeAttribute(name);
    }
  }

  // Each box and what it holds are watched: the box changes size with the window (or when a
  // folded callout opens), the table or code inside it when its content changes.
  function watch() {
    if (watcher) watcher.disconnect();
    watcher = new ResizeObserver((entries) => {
      for (const { target } of entries) {
        for (const box of [target, target.parentElement]) if (box && box.isConnected && box.matches(BOXES)) update(box);
      }
    });
    for (const box of document.querySelectorAll(BOXES)) {
      watcher.observe(box);
      if (box.firstElementChild) watcher.observe(box.firstElementChild);
    }
  }

  // The theme wraps a page's tables when it mounts the page: watch once that is done.
  const onPage = () => requestAnimationFrame(watch);
  const page$ = window.document$;
  if (page$ && typeof page$.subscribe === "function") page$.subscribe(onPage);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
  else onPage();
})();
