"""The README's command-line block works as it stands, on a checkout with nothing but the repository (its
`examples/` PDFs), after the serve script: every line is run by bash, in order, and must succeed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO_ROOT


def readme_cli_block() -> str:
    readme = (REPO_ROOT / "README.md").read_text()
    section = readme.split("\n## Command line\n", 1)[1]
    found = re.search(r"```bash\n(.*?)```", section, re.S)
    assert found, "the README's Command line section has no bash block"
    return found.group(1)


def test_the_readme_cli_block_runs_verbatim(tmp_path: Path) -> None:
    block = readme_cli_block()
    assert ".venv/bin/mdqa ingest examples" in block
    # A fresh clone after ./scripts/serve.sh: the repository's files, and .venv/bin/mdqa. Here the launcher runs
    # this checkout's code with the test's interpreter (the shared environment is installed from another checkout).
    (tmp_path / "examples").symlink_to(REPO_ROOT / "examples")
    launcher = tmp_path / ".venv" / "bin" / "mdqa"
    launcher.parent.mkdir(parents=True)
    launcher.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m app.cli "$@"\n')
    launcher.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MDQA_")}
    env["PYTHONPATH"] = str(REPO_ROOT)
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "2 ready, 0 failed" in done.stdout
    assert '"citations"' in done.stdout and "Evidence (" in done.stdout  # the plain rendering, then --json
    assert (tmp_path / "examples.graphml").read_text().startswith("<?xml")
    assert (tmp_path / "mdqa-data" / "mdqa.db").is_file()  # the default data folder, the one `serve` uses


def test_ingest_exits_non_zero_when_every_file_is_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a PDF")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MDQA_")}
    env["PYTHONPATH"] = str(REPO_ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "ingest", "--data-dir", str(tmp_path / "d"), str(notes), "--collection", "c"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 1 and "every file was rejected" in done.stderr
