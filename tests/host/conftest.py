"""Fixtures of the host-side tests."""

import pytest


@pytest.fixture(scope="session")
def mpy_trees(tmp_path_factory):
    """(native, plain): the firmware compiled by mpy-cross for the unix port, once with its
    viper kernels as this machine's code, once as bytecode only (as on a port without an
    emitter)."""
    from host_tools.device.build import compile_firmware

    native = str(tmp_path_factory.mktemp("native"))
    plain = str(tmp_path_factory.mktemp("plain"))
    compile_firmware(native)
    compile_firmware(plain, arch="none")
    return native, plain


@pytest.fixture(scope="session")
def web_site(tmp_path_factory):
    """(server, URL): the page (make web) built into a temporary folder and served on 127.0.0.1
    with the link's relay, for the tests that drive it in chromium (test_web, test_web_link)."""
    from host_tools.web.build import build
    from host_tools.web.drive import ensure_port
    from host_tools.web.serve import serve_in_background

    ensure_port()
    out = str(tmp_path_factory.mktemp("web"))
    build(out)
    httpd, url = serve_in_background(out)
    yield httpd, url
    httpd.shutdown()
