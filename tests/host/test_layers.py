"""The import picture of the README and of stones/__init__.py, checked on the sources: every
import (top level or lazy, inside a function) of every firmware module, and the host tools'
imports of each other, which form no cycle."""

import ast
import os

from host_tools.paths import FIRMWARE, ROOT

# layer -> the firmware modules (prefixes) it may import besides its own and stones.compat
ALLOWED = {
    "stones.engine": ("stones.VERSION",),
    "stones.hw": (),
    # (hw.fb: the runtime's framebuf module, which the compact font blits its glyphs through)
    "stones.ui": ("stones.engine", "stones.hw.buttons", "stones.hw.fb", "stones.VERSION"),
    "stones.session": ("stones.engine", "stones.storage"),
    "stones.storage": (),
}


def imported(path):
    """Every module path an import statement of the file names (with 'from X import y' as X.y)."""
    with open(path) as handle:
        tree = ast.parse(handle.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.update(node.module + "." + alias.name for alias in node.names)
    return out


def firmware_modules():
    for folder, _, files in os.walk(os.path.join(FIRMWARE, "stones")):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                module = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
                yield module.replace(".__init__", ""), path


def test_each_layer_imports_only_what_the_picture_allows():
    wrong = []
    for module, path in firmware_modules():
        layer = next((name for name in ALLOWED if module == name or
                      module.startswith(name + ".")), None)
        if layer is None:
            continue  # boot.py (the platform choice), compat, cpython: they wire or shim
        for name in imported(path):
            if not name.startswith("stones") or name.startswith((layer, "stones.compat")):
                continue
            if not name.startswith(ALLOWED[layer]):
                wrong.append("%s imports %s" % (module, name))
    assert wrong == []


def test_no_firmware_module_imports_a_host_tool():
    assert [m for m, path in firmware_modules()
            if any(name.startswith("host_tools") for name in imported(path))] == []


def test_the_host_tools_import_each_other_without_a_cycle():
    folder = os.path.join(ROOT, "host_tools")
    graph = {}
    for name in os.listdir(folder):
        if name.endswith(".py"):
            module = "host_tools." + name[:-3]
            names = imported(os.path.join(folder, name))
            graph[module] = {".".join(n.split(".")[:2]) for n in names
                             if n.startswith("host_tools.")} - {module, "host_tools.paths"}
    assert "host_tools.record_files" in graph["host_tools.sim"]

    def reach(start):
        seen = set()
        todo = [start]
        while todo:
            for other in graph.get(todo.pop(), ()):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    assert [module for module in sorted(graph) if module in reach(module)] == []
