"""Settings refuse what they do not know: a typo in an MDQA_* name is an error at start-up, not a silent default."""

from __future__ import annotations

import argparse

import pytest

from app.cli import build_parser, main
from app.settings import GraphSettings, SettingsError, get_settings, load_settings, unknown_names


def test_typo_in_a_nested_name_is_refused_with_the_close_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDQA_GRAPH__KNN_KK", "5")
    with pytest.raises(SettingsError, match=r"MDQA_GRAPH__KNN_KK \(did you mean MDQA_GRAPH__KNN_K\?\)"):
        load_settings()


def test_typo_in_a_top_level_name_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDQA_DATA_DIRR", "/tmp/x")
    with pytest.raises(SettingsError, match="MDQA_DATA_DIR"):
        load_settings()


def test_known_names_and_tooling_names_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDQA_GRAPH__KNN_K", "7")
    monkeypatch.setenv("mdqa_retrieval__budget", "12")  # names are case-insensitive
    monkeypatch.setenv("MDQA_TEST_REDIS", "redis://127.0.0.1:6379/0")
    settings = load_settings()
    assert (settings.graph.knn_k, settings.retrieval.budget) == (7, 12)
    assert unknown_names({"MDQA_OCR__DPI": "200", "MDQA_E2E_BASE_URL": "x", "PATH": "/bin"}) == []


def test_a_bad_value_names_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MDQA_GRAPH__KNN_K", "500")
    with pytest.raises(SettingsError, match="MDQA_GRAPH__KNN_K: Input should be less than or equal to 100"):
        load_settings()


def test_groups_refuse_unknown_keys_in_code_too() -> None:
    with pytest.raises(ValueError, match="knn_kk"):
        GraphSettings(knn_kk=5)  # type: ignore[call-arg]


def test_the_cli_reports_an_unknown_setting_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("MDQA_GRAPH__KNN_KK", "5")
    get_settings.cache_clear()  # the commands read the settings once per process
    assert main(["migrate"]) == 2
    assert "unknown setting MDQA_GRAPH__KNN_KK" in capsys.readouterr().err


def test_data_dir_option_reaches_the_settings(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MDQA_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    assert main(["migrate", "--data-dir", str(tmp_path / "d")]) == 0
    assert (tmp_path / "d" / "mdqa.db").is_file()


def _leaf_commands(parser: argparse.ArgumentParser, prefix: str = "") -> dict[str, argparse.ArgumentParser]:
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found |= _leaf_commands(sub, f"{prefix} {name}".strip())
    return found or {prefix: parser}


def test_every_command_that_reads_data_takes_data_dir() -> None:
    # eval builds its own corpus in a temporary folder; settings prints the reference: neither reads the data.
    commands = _leaf_commands(build_parser())
    assert {"serve", "worker", "ingest", "ask", "graph export", "migrate", "audit"} <= set(commands)
    without = {name for name, sub in commands.items() if "--data-dir" not in sub._option_string_actions}
    assert without == {"eval", "settings"}


def test_trusted_proxies_are_addresses_or_networks(monkeypatch: pytest.MonkeyPatch) -> None:
    assert load_settings().trusted_proxy_list == []  # nobody's X-Forwarded-For by default, loopback's neither
    monkeypatch.setenv("MDQA_TRUSTED_PROXIES", " 127.0.0.1, 10.0.0.0/8 ,::1")
    assert load_settings().trusted_proxy_list == ["127.0.0.1", "10.0.0.0/8", "::1"]
    monkeypatch.setenv("MDQA_TRUSTED_PROXIES", "127.0.0.1,proxy.local")
    with pytest.raises(SettingsError, match=r"MDQA_TRUSTED_PROXIES: .*'proxy.local' is not an IP address"):
        load_settings()
