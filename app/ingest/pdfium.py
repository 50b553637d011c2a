"""The one door to pdfium: its process-wide lock, opening a document (with a password) and rendering a page.

pdfium forbids concurrent calls from different threads, even on different documents, and the embedded
app runs ingestion in a thread of the web process while the viewer renders page images. Every pdfium
call in this process therefore happens under ``PDFIUM_LOCK``. Callers hold it for one page-sized piece
of work (open a document, read one page, render one page), never for a whole document, so a page image
waits at most for one page of extraction.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2 as pdfium

from app.ingest.extracted import CorruptPdf, PasswordRequired, WrongPassword

if TYPE_CHECKING:  # annotations only: pypdfium2's to_pil() imports PIL when a page is drawn
    from PIL import Image

# Re-entrant: a helper that takes the lock may be called by code that already holds it.
PDFIUM_LOCK = threading.RLock()

# pdfium's FPDF_GetLastError codes, as reported in PdfiumError.err_code.
_ERR_FILE, _ERR_FORMAT, _ERR_PASSWORD, _ERR_SECURITY = 2, 3, 4, 5


def open_pdf(path: Path, password: str | None = None) -> pdfium.PdfDocument:
    """Open a PDF for reading; raise PasswordRequired / WrongPassword / CorruptPdf with a clear message.

    The password is handed to pdfium only; it never appears in an exception message."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(1024)
    except OSError as exc:
        raise CorruptPdf(f"cannot read the file: {exc.strerror or exc}") from exc
    if b"%PDF" not in head:
        raise CorruptPdf("not a PDF file (no %PDF header)")
    try:
        with PDFIUM_LOCK:
            # pdfium rebuilds a broken cross-reference table itself when it can ("repair").
            return pdfium.PdfDocument(str(path), password=password or None)
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code == _ERR_PASSWORD:
            raise (WrongPassword() if password else PasswordRequired()) from None
        if code == _ERR_SECURITY:
            raise CorruptPdf("unsupported security handler (encryption) in the PDF") from None
        if code == _ERR_FORMAT:
            raise CorruptPdf("the PDF is damaged or truncated and could not be repaired") from None
        raise CorruptPdf("the PDF could not be opened") from None


def close(obj: pdfium.PdfDocument | pdfium.PdfPage | pdfium.PdfTextPage | pdfium.PdfBitmap) -> None:
    with PDFIUM_LOCK:
        obj.close()


def is_encrypted(path: Path) -> bool:
    """Whether opening the file needs a password (cheap: pdfium stops at the security handler)."""
    try:
        close(open_pdf(path))
    except PasswordRequired:
        return True
    except CorruptPdf:
        return False
    return False


def check_password(path: Path, password: str) -> None:
    """Raise WrongPassword (or another PdfError) unless the password opens the file."""
    close(open_pdf(path, password))


def page_count(path: Path, password: str | None = None) -> int:
    doc = open_pdf(path, password)
    try:
        with PDFIUM_LOCK:
            return len(doc)
    finally:
        close(doc)


def render_document_page(doc: pdfium.PdfDocument, index: int, scale: float) -> Image.Image:
    """One page of an open document as an RGB image (a copy: no pdfium memory outlives the lock)."""
    with PDFIUM_LOCK:
        page = doc[index]
        try:
            bitmap = page.render(scale=scale)
            try:
                return bitmap.to_pil().convert("RGB")
            finally:
                bitmap.close()
        finally:
            page.close()


def render_page(path: Path, number: int, scale: float, password: str | None = None) -> Image.Image:
    """Page `number` (1-based) of the file as an image; IndexError when the document has no such page."""
    doc = open_pdf(path, password)
    try:
        with PDFIUM_LOCK:
            count = len(doc)
        if not 1 <= number <= count:
            raise IndexError(number)
        return render_document_page(doc, number - 1, scale)
    finally:
        close(doc)


def save_decrypted_copy(path: Path, password: str, dest: Path) -> None:
    """Write the document without its encryption, so page images can be drawn later without the password."""
    doc = open_pdf(path, password)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_suffix(".tmp")
        with PDFIUM_LOCK, open(tmp, "wb") as out:
            doc.save(out, flags=pdfium.raw.FPDF_REMOVE_SECURITY)
        tmp.replace(dest)
    finally:
        close(doc)
