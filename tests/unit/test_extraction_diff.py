"""benchmarks/extraction_diff.py: the check that speed work leaves the extraction output as it was."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "extraction_diff.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("extraction_diff", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _doc(cell: str, box: list[float]) -> dict[str, object]:
    table = {"rows": [["Year", "Total"], ["2004", cell]], "cell_boxes": [[None, None], [None, box]]}
    return {"title": "A report", "pages": [{"tables": [table], "passages": [{"text": "Some text", "bbox": box}]}]}


def test_identical_dumps_have_no_differences() -> None:
    diff = _script().differences
    assert diff({"a.pdf": _doc("12", [1.0, 2.0, 3.0, 4.0])}, {"a.pdf": _doc("12", [1.0, 2.0, 3.0, 4.0])}) == []


def test_a_changed_cell_a_moved_box_and_a_missing_file_are_each_reported() -> None:
    diff = _script().differences
    old = {"a.pdf": _doc("12", [1.0, 2.0, 3.0, 4.0]), "b.pdf": {"error": "CorruptPdf: damaged"}}
    new = {"a.pdf": _doc("13", [1.0, 2.0, 3.0, 4.01])}
    found = diff(old, new)
    assert "/a.pdf/pages[0]/tables[0]/rows[1][1]: '12' -> '13'" in found
    assert "/a.pdf/pages[0]/tables[0]/cell_boxes[1][1][3]: 4.0 -> 4.01" in found
    assert "/a.pdf/pages[0]/passages[0]/bbox[3]: 4.0 -> 4.01" in found
    assert "/b.pdf: only in old" in found
    assert len(found) == 4


def test_a_table_more_or_less_is_a_length_difference() -> None:
    diff = _script().differences
    old = _doc("12", [1.0, 2.0, 3.0, 4.0])
    new = _doc("12", [1.0, 2.0, 3.0, 4.0])
    new["pages"][0]["tables"].append({"rows": []})  # type: ignore[index]
    assert diff(old, new) == ["/pages[0]/tables: length 1 -> 2"]
