from __future__ import annotations

import random

from app.graph.postings import Index, changed_sources, shared_term_edges


def test_shared_term_edges_rank_by_shared_count_then_id_and_cap_fanout() -> None:
    terms_of = {
        "a": ["x", "y", "common"],
        "b": ["x", "y", "common"],
        "c": ["x", "common"],
        "d": ["common"],
        "e": ["lonely"],
    }
    edges = shared_term_edges(terms_of, terms_of, max_fanout=3, max_edges=1)
    assert edges == [("a", "b", 2.0), ("b", "a", 2.0), ("c", "a", 1.0)]
    assert {s for s, _, _ in shared_term_edges(terms_of, terms_of, max_fanout=4, max_edges=9)} == {"a", "b", "c", "d"}


def test_shared_term_edges_skip_the_same_group() -> None:
    terms_of = {"a1": ["x"], "a2": ["x"], "b1": ["x"]}
    group_of = {"a1": "A", "a2": "A", "b1": "B"}
    edges = shared_term_edges(["a1"], terms_of, max_fanout=5, max_edges=5, group_of=group_of)
    assert edges == [("a1", "b1", 1.0)]


def test_changed_sources_ignore_terms_over_the_cap_before_and_after() -> None:
    after = {"a": ["x", "hub"], "b": ["x", "hub"], "c": ["hub"], "new": ["x", "hub"]}
    affected = changed_sources(after, {"new": ["x", "hub"]}, max_fanout=2, adding=True)
    assert affected == {"a", "b"}  # "x" went from 2 to 3 holders (edges vanish); "hub" was over the cap already
    after_removal = {"a": ["x"], "b": ["x"]}
    assert changed_sources(after_removal, {"gone": ["x"]}, max_fanout=2, adding=False) == {"a", "b"}


def _random_terms(seed: int, items: int, vocabulary: int) -> dict[str, list[str]]:
    rng = random.Random(seed)
    return {f"i{n:04d}": [f"t{rng.randrange(vocabulary)}" for _ in range(rng.randrange(0, 6))] for n in range(items)}


def test_the_kept_index_gives_what_the_scan_gives() -> None:
    terms_of = _random_terms(1, 400, 300)
    group_of = {item: item[:3] for item in terms_of}
    index = Index.of(terms_of)
    sources = sorted(terms_of)[::37]  # few sources: counted through the index, per source
    for fanout, groups in ((4, None), (8, group_of)):
        assert shared_term_edges(sources, terms_of, fanout, 3, groups, index=index) == shared_term_edges(
            sources, terms_of, fanout, 3, groups
        )
    added = {f"new{n}": terms for n, terms in enumerate(_random_terms(2, 5, 300).values())}
    for item, terms in added.items():
        terms_of[item] = terms
        index.add(item, terms)
    assert changed_sources(terms_of, added, 4, True, index) == changed_sources(terms_of, added, 4, True)
    for item in list(added)[:2]:
        index.remove(item, terms_of.pop(item))
    assert index == Index.of(terms_of)  # no empty holder sets left behind
    gone = {item: added[item] for item in list(added)[:2]}
    assert changed_sources(terms_of, gone, 4, False, index) == changed_sources(terms_of, gone, 4, False)
