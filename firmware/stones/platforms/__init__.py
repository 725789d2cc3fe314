"""Platforms: one module a runtime, wiring real or fake hardware to drivers for the app.

Reading guide:

    pico.py     Raspberry Pi Pico: machine.Pin buttons, an SSD1306-family panel on machine.I2C
    pi.py       Raspberry Pi (CPython): gpiozero buttons, a luma.oled display, a gpiozero buzzer
    workers.py  CPython hosts (a Pi, GTP): the computer player's search on every core, in worker
                processes (root parallelism, the root shared; the interface of engine.search.Search)
    web.py      a web page (MicroPython's WebAssembly port): the page's buttons, a memory panel
                it draws, its storage as the flash, its sound as the buzzer; a loop it steps
                (host_tools/web adds it to the page's build; the device's leaves it out)
    netpipe.py  a link's pipe over TCP or a local socket (CPython hosts: a Pi, the simulator),
                and over TCP the UDP announcements of a waiting host, and their ear
    serialpipe.py  a link's pipe over a serial port (CPython hosts: the GTP bridge, the
                simulator, a Pi): a Pico's USB serial or a USB-serial adapter on its cable;
                open_pipe(address) picks it or netpipe's
    fakes.py    fake pins, clock, I2C and SPI buses, buzzer, ADC, file system and a network's
                announcements: the simulator's hardware
                and the tests', driven and asserted on (never shipped to the device)

stones/boot.py picks one at power-on (a page calls its web()); each imports only drivers (and
its runtime's own modules, inside the function that builds the device, so importing it touches no
pin); workers.py imports the engine's search, and boot hands its Searcher to the App on a Pi (ui/
never imports it).
"""
