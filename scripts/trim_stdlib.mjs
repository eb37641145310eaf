// The standard library the page ships: only the modules it imports.
//
//   node scripts/trim_stdlib.mjs <roots.json> <out.zip> <form>
//
// <roots.json> is a JSON list of module names. The page's own Pyodide (under Node,
// with its full python_stdlib.zip) imports each of them; every module that then
// came from the standard library zip (the roots, what they import, and what
// Pyodide's own start-up imported) goes into <out.zip> under its path in the zip:
//   form "bytecode": as an unchecked-hash .pyc without docstrings (optimize=2) and
//                    with one line per function in its line table, so the page
//                    never compiles it;
//   form "source":   as source without docstrings and comments (fewer bytes,
//                    compiled by the page at each start like Pyodide's own zip).
// Prints a JSON object {"modules": [names shipped], "elsewhere": [roots that imported
// from inside the interpreter (built in or frozen)], "missing": [roots that did not import]}.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const [rootsPath, outPath, form] = process.argv.slice(2);
if (!["bytecode", "source"].includes(form)) {
  console.error("usage: node scripts/trim_stdlib.mjs <roots.json> <out.zip> bytecode|source");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.globals.set("roots", pyodide.toPy(JSON.parse(readFileSync(rootsPath, "utf8"))));
pyodide.globals.set("form", form);
const result = pyodide.runPython(`
import ast, importlib, importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

stdlib = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
missing = []
for name in roots:
    try:
        importlib.import_module(name)
    except ImportError:
        missing.append(name)

entries = {}  # path in the zip -> module name
for name, module in sorted(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib + "/") and origin.endswith(".py"):
        entries[origin[len(stdlib) + 1:]] = name


def one_line(code):
    """The code with a line table that puts every instruction on its first line: a
    traceback through the standard library names each file, function and its first
    line, not the exact line; that saves a third of the zip (our own code, in
    python.zip, keeps its whole line tables). Each entry covers up to 8 code units
    (the "no column" form, line delta 0)."""
    units = len(code.co_code) // 2
    table = bytearray()
    while units > 0:
        n = min(8, units)
        table += bytes((0x80 | (13 << 3) | (n - 1), 0))
        units -= n
    consts = tuple(one_line(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def without_docstrings(source):
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = body[0] if body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree).encode() + b"\\n"


full = zipfile.ZipFile(stdlib)
with zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for rel in sorted(entries):
        source = full.read(rel)
        if form == "bytecode":
            code = compile(source, f"{stdlib}/{rel}", "exec", dont_inherit=True, optimize=2)
            code = one_line(code)
            name, data = rel + "c", _code_to_hash_pyc(code, importlib.util.source_hash(source), False)
        else:
            name, data = rel, without_docstrings(source)
        out.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                     compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
shipped = set(entries.values())
elsewhere = sorted(set(roots) - shipped - set(missing))
json.dumps({"modules": sorted(shipped), "elsewhere": elsewhere, "missing": missing})
`);
writeFileSync(outPath, pyodide.FS.readFile("/tmp/stdlib.zip"));
console.log(result);
