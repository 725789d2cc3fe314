"""The fuzzer's device under the MicroPython unix port: micropython fuzz_device.py EVENTS SEED
[THIN]. Prints the summary dict last (host_tools/sim/fuzz.py reads it)."""

import gc
import os
import sys

from host_tools.sim.device import THIN, Device, fuzz
from stones.platforms.fakes import FakeFS


def intern_names():
    """Import each module of the app's screens and engine once, then forget it. Their names
    stay interned in the heap's pools, as a Pico's frozen modules' names stay in flash: a module
    first opened late in the run (the Records screen) then does not read as the heap growing
    across games."""
    tree = os.getenv("MICROPYPATH").split(":")[0]
    for package in ("stones.ui", "stones.engine"):
        for name in sorted(os.listdir(tree + "/" + package.replace(".", "/"))):
            if name.endswith(".mpy") and name != "__init__.mpy":
                module = package + "." + name[:-4]
                already = module in sys.modules
                try:
                    __import__(module)
                except ImportError as error:  # (a module for another port: said, not hidden)
                    print("not interned:", module, error)
                if not already:
                    sys.modules.pop(module, None)
                    parent = sys.modules.get(package)
                    if parent is not None and hasattr(parent, name[:-4]):
                        delattr(parent, name[:-4])
                gc.collect()


intern_names()
# records/ fills up to 20 finished games: flash on a device, heap here (see FakeFS.discard)
thin = int(sys.argv[3]) if len(sys.argv) > 3 else THIN
print(fuzz(Device(fs=FakeFS(discard=("records/",))), int(sys.argv[1]), int(sys.argv[2]),
           thin=thin))
