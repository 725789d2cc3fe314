# The files that ship to the device, read by host_tools/build.py (the idea of micropython-lib's
# manifest.py files: the ship-list is data). Everything else in firmware/ stays on the host.
# package(name): every .py under firmware/<name>/, except the excluded ones.
# module(path): one file; main.py stays source because MicroPython boots it by name.
package("stones", exclude=("stones/hw/fakes.py",))
module("main.py", compile=False)
