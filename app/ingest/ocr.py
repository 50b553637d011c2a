"""OCR of page images with Tesseract (Debian's tesseract-ocr, installed by scripts/setup.sh): words with boxes.

Chosen over RapidOCR by the figures in docs/benchmarks.md ("OCR (issue 10)", benchmarks/ocr_compare.py).
Tesseract runs as a child process per page (one thread each, so a scan never takes more than its share of
the cores) and reads its language data from disk: nothing is downloaded.
"""

from __future__ import annotations

import io
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from app.ingest.extracted import BBox
from app.ingest.passages import Line, Word, starts_block

if TYPE_CHECKING:  # annotations only: text-PDF extraction imports this module and needs neither
    from PIL import Image

    from app.settings import OcrSettings

log = logging.getLogger(__name__)


@dataclass(slots=True, frozen=True)
class OcrWord:
    text: str
    bbox: BBox  # pixels of the image, origin top-left
    line: tuple[int, ...]  # the engine's (block, paragraph, line): words of one line share it
    confidence: float


class OcrEngine(Protocol):
    dpi: int  # the resolution pages are rendered at for this engine

    def read(self, image: Image.Image) -> list[OcrWord]: ...


class TesseractOcr:
    # Words below this confidence are mostly specks and picture edges read as letters.
    MIN_CONFIDENCE = 30.0

    def __init__(self, binary: str, languages: str, dpi: int, timeout_s: float) -> None:
        self.binary = binary
        self.languages = languages
        self.dpi = dpi
        self.timeout_s = timeout_s

    def read(self, image: Image.Image) -> list[OcrWord]:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=1)
        try:
            done = subprocess.run(
                [self.binary, "stdin", "stdout", "-l", self.languages, "--dpi", str(self.dpi), "--psm", "3", "tsv"],
                input=buffer.getvalue(),
                capture_output=True,
                timeout=self.timeout_s,
                env={**os.environ, "OMP_THREAD_LIMIT": "1"},
                check=False,
            )
        except subprocess.TimeoutExpired:
            log.warning("OCR of a page took longer than %.0f s (MDQA_OCR__TIMEOUT_S): skipped", self.timeout_s)
            return []
        if done.returncode != 0:
            log.warning("tesseract failed (%d): %s", done.returncode, done.stderr.decode(errors="replace")[-300:])
            return []
        return parse_tsv(done.stdout.decode("utf-8", errors="replace"), self.MIN_CONFIDENCE)


def parse_tsv(tsv: str, min_confidence: float) -> list[OcrWord]:
    """Tesseract's TSV (level 5 rows are words) as words in reading order."""
    words: list[OcrWord] = []
    for row in tsv.splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) != 12 or cols[0] != "5":
            continue
        text = cols[11].strip()
        try:
            conf = float(cols[10])
            left, top, width, height = (int(c) for c in cols[6:10])
            line = (int(cols[1]), int(cols[2]), int(cols[3]), int(cols[4]))
        except ValueError:
            continue
        if not text or conf < min_confidence or not any(ch.isalnum() for ch in text) and conf < 60:
            continue
        words.append(OcrWord(text, (left, top, left + width, top + height), line, conf))
    return words


def make_ocr(settings: OcrSettings) -> OcrEngine | None:
    """The OCR engine the settings ask for, or None (turned off, or Tesseract is not installed)."""
    if not settings.enabled:
        return None
    binary = shutil.which("tesseract")
    if binary is None:
        log.warning("OCR is on but the tesseract program is not installed (scripts/setup.sh installs it)")
        return None
    return TesseractOcr(binary, settings.languages, settings.dpi, settings.timeout_s)


def ocr_lines(words: list[OcrWord], scale: float) -> list[Line]:
    """OCR words (pixel boxes, grouped by the engine's line numbers) as lines in PDF points."""
    lines: list[Line] = []
    current: list[Word] = []
    key: tuple[int, ...] | None = None
    prev_box: BBox | None = None
    block: tuple[int, ...] | None = None

    def flush() -> None:
        nonlocal prev_box
        if not current:
            return
        line = Line(list(current))
        box = line.bbox
        line.new_block = prev_box is None or starts_block(prev_box, box) or block_changed
        lines.append(line)
        prev_box = box
        current.clear()

    block_changed = True
    for w in words:
        if w.line != key:
            flush()
            block_changed = block is None or w.line[:-1] != block
            block = w.line[:-1]
            key = w.line
        x0, top, x1, bottom = w.bbox
        current.append(Word(w.text, (x0 * scale, top * scale, x1 * scale, bottom * scale)))
    flush()
    return lines
