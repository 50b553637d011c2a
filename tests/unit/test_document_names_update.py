"""DocumentNames.updated: the previous version's names plus the documents that changed equal names built whole."""

from __future__ import annotations

import random

from app.qa.classify.documents import DocumentNames
from app.qa.classify.find import resolve_document
from app.qa.classify.model import DocumentName
from app.settings import get_settings

SHARED_PART = get_settings().answer.content.shared_part


def canon(names: DocumentNames) -> tuple:
    """Everything a look-up reads, with each list as a sorted list of ids (its order is the rows' order)."""
    return (
        names.longest,
        {name: sorted((by, doc.id) for by, doc in entries) for name, entries in names.by_name.items()},
        {part: None if docs is None else sorted(d.id for d in docs) for part, docs in names.by_part.items()},
        sorted(names.documents),
    )


def collection(seed: int, count: int) -> list[DocumentName]:
    rng = random.Random(seed)
    regions = ["north", "south", "coastal", "alpine"]
    out = []
    for i in range(count):
        region = rng.choice(regions)
        title = rng.choice([None, f"Household survey of {region} region", f"Retail outlets {region}", "Annual report"])
        stem = rng.choice([f"survey_{region}_{i}", f"retail-{i}", f"{region} outlets {i}", "annual report"])
        out.append(DocumentName(f"d{i:03d}", f"{stem}.pdf", title))
    return out


def test_updated_equals_names_built_whole_and_leaves_the_old_names_alone() -> None:
    for seed in range(25):
        rng = random.Random(seed)
        before = collection(seed, 200)
        names = DocumentNames(before)
        snapshot = canon(names)
        after = [d for d in before if rng.random() > 0.03]  # a few removed (parts may fall back to SHARED_PART)
        after += collection(seed + 100, 6)[: rng.randint(0, 6)]  # a few added, with ids of removed ones too
        after = list({d.id: d for d in after}.values())
        if after:  # a renamed document: same id, another title
            first = after[0]
            after[0] = DocumentName(first.id, first.filename, "Retail outlets alpine")
        updated = names.updated(after)
        assert canon(updated) == canon(DocumentNames(after)), seed
        assert canon(names) == snapshot, seed  # copy on write: the cached previous version is untouched
        # Made from the old names (lists nobody changed are shared), not built whole.
        assert any(updated.by_name.get(name) is entries for name, entries in names.by_name.items())
        for question in ("page 2 of the household survey report", "page 1 of the retail outlets north report"):
            got, want = resolve_document(question, updated), resolve_document(question, DocumentNames(after))
            assert (got[0], got[1]) == (want[0], want[1])
            assert (got[2] and sorted(d.id for d in got[2].documents)) == (
                want[2] and sorted(d.id for d in want[2].documents)
            )


def test_a_crowded_part_names_documents_again_when_carriers_leave() -> None:
    docs = [DocumentName(str(i), f"survey_{i}.pdf", f"Household survey of region {i}") for i in range(SHARED_PART + 1)]
    names = DocumentNames(docs)
    assert names.by_part["household survey"] is None
    fewer = names.updated(docs[1:])
    assert sorted(d.id for d in fewer.by_part["household survey"] or []) == ["1", "2", "3"]
    assert names.by_part["household survey"] is None
    again = fewer.updated(docs)
    assert again.by_part["household survey"] is None and canon(again) == canon(names)
