"""Screenshots of the page in headless chromium: python -m host_tools.web.shot [--out DIR].

The site is built and served on 127.0.0.1 and Go's scripted game (tests/scripts/go.txt) is
played on the page's buttons to its end, then its record replayed from the page's Records list,
a few moves back: the list, the status line and the replay, in a desktop window (web-page.png)
and in a phone's viewport (web-phone.png). In docs/screenshots/ by default.
"""

import argparse
import os
import tempfile

from host_tools.paths import ROOT
from host_tools.web.build import build
from host_tools.web.drive import PHONE, click, ensure_port, launched, open_page, replay, simulate
from host_tools.web.serve import serve_in_background

OUT = os.path.join(ROOT, "docs", "screenshots")
DESKTOP = {"width": 640, "height": 560}


def shoot(out=OUT, script="go.txt"):
    """Save the two screenshots into out; return their paths."""
    ensure_port()
    steps = simulate(script).steps
    paths = []
    with tempfile.TemporaryDirectory() as site, launched() as browser:
        build(site)
        httpd, url = serve_in_background(site)
        try:
            for name, options in (("web-page.png", {"viewport": DESKTOP}),
                                  ("web-phone.png", {"viewport": PHONE, "is_mobile": True,
                                                     "has_touch": True})):
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
        finally:
            httpd.shutdown()
    return paths


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args(argv)
    for path in shoot(args.out):
        print(os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
