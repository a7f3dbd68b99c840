/* The site's service worker (registered by assets/site.js; its scope is the site).

   Files whose address names their version (Pyodide under assets/pyodide/<version>/, the
   engine's wheel under assets/wheels/<hash>/, its start-up snapshot under
   assets/snapshots/<key>/, the standard library and engine as bytecode under
   assets/stdlib/<key>/, the theme's bundles with a hash in their
   names, anything with ?v=<hash>) never change: they are answered from the cache once
   fetched, and an older version of the same file is dropped when a newer one is stored.
   A full reload, a new tab or a bookmark then starts Python without downloading it again.

   Everything else (pages, the search index, runtime.json) may change with each build: it
   is fetched from the network as before, and the copy kept is used only when the network
   fails, so a page already read, and its calculator, still work offline. */
"use strict";

const VERSIONED = "rules-versioned-v1";
const VISITED = "rules-visited-v1";
const KNOWN = new Set([VERSIONED, VISITED]);
const scope = new URL(self.registration.scope);

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("rules-") && !KNOWN.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  // `mkdocs serve` holds this request open until the next rebuild: not a file to keep.
  if (path.startsWith("livereload/")) return;
  const version = versionOf(url);
  event.respondWith(version ? fromCache(event, request, version) : fromNetwork(event, request));
});

/* A page opened before this worker started (the first visit) asks it to keep what that
   page already fetched: the page itself, its style sheets, scripts and pictures. */
self.addEventListener("message", (event) => {
  const urls = event.data && Array.isArray(event.data.keep) ? event.data.keep.slice(0, 500) : [];
  event.waitUntil(keepAll(urls));
});

async function keepAll(urls) {
  for (const address of urls) {
    let url;
    try {
      url = new URL(String(address));
    } catch {
      continue;
    }
    url.hash = "";
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) continue;
    if (url.pathname.slice(scope.pathname.length).startsWith("livereload/")) continue;
    const version = versionOf(url);
    const cache = await caches.open(version ? VERSIONED : VISITED);
    if (await cache.match(url.href, { ignoreVary: true })) continue;
    try {
      // Most of it is still in the browser's HTTP cache: no second download.
      const response = await fetch(url.href, { cache: "force-cache", credentials: "same-origin" });
      if (!keep(response)) {
        if (response.body) response.body.cancel().catch(() => {});
        continue;
      }
      if (version) await store(cache, new Request(url.href), response, version);
      else await cache.put(url.href, response);
    } catch {
      /* offline, or gone since: kept on the next visit */
    }
  }
}

/* The family a versioned address belongs to and its version, or null. */
function versionOf(url) {
  const path = url.pathname.slice(scope.pathname.length);
  let match = /^assets\/pyodide\/([^/]+)\/(.+)$/.exec(path);
  if (match) return { family: `pyodide/${match[2]}`, version: match[1] };
  match = /^assets\/(wheels|snapshots|stdlib)\/([0-9a-f]{8,})\/([^/-]+)/.exec(path);
  if (match) return { family: `${match[1]}/${match[3]}`, version: match[2] };
  match = /^(.+)\.([0-9a-f]{8})\.min\.(js|css)$/.exec(path);
  if (match) return { family: `${match[1]}.${match[3]}`, version: match[2] };
  const v = url.searchParams.get("v");
  if (v) return { family: path, version: v };
  return null;
}

function keep(response) {
  return response.ok && response.type === "basic" && response.status === 200 && !uncompressedSnapshot(response);
}

/* The start-up snapshot is asked for by its plain name (assets/snapshots/<key>/engine.snapshot)
   so that a host may negotiate brotli or gzip. A host that does not would send 31 MB as
   they are: the calculators' worker then drops that answer at its headers and fetches the
   `.gzip` copy instead, and nothing here may download or keep it either. */
function uncompressedSnapshot(response) {
  const path = new URL(response.url).pathname;
  if (!/\/assets\/snapshots\/[^/]+\/[^/.]+\.snapshot$/.test(path)) return false;
  const encoding = (response.headers.get("content-encoding") || "identity").trim().toLowerCase();
  return encoding === "identity";
}

async function fromCache(event, request, version) {
  const cache = await caches.open(VERSIONED);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (keep(response)) event.waitUntil(store(cache, request, response.clone(), version));
  return response;
}

async function store(cache, request, response, version) {
  for (const old of await cache.keys()) {
    const other = versionOf(new URL(old.url));
    if (other && other.family === version.family && other.version !== version.version) await cache.delete(old);
  }
  await cache.put(request, response);
}

async function fromNetwork(event, request) {
  try {
    const response = await fetch(request);
    if (keep(response)) {
      const copy = response.clone();
      event.waitUntil(caches.open(VISITED).then((cache) => cache.put(request, copy)));
    }
    return response;
  } catch (failure) {
    const cache = await caches.open(VISITED);
    // A page's address may carry a calculator's inputs after "?": the page is the same.
    const kept = (await cache.match(request, { ignoreVary: true })) || (request.mode === "navigate" ? await cache.match(request, { ignoreVary: true, ignoreSearch: true }) : undefined);
    if (kept) return kept;
    throw failure;
  }
}
