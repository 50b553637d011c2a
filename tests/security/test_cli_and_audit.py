"""`mdqa user`, `mdqa token` and `mdqa audit` as processes, and the audit trail of the API's actions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import select

from app.db.models import ApiToken
from app.db.session import session_scope
from app.settings import Settings
from tests.conftest import REPO_ROOT
from tests.security.conftest import bearer, login, make_token, make_user, page_token


def mdqa(settings: Settings, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MDQA_DATA_DIR": str(settings.data_dir), "MDQA_DATABASE_URL": settings.resolved_database_url}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=120,
    )


def test_users_and_tokens_from_the_command_line(app_client: Callable[..., Any], settings: Settings) -> None:
    created = mdqa(settings, "user", "create", "ada", "--admin", "--password-stdin", stdin="long enough pw\n")
    assert created.returncode == 0, created.stderr
    assert "created administrator ada" in created.stdout
    again = mdqa(settings, "user", "create", "ada", "--password-stdin", stdin="long enough pw\n")
    assert again.returncode == 2 and "already exists" in again.stderr
    short = mdqa(settings, "user", "create", "bea", "--password-stdin", stdin="short\n")
    assert short.returncode == 2 and "at least 8 characters" in short.stderr
    no_tty = mdqa(settings, "user", "create", "bea")
    assert no_tty.returncode == 2 and "--password-stdin" in no_tty.stderr
    assert mdqa(settings, "user", "list").stdout.split("\t")[:2] == ["ada", "admin"]

    token = mdqa(settings, "token", "create", "ada", "--label", "backup").stdout.strip()
    assert token.startswith("mdqa_") and len(token) > 40
    with session_scope(settings.resolved_database_url) as session:
        hashes = session.scalars(select(ApiToken.token_hash)).all()
    assert token not in hashes and len(hashes) == 1  # stored hashed
    with app_client() as client:
        assert client.get("/api/me", headers=bearer(token)).json()["name"] == "ada"
        assert "backup" in mdqa(settings, "token", "list", "ada").stdout
        revoked = mdqa(settings, "token", "revoke", "ada", "backup")
        assert revoked.returncode == 0, revoked.stderr
        assert client.get("/api/me", headers=bearer(token)).status_code == 401

        changed = mdqa(settings, "user", "passwd", "ada", "--password-stdin", stdin="another long pw\n")
        assert changed.returncode == 0, changed.stderr
        assert login(client, "ada", "long enough pw").status_code == 401
        assert login(client, "ada", "another long pw").status_code == 303
    deleted = mdqa(settings, "user", "delete", "ada")
    assert deleted.returncode == 0 and mdqa(settings, "user", "list").stdout == ""
    missing = mdqa(settings, "user", "delete", "ada")
    assert missing.returncode == 2 and "no user named 'ada'" in missing.stderr


def test_the_audit_trail_records_who_did_what(
    app_client: Callable[..., Any], settings: Settings, tmp_path: Path
) -> None:
    make_user(settings, "alice")
    make_user(settings, "root", admin=True)
    alice, root = bearer(make_token(settings, "alice")), bearer(make_token(settings, "root"))
    pdf_bytes = b"%PDF-1.4\n" + b"x" * 200
    with app_client() as client:
        cid = client.post("/api/collections", json={"name": "audited"}, headers=alice).json()["id"]
        upload = client.post(
            f"/api/collections/{cid}/documents",
            files=[("files", ("secret plan.pdf", pdf_bytes, "application/pdf"))],
            headers=alice,
        ).json()
        client.post(f"/api/collections/{cid}/ask", json={"question": "Where is the plan?"}, headers=alice)
        assert client.delete(f"/api/documents/{upload['documents'][0]['id']}", headers=alice).status_code == 204
        login(client, "alice", "wrong password!")

        assert client.get("/api/audit", headers=alice).status_code == 403  # not an administrator
        events = client.get("/api/audit", headers=root).json()
        seen = [(e["user"], e["action"], e["target"]) for e in reversed(events)]
        assert ("alice", "collection.create", "audited") in seen
        assert ("alice", "document.upload", "secret plan.pdf") in seen
        assert ("alice", "ask", "Where is the plan?") in seen
        assert ("alice", "document.delete", "secret plan.pdf") in seen
        assert ("anonymous", "login.failed", "alice") in seen
        assert all(e["collection_id"] == cid for e in events if e["action"] in ("ask", "document.upload"))

        client.cookies.clear()
        assert login(client, "alice").status_code == 303
        assert client.get("/admin/audit").status_code == 403
        client.post("/logout", data={"csrf_token": page_token(client)})
        assert login(client, "root").status_code == 303
        page = client.get("/admin/audit")
        assert page.status_code == 200 and "secret plan.pdf" in page.text and "login.failed" in page.text

    printed = mdqa(settings, "audit", "--json", "--user", "alice", "--action", "ask")
    assert printed.returncode == 0, printed.stderr
    assert [(e["user"], e["target"]) for e in json.loads(printed.stdout)] == [("alice", "Where is the plan?")]
    table = mdqa(settings, "audit", "--limit", "3")
    assert table.returncode == 0 and len(table.stdout.strip().splitlines()) == 3


def test_serve_beyond_loopback_without_a_user_refuses_to_start(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    served = mdqa(settings, "serve", "--host", "0.0.0.0", "--port", "1", "--data-dir", str(settings.data_dir))
    assert served.returncode == 2
    assert "refusing to listen on 0.0.0.0" in served.stderr and "mdqa user create NAME --admin" in served.stderr
