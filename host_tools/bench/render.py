"""docs/benchmarks.md from the results files: python -m host_tools.bench.render (make bench-page).

Every figure on the page comes from docs/results/BENCH.json as a benchmark run wrote it; whether
a target is met is decided here, from the figure's value, target and direction, never typed. The
same pass fills the README's table of levels (between its levels markers) from the games' classes
and the computer player's results. --check renders without writing and exits 1 where a file
differs from what it would be (a results file changed and the page not rendered again).
"""

import argparse
import glob
import os
import sys

from host_tools.bench.results import AT_LEAST, RESULTS, board_name, fmt, load, met, run_id
from host_tools.paths import ROOT, write_changed

PAGE = os.path.join(ROOT, "docs", "benchmarks.md")
README = os.path.join(ROOT, "README.md")
BEGIN, END = "<!-- levels:begin -->", "<!-- levels:end -->"
ORDER = ("speed", "pico", "soak", "ai", "pi")  # the benchmarks' order on the page; others by name
TITLES = {"speed": "Engines and app: CPython, the MicroPython unix port, WebAssembly",
          "pico": "The Pico, emulated RP2040", "ai": "The computer player's strength",
          "soak": "Soak: whole games back to back on the emulated Pico",
          "pi": "The Raspberry Pi's search: runtimes, workers, a Pi's move"}
# the figure a level's row quotes, where several were measured: the strongest opponent first
OPPONENTS = ("gnugo", "v01", "greedy", "random")


def results_files(folder=RESULTS):
    """{bench: its results} of every results file in folder."""
    found = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        found[os.path.basename(path)[:-5]] = load(path)
    return dict(sorted(found.items(), key=lambda item: (
        ORDER.index(item[0]) if item[0] in ORDER else len(ORDER), item[0])))


def value_text(figure):
    value = figure.get("value")
    if value is None:
        if "levels" in figure:
            return " ".join(str(budget) for budget in figure["levels"])
        return "not measured"
    unit = figure.get("unit", "")
    text = fmt(value) + ("" if unit in ("", "%") else " ") + unit
    if "games" in figure:
        low, high = figure["interval"]
        text += " [%s, %s], %d of %d" % (fmt(low), fmt(high), figure["wins"], figure["games"])
    return text


def target_text(figure):
    if figure.get("target") is None:
        return ""
    sign = "≥" if figure.get("direction", AT_LEAST) == AT_LEAST else "≤"
    unit = figure.get("unit", "")
    return "%s %s%s" % (sign, fmt(figure["target"]), ("" if unit in ("", "%") else " ") + unit)


def verdict(figure):
    """'met', 'MISSED', 'not measured' (a target and no value) or '' (no target)."""
    if figure.get("target") is None:
        return ""
    ok = met(figure.get("value"), figure["target"], figure.get("direction", AT_LEAST))
    if ok is None:
        return "not measured"
    word = "met" if ok else "MISSED"
    if figure.get("unit") == "B" and figure["target"]:  # a heap budget: its margin beside it
        spare = 1 - figure["value"] / figure["target"]
        if figure.get("direction", AT_LEAST) == AT_LEAST:
            spare = -spare
        word += " (%.1f%% %s)" % (abs(100 * spare), "to spare" if ok else "over")
    return word


def note_text(figure):
    """The figure's note; a win rate's starts with its wins, draws and losses (its interval is
    in the value's cell)."""
    parts = [part for part in figure.get("note", "").split("; ") if part]
    if "games" in figure:
        parts = ["W-D-L %d-%d-%d" % (figure["wins"], figure.get("draws", 0), figure["games"]
                                     - figure["wins"] - figure.get("draws", 0))] + [
            part for part in parts if not part.startswith(("95% CI [", "W-D-L "))]
    return "; ".join(parts)


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def run_line(label, run):
    machine = run.get("machine", {})
    parts = [machine.get("cpu", "?"), "%s cores" % machine.get("cores", "?"),
             machine.get("platform", "?")]
    parts += run.get("runtimes", ()) or ["Python %s" % machine.get("python", "?")]
    return "| %s | %s%s | %s | %s | %s | `%s` |" % (
        label, run["commit"], " (dirty tree)" if run.get("dirty") else "", run["date"],
        cell(", ".join(parts)), " ".join("%.2f" % x for x in run.get("load", ())),
        cell(run.get("command", "")))


def game_heading(figure):
    from stones.engine import registry

    key = figure.get("game")
    if not key:
        return ""
    try:
        title = registry.title(key)
    except (TypeError, AttributeError):
        title = key
    return "%s %s" % (title, figure.get("board", "")) if figure.get("board") else title


def short_name(figure, heading):
    """The figure's name without its game and board, which the heading gives."""
    name = figure["name"]
    key, board = figure.get("game"), figure.get("board")
    prefixes = [heading + " "]
    if key:
        prefixes += ["%s %s " % (key, board), key + " "]
    for prefix in prefixes:
        if name.lower().startswith(prefix.lower()):
            return name[len(prefix):]
    return name


def module_of(runs, bench):
    """The module whose runs made a results file: the first run's (`python -m MODULE ...`),
    else the bench's own (host_tools.bench.<bench>)."""
    words = runs[0].get("command", "").split() if runs else []
    return words[2] if len(words) > 2 and words[:2] == ["python", "-m"] else (
        "host_tools.bench." + bench)


def bench_section(bench, data):
    runs = data.get("runs", [])
    labels = {run_id(run): "r%d" % (i + 1) for i, run in enumerate(runs)}
    out = ["## %s" % TITLES.get(bench, data.get("title", bench)), "",
           "`python -m %s`, figures in `docs/results/%s.json`. %s" % (
               module_of(runs, bench), bench, "The run:" if len(runs) == 1 else
               "Its figures come from %d runs (a partial run replaces only what it measured):"
               % len(runs)), "",
           "| Run | Commit | Date (UTC) | Machine | Load (1, 5, 15 min) | Command |",
           "|---|---|---|---|---|---|"]
    out += [run_line(labels[run_id(run)], run) for run in runs]
    groups = {}
    for figure in data.get("figures", []):
        groups.setdefault(game_heading(figure), []).append(figure)
    several = len(runs) > 1
    for heading, figures in groups.items():
        out += ["", "### %s" % (heading or "All games"), ""]
        out.append("| Figure | Value | Target | Met |%s Note |" % (" Run |" if several else ""))
        out.append("|---|---:|---|---|%s---|" % ("---|" if several else ""))
        for figure in figures:
            row = [short_name(figure, heading), value_text(figure), target_text(figure),
                   verdict(figure)]
            if several:
                row.append(labels.get(run_id(figure), "?"))
            row.append(note_text(figure))
            out.append("| " + " | ".join(cell(text) for text in row) + " |")
    for figure in data.get("figures", []):
        if "rows" in figure:
            out += soak_table(figure["rows"])
    return out


def soak_table(rows):
    """The soak's game-by-game table (host_tools/bench/soak.py): what the heap held after each
    game."""
    from stones.engine import registry

    out = ["", "### Game by game", "",
           "| # | Game | Level | Moves | Time on the device | Free heap | Largest free block |",
           "|---:|---|---:|---:|---:|---:|---:|"]
    for n, row in enumerate(rows, 1):
        name = registry.title(row["game"])
        if "failed" in row:
            out.append("| %d | %s | %d | failed: %s | | | |" % (n, name, row["level"],
                                                               cell(row["failed"])))
            continue
        largest = "-" if row.get("largest") is None else "%d B" % row["largest"]
        out.append("| %d | %s | %d | %d | %.0f s | %d B | %s |" % (
            n, name, row["level"], row["moves"], row["ms"] / 1000, row["free"], largest))
    return out


def page(files):
    out = ["# Benchmarks", "",
           "Written by `python -m host_tools.bench.render` (`make bench-page`) from the results "
           "files in `docs/results/`, which the benchmarks write as they run (`make bench`, "
           "`make bench-ai`); do not edit by hand. Met or MISSED is computed from each figure's "
           "value and target. Win rates give Wilson's 95% interval and wins of games played.",
           ""]
    for bench, data in files.items():
        out += bench_section(bench, data) + [""]
    return "\n".join(out).rstrip("\n") + "\n"


def level_figure(figures, key, level):
    """The figure a level's cell quotes, short: its win rate against the strongest opponent
    measured, with the interval and the games; '' where there is none."""
    found = [f for f in figures if f.get("game") == key and f.get("level") == level
             and f.get("games")]
    found.sort(key=lambda f: OPPONENTS.index(f["opponent"]) if f.get("opponent") in OPPONENTS
               else len(OPPONENTS))
    if not found:
        return ""
    figure = found[0]
    name = figure["name"]
    against = name[name.index(" vs ") + 4:].split(",")[0] if " vs " in name else "?"
    against = against.replace(" top Pico level", "")  # the first release's level is ours
    low, high = figure["interval"]
    return "%s%% [%d, %d] vs %s, %d games" % (
        fmt(figure["value"]), round(low), round(high), against, figure["games"])


def levels_block(files):
    """The README's table of the device's levels: a row a level, where it is offered, and for
    each game its budget and what the ai benchmark measured it against (docs/benchmarks.md has
    every figure)."""
    from stones.engine import registry, search

    figures = (files.get("ai") or {}).get("figures", [])
    keys = registry.keys()
    out = [BEGIN, "| level | where | %s |" % " | ".join(registry.title(k) for k in keys),
           "|---|---|" + "---|" * len(keys)]
    rows = max(len(search.levels(registry.game_class(k), pi=True)) for k in keys)
    for i in range(rows):
        cells = []
        where = "Pi"
        for key in keys:
            cls = registry.game_class(key)
            budgets = search.levels(cls, pi=True)
            if i >= len(budgets):
                cells.append("")
                continue
            if i < len(search.levels(cls)):
                where = "Pico, Pi"
            measured = level_figure(figures, key, i + 1)
            cells.append("{:,}".format(budgets[i]) + ("<br>" + measured if measured else ""))
        out.append("| Device %d | %s | %s |" % (i + 1, where, " | ".join(cells)))
    scaled = ["%s %s: %d%%" % (registry.title(key), board_name(key, size), percent)
              for key in keys for size, percent in registry.game_class(key).pico_scale]
    if scaled:
        out += ["", "The Pico levels' budgets on other boards, to keep their time a move: "
                + ", ".join(scaled) + "."]
    out.append(END)
    return "\n".join(out)


def readme_with(text, block):
    """text with its levels block replaced by block; None where the markers are missing."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return None
    return text[:start] + block + text[end + len(END):]


def render(folder=RESULTS, page_path=PAGE, readme_path=README, check=False):
    """Write (or with check, compare) the page and the README's block: the paths that differ
    from what they would be (check) or that were written."""
    files = results_files(folder)
    wanted = {page_path: page(files)}
    if os.path.exists(readme_path):
        with open(readme_path) as handle:
            text = handle.read()
        updated = readme_with(text, levels_block(files))
        if updated is not None:
            wanted[readme_path] = updated
    return [path for path, text in wanted.items() if write_changed(path, text, not check)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the page or README block is stale")
    args = parser.parse_args(argv)
    changed = render(check=args.check)
    for path in changed:
        print("%s %s" % ("stale:" if args.check else "wrote", os.path.relpath(path, ROOT)))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
