// A table server's connection layer (docs/server.md): one WebSocket per page to the
// server the build names (online.json's `server`), speaking the same guest messages as a
// data channel to a host's page, and the server's HTTP API. Text in, text out; no game
// logic here. Loaded only when a server table is opened, like net.mjs for WebRTC.
//
//   const tables = await import("./static/tables.mjs");
//   const made = await tables.create({ name, players, preset, rules, move_time, on_timeout, bot_level });
//   const link = tables.join(made.table);        // link.onState, link.onMessage, link.send(text)
//   await tables.myTables([{ table, token }]);   // whose turn, the time left
//   await tables.remind(table, token, "de");     // Web Push reminders for this seat
//
// A link reconnects by itself (0.5, 1, 2, 4, 8, 8 ... s) and says "reconnecting" meanwhile;
// the page says hello again (with its seat's token) each time it is "open", and the server
// sends its whole view again. Seat tokens go in message and request bodies only, never in
// a URL. What arrives is checked first: only text, at most MAX_BYTES; the rest is dropped
// and reported through onDropped(reason, bytes).

const CONFIG_URL = new URL("../online.json", import.meta.url);

export const STATES = Object.freeze(["connecting", "open", "reconnecting", "closed", "unreachable"]);
export const MAX_BYTES = 1024 * 1024; // a guest reads at most this much of one message
export const TIMEOUTS = Object.freeze({
  connectMs: 10000, // the first connection opens (else "unreachable", "server")
  retryMs: [500, 1000, 2000, 4000, 8000],
});
const TABLE_ID = /^[a-z0-9]{16}$/;
const MAX_WAITING = 1000;

let built = null;

/** The build's settings (online.json): `server` is the table server's origin, or null. */
export async function config() {
  built ??= fetch(CONFIG_URL, { cache: "no-cache" }).then((r) => {
    if (!r.ok) throw new Error(`online.json: HTTP ${r.status}`);
    return r.json();
  });
  built.catch(() => (built = null));
  const settings = await built;
  return { server: typeof settings.server === "string" ? settings.server : null };
}

async function origin() {
  const { server } = await config();
  if (!server) throw new Error("this build names no table server");
  return server;
}

async function call(path, body) {
  const base = await origin();
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
    credentials: "omit",
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : {};
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

/** A new table with the creator at seat 0: {table, seat, token}. */
export function create(choices) {
  return call("/api/tables", choices);
}

/** What an invitation shows of table `id` (players, preset, move time, names, open seats). */
export function info(id) {
  if (!TABLE_ID.test(String(id))) return Promise.reject(new Error("no such table"));
  return call(`/api/tables/${id}`);
}

/** The open tables: [{table, players, preset, lives, move_time, names, free}], the oldest first. */
export async function openTables() {
  return (await call("/api/open-tables")).tables;
}

/** "Play now": {table} of the oldest open table that fits, or {table, seat, token} of a new one. */
export function playNow(choices) {
  return call("/api/play-now", choices);
}

/** A finished match of table `id` after `step` moves, as a watcher sees it:
 * {step, moves, state} (`state`: the body of a `state` message, the public view). */
export function replay(id, step) {
  if (!TABLE_ID.test(String(id))) return Promise.reject(new Error("no such table"));
  return call(`/api/tables/${id}/replay/${Math.max(0, Math.floor(Number(step)) || 0)}`);
}

/** The tables these seats are at: [{table, seat, names, turn, your_turn, left_ms, ...}]. */
export async function myTables(seats) {
  return (await call("/api/my-tables", { seats })).tables;
}

function b64url(buffer) {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromB64url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

/** Web Push reminders for the seat of `token` at `table`, shown by the service worker
 * (asks for the permission to notify); `off` stops them; `daily`: one summary a day
 * instead of a push per move. Resolves to true when set. */
export async function remind(table, token, lang = "en", off = false, daily = false) {
  if (off) {
    await call(`/api/tables/${table}/push`, { token, off: true });
    return true;
  }
  // The permission first, while the click that asked for it still counts as the person's.
  if (typeof Notification === "undefined" || !("serviceWorker" in navigator)) return false;
  if ((await Notification.requestPermission()) !== "granted") return false;
  const registration = await navigator.serviceWorker.ready;
  const { key } = await call("/api/push/key");
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromB64url(key),
    }));
  const keys = {
    p256dh: b64url(subscription.getKey("p256dh")),
    auth: b64url(subscription.getKey("auth")),
  };
  await call(`/api/tables/${table}/push`, {
    token,
    lang,
    daily: daily === true,
    subscription: { endpoint: subscription.endpoint, keys },
  });
  return true;
}

class Link {
  constructor(id, options) {
    this.id = id;
    this.state = "connecting";
    this.detail = null;
    this.timeouts = { ...TIMEOUTS, ...(options.timeouts ?? {}) };
    this.socket = null;
    this.everOpen = false;
    this.attempt = 0;
    this.waiting = [];
    this._handlers = {};
    this.closedByPage = false;
    queueMicrotask(() => this._connect());
  }

  // Handlers as plain properties; what came before one was set waits for it.
  set onState(fn) {
    this._set("state", fn);
  }
  set onMessage(fn) {
    this._set("message", fn);
  }
  set onDropped(fn) {
    this._set("dropped", fn);
  }

  _set(kind, fn) {
    this._handlers[kind] = fn;
    const keep = [];
    for (const [k, args] of this.waiting) {
      if (k === kind) fn(...args);
      else keep.push([k, args]);
    }
    this.waiting = keep;
  }

  _emit(kind, ...args) {
    const fn = this._handlers[kind];
    if (fn) fn(...args);
    else if (this.waiting.length < MAX_WAITING) this.waiting.push([kind, args]);
  }

  _setState(state, detail = null) {
    this.state = state;
    this.detail = detail;
    this._emit("state", state, detail);
  }

  async _connect() {
    if (this.closedByPage) return;
    let base;
    try {
      base = await origin();
    } catch {
      this._setState("unreachable", "no-server");
      return;
    }
    if (!TABLE_ID.test(this.id)) {
      this._setState("unreachable", "bad-id");
      return;
    }
    const url = `${base.replace(/^http/, "ws")}/api/tables/${this.id}/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    const timer = setTimeout(() => socket.readyState === 0 && socket.close(), this.timeouts.connectMs);
    socket.onopen = () => {
      clearTimeout(timer);
      this.everOpen = true;
      this.attempt = 0;
      this._setState("open");
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== "string") {
        this._emit("dropped", "binary", event.data?.size ?? 0);
        return;
      }
      const bytes = new TextEncoder().encode(event.data).length;
      if (bytes > MAX_BYTES) this._emit("dropped", "too-large", bytes);
      else this._emit("message", event.data);
    };
    socket.onclose = (event) => {
      clearTimeout(timer);
      if (this.socket !== socket || this.closedByPage) return;
      if (event.code === 4404 || event.code === 1008) {
        this._setState("unreachable", event.code === 4404 ? "host" : "refused");
        return;
      }
      if (!this.everOpen && this.attempt >= this.timeouts.retryMs.length) {
        this._setState("unreachable", "server");
        return;
      }
      this._setState("reconnecting", this.everOpen ? "lost" : "server");
      const waits = this.timeouts.retryMs;
      const wait = waits[Math.min(this.attempt, waits.length - 1)];
      this.attempt += 1;
      setTimeout(() => this._connect(), wait);
    };
  }

  /** Send one text; true if sent, false while not open. */
  send(text) {
    if (this.state !== "open" || !this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(String(text));
    return true;
  }

  close() {
    this.closedByPage = true;
    if (this.socket) this.socket.close(1000);
    this._setState("closed", "local");
  }
}

/** A page's connection to table `id` of the build's server (see the module text). */
export function join(id, options = {}) {
  return new Link(String(id), options);
}
