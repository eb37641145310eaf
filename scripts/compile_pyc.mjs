// Compile Python sources to bytecode with the same Pyodide the page runs, so the
// page imports .pyc files instead of compiling every module at each start.
//
//   node scripts/compile_pyc.mjs <source root> <output root> <relative path>...
//
// Each path (e.g. engine/cards.py) is compiled as /home/pyodide/<path>, where
// PyScript's [files] put it in the page, and written to
// <output root>/<dir>/__pycache__/<name>.<cache tag>.pyc as an "unchecked hash"
// pyc: Python loads it without comparing it to the source's time stamp (the
// files PyScript writes get a new one at every start). Prints a JSON object
// {"cache_tag": ..., "written": [...]}.
import { loadPyodide } from "pyodide";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [sourceRoot, outputRoot, ...paths] = process.argv.slice(2);
if (!outputRoot) {
  console.error("usage: node scripts/compile_pyc.mjs <source root> <output root> <path>...");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
const home = "/home/pyodide";
for (const rel of paths) {
  pyodide.FS.mkdirTree(dirname(join(home, rel)));
  pyodide.FS.writeFile(join(home, rel), readFileSync(join(sourceRoot, rel)));
}
pyodide.globals.set("paths", pyodide.toPy(paths));
const result = pyodide.runPython(`
import importlib.util, json, os, py_compile, sys
written = []
for rel in paths:
    source = os.path.join("${home}", rel)
    target = importlib.util.cache_from_source(source)
    py_compile.compile(source, cfile=target, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    written.append(os.path.relpath(target, "${home}"))
json.dumps({"cache_tag": sys.implementation.cache_tag, "written": written})
`);
const { cache_tag, written } = JSON.parse(result);
for (const rel of written) {
  const target = join(outputRoot, rel);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(join(home, rel)));
}
console.log(JSON.stringify({ cache_tag, written }));
