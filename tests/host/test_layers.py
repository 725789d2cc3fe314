"""The import picture of docs/architecture.md and of stones/__init__.py, checked on the
sources: every import (top level or lazy, inside a function) of every firmware module, the host
tools' packages' imports of each other, which form no cycle, and the reading guides, which name
every module of their package."""

import ast
import os
import re

from host_tools.paths import FIRMWARE, ROOT

# layer -> the firmware modules (prefixes) it may import besides its own and stones.compat
ALLOWED = {
    "stones.engine": ("stones.VERSION",),
    "stones.drivers": (),
    # (drivers.fb: the runtime's framebuf module, which the compact font blits its glyphs through)
    "stones.ui": ("stones.engine", "stones.drivers.buttons", "stones.drivers.fb", "stones.VERSION",
                  "stones.link.peer", "stones.link.lan"),
    # (the link carries a game: the engine's protocol, and a game save's header as its name)
    "stones.link": ("stones.engine", "stones.session", "stones.VERSION"),
    "stones.session": ("stones.engine", "stones.storage", "stones.recordfiles"),
    "stones.recordfiles": ("stones.engine",),
    # (workers.py: the search on every core of a CPython host, handed to the app by boot.py)
    "stones.platforms": ("stones.drivers", "stones.engine.search"),
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


def python_modules(base, package):
    """(dotted name, path) of every module of the package folder base/package."""
    for folder, dirs, files in os.walk(os.path.join(base, package)):
        dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__")]
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                module = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                yield module.replace(".__init__", ""), path


def firmware_modules():
    return python_modules(FIRMWARE, "stones")


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


def guide_graph():
    """The table of imports in host_tools/__init__.py's reading guide: {package: its imports}."""
    import host_tools

    text = host_tools.__doc__.split("only the packages on its line")[1].split("\n\n")[1]
    graph = {}
    for line in text.splitlines():
        name, *uses = line.split()
        graph["host_tools." + name] = {"host_tools." + u for u in uses if u != "-"}
    return graph


def test_the_host_tool_packages_import_each_other_without_a_cycle():
    """A package's modules may import each other; between packages the imports go one way."""
    def package(name):
        return ".".join(name.split(".")[:2])

    graph = {}
    for module, path in python_modules(ROOT, "host_tools"):
        edges = graph.setdefault(package(module), set())
        edges.update(package(n) for n in imported(path) if n.startswith("host_tools."))
    for name, edges in graph.items():
        edges -= {name, "host_tools.paths", "host_tools.unixport"}
    del graph["host_tools"], graph["host_tools.paths"], graph["host_tools.unixport"]
    assert graph == guide_graph(), "host_tools/__init__.py's table of imports is not the real one"
    assert in_cycles(graph) == []


def in_cycles(graph):
    """The nodes of graph ({name: names it imports}) that reach themselves."""

    def reach(start):
        seen = set()
        todo = [start]
        while todo:
            for other in graph.get(todo.pop(), ()):
                if other not in seen:
                    seen.add(other)
                    todo.append(other)
        return seen

    return [name for name in sorted(graph) if name in reach(name)]


def test_the_engine_s_modules_import_each_other_without_a_cycle():
    """Inside the engine every import, lazy ones too, goes one way: a game's rules import its
    end of game, its priors and its twin where they are used, and none of those imports the
    rules back (Go's end of game keeps its own copy of the one knowledge bit it sets; its
    seldom module, which the rules name but never import, is what imports it)."""
    modules = dict(firmware_modules())
    graph = {}
    for module, path in modules.items():
        if module.startswith("stones.engine"):
            edges = graph.setdefault(module, set())
            for name in imported(path):
                while name and name not in modules:  # from X import y: module X (or X.y)
                    name = name.rpartition(".")[0]
                if name.startswith("stones.engine") and name != module:
                    edges.add(name)
    assert "stones.engine.go.end" in graph["stones.engine.go.seldom"]
    assert in_cycles(graph) == []
    assert in_cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == ["a", "b"]


def _guides():
    """(package folder, its reading guide's text) for every package of the firmware and the
    host tools."""
    for top in (os.path.join(FIRMWARE, "stones"), os.path.join(ROOT, "host_tools")):
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__")]
            if "__init__.py" in files:
                with open(os.path.join(folder, "__init__.py")) as handle:
                    tree = ast.parse(handle.read())
                yield folder, ast.get_docstring(tree) or ""


def unnamed(folder, guide):
    """The modules and folders in a package's folder that its reading guide does not name (a
    folder of scripts, such as mp/, is named as 'mp/' and each of its scripts by file name)."""
    missing = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name in ("__init__.py", "__main__.py", "__pycache__", "node_modules"):
            continue
        if name.endswith(".py") and not re.search(r"(?<![\w.])%s\b" % re.escape(name), guide):
            missing.append(os.path.relpath(path, ROOT))
        elif os.path.isdir(path):
            if name + "/" not in guide:
                missing.append(os.path.relpath(path, ROOT) + "/")
            if not os.path.exists(os.path.join(path, "__init__.py")):  # a folder of scripts
                missing += [os.path.relpath(os.path.join(path, script), ROOT)
                            for script in sorted(os.listdir(path))
                            if script.endswith(".py") and script not in guide]
    return missing


def test_every_reading_guide_names_each_of_its_modules():
    guides = list(_guides())
    assert len(guides) >= 14
    assert [(os.path.relpath(folder, ROOT), unnamed(folder, guide)) for folder, guide in guides
            if unnamed(folder, guide)] == []


def test_the_guide_check_finds_a_module_left_out(tmp_path):
    (tmp_path / "named.py").write_text("")
    (tmp_path / "forgotten.py").write_text("")
    (tmp_path / "mp").mkdir()
    (tmp_path / "mp" / "script.py").write_text("")
    assert [os.path.basename(p.rstrip("/")) for p in unnamed(str(tmp_path), "named.py, mp/")] == [
        "forgotten.py", "script.py"]
    assert unnamed(str(tmp_path), "named.py forgotten.py mp/ script.py") == []
