/* Search from small files: run before assets/search-forgiving.js and the theme's bundle.

   The theme fetches search/search_index.json (every page's whole text) when a page loads,
   and hands it to its search worker. Here that request asks for search/shards/setup.json
   instead (the theme's settings, no documents), and the theme's worker is started as
   assets/javascripts/workers/vault-search-shards.js, which loads the theme's worker itself
   and fetches only the parts of the index a query needs (scripts/site/search_shards.py).
   Results come in the theme's order; the later ones (past the first ten) are filled in
   after the first answer with "vault-fill" messages, applied here to the result list the
   theme holds, ten ahead of what the theme has drawn, so they show their text when the
   reader scrolls to them. */
(() => {
  "use strict";

  const Native = window.Worker;
  // The site's address, as assets/site.js (run just before) reads it.
  const base = typeof window.vaultSiteBase === "function" ? window.vaultSiteBase() : null;
  if (typeof Native !== "function" || !base) return;
  const index = new URL("search/search_index.json", base).href;
  const setup = new URL("search/shards/setup.json", base).href;
  const THEME_WORKER = /\/assets\/javascripts\/workers\/search\.[^/]*\.js$/;

  /* The theme's one request for the whole index (XMLHttpRequest, GET) asks for the
     settings alone. */
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    let target = null;
    try {
      target = new URL(String(url), location.href).href;
    } catch {
      /* not a URL: the browser's open() reports it */
    }
    return open.call(this, method, String(method).toUpperCase() === "GET" && target === index ? setup : url, ...rest);
  };

  class Worker extends Native {
    constructor(url, options) {
      const theme = new URL(String(url), location.href);
      const sharded = theme.origin === location.origin && THEME_WORKER.test(theme.pathname);
      super(sharded ? new URL(`vault-search-shards.js?theme=${encodeURIComponent(theme.pathname)}`, theme) : url, options);
      if (!sharded) return;
      this.vaultListeners = new WeakMap();
      this.vaultLast = null;
      // The term list is fetched when the reader goes to the search box, before a key.
      document.addEventListener("focusin", (event) => {
        if (event.target instanceof HTMLInputElement && event.target.form === document.forms.namedItem("search")) super.postMessage({ type: "vault-warm" });
      });
    }

    addEventListener(type, listener, ...rest) {
      if (type !== "message" || !this.vaultListeners || typeof listener !== "function") return super.addEventListener(type, listener, ...rest);
      const wrapped = (event) => {
        const message = event.data;
        if (message && message.type === "vault-fill") {
          this.fill(message);
          return;
        }
        if (message && message.type === 3) this.vaultLast = message;
        listener.call(this, event);
        if (message && message.type === 3) {
          this.follow();
          // Which query the results shown answer (the theme's answers to a word's first
          // letters may come first): for tests and benchmarks to wait on.
          // A first answer may come before a common word's later postings, and the theme's
          // answer after them (`vaultSettled`).
          if (typeof message.vaultQuery === "string") {
            document.documentElement.dataset.vaultSearched = message.vaultQuery;
            document.documentElement.dataset.vaultSettled = message.vaultSettled ? message.vaultQuery : "";
          }
        }
      };
      this.vaultListeners.set(listener, wrapped);
      return super.addEventListener(type, wrapped, ...rest);
    }

    removeEventListener(type, listener, ...rest) {
      const wrapped = this.vaultListeners && this.vaultListeners.get(listener);
      return super.removeEventListener(type, wrapped || listener, ...rest);
    }

    /* The theme draws ten results, then four more each time the reader reaches the end
       of the list: once it has drawn past the results filled but ten, the next ten are
       asked for, so what is drawn next has its entry already. */
    follow() {
      const last = this.vaultLast;
      if (!last || !last.vaultGeneration) return;
      this.vaultFilled = 20;
      this.vaultWatch?.disconnect();
      const list = document.querySelector(".md-search-result__list");
      if (!list) return;
      this.vaultWatch = new MutationObserver(() => {
        if (this.vaultLast !== last || list.children.length <= this.vaultFilled - 10) return;
        this.vaultFilled += 10;
        super.postMessage({ type: "vault-more", generation: last.vaultGeneration, upTo: this.vaultFilled });
      });
      this.vaultWatch.observe(list, { childList: true });
    }

    /* Later results' entries, in the groups the theme already holds (one group a page). */
    fill({ generation, from, items }) {
      const last = this.vaultLast;
      if (!last || last.vaultGeneration !== generation || !Array.isArray(items)) return;
      items.forEach((group, k) => {
        const held = last.data.items[from + k];
        if (Array.isArray(held) && Array.isArray(group)) held.splice(0, held.length, ...group);
      });
    }
  }

  window.Worker = Worker;
})();
