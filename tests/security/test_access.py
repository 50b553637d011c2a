"""Access control through the API: owners, viewers, editors, admins; unseen collections are 404 and unlisted;
answers only ever come from the asked collection (two users with look-alike documents)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from app.settings import Settings
from tests.security.conftest import bearer, login, make_token, make_user, page_token, write_pdf


def _users(settings: Settings) -> dict[str, dict[str, str]]:
    make_user(settings, "alice")
    make_user(settings, "bob")
    make_user(settings, "root", admin=True)
    return {name: bearer(make_token(settings, name)) for name in ("alice", "bob", "root")}


def _wait_ready(client: TestClient, headers: dict[str, str], ids: list[str], timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while True:
        docs = [client.get(f"/api/documents/{d}", headers=headers).json() for d in ids]
        if all(d["status"] == "ready" for d in docs):
            return
        assert not any(d["status"] == "failed" for d in docs), docs
        assert time.monotonic() < deadline, docs
        time.sleep(0.2)


def test_a_collection_you_cannot_see_does_not_exist(app_client: Callable[..., Any], settings: Settings) -> None:
    h = _users(settings)
    with app_client() as client:
        cid = client.post("/api/collections", json={"name": "alice only"}, headers=h["alice"]).json()["id"]
        bob_cid = client.post("/api/collections", json={"name": "bob only"}, headers=h["bob"]).json()["id"]
        assert [c["name"] for c in client.get("/api/collections", headers=h["bob"]).json()] == ["bob only"]
        for method, path in [
            ("GET", f"/api/collections/{cid}"),
            ("DELETE", f"/api/collections/{cid}"),
            ("POST", f"/api/collections/{cid}/ask"),
            ("GET", f"/api/collections/{cid}/questions"),
            ("GET", f"/api/collections/{cid}/graph/stats"),
            ("GET", f"/api/collections/{cid}/members"),
            ("PUT", f"/api/collections/{cid}/members"),
        ]:
            body = {"question": "q?"} if path.endswith("/ask") else {"user": "bob", "role": "editor"}
            response = client.request(method, path, headers=h["bob"], json=body if method in ("POST", "PUT") else None)
            missing = client.request(
                method, path.replace(cid, "0" * 32), headers=h["bob"], json=body if method in ("POST", "PUT") else None
            )
            assert response.status_code == 404 == missing.status_code, (method, path, response.text)
            assert response.json() == missing.json()  # indistinguishable from a collection that never existed
        page = client.get(f"/collections/{cid}", headers=h["bob"])
        assert page.status_code == 404 and "alice only" not in page.text
        assert "alice only" not in client.get("/", headers=h["bob"]).text
        # the administrator sees both
        names = {c["name"] for c in client.get("/api/collections", headers=h["root"]).json()}
        assert names == {"alice only", "bob only"}
        assert client.get(f"/api/collections/{bob_cid}", headers=h["root"]).status_code == 200


def test_roles_viewer_reads_editor_changes_owner_shares(
    app_client: Callable[..., Any], settings: Settings, tmp_path: Path
) -> None:
    h = _users(settings)
    pdf = write_pdf(tmp_path / "memo.pdf", "Memo", ["The shared memo says the launch is on Tuesday."])
    files = [("files", ("memo.pdf", pdf.read_bytes(), "application/pdf"))]
    with app_client() as client:
        cid = client.post("/api/collections", json={"name": "shared"}, headers=h["alice"]).json()["id"]
        did = client.post(f"/api/collections/{cid}/documents", files=files, headers=h["alice"]).json()["documents"][0][
            "id"
        ]
        # bob is nobody here; a viewer may not share the collection further
        assert client.get(f"/api/documents/{did}", headers=h["bob"]).status_code == 404
        assert client.get(f"/api/documents/{did}/file", headers=h["bob"]).status_code == 404
        member = {"user": "bob", "role": "viewer"}
        assert client.put(f"/api/collections/{cid}/members", json=member, headers=h["alice"]).status_code == 200
        assert client.get(f"/api/documents/{did}", headers=h["bob"]).status_code == 200
        assert client.get(f"/api/documents/{did}/file", headers=h["bob"]).content == pdf.read_bytes()
        assert [c["id"] for c in client.get("/api/collections", headers=h["bob"]).json()] == [cid]
        for response in (
            client.post(f"/api/collections/{cid}/documents", files=files, headers=h["bob"]),
            client.delete(f"/api/documents/{did}", headers=h["bob"]),
            client.delete(f"/api/collections/{cid}", headers=h["bob"]),
            client.put(f"/api/collections/{cid}/members", json={"user": "root", "role": "editor"}, headers=h["bob"]),
        ):
            assert response.status_code == 403, response.text
            assert "you are a viewer of this collection" in response.json()["detail"]
        # editor: uploads and deletes documents, but the collection itself stays the owner's
        member["role"] = "editor"
        assert client.put(f"/api/collections/{cid}/members", json=member, headers=h["alice"]).status_code == 200
        assert client.delete(f"/api/documents/{did}", headers=h["bob"]).status_code == 204
        assert client.post(f"/api/collections/{cid}/documents", files=files, headers=h["bob"]).status_code == 202
        assert client.delete(f"/api/collections/{cid}", headers=h["bob"]).status_code == 403
        members = client.get(f"/api/collections/{cid}/members", headers=h["bob"]).json()
        assert members == [{"user": "alice", "role": "owner"}, {"user": "bob", "role": "editor"}]
        # removed: gone again
        assert client.delete(f"/api/collections/{cid}/members/bob", headers=h["alice"]).status_code == 204
        assert client.get(f"/api/collections/{cid}", headers=h["bob"]).status_code == 404
        assert client.delete(f"/api/collections/{cid}", headers=h["alice"]).status_code == 204


def test_answers_cite_only_the_asked_collection(settings: Settings, tmp_path: Path) -> None:
    """Two users hold look-alike reports with different figures; each one's answers cite only their own."""
    from app.main import create_app

    h = _users(settings)
    figures = {"alice": "41", "bob": "97"}
    with TestClient(create_app(settings)) as client:
        collections: dict[str, str] = {}
        documents: dict[str, set[str]] = {}
        for name, figure in figures.items():
            pdf = write_pdf(
                tmp_path / f"{name}.pdf",
                "Northwind Annual Report",
                [
                    f"Northwind revenue in 2023 was {figure} million dollars.",
                    f"The Northwind board approved a dividend of {figure} cents per share.",
                    "Northwind operates warehouses in Oslo and Bergen.",
                ],
            )
            cid = client.post("/api/collections", json={"name": f"{name} reports"}, headers=h[name]).json()["id"]
            upload = client.post(
                f"/api/collections/{cid}/documents",
                files=[("files", ("northwind-annual-report.pdf", pdf.read_bytes(), "application/pdf"))],
                headers=h[name],
            ).json()
            ids = [d["id"] for d in upload["documents"]]
            _wait_ready(client, h[name], ids)
            collections[name], documents[name] = cid, set(ids)
        for name, figure in figures.items():
            other = "bob" if name == "alice" else "alice"
            for question in ("What was Northwind revenue in 2023?", "What dividend did the Northwind board approve?"):
                response = client.post(
                    f"/api/collections/{collections[name]}/ask", json={"question": question}, headers=h[name]
                )
                assert response.status_code == 200, response.text
                answer = response.json()
                assert answer["citations"], answer
                assert {c["document_id"] for c in answer["citations"]} <= documents[name]
                assert {n["document_id"] for n in answer["evidence"]["nodes"]} <= documents[name]
                assert figure in answer["answer"] and figures[other] not in answer["answer"]
            # and the other's collection cannot be asked at all
            other_ask = client.post(
                f"/api/collections/{collections[other]}/ask", json={"question": "revenue?"}, headers=h[name]
            )
            assert other_ask.status_code == 404


def test_sharing_page_adds_and_removes_members(app_client: Callable[..., Any], settings: Settings) -> None:
    _users(settings)
    with app_client() as alice, app_client() as bob:
        assert login(alice, "alice").status_code == 303 and login(bob, "bob").status_code == 303
        cid = alice.post("/api/collections", json={"name": "team"}, headers=_browser(alice)).json()["id"]
        assert bob.get(f"/collections/{cid}/members").status_code == 404
        token = page_token(alice, f"/collections/{cid}/members")
        shared = alice.post(
            f"/collections/{cid}/members",
            data={"user": "bob", "role": "viewer", "csrf_token": token},
            follow_redirects=False,
        )
        assert shared.status_code == 303
        page = bob.get(f"/collections/{cid}/members")
        assert page.status_code == 200 and 'data-testid="member-add"' not in page.text  # a viewer cannot share
        assert [c["name"] for c in bob.get("/api/collections").json()] == ["team"]
        bob_token = page_token(bob, f"/collections/{cid}/members")
        refused = bob.post(
            f"/collections/{cid}/members", data={"user": "root", "role": "editor", "csrf_token": bob_token}
        )
        assert refused.status_code == 403 and "you are a viewer" in refused.text
        unknown = alice.post(
            f"/collections/{cid}/members", data={"user": "nobody", "role": "viewer", "csrf_token": token}
        )
        assert unknown.status_code == 422 and "no user named" in unknown.text
        removed = alice.post(
            f"/collections/{cid}/members/bob/remove", data={"csrf_token": token}, follow_redirects=False
        )
        assert removed.status_code == 303
        assert bob.get(f"/api/collections/{cid}").status_code == 404


def _browser(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": page_token(client), "Origin": str(client.base_url).rstrip("/")}
