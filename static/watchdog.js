// Boot screen and watchdog: the page's first script (a file, not inline, so a strict
// Content Security Policy allows it). It
//   - shows the boot screen in the player's language: ?lang=, else the saved
//     language, else the browser's (German for de-*, else English, as app.settings.model);
//   - moves the progress bar as static/boot.mjs reports the bytes loaded;
//   - turns any start-up failure (a missing file, a Python error, 60 s without
//     progress) into readable words and data-error on #app instead of a blank page,
//     whatever the page's markup is by then;
//   - once Python has drawn the first screen, registers the service worker, so its
//     precache does not compete with the start-up; when a new release has been
//     downloaded and waits (static/sw.js), offers "new version: reload"; in idle time
//     asks the worker to check this release's cached files again (#app data-verified:
//     ok, repaired or failed), and after a failed start too, reloading once when a
//     damaged file was fetched anew;
//   - marks a failed start in the note app/recovery.py keeps (the next start then sets
//     the saved match aside);
//   - gives this tab an id and holds a Web Lock named after it for the page's life,
//     then asks which other tabs of the game are open (app/tabs.py, app/main.py).
"use strict";

(() => {
  const BOOT_TIMEOUT_MS = 60000;
  const TEXTS = {
    de: {
      failed: "Das Spiel konnte nicht starten.",
      timeout: "Seit 60 Sekunden geht der Start nicht voran.",
      missing: "Eine Datei fehlt: ",
      retry: "Bitte die Seite neu laden.",
      update: "Eine neue Version ist da.",
      reload: "Neu laden",
    },
    en: {
      failed: "The game could not start.",
      timeout: "The start has not moved on for 60 seconds.",
      missing: "A file is missing: ",
      retry: "Please reload the page.",
      update: "A new version is ready.",
      reload: "Reload",
    },
  };

  function savedLanguage() {
    try {
      const text = localStorage.getItem("schwimmen.settings");
      // Only a plain, small record: anything else is the app's to report, not ours.
      if (!text || text.length > 10000) return null;
      const lang = JSON.parse(text)?.data?.lang;
      return lang === "de" || lang === "en" ? lang : null;
    } catch {
      return null;
    }
  }

  function bootLanguage() {
    const asked = new URLSearchParams(location.search).get("lang");
    if (asked === "de" || asked === "en") return asked;
    const saved = savedLanguage();
    if (saved) return saved;
    return String(navigator.language || "").toLowerCase().startsWith("de") ? "de" : "en";
  }

  // Bytes as hexadecimal text (ids, SHA-256 digests); static/boot.mjs uses it too.
  function hex(bytes) {
    return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  const lang = bootLanguage();
  document.documentElement.lang = lang; // CSS shows the boot texts of this language

  const app = () => document.getElementById("app");
  const booting = () => app()?.dataset.state === "booting";

  function progress(fraction) {
    const bar = document.getElementById("boot-progress");
    const figure = document.getElementById("boot-percent");
    if (!bar || !booting()) return;
    const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
    if (percent > bar.value) watch(); // moving on: a slow network is no failure
    bar.value = percent;
    if (figure) figure.textContent = `${percent} %`;
  }

  // The note of the start under way (app/recovery.py writes it once Python runs):
  // marked failed, so that the next start sets the records it read aside.
  function markFailedStart() {
    try {
      const note = JSON.parse(localStorage.getItem(START_NOTE) || "null");
      if (note && note.tab === tabId) {
        localStorage.setItem(START_NOTE, JSON.stringify({ ...note, failed: true }));
      }
    } catch {
      // storage off, or a note that is not ours to read: recovery is a help
    }
  }

  // The service worker checks this release's cached files; resolves to its answer
  // ({repaired, failed}), or null without a worker or an answer within 60 s.
  function verifyFiles() {
    const worker = navigator.serviceWorker?.controller;
    if (!worker) return Promise.resolve(null);
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      const timer = setTimeout(() => resolve(null), 60000);
      channel.port1.onmessage = ({ data }) => {
        clearTimeout(timer);
        resolve(data);
      };
      worker.postMessage({ type: "verify" }, [channel.port2]);
    });
  }

  // A start that failed may have read a damaged cached file (a release cache is never
  // checked by the browser): have the files checked, and if one was fetched anew, start
  // again once (a second failure in this tab is shown as it is).
  function repairAfterFailure() {
    let tried = false;
    try {
      tried = sessionStorage.getItem(REPAIR_NOTE) === "1";
    } catch {
      tried = true; // no way to remember the try: never risk a loop of reloads
    }
    if (tried) return;
    verifyFiles().then((answer) => {
      if (!answer || !answer.repaired || answer.repaired.length === 0) return;
      console.warn("Schwimmen: damaged files were fetched again:", answer.repaired);
      try {
        sessionStorage.setItem(REPAIR_NOTE, "1");
      } catch {
        return;
      }
      location.reload();
    });
  }

  function failed(reason) {
    const root = app();
    if (root && (!booting() || root.dataset.error)) return;
    markFailedStart();
    repairAfterFailure();
    const t = TEXTS[lang];
    const message =
      reason === "timeout" ? t.timeout
      : reason && reason.missing ? t.missing + reason.missing
      : String(reason);
    if (root) root.dataset.error = message;
    // The app may have replaced the boot markup already: then the box is made anew.
    let box = document.getElementById("boot-error");
    if (!box) {
      box = document.createElement("div");
      box.id = "boot-error";
      box.className = "boot-error";
      box.setAttribute("role", "alert");
      (root || document.body || document.documentElement).append(box);
    }
    const head = document.createElement("strong");
    head.textContent = t.failed;
    const detail = document.createElement("pre");
    detail.textContent = message;
    const hint = document.createElement("span");
    hint.textContent = t.retry;
    box.replaceChildren(head, detail, hint);
    box.hidden = false;
    const screen = document.getElementById("boot");
    if (screen) screen.hidden = true;
  }

  // Chromium lets a new release that called skipWaiting() take over once the old
  // release's worker stops, and asks that worker to stop as soon as it is idle. If any
  // request from a page reaches the old worker while it is stopping, Chromium starts it
  // again and forgets the hurry: the new release then waits until the old worker has
  // been idle for 30 s (never, while DevTools is attached), and a second skipWaiting()
  // does not ask again. Starting a worker in the scope does (Chromium looks at the
  // registration as for a navigation): so every 2 s until the switch, at most 30 times.
  const NUDGE_MS = 2000;
  const NUDGES = 30;
  function nudgeUntilTakenOver(registration, tries = 0) {
    setTimeout(() => {
      if (!registration.waiting || tries >= NUDGES) return; // switched, or gone
      try {
        new Worker("./static/take-over-worker.js").onerror = (event) => event.preventDefault();
      } catch {
        return; // no workers here: the browser switches when the old pages close
      }
      nudgeUntilTakenOver(registration, tries + 1);
    }, NUDGE_MS);
  }

  // A new release installed beside the one this page runs on: offer to switch. The
  // page keeps its files until the player says so (the saved match goes along). Once
  // the new release takes over, every open page of the old one reloads with it, so
  // none goes on with a mix of two releases' files.
  function watchForUpdates(registration) {
    // Reload into the same match: without the parameters that would deal a new one.
    const reload = () => {
      const again = new URL(location.href);
      again.searchParams.delete("new");
      again.searchParams.delete("seed");
      location.replace(again.href);
    };
    let following = false;
    const follow = () => {
      if (following) return;
      following = true;
      navigator.serviceWorker.addEventListener("controllerchange", reload);
    };
    const offer = () => {
      if (!navigator.serviceWorker.controller) return;
      follow();
      if (document.getElementById("update")) return;
      const t = TEXTS[lang];
      const bar = document.createElement("div");
      bar.id = "update";
      bar.className = "update";
      bar.setAttribute("role", "status");
      bar.dataset.testid = "update";
      const text = document.createElement("span");
      text.textContent = t.update;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = t.reload;
      button.dataset.action = "update-reload";
      button.addEventListener("click", () => {
        // The newest waiting release; none left: another tab has switched already.
        const waiting = registration.waiting;
        if (!waiting) return reload();
        waiting.postMessage({ type: "take-over" });
        nudgeUntilTakenOver(registration);
      });
      bar.append(text, button);
      document.body.append(bar);
    };
    if (registration.waiting) offer();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed") offer();
      });
    });
  }

  // This tab's id, and its Web Lock for the page's whole life (the browser drops it
  // when the tab closes or crashes); then which other tabs hold one. Asked now, so that
  // the answer is there when Python starts; taken first, so that two tabs starting
  // together see each other.
  const TAB_LOCK = "schwimmen.tab.";
  const START_NOTE = "schwimmen.start"; // app/recovery.py's note of a start under way
  const REPAIR_NOTE = "schwimmen.repaired"; // sessionStorage: a failed start reloaded once
  const tabId = hex(crypto.getRandomValues(new Uint8Array(8)));
  let openTabs = Promise.resolve(null);
  if (navigator.locks) {
    navigator.locks.request(TAB_LOCK + tabId, () => new Promise(() => {}));
    openTabs = navigator.locks.query().then(
      (state) =>
        state.held
          .map((lock) => lock.name)
          .filter((name) => name.startsWith(TAB_LOCK) && name !== TAB_LOCK + tabId)
          .map((name) => name.slice(TAB_LOCK.length)),
      () => null,
    );
  }

  // The memory snapshot (static/boot.mjs makes and checks it), when one is stored: read
  // and hashed from now on, while the page's modules still load, so that it is ready
  // when the interpreter wants it. boot.mjs decides whether it may be used.
  const SNAPSHOT = { cache: "schwimmen.snapshot", key: new URL("./__snapshot__", location.href).href };
  let storedSnapshot = Promise.resolve(null);
  if (globalThis.caches && new URLSearchParams(location.search).get("snapshot") !== "0") {
    storedSnapshot = caches
      .open(SNAPSHOT.cache)
      .then((cache) => cache.match(SNAPSHOT.key))
      .then((stored) => {
        if (!stored) return null;
        const bytes = stored.arrayBuffer().then((buffer) => new Uint8Array(buffer));
        const digest = bytes.then((data) => crypto.subtle.digest("SHA-256", data));
        bytes.catch(() => {});
        digest.catch(() => {}); // both are awaited, and reported, by boot.mjs
        return { headers: stored.headers, bytes, digest };
      })
      .catch((error) => {
        console.warn("Schwimmen: the stored memory snapshot is unreadable:", error);
        return null;
      });
  }

  globalThis.schwimmenBoot = {
    lang,
    progress,
    failed,
    tabId,
    openTabs,
    SNAPSHOT,
    storedSnapshot,
    hex,
  };

  // The watchdog fires after BOOT_TIMEOUT_MS without progress.
  let timer = 0;
  function watch() {
    clearTimeout(timer);
    timer = setTimeout(() => failed("timeout"), BOOT_TIMEOUT_MS);
  }
  watch();
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement) {
        failed({ missing: target.getAttribute("src") || "script" });
      } else if (event instanceof ErrorEvent) {
        failed(event.message || "error");
      }
    },
    true, // a script that fails to load fires "error" on its element, seen only while capturing
  );
  addEventListener("unhandledrejection", (event) => failed(String(event.reason)));

  const observer = new MutationObserver(() => {
    const root = app();
    if (!root || root.dataset.state === "booting") return;
    observer.disconnect();
    clearTimeout(timer);
    if ("serviceWorker" in navigator && !root.dataset.error) {
      const controlled = Boolean(navigator.serviceWorker.controller);
      navigator.serviceWorker
        .register("./sw.js")
        .then(watchForUpdates)
        .catch((error) => console.warn("no offline mode:", error));
      try {
        sessionStorage.removeItem(REPAIR_NOTE); // this start worked
      } catch {
        // nothing to forget
      }
      // Served from the cache: check its files again in idle time (a first visit's
      // files were checked as they were cached).
      if (controlled) {
        const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 2000));
        idle(
          () =>
            verifyFiles().then((answer) => {
              const state = !answer ? "failed"
                : answer.repaired.length ? "repaired"
                : answer.failed.length ? "failed"
                : "ok";
              if (answer?.repaired.length) {
                console.warn("Schwimmen: damaged files were fetched again:", answer.repaired);
              }
              app()?.setAttribute("data-verified", state);
            }),
          { timeout: 10000 },
        );
      }
    }
  });
  observer.observe(document.documentElement, { subtree: true, attributeFilter: ["data-state"] });
})();
