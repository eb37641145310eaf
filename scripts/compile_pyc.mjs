// Compile Python sources to bytecode with the same Pyodide the page runs, so the
// page imports .pyc files instead of compiling every module at each start.
//
//   node scripts/compile_pyc.mjs <source root> <output root> <shown prefix> <optimize> <path>...
//
// Each path (e.g. engine/cards.py) is written as <output root>/engine/cards.pyc,
// the name zipimport looks for next to the source inside the site's python.zip.
// Tracebacks show it as <shown prefix>/engine/cards.py. The pyc is an
// "unchecked hash" one: Python loads it without comparing it to the source.
// <optimize> is Python's optimization level (2: no docstrings, as `python -OO`).
// Prints a JSON object {"cache_tag": ..., "written": [...]}.
import { loadPyodide } from "pyodide";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [sourceRoot, outputRoot, shownPrefix, optimize, ...paths] = process.argv.slice(2);
if (!/^[012]$/.test(optimize ?? "")) {
  console.error("usage: node scripts/compile_pyc.mjs <source root> <output root> <prefix> <optimize> <path>...");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
const work = "/tmp/compile";
for (const rel of paths) {
  pyodide.FS.mkdirTree(dirname(join(work, rel)));
  pyodide.FS.writeFile(join(work, rel), readFileSync(join(sourceRoot, rel)));
}
pyodide.globals.set("paths", pyodide.toPy(paths));
pyodide.globals.set("shown_prefix", shownPrefix);
pyodide.globals.set("optimize", Number(optimize));
const result = pyodide.runPython(`
import json, os, py_compile, sys
written = []
for rel in paths:
    source = os.path.join("${work}", rel)
    py_compile.compile(source, cfile=source + "c", dfile=f"{shown_prefix}/{rel}", doraise=True,
                       optimize=optimize,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    written.append(rel + "c")
json.dumps({"cache_tag": sys.implementation.cache_tag, "written": written})
`);
const { cache_tag, written } = JSON.parse(result);
for (const rel of written) {
  const target = join(outputRoot, rel);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(join(work, rel)));
}
console.log(JSON.stringify({ cache_tag, written }));
