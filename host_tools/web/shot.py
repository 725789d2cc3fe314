"""Screenshots of the page in headless chromium: python -m host_tools.web.shot [--out DIR].

The site is built and served on 127.0.0.1 and Go's scripted game (tests/scripts/go.txt) is
played on the page's buttons to its end, then its record replayed from the page's Records list,
a few moves back: the list, the status line and the replay, in a desktop window (web-page.png)
and in a phone's viewport (web-phone.png). Then the page joins a simulator hosting Go through
the link's relay and a few moves are played each way: the page beside the simulator's panel
(web-link.png, host_tools/web/linked.py). In docs/screenshots/ by default; --only NAME takes
one of them.
"""

import argparse
import os
import tempfile

from host_tools.paths import ROOT
from host_tools.web.build import build
from host_tools.web.drive import PHONE, click, ensure_port, launched, open_page, replay, simulate
from host_tools.web.linked import PageAndDevice
from host_tools.web.serve import serve_in_background

OUT = os.path.join(ROOT, "docs", "screenshots")
DESKTOP = {"width": 640, "height": 560}


NAMES = ("web-page.png", "web-phone.png", "web-link.png")


def shoot(out=OUT, script="go.txt", only=None):
    """Save the screenshots (NAMES, or only the one named) into out; return their paths."""
    ensure_port()
    steps = simulate(script).steps if only != "web-link.png" else None
    paths = []
    with tempfile.TemporaryDirectory() as site, launched() as browser:
        build(site)
        httpd, url = serve_in_background(site)
        try:
            for name, options in (("web-page.png", {"viewport": DESKTOP}),
                                  ("web-phone.png", {"viewport": PHONE, "is_mobile": True,
                                                     "has_touch": True})):
                if only not in (None, name):
                    continue
                context, page = open_page(browser, url, **options)
                wrong = replay(page, steps)
                if wrong:
                    raise SystemExit("the page's frames differ from the simulator's: %s" % wrong)
                page.locator("#records summary").click()  # the game's record, from the list
                page.locator("#record-list button").first.click()
                for _ in range(3):  # replayed a few moves back
                    click(page, "left")
                path = os.path.join(out, name)
                page.locator(".device").screenshot(path=path)
                paths.append(path)
                context.close()
            if only in (None, "web-link.png"):
                paths.append(shoot_link(browser, url, httpd.relay, os.path.join(out,
                                                                                "web-link.png")))
        finally:
            httpd.shutdown()
    return paths


def shoot_link(browser, url, relay, path):
    """The page (White) linked to a simulator hosting Go (Black), a few moves in, beside it."""
    from host_tools.web.linked import free_port
    from stones.engine.rng import Rng
    from stones.platforms.netpipe import PORT

    pair = PageAndDevice(browser, url, relay, port=free_port(PORT), viewport=DESKTOP)
    try:
        pair.start()
        rng = Rng(5)
        for _ in range(9):
            pair.move(rng)
        pair.run(3000)  # the last move's note gone
        return pair.picture(path, "The simulator, hosting: Black")
    finally:
        pair.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=OUT)
    parser.add_argument("--only", choices=NAMES, help="take this one alone")
    args = parser.parse_args(argv)
    for path in shoot(args.out, only=args.only):
        print(os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
