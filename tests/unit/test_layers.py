"""One direction only (DESIGN.md): the domain never imports the queue, the services, the web or the worker."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
DOMAIN = ("ingest", "graph", "qa", "llm")
FORBIDDEN = ("app.queue", "app.services", "app.api", "app.web", "app.main", "worker", "celery", "fastapi", "jinja2")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            # `from app import queue` names the module in the alias, not in `module`.
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_domain_imports_no_queue_service_or_web_code() -> None:
    files = [path for package in DOMAIN for path in sorted((APP / package).rglob("*.py"))]
    assert len(files) > 20  # the walk found the domain's modules
    upward = {
        f"{path.relative_to(APP.parent)}: {name}"
        for path in files
        for name in _imports(path)
        if any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN)
    }
    assert not upward, sorted(upward)

