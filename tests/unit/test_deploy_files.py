"""Deployment files checked with what runs here (no Docker engine): hadolint, docker-compose config, and the
properties a deployment relies on; docs/deploy.md lists every setting."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import yaml

from app.settings_reference import BEGIN, END, settings_section
from tests.conftest import REPO_ROOT


def test_deploy_doc_lists_every_setting() -> None:
    doc = (REPO_ROOT / "docs" / "deploy.md").read_text()
    start, end = doc.index(BEGIN), doc.index(END) + len(END)
    assert doc[start:end] == settings_section(), "docs/deploy.md is out of date: paste the output of `mdqa settings`"


def test_dockerfile_passes_hadolint() -> None:
    hadolint = Path(sys.executable).parent / "hadolint"
    result = subprocess.run([str(hadolint), str(REPO_ROOT / "Dockerfile")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_dockerfile_builds_cpu_torch_runs_unprivileged_with_a_health_check() -> None:
    dockerfile = (REPO_ROOT / "Dockerfile").read_text()
    assert dockerfile.count("FROM ") >= 2  # multi-stage
    assert "download.pytorch.org/whl/cpu" in dockerfile and "torch==2.13.0" in dockerfile
    assert "pip install -e" not in dockerfile
    assert "HEALTHCHECK" in dockerfile and "/healthz" in dockerfile
    user_lines = [line for line in dockerfile.splitlines() if line.startswith("USER ")]
    assert user_lines and user_lines[-1] != "USER root" and user_lines[-1] != "USER 0"
    assert "HF_HUB_OFFLINE=1" in dockerfile


def _resolved_compose(tmp_path: Path) -> dict:
    compose = shutil.which("docker-compose")
    assert compose, "docker-compose (Debian package) is installed by scripts/setup.sh --test"
    shutil.copy(REPO_ROOT / "docker-compose.yml", tmp_path / "docker-compose.yml")
    shutil.copy(REPO_ROOT / ".env.example", tmp_path / ".env")
    result = subprocess.run([compose, "config"], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return yaml.safe_load(result.stdout)


def test_compose_is_valid_and_safe_by_default(tmp_path: Path) -> None:
    config = _resolved_compose(tmp_path)
    services = config["services"]
    assert set(services) == {"postgres", "redis", "migrate", "web", "worker"}
    assert "pgvector" in services["postgres"]["image"] and "16" in services["postgres"]["image"]
    # The web port is on loopback unless the operator says otherwise.
    published = services["web"]["ports"][0]
    host_ip = published.split(":")[0] if isinstance(published, str) else published.get("host_ip")
    assert host_ip == "127.0.0.1"
    for name in ("web", "worker"):
        assert services[name]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert services[name]["restart"] == "unless-stopped"
    assert services["migrate"]["restart"] == "no" and services["migrate"]["command"] == ["mdqa", "migrate"]
    for name in ("postgres", "redis", "worker"):
        assert "healthcheck" in services[name], name
    assert {"pgdata", "redisdata", "files"} <= set(config["volumes"])
    # The password comes from .env, not from the committed file.
    raw = (REPO_ROOT / "docker-compose.yml").read_text()
    assert "POSTGRES_PASSWORD: mdqa" not in raw and "${POSTGRES_PASSWORD:?" in raw
