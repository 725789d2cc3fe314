"""The web page's figures: python -m host_tools.bench.web [--loads 5] [--ms 3000].

The site is built (host_tools/web) and served on 127.0.0.1 and loaded in headless chromium:
its weight (every file the page loads, as sent and gzipped, as a server would compress it), the
time from the navigation's start to the menu's first frame (the median of fresh loads, each in
a new browser context, so nothing is cached), and Go's random playouts a second in the page
(host_tools/bench/mp/bench_engine.py run by the page's MicroPython: WebAssembly, bytecode),
beside the other runtimes' in docs/benchmarks.md. Figures to docs/results/web.json.
"""

import argparse
import gzip
import os
import statistics
import sys
import tempfile

from host_tools.bench.results import AT_MOST, Results
from host_tools.bench.speed import parse
from host_tools.paths import ROOT
from host_tools.web.build import build
from host_tools.web.drive import ensure_port, launched, open_page
from host_tools.web.serve import serve_in_background

ENGINE = os.path.join(ROOT, "host_tools", "bench", "mp", "bench_engine.py")
MENU_MS = 3000  # the page is usable this soon after the address is entered, on a desktop


def weights(site):
    """(bytes, gzipped bytes) of every file in the site."""
    raw = packed = 0
    for name in sorted(os.listdir(site)):
        with open(os.path.join(site, name), "rb") as handle:
            data = handle.read()
        raw += len(data)
        packed += len(gzip.compress(data, 9))
    return raw, packed


def page_playouts(page, key, size, ms):
    """bench_engine.py's figures for one game, run in the page."""
    lines = []
    page.on("console", lambda message: lines.append(message.text))
    with open(ENGINE) as handle:
        source = handle.read()
    page.evaluate("code => window.stones.python(code)", source.replace(
        'if __name__ == "__main__":', "if False:"))
    page.evaluate("code => window.stones.python(code)", "main(%r, %d, %d)" % (key, size, ms))
    return parse("\n".join(lines))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads timed")
    parser.add_argument("--ms", type=int, default=3000, help="time for the playouts")
    parser.add_argument("--no-results", action="store_true",
                        help="print only: leave docs/results/web.json as it is")
    args = parser.parse_args(argv)
    ensure_port()
    results = Results("web", "The web page: MicroPython's WebAssembly port in headless Chromium",
                      argv, ("web",))
    with tempfile.TemporaryDirectory() as site, launched() as browser:
        build(site)
        raw, packed = weights(site)
        results.add("page weight", raw // 1024, "KB", "every file, as served")
        results.add("page weight, gzipped", packed // 1024, "KB", "as a server compresses it")
        httpd, url = serve_in_background(site)
        try:
            times = []
            for _ in range(args.loads):
                context, page = open_page(browser, url, query="")
                times.append(page.evaluate("window.stones.menuMs"))
                context.close()
            results.add("time to the menu", int(statistics.median(times)), "ms",
                        "navigation start to the first frame, median of %d cold loads in "
                        "headless Chromium, served on 127.0.0.1" % args.loads, MENU_MS, AT_MOST)
            context, page = open_page(browser, url)
            figures = page_playouts(page, "go", 9, args.ms)
            context.close()
            results.add("go 9x9 playouts/s in the page", int(figures["playouts_per_s"]), "/s",
                        "random playouts, WebAssembly bytecode (speed.json has the other "
                        "runtimes')", game="go", board=9)
        finally:
            httpd.shutdown()
    if not args.no_results:
        results.save()
    return 0


if __name__ == "__main__":
    sys.exit(main())
