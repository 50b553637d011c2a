from __future__ import annotations

import random

from app.graph.postings import (
    Index,
    changed_sources,
    entered_sources,
    left_sources,
    lows_of,
    shared_term_edges,
)


def _lists(edges: list[tuple[str, str, float]]) -> dict[str, list[tuple[str, float]]]:
    """Each source's (target, count) list, in edge order."""
    out: dict[str, list[tuple[str, float]]] = {}
    for source, target, count in edges:
        out.setdefault(source, []).append((target, count))
    return out


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


def test_entered_sources_keeps_every_list_an_add_changes_and_drops_most_others() -> None:
    rng = random.Random(7)
    vocabulary = [f"t{i}" for i in range(500)]
    terms_of = {f"p{i:04d}": rng.sample(vocabulary, 6) for i in range(400)}
    group_of = {item: f"d{int(item[1:]) // 4}" for item in terms_of}
    for group in (None, group_of):
        index = Index.of(terms_of)
        before = shared_term_edges(terms_of, terms_of, 6, 5, group, index=index)
        lows = lows_of(terms_of, before)
        added = {f"q{i:03d}": rng.sample(vocabulary, 6) for i in range(10)}
        after_terms = {**terms_of, **added}
        after_group = {**group_of, **{item: f"e{i}" for i, item in enumerate(added)}} if group else None
        after_index = Index.of(after_terms)
        candidates = changed_sources(after_terms, added, 6, True, after_index)
        entered = entered_sources(candidates, added, after_index, 6, 5, lows, after_group)
        after = shared_term_edges(after_terms, after_terms, 6, 5, after_group, index=after_index)

        old, new = _lists(before), _lists(after)
        changed = {item for item in terms_of if old.get(item) != new.get(item)}
        assert changed <= entered <= candidates
        assert changed and len(entered) < len(candidates)  # the test exercises both outcomes


def test_left_sources_keeps_every_list_a_removal_changes_and_drops_most_others() -> None:
    rng = random.Random(11)
    vocabulary = [f"t{i}" for i in range(300)]
    terms_of = {f"p{i:04d}": rng.sample(vocabulary, 6) for i in range(400)}
    group_of = {item: f"d{int(item[1:]) // 4}" for item in terms_of}
    for group in (None, group_of):
        before = shared_term_edges(terms_of, terms_of, 8, 5, group, index=Index.of(terms_of))
        removed = {item: terms_of[item] for item in sorted(terms_of)[40:52]}  # three documents of four
        after_terms = {item: terms for item, terms in terms_of.items() if item not in removed}
        after_index = Index.of(after_terms)
        pointing = {source for source, target, _ in before if target in removed and source not in removed}
        left = left_sources(pointing, removed, after_index, 8)
        candidates = changed_sources(after_terms, removed, 8, False, after_index)
        after = shared_term_edges(after_terms, after_terms, 8, 5, group, index=after_index)

        old, new = _lists(before), _lists(after)
        changed = {item for item in after_terms if old.get(item) != new.get(item)}
        assert changed <= left <= candidates
        # Both kinds of change occur: lists losing a removed target, and lists gaining a term that links again.
        assert changed - pointing and changed & pointing
        assert len(left) < len(candidates)
