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


def _upward(package: str, forbidden: tuple[str, ...]) -> set[str]:
    files = sorted((APP / package).rglob("*.py"))
    assert files, package
    return {
        f"{path.relative_to(APP.parent)}: {name}"
        for path in files
        for name in _imports(path)
        if any(name == bad or name.startswith(bad + ".") for bad in forbidden)
    }


def test_services_import_no_web_api_or_worker_code() -> None:
    # Use cases are called by the API, the pages, the CLI and the Celery task alike: they know none of them.
    web = ("app.api", "app.web", "app.main", "app.commands", "worker", "celery", "fastapi", "starlette", "jinja2")
    assert not _upward("services", web), sorted(_upward("services", web))


def test_the_pages_and_the_api_do_not_import_each_other() -> None:
    # What both need (the session, the actor, the rate limits) lives in app.dependencies.
    assert not _upward("web", ("app.api",)), sorted(_upward("web", ("app.api",)))
    assert not _upward("api", ("app.web",)), sorted(_upward("api", ("app.web",)))


def test_only_the_session_scope_commits() -> None:
    # Services flush; app.db.session's unit of work commits (and runs the after-commit job sends).
    committing = {
        f"{path.relative_to(APP.parent)}:{node.lineno}"
        for path in sorted([*APP.rglob("*.py"), *(APP.parent / "worker").rglob("*.py")])
        for node in ast.walk(ast.parse(path.read_text(), str(path)))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "commit"
    }
    assert committing and all(c.startswith("app/db/session.py:") for c in committing), sorted(committing)


def test_the_app_sends_jobs_by_name_and_never_imports_the_worker() -> None:
    # Only `mdqa worker` builds the Celery app; the web process sends "mdqa.ingest_document" through app.queue.
    importing = {
        f"{path.relative_to(APP.parent)}: {name}"
        for path in sorted(APP.rglob("*.py"))
        for name in _imports(path)
        if name == "worker" or name.startswith("worker.")
    }
    assert importing == {
        "app/commands/worker.py: worker.celery_app",
        "app/commands/worker.py: worker.celery_app.create_celery",
    }


def test_pdfium_is_reached_only_through_the_ingest_modules_that_hold_its_lock() -> None:
    # pdfium forbids concurrent calls from different threads: app.ingest.pdfium owns PDFIUM_LOCK, and only it, the
    # extractor (which takes that lock per page) and the page readers it calls under the lock import pypdfium2
    # (tests/integration/test_pdfium_concurrency.py); no other module of the app imports those page readers.
    files = sorted([*APP.rglob("*.py"), *(APP.parent / "worker").rglob("*.py")])
    importing = {
        str(path.relative_to(APP.parent))
        for path in files
        if any(name == "pypdfium2" or name.startswith("pypdfium2.") for name in _imports(path))
    }
    readers = {"app/ingest/page_geometry.py", "app/ingest/page_edges.py"}
    assert importing == {"app/ingest/pdfium.py", "app/ingest/pdf.py", *readers}
    callers = {
        str(path.relative_to(APP.parent))
        for path in files
        if _imports(path) & {"app.ingest.page_geometry", "app.ingest.page_edges"}
    }
    assert callers == {"app/ingest/pdf.py", "app/ingest/page_geometry.py"}
