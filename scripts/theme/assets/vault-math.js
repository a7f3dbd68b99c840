// Typesets the formulas the vault compiler leaves in the page (scripts/vault/render.py:
// \( \) inline, \[ \] on their own) with KaTeX, which the site serves itself. Without JavaScript the TeX stays
// readable as written. Runs again after each instant-navigation page change.
(function () {
  "use strict";
  var delimiters = [
    { left: "\\(", right: "\\)", display: false },
    { left: "\\[", right: "\\]", display: true },
  ];
  function typeset() {
    var formulas = document.querySelectorAll(".arithmatex");
    for (var i = 0; i < formulas.length; i++) {
      renderMathInElement(formulas[i], { delimiters: delimiters, throwOnError: false });
    }
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(typeset);
  } else {
    document.addEventListener("DOMContentLoaded", typeset);
  }
})();
