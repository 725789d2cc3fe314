"""Every figure traces to a commit in history: each run in docs/results names a commit that is an
ancestor of HEAD, measured from a clean tree, and the runtimes it really ran; each figure names
one of its file's runs. A rebase or an amend that orphans a run's commit fails here: measure it
again from a clean commit (the benchmark's command is in the run)."""

import glob
import json
import os
import subprocess

import pytest

from host_tools.bench.results import RESULTS, run_id
from host_tools.paths import ROOT


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def history_reason():
    """Why the history cannot be read here (no git, not a clone, a shallow one), or None."""
    try:
        inside = git("rev-parse", "--is-shallow-repository")
    except OSError:
        return "git is not installed"
    if inside.returncode:
        return "not a git checkout"
    if inside.stdout.strip() == "true":
        return "a shallow clone: its history is cut"
    return None


FILES = sorted(glob.glob(os.path.join(RESULTS, "*.json")))


@pytest.mark.skipif(history_reason() is not None, reason=str(history_reason()))
@pytest.mark.parametrize("path", FILES, ids=[os.path.basename(p) for p in FILES])
def test_every_run_names_a_clean_commit_of_history_and_its_runtimes(path):
    with open(path) as handle:
        data = json.load(handle)
    assert data["runs"] and data["figures"], path
    wrong = []
    for run in data["runs"]:
        commit = run.get("commit", "")
        if not commit or git("merge-base", "--is-ancestor", commit, "HEAD").returncode:
            wrong.append("%s: commit %r is not an ancestor of HEAD" % (run_id(run), commit))
        if run.get("dirty") is not False:
            wrong.append("%s: measured from a dirty tree" % run_id(run))
        if not run.get("runtimes"):
            wrong.append("%s: names no runtime" % run_id(run))
    runs = {run_id(run) for run in data["runs"]}
    wrong += ["figure %r names no run of the file" % f["name"] for f in data["figures"]
              if run_id(f) not in runs]
    assert not wrong, "%s:\n%s" % (os.path.relpath(path, ROOT), "\n".join(wrong))


def test_there_are_results_to_check():
    assert len(FILES) >= 7
