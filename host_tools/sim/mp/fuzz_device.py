"""The fuzzer's device under the MicroPython unix port: micropython fuzz_device.py EVENTS SEED
[THIN]. Prints the summary dict last (host_tools/sim/fuzz.py reads it)."""

import gc
import os
import sys

from host_tools.sim.device import THIN, Device, fuzz
from stones.platforms.fakes import FakeFS


def modules(tree, package):
    """The compiled modules of package in tree, each subpackage's (a game's) before the
    subpackage itself."""
    folder = tree + "/" + package.replace(".", "/")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".mpy") and name != "__init__.mpy":
            yield package + "." + name[:-4]
        elif os.stat(folder + "/" + name)[0] & 0x4000:  # a folder: a subpackage
            yield from modules(tree, package + "." + name)
            yield package + "." + name


def intern_names():
    """Import each module of the app's screens and engine once, then forget it. Their names
    stay interned in the heap's pools, as a Pico's frozen modules' names stay in flash: a module
    first opened late in the run (the Records screen) then does not read as the heap growing
    across games."""
    tree = os.getenv("MICROPYPATH").split(":")[0]
    for package in ("stones.ui", "stones.engine"):
        for module in modules(tree, package):
            already = module in sys.modules
            try:
                __import__(module)
            except ImportError as error:  # (a module for another port: said, not hidden)
                print("not interned:", module, error)
            if not already:
                sys.modules.pop(module, None)
                parent, _, name = module.rpartition(".")
                parent = sys.modules.get(parent)
                if parent is not None and hasattr(parent, name):
                    delattr(parent, name)
            gc.collect()


intern_names()
# records/ fills up to 20 finished games: flash on a device, heap here (see FakeFS.discard)
thin = int(sys.argv[3]) if len(sys.argv) > 3 else THIN
print(fuzz(Device(fs=FakeFS(discard=("records/",))), int(sys.argv[1]), int(sys.argv[2]),
           thin=thin))
