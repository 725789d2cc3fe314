"""docs/benchmarks.md is what host_tools.bench.render makes of the committed results files, and the
renderer decides met or missed itself: a figure over or under its target in either direction, a
figure with no value, partial runs merged into a results file."""

import json
import os

from host_tools.bench import render, results
from host_tools.bench.opponents import Tally


def test_committed_page_is_rendered_from_committed_results():
    files = render.results_files()
    assert files, "no results files in docs/results/"
    with open(render.PAGE) as handle:
        assert handle.read() == render.page(files), "run: make bench-page"


def test_readme_levels_block_is_rendered_where_the_readme_has_one():
    with open(render.README) as handle:
        text = handle.read()
    wanted = render.readme_with(text, render.levels_block(render.results_files()))
    assert wanted is None or wanted == text, "run: make bench-page"


def _write(folder, bench, figures, commit="abc1234", date="2026-01-01T00:00:00Z"):
    run = {"commit": commit, "dirty": False, "date": date, "command": "python -m x",
           "machine": {"cpu": "test cpu", "cores": 1, "platform": "test", "python": "3"},
           "load": [0.0, 0.0, 0.0]}
    data = {"bench": bench, "title": bench, "runs": [run],
            "figures": [dict(f, commit=commit, date=date) for f in figures]}
    with open(os.path.join(folder, bench + ".json"), "w") as handle:
        json.dump(data, handle)


def _rows(text):
    """{figure name: its table cells} of a rendered page."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| Figure") and "---" not in line:
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            rows[cells[0]] = cells
    return rows


def test_met_and_missed_in_both_directions_and_a_missing_figure(tmp_path):
    figures = [
        {"name": "fast", "value": 70, "unit": "/s", "target": 60, "direction": ">="},
        {"name": "slow", "value": 50, "unit": "/s", "target": 60, "direction": ">="},
        {"name": "small", "value": 12000, "unit": "B", "target": 12288, "direction": "<="},
        {"name": "big", "value": 12304, "unit": "B", "target": 12288, "direction": "<="},
        {"name": "exact", "value": 2.0, "unit": "s", "target": 2.0, "direction": "<="},
        {"name": "absent", "value": None, "unit": "s", "target": 2.0, "direction": "<="},
        {"name": "free", "value": 5, "unit": "ms"},
    ]
    _write(tmp_path, "speed", figures)
    page = tmp_path / "benchmarks.md"
    assert render.render(str(tmp_path), str(page), str(tmp_path / "README.md")) == [str(page)]
    rows = _rows(page.read_text())
    assert rows["fast"][1:4] == ["70 /s", "≥ 60 /s", "met"]
    assert rows["slow"][3] == "MISSED"
    assert rows["small"][2:4] == ["≤ 12288 B", "met (2.3% to spare)"]  # a heap budget's margin
    assert rows["big"][3] == "MISSED (0.1% over)"
    assert rows["exact"][3] == "met"
    assert rows["absent"][1] == "not measured" and rows["absent"][3] == "not measured"
    assert rows["free"][2:4] == ["", ""]
    # nothing changed since: --check finds the page current; a changed figure makes it stale
    assert render.render(str(tmp_path), str(page), str(tmp_path / "README.md"), check=True) == []
    figures[1]["value"] = 65
    _write(tmp_path, "speed", figures)
    assert render.render(str(tmp_path), str(page), str(tmp_path / "README.md"),
                         check=True) == [str(page)]
    assert "MISSED" in page.read_text()  # check wrote nothing


def test_readme_block_filled_between_markers_only(tmp_path):
    tally = Tally()
    tally.wins, tally.losses = 7, 13
    low, high = tally.interval()
    _write(tmp_path, "ai", [{"name": "go 9x9 vs GNU Go level 1, top Pico level",
                             "value": 35.0, "unit": "%", "game": "go", "board": "9x9",
                             "level": 4, "opponent": "gnugo", "wins": 7, "games": 20,
                             "interval": [round(100 * low, 1), round(100 * high, 1)]}])
    readme = tmp_path / "README.md"
    readme.write_text("intro\n%s\nold\n%s\nafter\n" % (render.BEGIN, render.END))
    render.render(str(tmp_path), str(tmp_path / "page.md"), str(readme))
    text = readme.read_text()
    assert text.startswith("intro\n") and text.endswith("\nafter\n") and "old" not in text
    rows = {line.split(" | ")[0]: line.split(" | ") for line in text.splitlines()
            if line.startswith("| Device ")}
    assert rows["| Device 4"][1] == "Pico, Pi" and rows["| Device 6"][1] == "Pi"
    go = rows["| Device 4"][2]  # the Go column: budget, then the figure
    from stones.engine import registry, search

    go_class = registry.game_class("go")
    assert go == "{:,}<br>{}% [{}, {}] vs GNU Go level 1, 20 games".format(
        search.budget(go_class, 4), 35, round(100 * low), round(100 * high))
    # nothing measured: the budget alone
    assert rows["| Device 1"][2] == "{:,}".format(search.budget(go_class, 1))
    # without the markers the README is left as it is
    readme.write_text("no markers\n")
    render.render(str(tmp_path), str(tmp_path / "page.md"), str(readme))
    assert readme.read_text() == "no markers\n"


def test_a_partial_run_merges_and_keeps_the_other_figures_runs(tmp_path, monkeypatch):
    path = str(tmp_path / "ai.json")
    first = results.Results("ai", "ai", argv=[], path=path)
    first.add("go figure", 1)
    first.add("loose figure", 2)
    first.save()
    later = results.Results("ai", "ai", argv=["go"], path=path)
    later.run["date"] = "2099-01-01T00:00:00Z"  # another run
    later.add("go figure", 3)
    data = later.save()
    by_name = {f["name"]: f for f in data["figures"]}
    assert [f["name"] for f in data["figures"]] == ["go figure", "loose figure"]
    assert by_name["go figure"]["value"] == 3
    assert by_name["go figure"]["date"] == "2099-01-01T00:00:00Z"
    assert by_name["loose figure"]["value"] == 2
    assert by_name["loose figure"]["date"] == first.run["date"]
    assert len(data["runs"]) == 2


def test_the_workloads_derive_each_games_menu_presses_and_read_its_opening():
    from host_tools.bench.mp.bench_ui import starts
    from stones.engine import registry

    assert starts("go") == ["a", "a"]
    assert starts("loose") == ["down", "a", "a", "a", "a"]  # then the komi, proposed, accepted
    assert starts("offshore") == ["down", "down", "down", "a", "a"]
    for key in registry.keys():
        game = registry.new_game(key)
        opening = results.bench_of(key)["opening"].split()
        assert len(opening) >= 4 and not game.reason(game.parse(opening[0])), key
