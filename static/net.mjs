// Online play's connection layer: WebRTC data channels between one host and its guests,
// set up through a PeerJS signalling server. Text in, text out; no game logic here (the
// host's Python is the referee). Loaded only when a player opens or joins an online
// table: nothing connects anywhere before. docs/online.md tells the whole story.
//
//   const net = await import("./static/net.mjs");
//   const table = net.host();                    // table.id goes into the invite link
//   table.onConnection = (guest) => { guest.onMessage = (text) => ...; guest.send("hi"); };
//   const link = net.join(hostId);               // on a guest's page
//   link.onState = (state, detail) => ...;       // STATES below, detail a word or null
//   link.onMessage = (text) => ...;  link.send("hello");
//
// Handlers are plain properties (a Python callable works as one through Pyodide). Events
// that come before their handler is set wait for it and are handed over in order once it
// is (a guest's link reaches the host's onConnection already "open": its onState hears
// that "open" when set). host() and join() change no state while they run; `.state` and
// `.detail` always hold the latest.
//
// What arrives is checked before anything reaches a handler: only text, at most
// `maxBytes` of UTF-8 (default 64 KB); anything else is dropped and reported through
// onDropped(reason, bytes). The browser itself refuses data channel messages over its
// SCTP limit (256 KB in Chromium) before we see them.

const LIBRARY_URL = new URL("../vendor/peerjs/peerjs.min.js", import.meta.url);
const CONFIG_URL = new URL("../online.json", import.meta.url);

/** The words a link's or a host's state can be. */
export const STATES = Object.freeze([
  "connecting",
  "open",
  "reconnecting",
  "closed",
  "unreachable",
]);
export const DEFAULT_MAX_BYTES = 64 * 1024;
// Chromium's SCTP max-message-size: a data channel refuses to send more (and PeerJS then
// closes the channel), so no cap may be set above it.
const MAX_BYTES_LIMIT = 256 * 1024;
/** Waits, in milliseconds; `host` and `join` take any of them as options. */
export const TIMEOUTS = Object.freeze({
  signalMs: 10000, // the signalling server answers (else "unreachable", "signal")
  connectMs: 12000, // a data channel opens once signalling is up (else "peer")
  interruptedMs: 10000, // ICE "disconnected" this long: give the channel up, connect anew
  retryMs: [500, 1000, 2000, 4000, 8000], // between reconnection attempts (last one repeats)
});
const MAX_SIGNAL_LENGTH = 300;
const MAX_ID_LENGTH = 64;
// PeerJS's own rule for ids (util.validateId), and a bound on their length.
const ID_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
const ID_PREFIX = "schwimmen-";
const LOOPBACK_HOSTS = ["127.0.0.1", "localhost"];
const MAX_WAITING = 1000; // events kept for a handler not yet set; later ones are dropped
const MAX_GUEST_LINKS = 32; // a host's connections at once, open or opening

// ---------------------------------------------------------------------------------------
// Configuration: online.json (written by scripts/build.py), and ?signal= on top of it.

let builtConfig = null;

/** The build's settings (online.json), fetched once. */
export function builtSettings() {
  builtConfig ??= fetch(CONFIG_URL, { cache: "no-cache" }).then((response) => {
    if (!response.ok) throw new Error(`online.json: HTTP ${response.status}`);
    return response.json();
  });
  builtConfig.catch(() => (builtConfig = null)); // a failed fetch may be retried
  return builtConfig;
}

/**
 * The settings online play uses on this page, for the page to name: the signalling
 * server (`signal`, a ws:// or wss:// URL, or null when `problem` says why none),
 * where it came from (`source`: "build" or "url"), the ICE servers, the PeerJS key,
 * the servers ?signal= may name (`allowed`, `loopback`) and the library.
 */
export async function config(search = globalThis.location?.search ?? "") {
  return resolveConfig(await builtSettings(), search);
}

/**
 * `built` (online.json) with the page's `?signal=` applied. A ?signal= value is
 * untrusted input, as any URL parameter: it may only name one of the build's
 * signalling servers, or, when the build allows it (`loopback`), a plain ws:// server
 * on this machine (127.0.0.1 or localhost, any port and path). Anything else gives
 * `signal: null` and a `problem` in words. The page's Content Security Policy allows
 * exactly the same servers (scripts/build.py writes both from one setting).
 */
export function resolveConfig(built, search = "") {
  const base = {
    signal: built.signal[0],
    source: "build",
    problem: null,
    key: built.key,
    iceServers: built.iceServers,
    allowed: [...built.signal],
    loopback: Boolean(built.loopback),
    library: built.library ?? null,
  };
  const asked = new URLSearchParams(search).get("signal");
  if (asked === null) return base;
  const checked = checkSignal(asked, built);
  return checked.url
    ? { ...base, signal: checked.url, source: "url" }
    : { ...base, signal: null, source: "url", problem: checked.problem };
}

/** `{url}` (normalised) if `text` names a signalling server the build allows, else `{problem}`. */
export function checkSignal(text, built) {
  const refuse = (why) => ({ url: null, problem: why });
  if (typeof text !== "string" || text.length === 0) return refuse("empty");
  if (text.length > MAX_SIGNAL_LENGTH) return refuse(`longer than ${MAX_SIGNAL_LENGTH} characters`);
  let url;
  try {
    url = new URL(text);
  } catch {
    return refuse("not a URL");
  }
  if (url.protocol !== "ws:" && url.protocol !== "wss:") return refuse("not a ws:// or wss:// URL");
  if (url.username || url.password || url.search || url.hash) {
    return refuse("only scheme, host, port and path");
  }
  const href = url.href;
  const configured = built.signal.some((allowed) => new URL(allowed).href === href);
  const local = built.loopback && url.protocol === "ws:" && LOOPBACK_HOSTS.includes(url.hostname);
  if (configured || local) return { url: href, problem: null };
  return refuse("not a signalling server this page may use");
}

function peerOptions(settings, overrides) {
  const url = new URL(settings.signal);
  const secure = url.protocol === "wss:";
  return {
    host: url.hostname,
    port: Number(url.port || (secure ? 443 : 80)),
    path: url.pathname,
    secure,
    key: settings.key,
    config: { iceServers: overrides.iceServers ?? settings.iceServers },
    debug: 0, // PeerJS logs nothing: our states and details say it in words
  };
}

// ---------------------------------------------------------------------------------------
// The library, loaded on first use.

let library = null;

/** PeerJS's `Peer` class; the browser build is loaded (once) on first use. */
export function loadLibrary() {
  library ??= import(LIBRARY_URL.href).then(() => {
    const Peer = globalThis.peerjs?.Peer;
    if (typeof Peer !== "function") throw new Error("peerjs.min.js defined no Peer");
    return Peer;
  });
  library.catch(() => (library = null));
  return library;
}

// ---------------------------------------------------------------------------------------
// Small helpers.

/** A fresh id for a table or a guest: "schwimmen-" and 20 random hex digits. */
export function newId() {
  return ID_PREFIX + randomHex(10);
}

function randomHex(bytes) {
  return [...crypto.getRandomValues(new Uint8Array(bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** Whether `id` can name a table (PeerJS's rule and at most 64 characters). */
export function validId(id) {
  return typeof id === "string" && id.length <= MAX_ID_LENGTH && ID_PATTERN.test(id);
}

/** The UTF-8 length of `text`, counted only up to just over `limit`. */
export function utf8Length(text, limit = Infinity) {
  // Each UTF-16 unit is 1 to 3 bytes (a surrogate pair 4 for two): length is a lower bound.
  if (text.length > limit) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function retryDelay(timeouts, attempt) {
  const steps = timeouts.retryMs;
  return steps[Math.min(attempt, steps.length - 1)];
}

function call(handler, args) {
  try {
    handler(...args);
  } catch (error) {
    reportError(error); // a broken handler must not break the connection's bookkeeping
  }
}

/**
 * A handler property `name` on `target`; returns the function that fires it. Events
 * fired while no handler is set wait (at most MAX_WAITING) and are handed over, in
 * order, in a microtask after one is set.
 */
function handlerProperty(target, name) {
  let handler = null;
  let waiting = [];
  Object.defineProperty(target, name, {
    enumerable: true,
    get: () => handler,
    set: (fn) => {
      handler = typeof fn === "function" ? fn : null;
      if (handler && waiting.length) {
        const events = waiting;
        waiting = [];
        queueMicrotask(() => {
          for (const args of events) handler ? call(handler, args) : waiting.push(args);
        });
      }
    },
  });
  return (...args) => {
    if (handler) call(handler, args);
    else if (waiting.length < MAX_WAITING) waiting.push(args);
  };
}

class Failure extends Error {
  /** A step that did not work out; `detail` is the word a state change carries. */
  constructor(detail, message) {
    super(message || detail);
    this.detail = detail;
  }
}

// Which PeerJS errors (`error.type`) mean what, in our words.
const SIGNAL_ERRORS = new Set([
  "network",
  "socket-error",
  "socket-closed",
  "server-error",
  "invalid-key",
  "disconnected",
]);
function failureOf(error) {
  const type = error?.type;
  if (type === "peer-unavailable") return new Failure("host", error.message);
  if (type === "unavailable-id") return new Failure("id-taken", error.message);
  if (type === "browser-incompatible") return new Failure("webrtc", error.message);
  if (type === "invalid-id") return new Failure("bad-id", error.message);
  if (SIGNAL_ERRORS.has(type)) return new Failure("signal", error.message);
  return new Failure("peer", error?.message);
}

/**
 * Resolves when `peer` is registered with the signalling server; rejects with a
 * Failure on an error, on the peer's end, or after `ms`.
 */
function whenRegistered(peer, ms) {
  if (peer.open) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (settle, value) => {
      clearTimeout(timer);
      peer.off("open", onOpen);
      peer.off("error", onError);
      peer.off("close", onClose);
      settle(value);
    };
    const onOpen = () => done(resolve);
    const onError = (error) => done(reject, failureOf(error));
    const onClose = () => done(reject, new Failure("signal", "closed"));
    const late = () => done(reject, new Failure("signal", `no answer in ${ms} ms`));
    const timer = setTimeout(late, ms);
    peer.on("open", onOpen);
    peer.on("error", onError);
    peer.on("close", onClose);
  });
}

// ---------------------------------------------------------------------------------------
// A link: one data channel's worth of talk with one other page, as the app sees it.

class Link {
  constructor(remoteId, maxBytes) {
    /** The other page's id (the table's on a guest's page, the guest's on the host's). */
    this.id = remoteId;
    this.state = "connecting";
    this.detail = null;
    this.maxBytes = maxBytes;
    this._conn = null;
    this._closed = false;
    this._fireState = handlerProperty(this, "onState");
    this._fireMessage = handlerProperty(this, "onMessage");
    this._fireDropped = handlerProperty(this, "onDropped");
    this._stop = () => {};
  }

  /**
   * Send `text`; true if it went out, false while the link is not open (nothing is
   * queued: the app sends again what matters once it is open again). Text over
   * `maxBytes` of UTF-8 is refused with a RangeError (the other side would drop it).
   */
  send(text) {
    if (typeof text !== "string") throw new TypeError("send(text) takes a string");
    const bytes = utf8Length(text, this.maxBytes);
    if (bytes > this.maxBytes) {
      throw new RangeError(`message of ${bytes}+ bytes is over the cap of ${this.maxBytes}`);
    }
    if (this.state !== "open" || !this._conn?.open) return false;
    this._conn.send(text);
    return true;
  }

  /** End the link for good (state "closed", detail "local"). */
  close() {
    if (this._closed) return;
    this._closed = true;
    this._stop();
    this._detach(true);
    this._set("closed", "local");
  }

  _set(state, detail = null) {
    if (this.state === state && this.detail === detail) return;
    if (this.state === "closed" || this.state === "unreachable") return; // final
    this.state = state;
    this.detail = detail;
    this._fireState(state, detail);
  }

  /** ICE says the channel is cut (true) or back (false). */
  _interrupted(cut) {
    this._set(cut ? "reconnecting" : "open", cut ? "network" : null);
  }

  _attach(conn) {
    this._detach(true);
    this._conn = conn;
    conn.on("data", (data) => {
      if (this._conn === conn) this._receive(data);
    });
  }

  _detach(close) {
    const conn = this._conn;
    this._conn = null;
    if (conn) {
      conn.removeAllListeners("data");
      if (close) conn.close();
    }
  }

  _receive(data) {
    if (typeof data !== "string") {
      const bytes = data?.byteLength ?? data?.size ?? 0;
      this._fireDropped("binary", bytes);
      return;
    }
    const bytes = utf8Length(data, this.maxBytes);
    if (bytes > this.maxBytes) {
      this._fireDropped("too-large", bytes);
      return;
    }
    this._fireMessage(data);
  }
}

/**
 * Settles once `conn` (an open PeerJS DataConnection) is gone: it closed, or ICE stayed
 * "disconnected" for `timeouts.interruptedMs`. Meanwhile an interruption is reported
 * through `interrupted(true|false)`. Resolves with the detail word ("lost").
 */
function whileOpen(conn, timeouts, interrupted) {
  return new Promise((resolve) => {
    let timer = 0;
    const end = () => {
      clearTimeout(timer);
      conn.off("close", end);
      conn.off("iceStateChanged", onIce);
      resolve("lost");
    };
    const onIce = (ice) => {
      if (ice === "disconnected") {
        interrupted(true);
        clearTimeout(timer);
        timer = setTimeout(() => conn.close(), timeouts.interruptedMs);
      } else if (ice === "connected" || ice === "completed") {
        clearTimeout(timer);
        interrupted(false);
      }
    };
    conn.on("close", end);
    conn.on("iceStateChanged", onIce);
    if (!conn.open) end();
  });
}

function options(given) {
  const timeouts = { ...TIMEOUTS };
  for (const key of Object.keys(TIMEOUTS)) if (given[key] !== undefined) timeouts[key] = given[key];
  const maxBytes = given.maxBytes ?? DEFAULT_MAX_BYTES;
  if (!(Number.isInteger(maxBytes) && maxBytes > 0 && maxBytes <= MAX_BYTES_LIMIT)) {
    throw new RangeError(`maxBytes: a whole number from 1 to ${MAX_BYTES_LIMIT}`);
  }
  return { timeouts, maxBytes };
}

async function settingsFor(given) {
  const settings = await config();
  if (given.signal !== undefined) {
    // A signalling server named by the caller is checked like ?signal= (it may come from one).
    const checked = checkSignal(given.signal, await builtSettings());
    return checked.url
      ? { ...settings, signal: checked.url, source: "option", problem: null }
      : { ...settings, signal: null, source: "option", problem: checked.problem };
  }
  return settings;
}

// ---------------------------------------------------------------------------------------
// Joining a table.

/**
 * Join the table `hostId` (from the invite link). Returns a link at once, in state
 * "connecting"; then:
 *   open          the data channel to the host is up: send and receive;
 *   reconnecting  it broke or is interrupted ("network": waiting for it to come back,
 *                 "lost": connecting anew, "host": the table is not there right now,
 *                 e.g. the host reloads, "signal": no signalling server); the link
 *                 keeps trying until it is open again or closed;
 *   unreachable   the first connection did not come about (detail "signal": the
 *                 signalling server did not answer within 10 s; "signal-refused":
 *                 ?signal= names a server this page may not use; "host": no table
 *                 with that id; "peer": no direct connection to the host; "webrtc":
 *                 no WebRTC here; "bad-id"). Final: join again to retry;
 *   closed        close() was called (final).
 * Options: maxBytes, iceServers (instead of the build's), signal (checked like
 * ?signal=), and any of TIMEOUTS.
 */
export function join(hostId, given = {}) {
  const { timeouts, maxBytes } = options(given);
  const link = new Link(hostId, maxBytes);
  let peer = null;
  link._stop = () => peer?.destroy();

  const connectOnce = () =>
    new Promise((resolve, reject) => {
      const conn = peer.connect(hostId, { reliable: true, serialization: "raw" });
      const done = (settle, value) => {
        clearTimeout(timer);
        peer.off("error", onPeerError);
        conn.off("open", onOpen);
        conn.off("close", onClose);
        if (settle === reject) conn.close();
        settle(value);
      };
      const onOpen = () => done(resolve, conn);
      const onClose = () => done(reject, new Failure("peer", "closed while connecting"));
      const onPeerError = (error) => done(reject, failureOf(error));
      const timer = setTimeout(
        () => done(reject, new Failure("peer", `no data channel in ${timeouts.connectMs} ms`)),
        timeouts.connectMs,
      );
      conn.on("open", onOpen);
      conn.on("close", onClose);
      peer.on("error", onPeerError);
    });

  const signalUp = async (settings, Peer) => {
    if (peer && !peer.destroyed && peer.open) return;
    if (peer && !peer.destroyed && peer.disconnected) {
      peer.reconnect();
    } else {
      peer?.destroy();
      peer = new Peer(newId(), peerOptions(settings, given));
      peer.on("error", () => {}); // every error is also seen by the step waiting on it
    }
    await whenRegistered(peer, timeouts.signalMs);
  };

  (async () => {
    let everOpen = false;
    for (let attempt = 0; !link._closed; attempt++) {
      try {
        if (!validId(hostId)) throw new Failure("bad-id", `no table id: ${hostId}`);
        const settings = await settingsFor(given);
        if (!settings.signal) throw new Failure("signal-refused", settings.problem);
        const Peer = await loadLibrary().catch((error) => {
          throw new Failure("webrtc", String(error));
        });
        if (link._closed) return;
        await signalUp(settings, Peer);
        if (link._closed) return;
        const conn = await connectOnce();
        if (link._closed) return conn.close();
        link._attach(conn);
        link._set("open");
        everOpen = true;
        attempt = -1;
        const detail = await whileOpen(conn, timeouts, (cut) => link._interrupted(cut));
        if (link._closed) return;
        link._detach(false);
        link._set("reconnecting", detail);
      } catch (error) {
        if (link._closed) return;
        const failure = error instanceof Failure ? error : new Failure("peer", String(error));
        if (!everOpen || failure.detail === "signal-refused" || failure.detail === "bad-id") {
          link._stop();
          link._detach(true);
          link._set("unreachable", failure.detail);
          return;
        }
        link._set("reconnecting", failure.detail);
      }
      await sleep(retryDelay(timeouts, Math.max(attempt, 0)));
    }
  })();
  return link;
}

// ---------------------------------------------------------------------------------------
// Hosting a table.

/**
 * Open a table: register `id` (given, e.g. kept from before a reload, or new) with the
 * signalling server and accept guests. Returns at once, in state "connecting", with
 * `id` (for the invite link) and `token` (keep both to take the same id again after a
 * reload: the server gives an id back only to the token that registered it). Then:
 *   open          registered: guests can join;
 *   reconnecting  the signalling server went away (detail "signal"): guests that are
 *                 connected stay, new ones wait until it is back;
 *   unreachable   the first registration did not come about ("signal",
 *                 "signal-refused", "id-taken": another page holds the id, "webrtc",
 *                 "bad-id"). Final;
 *   closed        close() was called: every guest's link closes too.
 * Each guest whose data channel opens is handed to onConnection(link), open; its link
 * goes "reconnecting" ("network") while interrupted and "closed" ("lost") when gone (a
 * guest who comes back is a new link). Options: id, token, maxBytes, iceServers,
 * signal, TIMEOUTS; maxGuests (connections at once, default 32).
 */
export function host(given = {}) {
  const { timeouts, maxBytes } = options(given);
  const table = {
    id: given.id ?? newId(),
    token: given.token ?? randomHex(16),
    state: "connecting",
    detail: null,
    /** The open (or interrupted) links to guests. */
    guests: new Set(),
  };
  // What the host's steps below share: the table, its options and its moving parts.
  const h = {
    table,
    given,
    timeouts,
    maxBytes,
    maxGuests: given.maxGuests ?? MAX_GUEST_LINKS,
    fireState: handlerProperty(table, "onState"),
    fireConnection: handlerProperty(table, "onConnection"),
    peer: null,
    closed: false,
    opening: 0, // guests' connections accepted whose data channel is not open yet
  };
  table.close = () => {
    if (h.closed) return;
    h.closed = true;
    stopHosting(h);
    setHostState(h, "closed", "local");
  };
  keepRegistered(h);
  return table;
}

/** The table's new state; a final one ("closed", "unreachable") stays. */
function setHostState(h, state, detail = null) {
  const table = h.table;
  if (table.state === state && table.detail === detail) return;
  if (table.state === "closed" || table.state === "unreachable") return;
  table.state = state;
  table.detail = detail;
  h.fireState(state, detail);
}

/** Leave the signalling server and close every guest's link. */
function stopHosting(h) {
  h.peer?.destroy();
  for (const guest of h.table.guests) guest.close();
}

/** A guest's connection: a link once its data channel opens (within connectMs), else closed. */
function acceptGuest(h, conn) {
  const { table, timeouts } = h;
  // Guests choose the channel's kind in their offer: only ours is taken (PeerJS's other
  // serialisations decode binary formats and put chunks together before we see them).
  const full = table.guests.size + h.opening >= h.maxGuests;
  if (h.closed || full || conn.serialization !== "raw" || !conn.reliable) {
    conn.close();
    return;
  }
  h.opening++;
  const link = new Link(conn.peer, h.maxBytes);
  let settled = false;
  const opened = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    h.opening--;
    if (h.closed) return conn.close();
    link._attach(conn);
    link._set("open");
    table.guests.add(link);
    link._stop = () => table.guests.delete(link);
    whileOpen(conn, timeouts, (cut) => link._interrupted(cut)).then((detail) => {
      table.guests.delete(link);
      link._detach(true);
      link._set("closed", detail);
    });
    h.fireConnection(link);
  };
  const failed = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    h.opening--;
    conn.close();
  };
  const timer = setTimeout(failed, timeouts.connectMs);
  conn.once("open", opened);
  conn.once("close", failed);
  if (conn.open) opened();
}

/** Register the table's id with the signalling server (again, after it went away). */
async function registerTable(h, settings, Peer) {
  const peer = h.peer;
  if (peer && !peer.destroyed && peer.disconnected) {
    peer.reconnect();
  } else {
    peer?.destroy();
    const { table, given } = h;
    h.peer = new Peer(table.id, { ...peerOptions(settings, given), token: table.token });
    h.peer.on("error", () => {});
    h.peer.on("connection", (conn) => acceptGuest(h, conn));
  }
  await whenRegistered(h.peer, h.timeouts.signalMs);
}

/** Resolves "signal" once the signalling server lets the registration go. */
function whileRegistered(peer) {
  return new Promise((resolve) => {
    const end = () => {
      peer.off("disconnected", end);
      peer.off("close", end);
      resolve("signal");
    };
    peer.on("disconnected", end);
    peer.on("close", end);
    if (!peer.open) end();
  });
}

/** Stay registered until closed: "open" while registered, "reconnecting" between
 * tries; a first registration that fails is final ("unreachable"). */
async function keepRegistered(h) {
  let everOpen = false;
  for (let attempt = 0; !h.closed; attempt++) {
    try {
      if (!validId(h.table.id)) throw new Failure("bad-id", `no table id: ${h.table.id}`);
      const settings = await settingsFor(h.given);
      if (!settings.signal) throw new Failure("signal-refused", settings.problem);
      const Peer = await loadLibrary().catch((error) => {
        throw new Failure("webrtc", String(error));
      });
      if (h.closed) return;
      await registerTable(h, settings, Peer);
      if (h.closed) return;
      setHostState(h, "open");
      everOpen = true;
      attempt = -1;
      const detail = await whileRegistered(h.peer);
      if (h.closed) return;
      setHostState(h, "reconnecting", detail);
    } catch (error) {
      if (h.closed) return;
      const failure = error instanceof Failure ? error : new Failure("signal", String(error));
      if (!everOpen) {
        stopHosting(h);
        setHostState(h, "unreachable", failure.detail);
        return;
      }
      setHostState(h, "reconnecting", failure.detail);
    }
    await sleep(retryDelay(h.timeouts, Math.max(attempt, 0)));
  }
}
