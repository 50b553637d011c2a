from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pytest

from app.storage import FileStore, UploadTooLarge, display_path, looks_like_pdf


@pytest.mark.parametrize(
    ("raw", "filename", "path"),
    [
        ("reports/2024/q1.pdf", "q1.pdf", "reports/2024/q1.pdf"),
        ("../../../etc/passwd", "passwd", "etc/passwd"),
        ("/etc/shadow.pdf", "shadow.pdf", "etc/shadow.pdf"),
        ("a/./b/../c.pdf", "c.pdf", "a/b/c.pdf"),
        ("C:\\Users\\me\\x.pdf", "x.pdf", "Users/me/x.pdf"),
        ("bad\x00name\x07.pdf", "badname.pdf", "badname.pdf"),
        ("", "unnamed.pdf", "unnamed.pdf"),
        ("../..", "unnamed.pdf", "unnamed.pdf"),
        (None, "unnamed.pdf", "unnamed.pdf"),
    ],
)
def test_display_path_never_escapes(raw: str | None, filename: str, path: str) -> None:
    assert display_path(raw) == (filename, path)
    assert ".." not in display_path(raw)[1].split("/")


def test_store_is_content_addressed_and_atomic(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    data = b"%PDF-1.7\n" + bytes(range(256)) * 100
    stored = store.save(io.BytesIO(data), max_bytes=1 << 20)
    assert stored.sha256 == hashlib.sha256(data).hexdigest()
    assert stored.path == tmp_path / stored.sha256[:2] / f"{stored.sha256}.pdf"
    assert stored.path.read_bytes() == data and stored.size_bytes == len(data)
    again = store.save(io.BytesIO(data), max_bytes=1 << 20)
    assert again.path == stored.path
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == [stored.path.name]


def test_store_refuses_oversized_and_leaves_nothing(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    with pytest.raises(UploadTooLarge):
        store.save(io.BytesIO(b"x" * (3 << 20)), max_bytes=1 << 20)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_path_for_refuses_non_digests(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        FileStore(tmp_path).path_for("../../etc/passwd")


def test_pdf_sniffing() -> None:
    assert looks_like_pdf(b"%PDF-1.4\n...")
    assert looks_like_pdf(b"\xef\xbb\xbf junk %PDF-1.4")
    assert not looks_like_pdf(b"PK\x03\x04 zip file")
    assert not looks_like_pdf(b"")
