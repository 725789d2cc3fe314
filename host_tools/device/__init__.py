"""Getting the firmware onto a device.

    build.py     compile firmware/ with mpy-cross into a folder, as manifest.py lists it
    flash.py     copy a build to a Pico with mpremote (make flash), with its pin map
    firmware.py  MicroPython v1.28 built from source with the app frozen in: one UF2 to drop
    hardware.py  the pin maps in hardware/ checked, and drawn as wiring tables and diagrams
    wokwi.py     the Pico's pin map as a Wokwi project (hardware/wokwi/): the UF2 on a virtual Pico
    release.py   make release: every Pico board's UF2 and the Pi bundle in dist/, with checksums
    pi_install.sh  the app as a systemd service on a Raspberry Pi (make install-pi)
"""
