"""Screenshots of the page in headless chromium: python -m host_tools.web.shot [--out DIR].

The site is built and served on 127.0.0.1, Go's scripted game (tests/scripts/go.txt) is played
on the page's buttons up to its first shot, and the device's face is saved as web-page.png (a
desktop window) and web-phone.png (a phone's viewport), in docs/screenshots/ by default.
"""

import argparse
import os
import tempfile

from host_tools.paths import ROOT
from host_tools.web.build import build
from host_tools.web.drive import PHONE, ensure_port, launched, open_page, replay, simulate
from host_tools.web.serve import serve_in_background

OUT = os.path.join(ROOT, "docs", "screenshots")
DESKTOP = {"width": 640, "height": 560}


def shoot(out=OUT, script="go.txt", until="go-play"):
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
                wrong = replay(page, steps, until=until)
                if wrong:
                    raise SystemExit("the page's frames differ from the simulator's: %s" % wrong)
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
