"""The web page (make web) in a real headless Chromium: it boots to the menu, plays each game's
scripted session (tests/scripts) through its on-screen buttons with the canvas showing the
simulator's frames, resumes a saved game after a reload, and plays a move by touch on a phone.

The site is built into a temporary folder and served on 127.0.0.1; Debian's chromium is driven
by Playwright. What is missing is installed through the Makefile's own steps: the port from npm
(its stamp), chromium (host_tools/ensure_debian_packages.sh). In ?manual mode the page's clock
moves only when the test says (window.stones.run), as the simulator's does, so the frames can be
compared pixel for pixel; the phone test runs on the page's own clock.
"""

import re

import pytest

from host_tools.sim.cli import open_replay
from host_tools.web.drive import (
    PHONE,
    canvas_bits,
    click,
    frame_bits,
    launched,
    open_page,
    replay,
    simulate,
    stored_flash,
    twin,
)
from stones.platforms.web import PREFIX
from stones.session import Session
from stones.storage import Store


@pytest.fixture(scope="module")
def site(web_site):
    return web_site[1]  # (conftest.py: built and served once for the session)


@pytest.fixture(scope="module")
def browser():
    with launched() as browser:
        yield browser


def test_the_page_boots_to_the_menu_and_the_keys_move_it(site, browser):
    context, page = open_page(browser, site)
    device = twin()
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


def test_the_square_panel_shows_the_simulators_frames(site, browser):
    device = simulate("tall.txt", display="ssd1327")
    context, page = open_page(browser, site, "?manual&panel=128")
    assert len(canvas_bits(page)) == 128 * 128
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
    resumed = twin(fs=flash.reboot())  # the simulator booting from the same flash
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


def blink_frames(device):
    """The replay's frames with the cursor's outline on and off (the page blinks it on its own
    clock): those the device shows over a whole blink, on and off."""
    frames = [frame_bits(device.display.buffer)]
    for _ in range(20):
        device.run(50)
        frames.append(frame_bits(device.display.buffer))
    return frames


def test_records_download_and_a_record_file_replays(site, browser, tmp_path):
    device = simulate("go.txt")  # a finished game: its record kept
    context, page = open_page(browser, site)
    assert replay(page, device.steps) == []
    page.locator("#records summary").click()
    link = page.locator("#record-list a")
    link.first.wait_for()  # (the list is made when the box opens, after its toggle event)
    with page.expect_download() as download:
        link.first.click()
    assert download.value.suggested_filename == "0001-go.sgf"
    path = tmp_path / "0001-go.sgf"
    download.value.save_as(path)
    assert path.read_bytes() == bytes(device.fs.files["records/0001-go.sgf"])

    page.locator("#record-file").set_input_files(str(path))
    status = page.locator("#status")
    said = "document.getElementById('status').textContent.startsWith('%s')"
    page.wait_for_function(said % "Replaying")  # (the page reads the file asynchronously)
    assert status.text_content().startswith("Replaying 0001-go.sgf")
    shown = twin()
    open_replay(shown, str(path))  # the simulator's --replay of the same file
    assert canvas_bits(page) in blink_frames(shown)
    click(page, "left")
    shown.press("left")
    assert canvas_bits(page) in blink_frames(shown)

    bad = tmp_path / "notes.txt"
    bad.write_text("a shopping list\n")
    page.locator("#record-file").set_input_files(str(bad))
    page.wait_for_function(said % "Could not")
    assert status.text_content() == "Could not replay notes.txt: record names no game."
    assert canvas_bits(page) in blink_frames(shown)  # the replay goes on
    context.close()


KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
        "a": "z", "b": "x", "menu": "m"}


def press_seen(page, name):
    """A key pressed and released on the page's own clock, each waited for until the app's
    buttons have it (their debounced state)."""
    page.keyboard.down(KEYS[name])
    page.wait_for_function("window.stones.loop.app.buttons.pressed != 0")
    page.keyboard.up(KEYS[name])
    page.wait_for_function("window.stones.loop.app.buttons.pressed == 0")


def test_the_device_answers_a_move_at_pico_speed(site, browser):
    """Go against the device's first level on the page's own loop, Pico speed on: the human's
    stone, then the device's, found in slices between the page's frames."""
    setup = twin()
    setup.press("a")  # Go: the set-up screen, whose rows say how far down White is
    white = [row[0] if isinstance(row, tuple) else row
             for row in setup.app.top.rows()].index("White")
    context, page = open_page(browser, site, query="")
    page.locator("#pico-speed").check()
    assert page.evaluate("window.stones.loop.pico") is True
    for name in ["a"] + ["down"] * white + ["right"] + ["up"] * white + ["a"]:
        press_seen(page, name)
    assert page.evaluate("window.stones.loop.app.players['2']").startswith("device")
    press_seen(page, "a")  # Black's stone where the cursor starts
    page.wait_for_function("window.stones.loop.app.game.count >= 2")
    game, _ = Session(Store(stored_flash(page))).load_game()
    assert game.count == 2 and game.to_move == 1  # the device's reply saved, Black to play
    page.reload()
    page.wait_for_function("window.stones && window.stones.ready")
    assert page.locator("#pico-speed").is_checked()  # the switch is remembered
    context.close()


def test_an_uploaded_record_is_read_by_the_one_decoder(site, browser, tmp_path):
    """The page's MicroPython reads a Latin-1 SGF as the records tool and GTP do (it once
    stopped at a NameError: MicroPython has no UnicodeDecodeError), and refuses one cut short
    by name."""
    from host_tools.records.files import load

    name = "J\u00e9r\u00f4me"
    latin = tmp_path / "latin.sgf"
    latin.write_bytes(("(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[%s];B[ee];W[dc];B[cc])\n"
                       % name).encode("latin-1"))
    assert load(str(latin)).count == 3  # what the records tool reads
    context, page = open_page(browser, site)
    status = page.locator("#status")
    said = "document.getElementById('status').textContent.startsWith('%s')"
    page.locator("#record-file").set_input_files(str(latin))
    page.wait_for_function(said % "Replaying")
    assert status.text_content().startswith("Replaying latin.sgf")
    shown = twin()
    open_replay(shown, str(latin))  # the simulator's --replay of the same file
    assert canvas_bits(page) in blink_frames(shown)

    cut = tmp_path / "cut.sgf"
    cut.write_bytes(latin.read_bytes()[:-12])  # the last move and the tree's end lost
    page.locator("#record-file").set_input_files(str(cut))
    page.wait_for_function(said % "Could not")
    assert status.text_content() == ("Could not replay cut.sgf: the record is cut short: "
                                      "property W has no value (line 1).")
    context.close()


def status_of(page):
    return page.locator("#status").text_content()


def test_the_records_list_says_each_record_as_a_player_reads_it(site, browser):
    """Two finished games (Go's script, then Loose's): the list has them newest first, each
    as its game, board, players, result in words and date, not as its file name; the file
    name is what a download saves."""
    go = simulate("go.txt")
    context, page = open_page(browser, site)
    replay(page, go.steps)
    replay(page, simulate("loose.txt").steps)
    page.locator("#records summary").click()
    links = page.locator("#record-list a")
    links.first.wait_for()
    record = bytes(go.fs.files["records/0001-go.sgf"]).decode()
    date = re.search(r"DT\[([^]]*)\]", record).group(1)
    winner, margin = re.search(r"RE\[([BW])\+([^]]*)\]", record).groups()
    lines = links.all_text_contents()
    assert len(lines) == 2
    assert lines[0].startswith("Loose 9x9, Human vs Human, ")  # the newest first
    assert lines[1] == "Go 9x9, Human vs Human, %s won by %s, %s" % (
        {"B": "Black", "W": "White"}[winner], margin, date)
    assert [links.nth(i).get_attribute("download") for i in range(2)] == [
        "0002-loose.txt", "0001-go.sgf"]
    assert not any(line.endswith((".sgf", ".txt")) for line in lines)
    context.close()


def test_the_status_line_ends_with_the_replay(site, browser):
    """The status line speaks of a replay the page opened while it is open, and goes back to
    the page's own line once B leaves it; a second record replaces the first, so one B is
    enough."""
    device = simulate("go.txt")
    context, page = open_page(browser, site)
    ready = status_of(page)
    assert ready.startswith("Pocket Stones ")
    replay(page, device.steps)
    page.locator("#records summary").click()
    button = page.locator("#record-list button")
    button.first.wait_for()
    before = canvas_bits(page)
    button.first.click()
    assert status_of(page) == "Replaying Record 1: left and right step, B leaves"
    click(page, "right")  # stepping keeps it
    assert status_of(page).startswith("Replaying Record 1")
    button.first.click()  # the same record again: it replaces the replay open
    click(page, "b")
    assert page.evaluate("window.stones.loop.app.top.module_name") == "menu"
    assert status_of(page) == ready
    assert canvas_bits(page) == before  # the menu the game ended on
    assert page.evaluate("window.stones.loop.replaying()") is False
    context.close()


def test_a_refused_file_is_said_in_words_and_its_exception_kept_for_the_console(
        site, browser, tmp_path):
    """No exception's class name on the page: the reader's reason in words, the class and the
    message in the console; nothing else changes (the panel, the status line's replay)."""
    context, page = open_page(browser, site)
    console = []
    page.on("console", lambda message: console.append(message.text))
    before = canvas_bits(page)
    for name, data, words in (
            ("notes.txt", b"a shopping list\n", "record names no game"),
            ("big.sgf", b"(" + b" " * (1 << 20) + b")", "it holds more than 1024 KB, too much "
             "for a game record"),
            ("odd.txt", b"\xff\xfe game go\n", "not UTF-8 text: byte 0")):
        path = tmp_path / name
        path.write_bytes(data)
        page.locator("#record-file").set_input_files(str(path))
        page.wait_for_function("document.getElementById('status').textContent.includes(%r)"
                               % name)
        text = status_of(page)
        assert text == "Could not replay %s: %s." % (name, words), text
        assert not re.search(r"[A-Z][a-z]+Error", text), text
        assert canvas_bits(page) == before, name
    assert any("record refused: GameError: record names no game" in line for line in console), \
        console
    assert any("record refused: TooLarge" in line for line in console), console
    context.close()


def test_a_fault_in_the_device_is_said_in_words_and_kept_for_the_console(site, browser):
    """The page's own loop stops on an exception the firmware raises: the status line tells
    the player what to do, in words; the exception is in the console and window.stones.error."""
    context, page = open_page(browser, site, query="")
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.evaluate("window.stones.python(%r)" % (
        "def broken():\n    raise OSError(5, 'EIO')\nloop.app.step = broken\n"))
    page.wait_for_function("window.stones.error !== null")
    text = status_of(page)
    assert text.startswith("Stopped: the device ran into a fault. Reload the page"), text
    assert "Error" not in text and "EIO" not in text, text
    assert "OSError" in page.evaluate("window.stones.error")
    assert any("OSError" in line for line in console), console
    context.close()
