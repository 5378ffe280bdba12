// Runs Python code under real MicroPython (the WebAssembly port) in Node.js.
// usage: node micropython_runner.mjs <path to micropython.mjs> <spec.json>
// spec: {"files": {"name.py": "source", ...}, "code": "python to run"}; the files are
// written to /w, which goes first on sys.path.  Exit 0 if the code ran, 1 on a Python error.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [modulePath, specPath] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(modulePath).href);
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
mp.FS.mkdir("/w");
for (const [name, text] of Object.entries(spec.files)) {
  mp.FS.writeFile("/w/" + name, text);
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/w')\n" + spec.code);
} catch (err) {
  process.stderr.write(String(err) + "\n");
  process.exit(1);
}
