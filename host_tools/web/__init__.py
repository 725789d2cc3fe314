"""Pocket Stones in a web page: the unchanged firmware on MicroPython's WebAssembly port.

    build.py     make web: the firmware compiled to bytecode, packed, and the page's static files
                 with the port vendored from node_modules, into build/web/ (works offline)
    serve.py     make web-serve: that folder over HTTP on 127.0.0.1 (a page cannot load
                 WebAssembly from file://), or the local network with --lan; the relay at /link
    relay.py     the link's relay: the page's WebSocket carried to another device over TCP
                 (it calls a device hosting, or listens for one that joins); RFC 6455 on the
                 standard library
    drive.py     the page in a real headless chromium (Playwright): a simulator script's presses
                 replayed on the page's buttons, the canvas read back, the page's storage
    linked.py    the page linked through the relay to a simulated device hosting Go, both
                 stepped in turn, each step waiting for the bytes on their way (the link test's
                 pair, and the picture of the two side by side)
    shot.py      docs/screenshots/web-page.png, web-phone.png and web-link.png, taken by
                 headless chromium
    page/        the page itself: index.html, stones.js (the port, the canvas, the buttons, the
                 store), stones.css
    package.json the port, pinned by package-lock.json (npm ci from the Makefile)

The page calls stones.boot.web(), which wires the app over stones/platforms/web.py.
"""
