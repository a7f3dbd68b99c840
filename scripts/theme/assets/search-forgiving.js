/* Search that forgives a misspelt word: run before the theme's bundle.

   The theme (mkdocs-material 9.8) sends what the reader typed to its search worker, which
   runs it through lunr with a `*` after each word (prefixes match). A keyword's name typed
   from memory ("Gaurdian", "suppresion") then finds nothing. lunr also reads `word~N`:
   any indexed word within N edits of it (a letter added, dropped, changed or two swapped).
   So each plain word of five letters or more is sent twice, as typed and within one edit
   (two from eight letters on); an exact or prefix match still scores above the looser one,
   and a query already using lunr's syntax (`+`, `-`, `~`, `^`, `*`, `:`, quotes) is sent as
   typed. The theme gives no setting for this in 9.8 (its `transform` hook is gone), so
   the one message it sends to its search worker is rewritten here: the worker is the
   theme's own file under assets/javascripts/workers/. */
(() => {
  "use strict";

  const Native = window.Worker;
  if (typeof Native !== "function") return;

  const WORD = /^[\p{L}\p{N}]+$/u;

  function forgiving(query) {
    if (/["+\-~^*:]/.test(query)) return query;
    const words = query.trim().split(/\s+/).filter(Boolean);
    const loose = [];
    for (const word of words) {
      if (!WORD.test(word) || [...word].length < 5) continue;
      loose.push(`${word}~${[...word].length >= 8 ? 2 : 1}`);
    }
    return loose.length ? `${words.join(" ")} ${loose.join(" ")}` : query;
  }

  class Worker extends Native {
    constructor(url, options) {
      super(url, options);
      this.vaultSearch = /\/assets\/javascripts\/workers\/search\.[^/]*\.js$/.test(new URL(String(url), location.href).pathname);
    }

    postMessage(message, ...rest) {
      // The theme's query message: {type: 2, data: "what was typed"}.
      if (this.vaultSearch && message && message.type === 2 && typeof message.data === "string") {
        message = { ...message, data: forgiving(message.data) };
      }
      return super.postMessage(message, ...rest);
    }
  }

  window.Worker = Worker;
  window.vaultSearchQuery = forgiving; // for the tests
})();
