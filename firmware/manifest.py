# The files that ship to the device, read by host_tools/device/build.py (the idea of
# micropython-lib's manifest.py files: the ship-list is data). Everything else in firmware/ stays
# on the host.
# package(name, exclude): every .py and data file under firmware/<name>/, except host-only ones:
#   the fakes (simulator and tests), and the CPython stand-ins for what MicroPython has built in
#   or the Pico does not need (compat's CPython side, framebuf_py and its font, the Raspberry Pi
#   backend and its search on every core, the link's socket and serial pipes and the network's
#   join list, address editor and announcements, the web page's platform, which host_tools/web
#   adds).
# module(path): one file; main.py stays source because MicroPython boots it by name.
package("stones", exclude=(
    "stones/cpython.py",
    "stones/drivers/framebuf_py.py",
    "stones/drivers/font8x8.py",
    "stones/engine/policynp.py",
    "stones/link/lan.py",
    "stones/platforms/fakes.py",
    "stones/platforms/netpipe.py",
    "stones/platforms/serialpipe.py",
    "stones/platforms/pi.py",
    "stones/platforms/workers.py",
    "stones/platforms/web.py",
    "stones/ui/address.py",
    "stones/ui/lan.py",
))
module("main.py", compile=False)
