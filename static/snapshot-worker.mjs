// Makes the memory snapshot that later visits start from (see static/boot.mjs), off
// the main thread so play goes on undisturbed. One message in (where the files are,
// which modules to import, where to store it), one message out:
// {ok: true, raw, stored, ms} or {ok: false, error}.
//
// The snapshot is Python's whole memory after importing every module of engine/ and
// app/ (none of them touches JavaScript at import time, which a snapshot could not
// hold). It is stored in Cache Storage under one key, replacing any snapshot of an
// earlier build, with the build id, its length and its SHA-256 in the headers. It is
// stored as it is (31 MB): gzip would keep 5 MB but cost every later start ~120 ms
// to inflate (docs/performance.md).
// Pyodide's loader is imported when the job comes (not statically): a download of it that
// fails is then an error this worker answers, not a worker that never starts.
const PYODIDE_MJS = "../vendor/pyodide/pyodide.mjs";

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// A part of our code (app.parts), fetched again: it must be the page's too.
async function checked(part) {
  const data = await bytes(part.url);
  const digest = hex(await crypto.subtle.digest("SHA-256", data)).slice(0, 16);
  if (digest !== part.hash) throw new Error(`${part.zip} is not this page's`);
  return data;
}

async function makeSnapshot(job) {
  const started = performance.now();
  // Our code fetched again, maybe from a newer release meanwhile: it must be the page's.
  const ourCode = bytes(job.pythonZip).then(async (data) => {
    const digest = hex(await crypto.subtle.digest("SHA-256", data)).slice(0, 16);
    if (digest !== job.pythonZipHash) throw new Error("python.zip is not this page's");
    return data;
  });
  const { loadPyodide } = await import(PYODIDE_MJS);
  const python = await loadPyodide({
    indexURL: job.indexURL,
    stdLibURL: job.stdLibURL,
    lockFileContents: job.lock,
    stdout: () => {},
    stderr: (line) => console.warn(line),
    _makeSnapshot: true,
  });
  python.FS.writeFile(job.pythonZipPath, await ourCode);
  // The parts a page loads when first needed (app.parts): in the snapshot, imported.
  const home = job.pythonZipPath.slice(0, job.pythonZipPath.lastIndexOf("/"));
  for (const [part, data] of await Promise.all(job.parts.map(async (part) => [part, await checked(part)]))) {
    python.FS.writeFile(`${home}/${part.zip}`, data);
  }
  // Literals, not proxies: the snapshot must hold no reference to JavaScript.
  python.runPython(`
import importlib, json, sys
sys.path.insert(0, ${JSON.stringify(job.pythonZipPath)})
import app.parts
for _name in json.loads(${JSON.stringify(JSON.stringify(job.parts.map((part) => part.name)))}):
    app.parts.add(_name)
for _name in json.loads(${JSON.stringify(JSON.stringify(job.modules))}):
    importlib.import_module(_name)
del _name
`);
  const raw = python.makeMemorySnapshot();
  const digest = await crypto.subtle.digest("SHA-256", raw);
  const cache = await caches.open(job.cache);
  await cache.put(
    job.key,
    new Response(raw, {
      headers: {
        "Content-Type": "application/octet-stream",
        "X-Build": job.build,
        "X-Length": String(raw.length),
        "X-SHA256": hex(digest),
      },
    }),
  );
  return { bytes: raw.length, ms: Math.round(performance.now() - started) };
}

// A download the network refused (fetch's TypeError: "Failed to fetch" in Chromium,
// "NetworkError ..." in Firefox, "Load failed" in WebKit; an import's: "Failed to fetch
// dynamically imported module", "error loading dynamically imported module", "Importing a
// module script failed"), as against a file that is wrong or a snapshot that cannot be
// made: the page tries again on a later visit then.
const NETWORK =
  /^(Failed to fetch|NetworkError|Load failed|error loading dynamically imported module|Importing a module script failed)/;
let networkFailed = false;
const noteNetwork = (error) => {
  if (error instanceof TypeError && NETWORK.test(error.message)) networkFailed = true;
};

// Pyodide's loader starts its downloads together; when the network goes away during
// them (a first visit that goes offline before the service worker serves it),
// loadPyodide fails, which is answered below, and the downloads that failed
// with it are left as rejections no one waits for. They are the same failure: a warning,
// not an uncaught error on the page's console.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  noteNetwork(event.reason);
  console.warn(`Schwimmen: snapshot worker: ${String(event.reason?.message ?? event.reason)}`);
});

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ ok: true, ...(await makeSnapshot(data)) });
  } catch (error) {
    noteNetwork(error);
    // the downloads that failed beside it are told as unhandled rejections a task later
    await new Promise((resolve) => setTimeout(resolve, 100));
    self.postMessage({ ok: false, error: String(error?.message ?? error), network: networkFailed });
  }
};
