"""The web page (make web) in a real headless Chromium: it boots to the menu, plays each game's
scripted session (tests/scripts) through its on-screen buttons with the canvas showing the
simulator's frames, resumes a saved game after a reload, and plays a move by touch on a phone.

The site is built into a temporary folder and served on 127.0.0.1; Debian's chromium is driven
by Playwright. What is missing is installed through the Makefile's own steps: the port from npm
(its stamp), chromium (host_tools/ensure_debian_packages.sh). In ?manual mode the page's clock
moves only when the test says (window.stones.run), as the simulator's does, so the frames can be
compared pixel for pixel; the phone test runs on the page's own clock.
"""

import base64
import os
import shutil
import subprocess

import pytest

from host_tools.paths import ROOT
from host_tools.sim.device import Device, run_script
from host_tools.web import build as web_build
from host_tools.web.serve import serve_in_background
from stones.platforms.fakes import FakeFS
from stones.platforms.web import PREFIX
from stones.session import Session
from stones.storage import Store

SCRIPTS = os.path.join(ROOT, "tests", "scripts")
WEB_STAMP = "host_tools/web/node_modules/.installed"
PHONE = {"width": 390, "height": 844}


def chromium():
    path = shutil.which("chromium")
    if path is None:
        subprocess.run(["sh", os.path.join(ROOT, "host_tools", "ensure_debian_packages.sh"),
                        "chromium"], check=True)
        path = shutil.which("chromium")
    return path


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if not os.path.exists(os.path.join(ROOT, WEB_STAMP)):
        subprocess.run(["make", WEB_STAMP], cwd=ROOT, check=True)
    out = str(tmp_path_factory.mktemp("web"))
    web_build.build(out)
    httpd, url = serve_in_background(out)
    yield url
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        yield browser
        browser.close()


def open_page(browser, url, query="?manual", **options):
    context = browser.new_context(**options)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url + query)
    page.wait_for_function("window.stones && (window.stones.ready || window.stones.error)")
    assert page.evaluate("window.stones.error") is None
    assert errors == []
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
    scale, bits = page.evaluate(READ_CANVAS)
    assert scale == int(scale) and scale >= 1  # a whole-number scale
    return bits


def frame_bits(buffer, width=128, height=64):
    """A MONO_VLSB frame as the same string of lit pixels."""
    return "".join("1" if buffer[(y >> 3) * width + x] >> (y & 7) & 1 else "0"
                   for y in range(height) for x in range(width))


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
        self.steps.append(("shot", name, frame_bits(self.display.buffer)))


def simulate(script):
    device = Recording()
    with open(os.path.join(SCRIPTS, script)) as handle:
        run_script(device, handle.read().splitlines(), device.shot)
    device.shot("final")
    return device


def click(page, name, ms):
    """Press a button of the page's face with the mouse for ms of the page's clock."""
    box = page.locator('[data-button="%s"]' % name).bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate("ms => window.stones.run(ms)", ms)
    page.mouse.up()
    page.evaluate("window.stones.run(60)")


def replay(page, steps):
    """The simulator's steps on the page; the shots that differ (empty when all agree)."""
    wrong = []
    for step in steps:
        if step[0] == "press":
            click(page, step[1], step[2])
        elif step[0] == "wait":
            page.evaluate("ms => window.stones.run(ms)", step[1])
        elif canvas_bits(page) != step[2]:
            wrong.append(step[1])
    return wrong


def stored_flash(page):
    """The page's localStorage as the simulator's flash (a FakeFS holding the same files)."""
    items = page.evaluate("() => Object.assign({}, localStorage)")
    return FakeFS({key[len(PREFIX):]: bytearray(base64.b64decode(text))
                   for key, text in items.items() if key.startswith(PREFIX)})


def test_the_page_boots_to_the_menu_and_the_keys_move_it(site, browser):
    context, page = open_page(browser, site)
    device = Device()
    assert canvas_bits(page) == frame_bits(device.display.buffer)
    assert page.evaluate("window.stones.menuMs") > 0
    page.keyboard.down("ArrowDown")  # the simulator's keys
    page.evaluate("window.stones.run(60)")
    page.keyboard.up("ArrowDown")
    page.evaluate("window.stones.run(60)")
    device.press("down")
    assert canvas_bits(page) == frame_bits(device.display.buffer)
    assert device.app.top.list.selected == 1
    context.close()


@pytest.mark.parametrize("game", ["go", "loose", "loupe", "offshore"])
def test_a_scripted_game_shows_the_simulators_frames(site, browser, game):
    device = simulate(game + ".txt")
    shots = [step[1] for step in device.steps if step[0] == "shot"]
    assert len(shots) >= 4
    context, page = open_page(browser, site)
    assert replay(page, device.steps) == []
    context.close()


def test_a_reload_resumes_the_saved_game(site, browser):
    steps = [("press", name, 60) for name in ("a", "a", "a", "right", "a", "up", "a")]
    context, page = open_page(browser, site)
    replay(page, steps)
    flash = stored_flash(page)
    game, _ = Session(Store(flash.reboot())).load_game()
    assert game is not None and game.count == 3
    page.reload()
    page.wait_for_function("window.stones && window.stones.ready")
    resumed = Device(fs=flash.reboot())  # the simulator booting from the same flash
    assert resumed.app.game.count == 3
    assert canvas_bits(page) == frame_bits(resumed.display.buffer)
    context.close()


def test_a_phone_plays_a_move_by_touch(site, browser):
    context, page = open_page(browser, site, query="", viewport=PHONE, is_mobile=True,
                              has_touch=True, device_scale_factor=3)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    for name in ("up", "down", "left", "right", "a", "b", "menu"):
        box = page.locator('[data-button="%s"]' % name).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 34, name  # a fingertip's worth
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], name
    before = canvas_bits(page)
    page.locator('[data-button="a"]').tap()  # Go
    page.wait_for_function("window.stones.frames > 1")
    assert canvas_bits(page) != before
    page.locator('[data-button="a"]').tap()  # Start
    page.wait_for_function("window.stones.frames > 2")
    page.locator('[data-button="a"]').tap()  # a stone where the cursor starts
    page.wait_for_function("Object.keys(localStorage).some(k => k.startsWith('%sgame'))"
                           % PREFIX)
    game, _ = Session(Store(stored_flash(page))).load_game()
    assert game is not None and game.count == 1
    context.close()
