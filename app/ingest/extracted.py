"""What extraction produces: plain data, independent of storage and web code."""

from __future__ import annotations

from dataclasses import dataclass, field

# [x0, top, x1, bottom] in PDF points, origin at the top-left of the (rotated, as displayed) page.
BBox = tuple[float, float, float, float]


def centred_in(inner: BBox, outer: BBox, slack: float = 0.0) -> bool:
    """The centre of ``inner`` lies in ``outer`` widened by ``slack`` on every side."""
    x, y = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
    return outer[0] - slack <= x <= outer[2] + slack and outer[1] - slack <= y <= outer[3] + slack


class PdfError(Exception):
    """A PDF that cannot be processed; the message is shown to the user as the failure reason."""


class PasswordRequired(PdfError):
    # The failure reason starts with this; such a document can be unlocked (POST .../unlock).
    def __init__(self) -> None:
        super().__init__("password required: the PDF is encrypted; unlock it with its password")


class WrongPassword(PdfError):
    def __init__(self) -> None:
        super().__init__("wrong password: the PDF could not be decrypted with the password given")


# Failure reasons of a document that a password would open.
LOCKED_ERRORS = ("password required", "wrong password")


class NoText(PdfError):
    """Every page lacks a text layer and OCR found no text (or is turned off)."""


class CorruptPdf(PdfError):
    pass


class TooManyPages(PdfError):
    def __init__(self, pages: int, limit: int) -> None:
        super().__init__(f"too many pages: {pages} (the limit is {limit}, MDQA_MAX_PAGES)")


@dataclass(slots=True)
class ExtractedPassage:
    index_on_page: int
    text: str
    bbox: BBox
    margin: bool = False  # a running header or footer, kept on the first page it appears on (app.ingest.pdf)


@dataclass(slots=True)
class ExtractedTable:
    index_on_page: int
    rows: list[list[str]]
    markdown: str
    bbox: BBox
    caption: str | None = None  # every line of it
    label: str | None = None  # the document's own label, e.g. "Table 6.4"
    columns: list[str] | None = None  # one name per column (multi-row headers joined)
    header_rows: int = 1
    cell_boxes: list[list[BBox | None]] | None = None  # same shape as rows
    continues_previous: bool = False  # continues the last table of the previous page


@dataclass(slots=True)
class ExtractedPage:
    number: int  # 1-based
    width: float
    height: float
    text: str
    has_text_layer: bool
    text_source: str = "pdf"  # pdf | ocr | none
    passages: list[ExtractedPassage] = field(default_factory=list)
    tables: list[ExtractedTable] = field(default_factory=list)


@dataclass(slots=True)
class ExtractedDocument:
    page_count: int
    title: str | None  # from metadata or the first heading; None when nothing sensible is found
    pages: list[ExtractedPage] = field(default_factory=list)

    @property
    def text_source(self) -> str:
        """"ocr" when any page was read by OCR, "none" when no page has text, else "pdf"."""
        sources = {p.text_source for p in self.pages}
        return "ocr" if "ocr" in sources else "pdf" if "pdf" in sources else "none"
