"""The simulator's device under the MicroPython unix port (sim --runtime micropython).

    micropython sim_device.py SCRIPT OUTDIR DISPLAY

Runs the script with host_tools.sim.device exactly as CPython does, but with MicroPython's own
framebuf and heap. Each 'shot NAME' writes OUTDIR/NAME.raw: width, height (one byte each... two
for 128x128 panels: see below) then the MONO_VLSB frame. The last line printed is the summary,
after a line 'peak N' with the largest heap in use seen after a collection.
"""

import gc
import sys

from host_tools.sim.device import Device, run_script


def main(script, out, display):
    device = Device(display=display, platform="micropython")

    def shot(name):
        fb = device.display
        with open(out + "/" + name + ".raw", "wb") as handle:
            handle.write(bytes((fb.width, fb.height)))
            handle.write(fb.buffer)

    with open(script) as handle:
        lines = handle.read().split("\n")
    run_script(device, lines, shot)
    shot("final")
    gc.collect()
    print("heap", gc.mem_alloc())
    print(device.summary())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
