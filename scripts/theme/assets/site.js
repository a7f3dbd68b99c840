/* The site's first script, run before the theme's bundle on every page.

   1. The same site at any address. The theme's instant navigation (pages swapped in
      place, one Python for the whole visit) takes over only the links its sitemap lists,
      and it compares them with the sitemap's addresses after replacing just their scheme
      and host: a site built for http://127.0.0.1:8000/ and served from
      https://example.org/rules/ would reload on every link. When the page is not served
      from the address it was built for, the sitemap the theme fetches is answered with its
      addresses moved to where the site is now.
   2. A service worker (sw.js, beside this site's home page) keeps what a visit fetched, so
      that a new tab or a bookmark starts Python without downloading it again, and pages
      already read open with the network off. */
(() => {
  "use strict";

  /* The site's address, where its home page is: the theme's `base` setting made absolute,
     ending in "/"; null without the theme's settings. Shared with assets/search-shards.js. */
  function siteBase() {
    const settings = document.getElementById("__config");
    if (!settings) return null;
    try {
      const base = new URL(JSON.parse(settings.textContent).base, location.href);
      if (!base.pathname.endsWith("/")) base.pathname += "/";
      return base;
    } catch {
      return null;
    }
  }
  window.vaultSiteBase = siteBase;

  const script = document.currentScript;
  const base = siteBase();
  if (!(script instanceof HTMLScriptElement) || !base) return;

  const built = script.dataset.siteUrl;
  if (built) {
    try {
      const builtBase = new URL(built);
      if (builtBase.href !== base.href) retargetSitemap(new URL("sitemap.xml", base).href, builtBase.href, base.href);
    } catch {
      /* no usable site_url: the theme's links reload, the site still works */
    }
  }

  if ("serviceWorker" in navigator && window.isSecureContext) {
    const uncontrolled = !navigator.serviceWorker.controller;
    // What the calculators' worker fetched (Pyodide, the engine) when it started: kept too,
    // in case it started before the service worker was there to see it.
    document.addEventListener("rules:fetched", (event) => {
      if (Array.isArray(event.detail)) keep(event.detail);
    });
    navigator.serviceWorker
      .register(new URL("sw.js", base).href, { scope: base.pathname })
      .then(() => (uncontrolled ? keepThisPage() : undefined))
      .catch(() => {
        /* refused (a private window, a host that forbids it): the site works uncached */
      });
  }

  /* This page loaded before the service worker was there to see it: once it is active and
     the page has loaded, it is told what the page fetched, to keep it for offline use. */
  async function keepThisPage() {
    if (document.readyState !== "complete") await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
    const fetched = performance.getEntriesByType("resource").map((entry) => entry.name);
    // The search box's settings (assets/search-shards.js), which the theme may still be
    // fetching at the load event. Not the index: a search fetches the parts it needs, and
    // once the service worker is there it keeps them.
    if (document.forms.namedItem("search")) fetched.push(new URL("search/shards/setup.json", base).href);
    // The theme's sitemap (its instant navigation reads it when it starts): the theme's
    // scripts are deferred, and its request may end after the load event.
    fetched.push(new URL("sitemap.xml", base).href);
    await keep([location.href, ...fetched]);
  }

  async function keep(urls) {
    try {
      const registration = await navigator.serviceWorker.ready;
      registration.active?.postMessage({ keep: urls });
    } catch {
      /* no service worker: nothing is kept */
    }
  }

  function escapeXml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  /* The theme fetches the sitemap with XMLHttpRequest and reads `response` as a Blob:
     that one request (same address, GET) is read as text and answered with the addresses
     rewritten; every other request is left alone. */
  function retargetSitemap(sitemap, from, to) {
    const native = XMLHttpRequest.prototype;
    const open = native.open;
    const responseText = Object.getOwnPropertyDescriptor(native, "responseText").get;
    const oldPrefix = escapeXml(from);
    const newPrefix = escapeXml(to);

    native.open = function (method, url, ...rest) {
      let target = null;
      try {
        target = new URL(String(url), location.href).href;
      } catch {
        /* not a URL: the browser's open() reports it */
      }
      if (String(method).toUpperCase() === "GET" && target === sitemap) {
        let answer = null;
        const xhr = this;
        Object.defineProperty(xhr, "responseType", { configurable: true, get: () => "blob", set: () => {} });
        Object.defineProperty(xhr, "response", {
          configurable: true,
          get() {
            if (answer === null) {
              const text = responseText.call(xhr) || "";
              answer = new Blob([text.split(`<loc>${oldPrefix}`).join(`<loc>${newPrefix}`).split(`href="${oldPrefix}`).join(`href="${newPrefix}`)], {
                type: "text/xml",
              });
            }
            return answer;
          },
        });
      }
      return open.call(this, method, url, ...rest);
    };
  }
})();
