# What the ROMFS variant freezes: RPI_PICO's own modules and main.py alone. The app is not in the
# firmware: its .mpy files and rule texts are a ROMFS image (host_tools/device/firmware.py builds
# it from make build's output) in the partition mpconfigboard.h reserves, which MicroPython mounts
# at /rom and puts on sys.path, so main.py's `import stones.boot` finds the package there.
# Bytecode runs from flash in place; native code (the games' move loops) is copied into the heap
# when its module is imported, as from any .mpy file.
import os

include("$(PORT_DIR)/boards/manifest.py")
module("main.py", base_path=os.path.abspath(os.path.join(os.getcwd(), "..", "..")), opt=2)
