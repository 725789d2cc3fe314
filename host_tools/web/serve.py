"""Serve the built site and relay its link: python -m host_tools.web.serve [--port N] [--lan].

Bound to 127.0.0.1 (nothing on the network sees it), or with --lan to every address, so a
phone or another computer on the local network opens the page and links to the devices there.
A page loads WebAssembly only over HTTP, with the right types, which Python's server is told
here for the two it may not know. /link is the link's WebSocket (relay.py: the page's link
carried to a device over TCP), /link.json tells the page there is one (a page served by any
other server has no Link rows).
"""

import argparse
import functools
import http.server
import json
import os
import sys
import threading
import urllib.parse

from host_tools.web.build import DEFAULT_OUT
from host_tools.web.relay import Relay

TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        relay = self.server.relay
        if path == "/link":
            relay.handle(self, urllib.parse.parse_qs(query, keep_blank_values=True))
        elif path == "/link.json":
            body = json.dumps({"lan": relay.bind != "127.0.0.1"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
        else:
            http.server.SimpleHTTPRequestHandler.do_GET(self)

    def log_message(self, format, *args):
        pass  # quiet: the page's requests are not news


class Server(http.server.ThreadingHTTPServer):
    """The site's server, its relay at .relay; shutdown() ends the relay's sessions too."""

    def shutdown(self):
        self.relay.close()
        http.server.ThreadingHTTPServer.shutdown(self)


def server(folder=DEFAULT_OUT, port=0, lan=False, say=None):
    """An HTTP server for folder on 127.0.0.1, or every address with lan (port 0: any free
    port; its server_address says which), not yet serving; say(text) hears the relay's news."""
    if not os.path.exists(os.path.join(folder, "index.html")):
        raise FileNotFoundError("no site in %s: run make web first" % folder)
    handler = functools.partial(Handler, directory=folder)
    bind = "0.0.0.0" if lan else "127.0.0.1"
    httpd = Server((bind, port), handler)
    httpd.relay = Relay(bind, say)
    return httpd


def serve_in_background(folder=DEFAULT_OUT):
    """(server, its URL) serving from a thread, for tests and benchmarks; shutdown() ends it."""
    httpd = server(folder)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, "http://127.0.0.1:%d/" % httpd.server_address[1]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=DEFAULT_OUT, help="the site's folder (build/web)")
    parser.add_argument("--lan", action="store_true", help="serve and relay on every address "
                        "(the local network), not only 127.0.0.1")
    args = parser.parse_args(argv)
    try:
        httpd = server(args.dir, args.port, args.lan, say=lambda text: print(text, flush=True))
    except (FileNotFoundError, OSError) as error:
        sys.exit(str(error))
    where = "every address" if args.lan else "127.0.0.1"
    print("Pocket Stones: http://127.0.0.1:%d/ on %s (Ctrl-C stops)" % (
        httpd.server_address[1], where))
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.relay.close()


if __name__ == "__main__":
    main()
