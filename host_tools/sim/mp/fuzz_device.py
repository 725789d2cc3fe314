"""The fuzzer's device under the MicroPython unix port: micropython fuzz_device.py EVENTS SEED
[THIN]. Prints the summary dict last (host_tools/sim/fuzz.py reads it)."""

import sys

from host_tools.sim.device import THIN, Device, fuzz
from stones.platforms.fakes import FakeFS

# records/ fills up to 20 finished games: flash on a device, heap here (see FakeFS.discard)
thin = int(sys.argv[3]) if len(sys.argv) > 3 else THIN
print(fuzz(Device(fs=FakeFS(discard=("records/",))), int(sys.argv[1]), int(sys.argv[2]),
           thin=thin))
