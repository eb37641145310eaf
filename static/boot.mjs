// The page's interpreter module. index.html loads it first, so Python starts while
// PyScript itself is still loading; PyScript imports it again as its `interpreter`
// (pyscript.toml) and calls loadPyodide(), which hands over the interpreter already
// started. On the way it
//   - restores a memory snapshot of this build (Python with engine/ and app/ already
//     imported; checked against its length, and its SHA-256 before any of our Python
//     runs) when one is stored, else starts Python fresh (#app data-boot says which);
//   - hands Pyodide its WebAssembly compiled early on a return visit (beside the
//     snapshot's read, so the two overlap);
//   - gives Pyodide the trimmed standard library (stdlib.zip) and an empty package
//     lock, and writes python.zip (our code as bytecode) into its file system;
//   - reports the bytes loaded to the boot screen (static/watchdog.js);
//   - once the first screen is up, has a worker (static/snapshot-worker.mjs) make the
//     snapshot for the next visits, if there is none for this build yet.
// Anything wrong with a snapshot (missing, corrupt, another build, no room, a failed
// restore) falls back to the fresh start with a console warning.
// scripts/build.py fills in CONFIG: the build id, file names and sizes, module list.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const CONFIG = __BOOT_CONFIG__;

const site = new URL("../", import.meta.url);
const url = (rel) => new URL(rel, site).href;
// static/watchdog.js, the page's first script: boot screen, errors, the snapshot's
// name and its early read, and hex().
const watchdog = globalThis.schwimmenBoot;
const { SNAPSHOT, hex } = watchdog;
// localStorage notes (each holds a build id): a restore under way (left behind if it
// crashed or hung the page: the next start forgets that snapshot), and a build whose
// snapshot could not be made (not tried again for that build).
const RESTORING = "schwimmen.snapshot.restoring";
const UNMADE = "schwimmen.snapshot.failed";
const note = {
  get: (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key, value) => {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // storage off or full: the notes are a help, not a need
    }
  },
};
const SNAPSHOT_WORKER_MS = 120000; // a worker that has not answered by then has failed
const app = () => document.getElementById("app");

function mark(name) {
  performance.mark(`boot:${name}`);
}

// ---------------------------------------------------------------- progress

// Bytes received so far of the big downloads, by file; sizes are the raw files'.
const received = new Map();
const total = Object.values(CONFIG.sizes).reduce((a, b) => a + b, 0);

function counted(response, name) {
  if (!response.ok || !response.body) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      received.set(name, (received.get(name) ?? 0) + chunk.byteLength);
      let sum = 0;
      for (const n of received.values()) sum += n;
      watchdog.progress(Math.min(sum / total, 1));
      controller.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
}

// On a first visit (no service worker yet) Pyodide's own downloads are counted too,
// through a fetch that wraps their bodies. Later visits come from the service worker's
// cache in a blink, and a wrapped response would cost the browser's compiled-wasm cache.
function countPyodideDownloads() {
  if (navigator.serviceWorker?.controller) return () => {};
  const plain = globalThis.fetch;
  const watched = new Map(Object.keys(CONFIG.sizes).map((rel) => [url(rel), rel]));
  globalThis.fetch = (input, init) => {
    let name;
    try {
      name = watched.get(new URL(String(input?.url ?? input), location.href).href);
    } catch {
      name = undefined; // not a URL we count; fetch itself says what is wrong
    }
    const response = plain(input, init);
    return name ? response.then((r) => counted(r, name)) : response;
  };
  return () => {
    globalThis.fetch = plain;
  };
}

async function fetchBytes(rel) {
  let response;
  try {
    response = await fetch(url(rel));
  } catch (error) {
    throw new Error(`${rel}: ${error.message}`);
  }
  if (!response.ok) {
    throw Object.assign(new Error(`${rel}: HTTP ${response.status}`), { missingFile: rel });
  }
  return new Uint8Array(await counted(response, rel).arrayBuffer());
}

// ---------------------------------------------------------------- snapshot

// The stored snapshot of this build as {bytes: a promise of them}, or null when there
// is none. static/watchdog.js began reading and hashing it before this module ran;
// the bytes are handed to Pyodide only once their length and SHA-256 match.
async function findSnapshot() {
  // Taken from the watchdog, which keeps it for the page's life: left there, the 31 MB it
  // read would stay reachable long after Pyodide copied them into its memory.
  const reading = watchdog.storedSnapshot;
  watchdog.storedSnapshot = null;
  try {
    if (note.get(RESTORING) === CONFIG.build) {
      console.warn("Schwimmen: the last restore of the memory snapshot did not finish; starting fresh");
      note.set(RESTORING, null);
      await forgetSnapshot();
      return null;
    }
    const stored = await reading;
    if (!stored) return null;
    if (stored.headers.get("x-build") !== CONFIG.build) {
      console.warn("Schwimmen: the stored memory snapshot belongs to another build; starting fresh");
      return null;
    }
    const bytes = sized(stored);
    return { bytes, check: bytes.then(() => hashed(stored)) };
  } catch (error) {
    console.warn("Schwimmen: the stored memory snapshot is unreadable; starting fresh:", error);
    return null;
  }
}

// A cut or swapped entry fails here, not inside Pyodide.
async function sized(stored) {
  const length = Number(stored.headers.get("x-length"));
  const bytes = await stored.bytes;
  if (bytes.length !== length) throw new Error(`${bytes.length} bytes instead of ${length}`);
  mark("snapshot-read");
  return bytes;
}

// Its SHA-256 (hashed since static/watchdog.js read it) is awaited once Pyodide has
// restored it, before any of our Python runs: hashing 31 MB (70-250 ms) then overlaps
// the restore instead of delaying it, and a damaged snapshot still never runs the game.
async function hashed(stored) {
  if (hex(await stored.digest) !== stored.headers.get("x-sha256")) {
    throw new Error("its SHA-256 does not match");
  }
  mark("snapshot-hashed");
}

async function forgetSnapshot() {
  try {
    await (await caches.open(SNAPSHOT.cache)).delete(SNAPSHOT.key);
  } catch (error) {
    console.warn("Schwimmen: could not delete the memory snapshot:", error);
  }
}

// After the first screen, in idle time: a worker starts its own Python, imports our
// modules and stores the snapshot. #app data-snapshot says how it went ("saved",
// "failed"); the main thread only waits for a message.
function makeSnapshotLater() {
  if (note.get(UNMADE) === CONFIG.build) return; // failed for this build: not again
  const run = () => {
    app()?.setAttribute("data-snapshot", "saving");
    const worker = new Worker(url("static/snapshot-worker.mjs"), { type: "module" });
    let timer = 0;
    // A failure is remembered for this build (not tried at every start) unless the
    // network cut it short: a first visit that went offline tries again next time.
    const done = (state, detail, network = false) => {
      clearTimeout(timer);
      worker.terminate();
      app()?.setAttribute("data-snapshot", state);
      note.set(UNMADE, state === "saved" || network ? null : CONFIG.build);
      if (state === "saved") console.info("Schwimmen: memory snapshot saved", detail);
      else console.warn("Schwimmen: no memory snapshot:", detail);
    };
    timer = setTimeout(() => done("failed", "no answer from the worker"), SNAPSHOT_WORKER_MS);
    worker.onmessage = ({ data }) =>
      done(data.ok ? "saved" : "failed", data.ok ? data : data.error, Boolean(data.network));
    // An ErrorEvent: the worker's code threw. A plain event: its script did not load
    // (the network), which is told here, not as an uncaught error.
    worker.onerror = (event) => {
      event.preventDefault();
      done("failed", event.message || "the worker's script did not load", !event.message);
    };
    worker.postMessage({
      indexURL: url("vendor/pyodide/"),
      stdLibURL: url(CONFIG.stdlibZip),
      pythonZip: url(CONFIG.pythonZip),
      pythonZipHash: CONFIG.pythonZipHash,
      pythonZipPath: CONFIG.pythonZipPath,
      parts: Object.entries(CONFIG.parts).map(([name, part]) => ({ name, ...part, url: url(part.zip) })),
      lock: CONFIG.lock,
      modules: CONFIG.modules,
      build: CONFIG.build,
      cache: SNAPSHOT.cache,
      key: SNAPSHOT.key,
    });
  };
  const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 1000));
  whenStarted(() => idle(run, { timeout: 5000 }));
}

function whenStarted(callback) {
  const started = () => {
    const el = app();
    return el && el.dataset.state && el.dataset.state !== "booting" && !el.dataset.error;
  };
  if (started()) return callback();
  const observer = new MutationObserver(() => {
    if (!started()) return;
    observer.disconnect();
    callback();
  });
  observer.observe(document.documentElement, { subtree: true, attributeFilter: ["data-state"] });
}

// On a return visit (a service worker serves the site from its cache) Pyodide's
// WebAssembly is compiled from the start of this module on, beside the snapshot's read
// (Pyodide itself compiles only once it has the snapshot); not earlier, where it would
// compete with the first paint. Pyodide instantiates it with
// WebAssembly.instantiateStreaming(its own fetch of the file, imports): while it starts,
// that call gets this module and Pyodide's fetch is dropped; without one, or if it
// failed, Pyodide compiles as it always does.
function compileEarly() {
  if (!navigator.serviceWorker?.controller || !globalThis.WebAssembly?.compileStreaming) return null;
  const compiled = WebAssembly.compileStreaming(fetch(url("vendor/pyodide/pyodide.asm.wasm")));
  compiled.catch(() => {}); // reported when Pyodide asks for it
  return compiled;
}
const earlyWasm = compileEarly();

async function withEarlyWasm(startPython) {
  const compiled = earlyWasm;
  if (!compiled) return startPython();
  const plain = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    let module = null;
    try {
      if (response.url === url("vendor/pyodide/pyodide.asm.wasm")) module = await compiled;
    } catch (error) {
      console.warn("Schwimmen: the early compile failed; Pyodide compiles itself:", error);
    }
    if (!module) return plain.call(WebAssembly, response, imports);
    response.body?.cancel().catch(() => {});
    mark("wasm-compiled");
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await startPython();
  } finally {
    WebAssembly.instantiateStreaming = plain;
  }
}

// Pyodide keeps its options for the page's life: give it a thenable that lets go of
// the 31 MB once read, rather than the promise that would hold them.
function handOverOnce(snapshot) {
  return {
    then(resolve, reject) {
      const bytes = snapshot.bytes;
      snapshot.bytes = null;
      return bytes.then(resolve, reject);
    },
  };
}

// ---------------------------------------------------------------- start

// PyScript hands its own stdout/stderr when it calls loadPyodide(); until then, the console.
let print = (line) => console.log(line);
let printError = (line) => console.error(line);

// Our code on sys.path; and a fresh random state, since a snapshot restores the state
// its generator had when the snapshot was made (every launch would deal alike).
const PREPARE = `
import random, sys
if ${JSON.stringify(CONFIG.pythonZipPath)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(CONFIG.pythonZipPath)})
random.seed()
`;

async function start() {
  mark("start");
  const options = {
    indexURL: url("vendor/pyodide/"),
    stdLibURL: url(CONFIG.stdlibZip),
    lockFileContents: CONFIG.lock,
    stdout: (line) => print(line),
    stderr: (line) => printError(line),
  };
  const ourCode = fetchBytes(CONFIG.pythonZip);
  ourCode.catch(() => {}); // reported below, once awaited
  const snapshot = await findSnapshot();
  let python = null;
  let how = "fresh";
  const stopCounting = countPyodideDownloads();
  try {
    if (snapshot) {
      snapshot.bytes.catch(() => {}); // reported below, when Pyodide awaits it
      note.set(RESTORING, CONFIG.build);
      snapshot.check.catch(() => {}); // awaited below, once restored
      try {
        const restore = { ...options, _loadSnapshot: handOverOnce(snapshot) };
        python = await withEarlyWasm(() => startPyodide(restore));
        await snapshot.check;
        how = "snapshot";
      } catch (error) {
        python = null; // a restored but damaged one is dropped before it runs anything
        console.warn("Schwimmen: restoring the memory snapshot failed; starting fresh:", error);
        await forgetSnapshot();
      }
      note.set(RESTORING, null);
    }
    python ??= await withEarlyWasm(() => startPyodide(options));
  } finally {
    stopCounting();
  }
  mark("interpreter");
  python.FS.writeFile(CONFIG.pythonZipPath, await ourCode);
  python.runPython(PREPARE);
  mark("ready");
  app()?.setAttribute("data-boot", how);
  watchdog.progress(1);
  if (how === "fresh") makeSnapshotLater();
  return python;
}

const interpreter = start();
interpreter.catch((error) =>
  watchdog.failed(error.missingFile ? { missing: error.missingFile } : String(error)),
);

/** PyScript's entry point: the interpreter started above, printing where PyScript says. */
export async function loadPyodide({ stdout, stderr } = {}) {
  const python = await interpreter;
  if (stdout) print = stdout;
  if (stderr) printError = stderr;
  return python;
}
