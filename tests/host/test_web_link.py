"""The page linked to another device: headless Chromium with the page, served with the link's
relay, joins a simulated device hosting Go 9x9 (host_tools/sim's, over TCP on 127.0.0.1, as
`make sim LINK=:4455` hosts) from its main menu's Link. Moves go both ways, the boards stay
equal, and a link cut on the device's side pauses both ("lost: waiting", the game's own
message) and resumes where it stopped once the device listens again. The pair is
host_tools/web/linked.py: each step waits for the bytes on their way, so nothing here hangs on
the machine's speed."""

import pytest

from host_tools.web.drive import launched, open_page
from host_tools.web.linked import PageAndDevice
from stones.engine.rng import Rng
from stones.link import peer
from stones.platforms.web import LINK_CLOSED, LINK_OPEN


@pytest.fixture(scope="module")
def site(web_site):
    return web_site  # (conftest.py: built and served once for the session)


@pytest.fixture(scope="module")
def browser():
    with launched() as browser:
        yield browser


def boards(pair):
    """Both games' moves, as words: the device's, and the page's (read through its proxies)."""
    return pair.device.app.game.move_words(), pair.ask("app.game.move_words()")


def test_the_page_joins_a_simulator_through_the_relay_and_resumes_after_a_cut(site, browser):
    httpd, url = site
    pair = PageAndDevice(browser, url, httpd.relay)
    device, page = pair.device, pair.page
    pair.start()
    assert device.app.top.module_name == "play" and pair.ask("app.top.module_name") == "play"
    assert device.app.players == {"1": "human", "2": "link:host"}
    assert pair.ask("app.players['1']") == "link:join"
    assert pair.ask("app.game.size") == 9
    assert pair.state() == LINK_OPEN
    assert page.locator("#status").text_content() == (
        "Link open through the relay: 127.0.0.1:%d" % pair.port)
    rng = Rng(5)
    for _ in range(6):  # three moves each way
        pair.move(rng)
    words, shown = boards(pair)
    assert len(words) == 6 and list(shown) == list(words)
    assert pair.ask("app.game.count") == device.app.game.count == 6

    pipe = device.app.link.pipe
    pipe.close()  # the device's network gone: the relay's call finds no one, the page's closes
    pipe.reopen = lambda: False
    pair.run(peer.LOST_MS + 500)
    assert device.app.link.status() == "lost: waiting"
    assert pair.ask("app.link.status()") == "lost: waiting"
    assert pair.state() == LINK_CLOSED
    assert page.locator("#status").text_content().startswith(
        "Link: no device answers at 127.0.0.1:%d" % pair.port)
    count = pair.ask("app.game.count")
    pair.page.evaluate("code => window.stones.python(code)",
                       "loop.app.top.view.goto(%r)\nloop.app.top.place()"
                       % [m for m in device.app.game.legal_moves() if m][0])
    assert "waits" in pair.ask("app.top.message")
    pair.run(200)
    assert pair.ask("app.game.count") == count  # the game waits: nothing is played

    del pipe.reopen  # the network back: the device listens again, the page calls again
    pair.run(3000)
    assert device.app.link.state == peer.READY
    assert pair.ask("app.link.status()") == "linked"
    for _ in range(2):  # one more move each way
        pair.move(rng)
    words, shown = boards(pair)
    assert len(words) == 8 and list(shown) == list(words)
    pair.close()


def test_the_page_hosts_and_a_simulator_joins_it_through_the_relay(site, browser):
    """The other way round: Go set up on the page with Link as White, the relay listening on
    the address's port, and the simulator joining it from its main menu's Link (as
    `host_tools.sim --link 127.0.0.1:PORT` does)."""
    httpd, url = site
    pair = PageAndDevice(browser, url, httpd.relay)
    device = pair.device
    pair.start(page_hosts=True)
    assert pair.ask("app.top.module_name") == "play" == device.app.top.module_name
    assert pair.ask("app.players['2']") == "link:host"
    assert device.app.players == {"1": "link:join", "2": "human"}
    assert device.app.link.pipe.name == "TCP 127.0.0.1:%d" % pair.port
    assert pair.ask("app.link.pipe.name") == "TCP port %d" % pair.port
    rng = Rng(8)
    for _ in range(4):
        pair.move(rng)
    words, shown = boards(pair)
    assert len(words) == 4 and list(shown) == list(words)
    pair.close()


def test_keys_typed_into_the_address_are_the_fields_and_it_is_kept(site, browser):
    """The device's keys (W A S D, Enter...) typed into the Link box's address are letters of
    the address, not presses; Enter leaves the field, and the keys are the device's again. The
    address is kept in the browser."""
    httpd, url = site
    context, page = open_page(browser, url)
    page.locator("#link summary").click()
    page.fill("#link-address", "")
    page.locator("#link-address").press_sequentially("wasd.local:4455")
    page.evaluate("window.stones.run(200)")
    assert page.evaluate("window.stones.loop.app.buttons.pressed") == 0
    page.keyboard.press("Enter")  # out of the field: no A
    page.evaluate("window.stones.run(200)")
    assert page.evaluate("window.stones.loop.app.top.module_name") == "menu"
    page.keyboard.down("ArrowDown")
    page.evaluate("window.stones.run(60)")
    page.keyboard.up("ArrowDown")
    page.evaluate("window.stones.run(60)")
    assert page.evaluate("window.stones.loop.app.top.list.selected") == 1
    page.reload()
    page.wait_for_function("window.stones && window.stones.ready")
    assert page.input_value("#link-address") == "wasd.local:4455"
    assert page.evaluate("window.stones.loop.app.links.open(0).name") == "TCP wasd.local:4455"
    context.close()
