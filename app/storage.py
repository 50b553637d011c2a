"""Uploaded files on disk, content-addressed by sha256: a user's path never becomes a file-system path."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

CHUNK = 1 << 20


class UploadTooLarge(Exception):
    def __init__(self, limit_mb: int) -> None:
        super().__init__(f"upload larger than {limit_mb} MB (MDQA_MAX_UPLOAD_MB)")
        self.limit_mb = limit_mb


@dataclass(frozen=True, slots=True)
class StoredFile:
    sha256: str
    size_bytes: int
    path: Path
    head: bytes  # first bytes, to recognise the file type


class FileStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def path_for(self, sha256: str) -> Path:
        if not re.fullmatch(r"[0-9a-f]{64}", sha256):
            raise ValueError("not a sha256 digest")
        return self.root / sha256[:2] / f"{sha256}.pdf"

    def save(self, stream: BinaryIO, max_bytes: int) -> StoredFile:
        """Stream to a temporary file while hashing, then move it into place atomically."""
        self.root.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256()
        size = 0
        head = b""
        fd, tmp_name = tempfile.mkstemp(dir=self.root, prefix=".upload-")
        try:
            with os.fdopen(fd, "wb") as out:
                while chunk := stream.read(CHUNK):
                    if not head:
                        head = chunk[:1024]
                    size += len(chunk)
                    if size > max_bytes:
                        raise UploadTooLarge(max_bytes // (1 << 20))
                    digest.update(chunk)
                    out.write(chunk)
            sha = digest.hexdigest()
            final = self.path_for(sha)
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(tmp_name, final)
            return StoredFile(sha256=sha, size_bytes=size, path=final, head=head)
        except BaseException:
            Path(tmp_name).unlink(missing_ok=True)
            raise

    def unlocked_path_for(self, sha256: str) -> Path:
        """Where a decrypted copy of an encrypted upload lives (for page images; the password is not kept)."""
        return self.root / "unlocked" / sha256[:2] / self.path_for(sha256).name

    def delete(self, sha256: str) -> None:
        self.path_for(sha256).unlink(missing_ok=True)
        self.unlocked_path_for(sha256).unlink(missing_ok=True)


def looks_like_pdf(head: bytes) -> bool:
    # The header may follow a little junk; PDF readers accept it within the first 1 KB.
    return b"%PDF-" in head[:1024]


def display_path(raw_filename: str | None) -> tuple[str, str]:
    """(filename, relative display path) from a browser-supplied name that may hold a folder path.

    Strips NUL and control characters, drive letters, absolute roots and `..`/`.` segments, so the label
    can never be mistaken for a location; it is only ever shown, never opened.
    """
    name = unicodedata.normalize("NFC", raw_filename or "")
    name = "".join(ch for ch in name if ch.isprintable())
    name = name.replace("\\", "/")
    name = re.sub(r"^[A-Za-z]:", "", name)
    parts = [p.strip() for p in PurePosixPath(name).parts if p not in ("/", "", ".", "..")]
    parts = [p for p in parts if p and p not in (".", "..")]
    if not parts:
        return "unnamed.pdf", "unnamed.pdf"
    path = "/".join(parts)[-1024:]
    return parts[-1][-255:], path
