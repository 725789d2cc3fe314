"""The project's words in their place: the front page stays a front page, every link in the
guides leads to a file that exists, CI runs the README's test command, and the commit-message
hook (.githooks/commit-msg, turned on by make hooks) holds MicroPython's convention."""

import glob
import os
import re
import subprocess

import pytest

from host_tools.paths import ROOT

README = os.path.join(ROOT, "README.md")
HOOK = os.path.join(ROOT, ".githooks", "commit-msg")
GUIDES = [README, os.path.join(ROOT, "CONTRIBUTING.md")] + sorted(
    glob.glob(os.path.join(ROOT, "docs", "*.md")))

# [text](target) and ![alt](target); the target ends at whitespace or the closing parenthesis
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def relative_links(path):
    """The links of a Markdown file that point into the tree, without their #anchors."""
    out = []
    for target in LINK.findall(read(path)):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # a URL (https:, mailto:) or an anchor in the same page
        out.append(target.split("#", 1)[0])
    return out


def test_the_link_pattern_finds_links_and_images(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("See [a](docs/a.md#part), ![b](b.png), [c](https://x.org) and [d](#top).\n")
    assert relative_links(str(page)) == ["docs/a.md", "b.png"]


def test_the_readme_is_a_front_page():
    text = read(README)
    assert len(text.splitlines()) <= 200
    assert "make sim" in text and "make test" in text
    assert text.count("<!-- levels:begin -->") == 1 and text.count("<!-- levels:end -->") == 1
    block = text.split("<!-- levels:begin -->")[1].split("<!-- levels:end -->")[0]
    assert "| Device 1 |" in block  # the renderer replaces a table, so one is there to replace


@pytest.mark.parametrize("path", GUIDES, ids=lambda path: os.path.relpath(path, ROOT))
def test_every_relative_link_leads_to_a_file(path):
    folder = os.path.dirname(path)
    missing = [target for target in relative_links(path)
               if not os.path.exists(os.path.normpath(os.path.join(folder, target)))]
    assert missing == []


def test_the_readme_links_to_the_guides():
    targets = set(relative_links(README))
    for page in ("docs/playing.md", "docs/device.md", "docs/simulator.md", "docs/gtp-sgf.md",
                 "docs/architecture.md", "docs/benchmarks.md", "docs/journal.md",
                 "docs/rules.md", "hardware/README.md", "CONTRIBUTING.md"):
        assert page in targets, page


def test_ci_runs_exactly_the_readme_test_command():
    lines = [line.strip() for line in read(os.path.join(ROOT, ".ci", "run")).splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    assert [line for line in commands if "make" in line.split()] == ["make test"]


def test_make_test_does_not_need_the_hook():
    text = read(os.path.join(ROOT, "Makefile"))
    prerequisites = re.search(r"^test:(.*)$", text, re.M).group(1).split()
    assert "hooks" not in prerequisites
    assert re.search(r"^hooks:\n\tgit config core.hooksPath .githooks$", text, re.M)


def test_the_first_make_in_a_clone_turns_the_hook_on():
    """The virtual environment's recipe, which every make target that runs Python needs first,
    sets the hook where the folder is a git clone, and goes on where it is not (a tarball)."""
    text = read(os.path.join(ROOT, "Makefile"))
    recipe = re.search(r"^\$\(STAMP\):.*\n((?:\t.*\n)+)", text, re.M).group(1)
    assert "git config core.hooksPath .githooks || true" in recipe


def hook(tmp_path, message):
    """The hook's exit status on a message file, as git runs it (sh, the file's path)."""
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message, encoding="utf-8")
    return subprocess.run(["sh", HOOK, str(path)], capture_output=True, text=True).returncode


def test_the_hook_is_an_executable_file():
    assert os.access(HOOK, os.X_OK)
    assert read(HOOK).startswith("#!/bin/sh\n")


GOOD = [
    "docs: the README as a front page\n",
    "docs: the README as a front page\n\nThe history moves to docs/journal.md.\n",
    "engine: " + "x" * 64 + "\n\nbody\n",  # exactly 72 characters
    "host_tools/sim: a path as the area\n",
    "\n# a comment git strips\ndocs: a subject after git's blank lines\n\nbody\n",
    "docs: a subject\n# Please enter the commit message for your changes.\n",
    "Merge branch 'docs' into main, a subject that is longer than seventy-two characters\n",
    "fixup! docs: the README as a front page\n",
    "squash! docs: the README as a front page\nno blank line\n",
    'Revert "docs: the README as a front page"\n\nThis reverts commit 1eb8dd7.\n',
]
BAD = [
    "engine: " + "x" * 65 + "\n",  # 73 characters
    "README as a front page\n",  # no area
    "Docs: the area in capitals\n",
    "docs:no space after the colon\n",
    "docs : a space before the colon\n",
    "docs: the subject\nthe body at once, without a blank line\n",
    "",
    "# only a comment\n",
]


@pytest.mark.parametrize("message,status", [(m, 0) for m in GOOD] + [(m, 1) for m in BAD])
def test_the_hook_accepts_the_convention_and_rejects_the_rest(tmp_path, message, status):
    assert hook(tmp_path, message) == status


def test_the_version_is_the_changelogs_newest_and_the_licence_credits_the_rules():
    from host_tools.device.build import firmware_version

    version = firmware_version(os.path.join(ROOT, "firmware"))
    newest = re.search(r"^## (\d+\.\d+\.\d+)", read(os.path.join(ROOT, "CHANGELOG.md")), re.M)
    assert newest and newest.group(1) == version
    assert 'version = "%s"' % version in read(os.path.join(ROOT, "pyproject.toml"))
    licence = read(os.path.join(ROOT, "LICENSE"))
    for author in ("Luis Bolaños Mures", "Saïd Galdseid", "Dale Walton", "club tournament"):
        assert author in licence, author
