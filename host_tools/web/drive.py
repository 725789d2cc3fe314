"""The page driven in a real browser: Debian's chromium through Playwright, for the tests, the
screenshots and the benchmark.

A simulator script (tests/scripts) is run by the simulator first (Recording), which keeps what it
did as button presses and waits, its `play` steps included, and each shot's frame; replay() then
does the same on a page opened with ?manual (its clock moves only when told, as the simulator's
does) by pressing the page's own buttons with the mouse, and compares the canvas with each shot.
The page served by serve.py has the link's relay, so its device has Link rows: the simulator
showing its frames has them too (twin).
"""

import base64
import contextlib
import os
import shutil
import subprocess

from host_tools.paths import ROOT
from host_tools.sim.device import Device, run_script
from stones.link.pipes import Links
from stones.platforms.fakes import FakeFS
from stones.platforms.web import PREFIX

SCRIPTS = os.path.join(ROOT, "tests", "scripts")
WEB_STAMP = "host_tools/web/node_modules/.installed"
PHONE = {"width": 390, "height": 844}
WAIT_MS = 120_000  # what a page may take to answer on a machine busy with other work


def ensure_port():
    """The port from npm, installed by the Makefile's own step where it is missing."""
    if not os.path.exists(os.path.join(ROOT, WEB_STAMP)):
        subprocess.run(["make", WEB_STAMP], cwd=ROOT, check=True)


def chromium():
    """Debian's chromium, installed (host_tools/ensure_debian_packages.sh) where missing."""
    path = shutil.which("chromium")
    if path is None:
        subprocess.run(["sh", os.path.join(ROOT, "host_tools", "ensure_debian_packages.sh"),
                        "chromium"], check=True)
        path = shutil.which("chromium")
    return path


@contextlib.contextmanager
def launched():
    """A headless chromium (Playwright's Browser) for the with-block."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # --no-sandbox: the sandbox needs user namespaces a container or root may not have
        browser = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


class PageError(Exception):
    pass


def open_page(browser, url, query="?manual", **options):
    """(context, page) with the app started; options go to browser.new_context."""
    context = browser.new_context(**options)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url + query)
    page.wait_for_function("window.stones && (window.stones.ready || window.stones.error)")
    error = page.evaluate("window.stones.error")
    if error or errors:
        raise PageError(error or errors[0])
    return context, page


# The canvas, read back as the panel's pixels: each panel pixel's centre, lit or not.
READ_CANVAS = """() => {
  const canvas = document.getElementById("panel");
  const scale = canvas.width / 128, height = canvas.height / scale;
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let bits = "";
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < 128; x++) {
      const i = ((y * scale + (scale >> 1)) * canvas.width + x * scale + (scale >> 1)) * 4;
      bits += data[i] > 0 ? "1" : "0";
    }
  }
  return [scale, bits];
}"""


def canvas_bits(page):
    """The canvas as a string of '1' (lit) and '0', row by row; checks the scale is whole."""
    scale, bits = page.evaluate(READ_CANVAS)
    if scale != int(scale) or scale < 1:
        raise PageError("the panel is drawn at a scale of %s" % scale)
    return bits


def frame_bits(buffer, width=128, height=64):
    """A MONO_VLSB frame as the same string of lit pixels."""
    return "".join("1" if buffer[(y >> 3) * width + x] >> (y & 7) & 1 else "0"
                   for y in range(height) for x in range(width))


def page_links():
    """Links standing for the page's with the relay: the network's Link rows (never opened)."""
    return Links(lambda host: None, "network")


def twin(**options):
    """The simulator as the page served with the relay is: a device with the Link rows."""
    return Device(links=page_links(), **options)


class Recording(Device):
    """The simulator, keeping what a script does as button presses and waits (its `play`
    steps walk the cursor with presses), and each shot's frame."""

    def __init__(self, **options):
        self.steps = []
        self.depth = 0
        super().__init__(**options)

    def press(self, name, ms=60):
        self.steps.append(("press", name, ms))
        self.depth += 1
        try:
            super().press(name, ms)
        finally:
            self.depth -= 1

    def run(self, ms):
        if not self.depth:
            self.steps.append(("wait", ms))
        super().run(ms)

    def shot(self, name):
        fb = self.display
        self.steps.append(("shot", name, frame_bits(fb.buffer, fb.width, fb.height)))


def simulate(script, display="ssd1306"):
    """The Recording of a script (a path, or a file name in tests/scripts), ending in a shot
    named 'final'."""
    device = Recording(display=display, links=page_links())
    with open(os.path.join(SCRIPTS, script)) as handle:
        run_script(device, handle.read().splitlines(), device.shot)
    device.shot("final")
    return device


def click(page, name, ms=60):
    """Press a button of the page's face with the mouse for ms of the page's clock, then let
    60 ms pass released (the simulator's short press)."""
    box = page.locator('[data-button="%s"]' % name).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("ms => window.stones.run(ms)", ms)
    page.mouse.up()
    page.evaluate("window.stones.run(60)")


def replay(page, steps, until=None):
    """The simulator's steps on the page; the names of the shots that differ (empty when all
    agree). until: stop after the shot of that name."""
    wrong = []
    for step in steps:
        if step[0] == "press":
            click(page, step[1], step[2])
        elif step[0] == "wait":
            page.evaluate("ms => window.stones.run(ms)", step[1])
        else:
            if canvas_bits(page) != step[2]:
                wrong.append(step[1])
            if step[1] == until:
                break
    return wrong


def stored_flash(page):
    """The page's localStorage as the simulator's flash (a FakeFS holding the same files)."""
    items = page.evaluate("() => Object.assign({}, localStorage)")
    return FakeFS({key[len(PREFIX):]: bytearray(base64.b64decode(text))
                   for key, text in items.items() if key.startswith(PREFIX)})
