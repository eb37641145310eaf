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
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

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

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ ok: true, ...(await makeSnapshot(data)) });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error?.message ?? error) });
  }
};
