// Service worker of the Schwimmen page: keeps the page, the Python code and the
// runtime in a versioned cache so the game starts and plays offline.
// This is a template: scripts/build.py fills in the markers from the built files.
//
// Updates are safe: every file a new release downloads, or copies from the release
// before, is checked against the hash its list names before the release's cache counts
// as complete (a download that does not match fails the install, and the old release
// stays). The running release is checked again when a page asks ("verify": in idle
// time after a start, and when a start failed): a damaged or missing file is fetched
// again, checked, and replaces it. A new release does not take over pages
// that are open: it waits until the page asks (static/watchdog.js offers "new
// version: reload") or until every page of the old one is closed, so a page always
// runs on the files of the release it started with.
"use strict";

const CACHE_NAME = __CACHE_NAME__;
const CACHE_PREFIX = __CACHE_PREFIX__;
// [url relative to this file, content hash] for every file of the site.
const PRECACHE = __PRECACHE__;
const INDEX_KEY = "__precache_index__";

const absolute = (url) => new URL(url, self.location).href;
let cacheOpened = null; // opened once per worker life, not once per request
const ourCache = () => (cacheOpened ??= caches.open(CACHE_NAME));
const SCOPE_PATH = new URL("./", self.location).pathname;

// Files an older release already holds with the same content hash are copied
// from its cache instead of being downloaded again (the runtime is ~14 MB).
async function reusableResponses() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || name === CACHE_NAME) continue;
    const cache = await caches.open(name);
    const index = await cache.match(absolute(INDEX_KEY));
    if (!index) continue;
    for (const [url, hash] of await index.json()) {
      const key = absolute(url) + "#" + hash;
      if (!found.has(key)) found.set(key, cache);
    }
  }
  return found;
}

// The first 16 hex digits of the SHA-256 of a response's body (as scripts/build.py).
async function contentHash(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(digest, 0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A file of the list from the network, or an error when it does not match its hash.
async function download(url, hash) {
  // "no-cache" revalidates with the server: a copy the browser fetched
  // for this very page load is reused (304), a stale one never is.
  const response = await fetch(absolute(url), { cache: "no-cache" });
  if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
  const got = await contentHash(response.clone());
  if (got !== hash) throw new Error(`precache ${url}: content ${got}, listed ${hash}`);
  return response;
}

// A cached copy whose body really has the listed hash (null if not): a copy claimed by
// an older release's list, or one of this release, may have been damaged since.
async function intact(response, hash) {
  return response && (await contentHash(response.clone())) === hash ? response : null;
}

async function precache() {
  const cache = await caches.open(CACHE_NAME);
  const old = await reusableResponses();
  await Promise.all(
    PRECACHE.map(async ([url, hash]) => {
      const href = absolute(url);
      const oldCache = old.get(href + "#" + hash);
      const copy = oldCache && (await intact(await oldCache.match(href), hash));
      await cache.put(href, copy || (await download(url, hash)));
    }),
  );
  // Written last: a cache with an index is complete.
  await cache.put(
    absolute(INDEX_KEY),
    new Response(JSON.stringify(PRECACHE), { headers: { "Content-Type": "application/json" } }),
  );
}

self.addEventListener("install", (event) => {
  // A failed install leaves no half-filled cache behind (only one it made itself).
  event.waitUntil(
    (async () => {
      const existed = await caches.has(CACHE_NAME);
      try {
        await precache();
      } catch (error) {
        if (!existed) await caches.delete(CACHE_NAME);
        throw error;
      }
    })(),
  );
});

// Every file of the running release checked against its listed hash, one at a time (it
// is idle work); a damaged or missing one is downloaded again and replaces it. Answers
// {repaired: [urls], failed: [urls]}. One check at a time: a second ask shares it.
let verifying = null;
function verifyRelease() {
  verifying ??= (async () => {
    const cache = await ourCache();
    const repaired = [];
    const failed = [];
    for (const [url, hash] of PRECACHE) {
      const href = absolute(url);
      if (await intact(await cache.match(href), hash)) continue;
      try {
        await cache.put(href, await download(url, hash));
        repaired.push(url);
      } catch (error) {
        failed.push(url); // offline, or the server has another release: it stays as it is
      }
    }
    return { repaired, failed };
  })().finally(() => {
    verifying = null;
  });
  return verifying;
}

// Asked by a page of the old release whose player chose to reload ("take-over"), and by
// a page that wants its release's files checked ("verify", answered on the message's
// port, or to the page).
self.addEventListener("message", (event) => {
  if (event.data?.type === "take-over") self.skipWaiting();
  if (event.data?.type === "verify") {
    const answer = (result) =>
      (event.ports[0] ?? event.source)?.postMessage({ type: "verified", ...result });
    event.waitUntil(
      verifyRelease().then(answer, (error) => answer({ repaired: [], failed: [String(error)] })),
    );
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
      }
      // Active only when no page of an older release is left, or when one asked: so
      // taking the open pages over is safe (the first release's page was loaded from
      // the network and has nothing older to keep).
      await self.clients.claim();
    })(),
  );
});

// Cache first for our own files; anything else goes to the network untouched.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await ourCache();
      // The page itself, as "./" or "./index.html", with or without ?seed=...
      const path = new URL(request.url).pathname;
      const isPage = path === SCOPE_PATH || path === SCOPE_PATH + "index.html";
      const hit = isPage
        ? await cache.match(absolute("./index.html"))
        : await cache.match(request, { ignoreSearch: true });
      return hit || fetch(request);
    })(),
  );
});

// Reminders from a table server (docs/server.md): "your turn" and "your time is running
// out", for the tables the player opted in. The message is the server's JSON: title,
// body, the table and the address that opens it. A click opens that table (a page of it
// that is open already is focused instead).
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" ? data.title.slice(0, 80) : "Schwimmen";
  const body = typeof data.body === "string" ? data.body.slice(0, 200) : "";
  const table = typeof data.table === "string" ? data.table.slice(0, 32) : "";
  const url = new URL(typeof data.url === "string" ? data.url : "./", self.registration.scope);
  const target = url.origin === self.location.origin ? url.href : self.registration.scope;
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag: `schwimmen-table-${table}`,
      icon: new URL("./static/icon.svg", self.registration.scope).href,
      data: { url: target, table, kind: data.kind ?? "" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = event.notification.data?.url ?? self.registration.scope;
  event.waitUntil(
    (async () => {
      for (const client of await self.clients.matchAll({ type: "window" })) {
        if (client.url === url && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
