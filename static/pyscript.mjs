// PyScript as this page uses it: the main thread only. The page loads PyScript through
// this module (index.html), which takes away PyScript's hooks for workers before PyScript
// starts: the one it ships (it sets up storage access inside a worker) would be put
// together with Function(), a string evaluated as code, which the page's Content
// Security Policy forbids ('unsafe-eval'), and the page runs no Python worker.
import { hooks } from "../vendor/pyscript/core.js";

for (const set of Object.values(hooks.worker)) set.clear();
