"""The fuzzer's device under the MicroPython unix port: micropython fuzz_device.py EVENTS SEED.
Prints the summary dict last (host_tools/fuzz.py reads it)."""

import sys

from host_tools.simcore import Device, fuzz

print(fuzz(Device(), int(sys.argv[1]), int(sys.argv[2])))
