"""Serve the built site on this machine only: python -m host_tools.web.serve [--port 8000].

Bound to 127.0.0.1 (nothing on the network sees it). A page loads WebAssembly only over HTTP,
with the right types, which Python's server is told here for the two it may not know.
"""

import argparse
import functools
import http.server
import os
import sys
import threading

from host_tools.web.build import DEFAULT_OUT

TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, format, *args):
        pass  # quiet: the page's requests are not news


def server(folder=DEFAULT_OUT, port=0):
    """An HTTP server for folder on 127.0.0.1 (port 0: any free port; its server_address says
    which), not yet serving."""
    if not os.path.exists(os.path.join(folder, "index.html")):
        raise FileNotFoundError("no site in %s: run make web first" % folder)
    handler = functools.partial(Handler, directory=folder)
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def serve_in_background(folder=DEFAULT_OUT):
    """(server, its URL) serving from a thread, for tests and benchmarks; shutdown() ends it."""
    httpd = server(folder)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, "http://127.0.0.1:%d/" % httpd.server_address[1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=DEFAULT_OUT, help="the site's folder (build/web)")
    args = parser.parse_args(argv)
    try:
        httpd = server(args.dir, args.port)
    except (FileNotFoundError, OSError) as error:
        sys.exit(str(error))
    print("Pocket Stones: http://127.0.0.1:%d/ (Ctrl-C stops)" % httpd.server_address[1])
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
