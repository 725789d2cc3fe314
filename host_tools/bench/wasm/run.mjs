// Run a MicroPython script on the WebAssembly port: node run.mjs TREE SCRIPT [ARGS...]
//
// The wasm32 build has the Pico's object model: 32-bit pointers and 31-bit small ints, so
// gc.mem_alloc() figures are what a Pico's heap would hold, and under micropython.heap_lock()
// any integer of 2**30 or more fails just as it would allocate on an RP2040. (Its GC heap grows
// on demand, so heap limits are left to the unix port.) TREE (a folder, e.g. the mpy-cross build)
// is copied into the virtual filesystem at /lib and put on sys.path. This build has no
// sys.argv: the ARGS are in the module wasm_argv as ARGV (script name first).
//
// This port's gc.collect() only frees what the current top-level call made once that call has
// returned, so a script can be cut into chunks by lines starting '#--- checkpoint': each chunk
// runs as its own call, with collections in between, and a chunk that reads gc.mem_alloc()
// first sees only live objects.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "fs";
import path from "path";

const [tree, script, ...args] = process.argv.slice(2);
const mp = await loadMicroPython({
  heapsize: 256 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copy(from, to) {
  for (const name of fs.readdirSync(from)) {
    const source = path.join(from, name);
    const target = to + "/" + name;
    if (fs.statSync(source).isDirectory()) {
      mp.FS.mkdir(target);
      copy(source, target);
    } else {
      mp.FS.writeFile(target, fs.readFileSync(source));
    }
  }
}

mp.FS.mkdir("/lib");
copy(tree, "/lib");
mp.FS.writeFile("/lib/wasm_argv.py", "ARGV = " + JSON.stringify([script, ...args]) + "\n");
const chunks = fs.readFileSync(script, "utf8").split(/^#--- checkpoint.*$/m);
try {
  mp.runPython("import sys, gc\nsys.path.insert(0, '/lib')\n__name__ = '__main__'\n");
  for (const chunk of chunks) {
    mp.runPython("gc.collect()");
    mp.runPython("gc.collect()");
    mp.runPython(chunk);
  }
} catch (error) {
  process.stderr.write(String(error.message || error) + "\n");
  process.exit(1);
}
