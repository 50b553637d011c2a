"""A page's ruling lines: the straight horizontal and vertical segments of its stroked or filled paths, in the
reading frame, as pdfplumber edges (what the table finders read)."""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from typing import Protocol

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c


class ReadingFrame(Protocol):
    """Where a point of the page's user space lies in its reading frame (page_geometry.Frame)."""

    def to_reading(self, x: float, y: float) -> tuple[float, float]: ...


_MAX_PATH_SEGMENTS = 30_000  # chart-heavy pages: stop collecting rules past this (they are not tables)


def path_edges(page: pdfium.PdfPage, frame: ReadingFrame) -> list[dict[str, float | str]]:
    """Straight horizontal/vertical segments of stroked or filled paths, as pdfplumber edges."""
    edges: list[dict[str, float | str]] = []
    budget = [_MAX_PATH_SEGMENTS]
    n = pdfium_c.FPDFPage_CountObjects(page.raw)
    objs = (pdfium_c.FPDFPage_GetObject(page.raw, i) for i in range(n))
    _walk_objects(objs, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), frame, edges, budget, depth=0)
    return edges


def _walk_objects(
    objs: Iterator[object],
    parent: tuple[float, ...],
    frame: ReadingFrame,
    edges: list[dict[str, float | str]],
    budget: list[int],
    depth: int,
) -> None:
    m = pdfium_c.FS_MATRIX()
    for obj in objs:
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind not in (pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM):
            continue
        if not pdfium_c.FPDFPageObj_GetMatrix(obj, m):
            continue
        mat = _compose((m.a, m.b, m.c, m.d, m.e, m.f), parent)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            if depth < 8:
                k = pdfium_c.FPDFFormObj_CountObjects(obj)
                children = (pdfium_c.FPDFFormObj_GetObject(obj, i) for i in range(k))
                _walk_objects(children, mat, frame, edges, budget, depth + 1)
            continue
        if budget[0] <= 0:
            return
        _path_to_edges(obj, mat, frame, edges, budget)


def _compose(inner: tuple[float, ...], outer: tuple[float, ...]) -> tuple[float, ...]:
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer  # noqa: N806 - matrix notation
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _path_to_edges(
    obj: object,
    mat: tuple[float, ...],
    frame: ReadingFrame,
    edges: list[dict[str, float | str]],
    budget: list[int],
) -> None:
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if pdfium_c.FPDFPath_GetDrawMode(obj, fill, stroke) and not fill.value and not stroke.value:
        return  # invisible path
    nseg = pdfium_c.FPDFPath_CountSegments(obj)
    budget[0] -= max(nseg, 0)
    a, b, c, d, e, f = mat
    x, y = ctypes.c_float(), ctypes.c_float()
    start: tuple[float, float] | None = None
    cur: tuple[float, float] | None = None
    for i in range(nseg):
        seg = pdfium_c.FPDFPath_GetPathSegment(obj, i)
        if not pdfium_c.FPDFPathSegment_GetPoint(seg, x, y):
            continue
        pt = frame.to_reading(a * x.value + c * y.value + e, b * x.value + d * y.value + f)
        kind = pdfium_c.FPDFPathSegment_GetType(seg)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO or cur is None:
            start = cur = pt
            continue
        if kind == pdfium_c.FPDF_SEGMENT_LINETO:
            _add_edge(cur, pt, edges)
        cur = pt
        if pdfium_c.FPDFPathSegment_GetClose(seg) and start is not None:
            _add_edge(cur, start, edges)
            cur = start


def _add_edge(p: tuple[float, float], q: tuple[float, float], edges: list[dict[str, float | str]]) -> None:
    x0, x1 = sorted((p[0], q[0]))
    top, bottom = sorted((p[1], q[1]))
    w, h = x1 - x0, bottom - top
    if h < 0.5 and w > 0:
        mid = (top + bottom) / 2
        edges.append(_edge(x0, mid, x1, mid, "h"))
    elif w < 0.5 and h > 0:
        mid = (x0 + x1) / 2
        edges.append(_edge(mid, top, mid, bottom, "v"))


def _edge(x0: float, top: float, x1: float, bottom: float, orientation: str) -> dict[str, float | str]:
    return {
        "x0": x0,
        "x1": x1,
        "top": top,
        "bottom": bottom,
        "doctop": top,
        "width": x1 - x0,
        "height": bottom - top,
        "orientation": orientation,
        "object_type": "line",
    }
