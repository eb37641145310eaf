// The first screen: the table the player last saw, on the page at first paint, before
// Python has started. index.html runs this file in its <head>, after static/watchdog.js
// (a file, not inline, for the Content Security Policy): it reads and checks the stored
// screen at once and puts it into #app the moment the parser has made #app, before the
// browser paints. app/dom.py calls keep() when the page is hidden or goes away.
// A template: scripts/build.py fills in RELEASE (our Python and styles).
//
// The stored screen is the markup Python last put in #app (app.table.view's text and
// the log), kept in localStorage with the release, the language and a fingerprint of
// the saved match it shows. It is data, never code: it is parsed in a document
// without scripting (DOMParser), and only elements and attributes the view writes are let through (no
// script, no event attribute, no URL, no style, no id); anything else, text beyond
// MAX_CHARS, another release or language, or a saved match that changed since, leaves
// the boot screen as it is. #app[data-first-screen] says what happened: "shown",
// "stale" (not this release, language or match) or "refused" (not the view's markup).
//
// Shown, it is inert (no focus, no clicks) until Python draws its own screen over it;
// a tap or a key meanwhile makes the loading notice pulse: it was not taken.
"use strict";

(() => {
  const RELEASE = __SCREEN_RELEASE__;
  const KEY = "schwimmen.screen";
  const MATCH_KEY = "schwimmen.match";
  const MAX_CHARS = 400000; // a nine-seat table with its log is about 120,000
  const VERSION = 1;

  const TAGS = new Set(
    (
      "div section article header nav footer main aside h1 h2 h3 h4 p span strong em b i small " +
      "abbr kbd br ul ol li dl dt dd table caption thead tbody tfoot tr th td " +
      "button label select option optgroup input fieldset legend form output progress " +
      "meter details summary figure figcaption " +
      // SVG, as the template's parser names it (case kept)
      "svg g path rect circle ellipse line polyline polygon text tspan title desc"
    ).split(" "),
  );
  const ATTRIBUTES = new Set(
    (
      "class role title type tabindex disabled hidden lang dir name value checked selected " +
      "multiple min max step placeholder for colspan rowspan scope open readonly required " +
      "maxlength minlength size autocomplete inputmode spellcheck accept start " +
      "viewbox xmlns width height x y x1 x2 y1 y2 cx cy r rx ry d points fill opacity " +
      "transform text-anchor dominant-baseline textlength lengthadjust letter-spacing " +
      "focusable preserveaspectratio dx dy rotate"
    ).split(" "),
  );
  // Attribute families: ARIA, and data-* but those that name the page's own state.
  const FAMILIES = /^(aria-[a-z]+|data-[a-z0-9-]+|stroke(-[a-z]+)?|fill-[a-z]+|font-[a-z]+)$/;
  const PAGE_STATE = new Set(["data-state", "data-error", "data-boot", "data-snapshot"]);

  // 32-bit FNV-1a of a text's UTF-16 code units, with its length: which saved match a
  // stored screen belongs to.
  function fingerprint(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return `${text.length}:${h.toString(16)}`;
  }

  function storage() {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null; // storage switched off
    }
  }

  // Why a stored record may not be shown, or null when it may.
  function stale(record, saved, lang) {
    if (!record || record.v !== VERSION || typeof record.markup !== "string") return "refused";
    if (record.release !== RELEASE) return "release";
    if (record.lang !== lang) return "language";
    if (saved === null || record.match !== fingerprint(saved)) return "match";
    return null;
  }

  // The stored markup as inert nodes, or null if anything in it is not the view's.
  function parse(markup) {
    // Looked at as text first: Chromium's parser fires an <svg onload> even in a document
    // without scripting, and applies the policy to inline styles, so no tag or
    // attribute that is not the view's gets as far as a parser.
    for (const [, tag, rest] of markup.matchAll(/<([^\s/>!]+)([^>]*)>/g)) {
      if (!TAGS.has(tag) && !TAGS.has(tag.toLowerCase())) return null;
      const attributes = /([^\s=/>"']+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?/g;
      for (const [, name] of rest.matchAll(attributes)) {
        if (!attributeAllowed(name.toLowerCase())) return null;
      }
    }
    // A document of its own without scripting: nothing in it runs or loads.
    const body = new DOMParser().parseFromString(`<body>${markup}`, "text/html").body;
    const top = [...body.childNodes];
    const isScreen = (n) => n.nodeType === 1 && n.matches("div.screen, section.log-box");
    if (!top.length || !top.every(isScreen)) return null;
    const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_ALL);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) continue;
      if (node.nodeType !== Node.ELEMENT_NODE || !allowed(node)) return null;
    }
    for (const el of body.querySelectorAll("[id]")) el.removeAttribute("id");
    const nodes = document.createDocumentFragment();
    for (const el of top) nodes.append(document.adoptNode(el));
    return nodes;
  }

  function allowed(el) {
    const svg = el.namespaceURI === "http://www.w3.org/2000/svg";
    if (!svg && el.namespaceURI !== "http://www.w3.org/1999/xhtml") return false;
    if (!TAGS.has(el.localName)) return false;
    for (const { name } of el.attributes) {
      if (!attributeAllowed(name.toLowerCase())) return false;
    }
    return true;
  }

  function attributeAllowed(lower) {
    if (lower === "id") return true; // taken off: the page's own ids stay unique
    if (PAGE_STATE.has(lower)) return false;
    return ATTRIBUTES.has(lower) || FAMILIES.test(lower);
  }

  function show(app, nodes) {
    for (const el of nodes.children) {
      el.setAttribute("inert", "");
      el.setAttribute("aria-hidden", "true");
      el.classList.add("first-screen");
    }
    app.prepend(nodes); // the boot screen's empty table is hidden by the styles
    const log = app.querySelector(".first-screen [data-testid=log]");
    if (log) log.scrollTop = log.scrollHeight; // the newest lines, as Python shows them
    app.dataset.firstScreen = "shown";
    performance.mark("screen:first");
    // A tap or key before Python is ready is not taken: the loading notice says so.
    const nudge = (event) => {
      if (app.dataset.state !== "booting") return;
      const box = document.getElementById("boot");
      if (!box || event.target?.closest?.(".update")) return;
      box.classList.remove("nudge");
      void box.offsetWidth; // restart the animation
      box.classList.add("nudge");
    };
    document.addEventListener("pointerdown", nudge, true);
    document.addEventListener("keydown", nudge, true);
    // Python's screen replaces it; a failed start shows its error alone.
    const observer = new MutationObserver(() => {
      if (app.dataset.error) {
        for (const el of app.querySelectorAll(":scope > .first-screen")) el.remove();
      }
      if (app.dataset.state !== "booting" || app.dataset.error) {
        observer.disconnect();
        document.removeEventListener("pointerdown", nudge, true);
        document.removeEventListener("keydown", nudge, true);
      }
    });
    observer.observe(app, { attributes: true, attributeFilter: ["data-state", "data-error"] });
  }

  function wanted() {
    const query = new URLSearchParams(location.search);
    if (query.get("screen") === "0") return false;
    // A new match or an online table: not the table of last time.
    return !["new", "join", "host", "online"].some((name) => query.has(name));
  }

  // The stored screen as inert nodes, or the reason it is not shown ("stale",
  // "refused"), or null when there is none.
  function stored() {
    const store = storage();
    if (!store || !wanted()) return null;
    let text;
    try {
      text = store.getItem(KEY);
    } catch {
      return null;
    }
    if (text === null) return null;
    try {
      const record = text.length <= MAX_CHARS ? JSON.parse(text) : null;
      const lang = globalThis.schwimmenBoot?.lang ?? document.documentElement.lang;
      const why = stale(record, store.getItem(MATCH_KEY), lang);
      if (why) return why === "refused" ? why : "stale";
      return parse(record.markup) ?? "refused";
    } catch {
      return "refused";
    }
  }

  // Into #app as soon as the parser has made it: a mutation observer's callback runs
  // before the browser may paint what the parser added.
  function whenApp(callback) {
    const found = () => document.getElementById("app");
    if (found()) return callback(found());
    const observer = new MutationObserver(() => {
      if (!found()) return;
      observer.disconnect();
      callback(found());
    });
    observer.observe(document, { childList: true, subtree: true });
  }

  function showStored() {
    const screen = stored();
    if (screen === null) return;
    if (screen === "refused") {
      console.warn("Schwimmen: the stored first screen is not the game's; not shown");
    }
    whenApp((app) => {
      if (app.dataset.state !== "booting") return;
      if (typeof screen === "string") app.dataset.firstScreen = screen;
      else show(app, screen);
    });
  }

  // Called by app/dom.py as the page is hidden or goes away: remember what #app shows
  // (the screen's markup and the log) for the next start. True if it was kept.
  function keep(markup, lang) {
    const store = storage();
    if (!store) return false;
    try {
      const saved = store.getItem(MATCH_KEY);
      if (saved === null || typeof markup !== "string" || markup.length > MAX_CHARS) {
        store.removeItem(KEY); // nothing to resume, or too much to keep
        return false;
      }
      const record = { v: VERSION, release: RELEASE, lang, match: fingerprint(saved), markup };
      store.setItem(KEY, JSON.stringify(record));
      return true;
    } catch {
      try {
        store.removeItem(KEY); // a full storage: no screen rather than an old one
      } catch {
        // storage gone
      }
      return false;
    }
  }

  globalThis.schwimmenScreen = { keep, release: RELEASE };
  showStored();
})();
