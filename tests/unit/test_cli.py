"""The command line names a missing collection plainly, on any data folder (a fresh one included)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from app.settings import get_settings


@pytest.mark.parametrize(
    "command",
    [["ask", "--collection", "nope", "what is it?"], ["graph", "export", "--collection", "nope"]],
)
def test_a_missing_collection_is_named_and_exits_2(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("MDQA_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    try:
        assert main([*command, "--data-dir", str(tmp_path / "fresh")]) == 2
    finally:
        get_settings.cache_clear()  # the next test reads its own environment
    assert capsys.readouterr().err.strip() == "mdqa: no collection named 'nope'"
