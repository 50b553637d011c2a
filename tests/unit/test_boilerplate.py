"""A passage repeated page after page (a side banner the margin stripping missed) makes no seed
(app.qa.boilerplate, app.qa.seeds.rank)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from app.qa.boilerplate import boilerplate_units
from app.qa.index import CollectionIndex, index_from_graph
from app.qa.seeds import rank

BANNER = "ACME X100 Extremely Accurate Clock"


def _index() -> CollectionIndex:
    g = nx.DiGraph()
    texts = {f"banner{p}": (BANNER + " ") * (1 + p % 3) for p in range(1, 5)}  # repeated 1-3 times on each page
    texts["fast"] = "The ACME X100 clock supports a fast mode with a 400 kHz maximum clock rate."
    texts["pins"] = "Pin 3 of the ACME X100 is the reset input."
    for year in (2000, 2001, 2002):  # a heading naming its own page's year is no boilerplate
        texts[f"heading{year}"] = f"ACME X100 production by month - FY {year}"
    for n, (node, text) in enumerate(texts.items()):
        g.add_node(node, kind="passage", document_id="d1", page=n + 1, label="", text=text)
    vectors = {node: np.ones(4, dtype=np.float32) for node in texts}
    return index_from_graph(g, vectors)


def test_passages_of_the_same_words_on_three_pages_are_boilerplate() -> None:
    index = _index()
    repeated = {index.ids[i] for i in boilerplate_units(index)}
    assert repeated == {"banner1", "banner2", "banner3", "banner4"}


def test_boilerplate_makes_no_seed() -> None:
    index = _index()
    question = "What clock rate does the ACME X100 clock support?"
    seeds = [index.ids[i] for i, _ in rank(index, "bm25", question, None, 3)]
    assert seeds and seeds[0] == "fast" and not any(s.startswith("banner") for s in seeds)
