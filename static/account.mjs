// Signing in to the table server with a passkey (docs/server.md, "Accounts"): the
// browser's side of WebAuthn. The server (server/accounts.py) makes the options and
// checks the answers; here they only travel between it and navigator.credentials.
// The session is an HttpOnly cookie this module never sees; every call goes to the
// page's own origin (the server serves the page), which sends the cookie.
//
//   const account = await import("./static/account.mjs");
//   await account.state();               // {signed_in, name, passkeys, passkeys_here}
//   await account.signIn(name);          // a passkey of this server, or a new one for `name`
//   await account.register(name);        // a new passkey (signed in: one more for the account)
//   await account.signOut(); await account.removePasskey(id); await account.remove();
//   await account.tables(seats);         // this device's seats join the account's; all listed

const BASE = new URL("../api/account", import.meta.url).pathname;

async function call(path, body) {
  const response = await fetch(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
    credentials: "same-origin",
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : {};
  if (!response.ok) {
    const error = new Error(data.error || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

function b64url(buffer) {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function bytes(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

function withIds(list) {
  return (list || []).map((c) => ({ ...c, id: bytes(c.id) }));
}

/** The server's options (JSON) as navigator.credentials takes them. */
function creationOptions(o) {
  return {
    ...o,
    challenge: bytes(o.challenge),
    user: { ...o.user, id: bytes(o.user.id) },
    excludeCredentials: withIds(o.excludeCredentials),
  };
}

function requestOptions(o) {
  return { ...o, challenge: bytes(o.challenge), allowCredentials: withIds(o.allowCredentials) };
}

/** A PublicKeyCredential as the JSON the server reads (toJSON() where the browser has it). */
function asJSON(credential) {
  if (typeof credential.toJSON === "function") return credential.toJSON();
  const r = credential.response;
  const response = { clientDataJSON: b64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = b64url(r.attestationObject);
    if (r.getTransports) response.transports = r.getTransports();
  } else {
    response.authenticatorData = b64url(r.authenticatorData);
    response.signature = b64url(r.signature);
    if (r.userHandle) response.userHandle = b64url(r.userHandle);
  }
  return {
    id: credential.id,
    rawId: b64url(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults?.() || {},
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
  };
}

function supported() {
  if (!window.PublicKeyCredential || !navigator.credentials) {
    throw new Error("this browser cannot use passkeys here (it needs https or localhost)");
  }
}

export function state() {
  return call("");
}

/** A new passkey: a new account named `name`, or (signed in) one more for the account. */
export async function register(name) {
  supported();
  const { ceremony, options } = await call("/register/options", { name });
  const made = await navigator.credentials.create({ publicKey: creationOptions(options) });
  return call("/register", { ceremony, credential: asJSON(made) });
}

/** Sign in with a passkey the browser offers; where it offers none (NotAllowedError),
 * register one for `name` instead. */
export async function signIn(name) {
  supported();
  const { ceremony, options } = await call("/sign-in/options", {});
  let answer;
  try {
    answer = await navigator.credentials.get({ publicKey: requestOptions(options) });
  } catch (error) {
    if (error?.name !== "NotAllowedError" || !name) throw error;
    return register(name);
  }
  return call("/sign-in", { ceremony, credential: asJSON(answer) });
}

export async function signOut() {
  await call("/sign-out", {});
  return true;
}

export async function removePasskey(id) {
  await call("/passkeys/remove", { id });
  return true;
}

export async function remove() {
  await call("/delete", {});
  return true;
}

/** This device's seats [{table, token}] become the account's; every seat of the
 * account comes back, each with its token. */
export async function tables(seats) {
  return (await call("/tables", { seats })).tables;
}

/** The signed-in person's ratings per rule set, each with its history. */
export async function ratings() {
  return (await call("/ratings")).ratings;
}

/** The leaderboard of a rule set (a preset's name, or "custom"). */
export async function leaderboard(rules) {
  const response = await fetch(new URL(`../api/ratings/${encodeURIComponent(rules)}`, import.meta.url), {
    cache: "no-store",
    credentials: "omit",
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data.ratings;
}

/** The rating of each signed-in person at a table: {seat: rating}. */
export async function tableRatings(table) {
  const response = await fetch(new URL(`../api/tables/${encodeURIComponent(table)}/ratings`, import.meta.url), {
    cache: "no-store",
    credentials: "omit",
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data.seats;
}

/** A one-time token (10 minutes) for a link that adds another device to the account. */
export function deviceLink() {
  return call("/device-link", {});
}

/** On the other device: a passkey for the account of the device link's `token`. */
export async function registerDevice(token) {
  supported();
  const { ceremony, options } = await call("/register/options", { device: token });
  const made = await navigator.credentials.create({ publicKey: creationOptions(options) });
  return call("/register", { ceremony, credential: asJSON(made) });
}
