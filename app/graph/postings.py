"""Linking items that share terms (keywords, entity spans) through an inverted index, never an n×n dense array.

Rules that make the result a deterministic function of the current set of items (needed for incremental updates):
- a term held by more than `max_fanout` items links none (one common word must not connect everything);
- each source keeps its `max_edges` best targets by number of shared terms, ties broken by id;
- optionally, items of the same group (document) are never linked.

A caller that keeps an `Index` (term → holders) beside `terms_of` gets answers in time proportional to the items
touched, not to the collection: adding a document to 100k passages must not scan 100k keyword lists.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import numpy as np
from scipy import sparse


class Index(dict[str, set[str]]):
    """term → the items holding it, kept in step with a `terms_of` mapping by its owner."""

    @classmethod
    def of(cls, terms_of: Mapping[str, Sequence[str]]) -> Index:
        index = cls()
        for item, terms in terms_of.items():
            index.add(item, terms)
        return index

    def add(self, item: str, terms: Iterable[str]) -> None:
        for term in set(terms):
            holders = self.get(term)
            if holders is None:
                self[term] = {item}
            else:
                holders.add(item)

    def remove(self, item: str, terms: Iterable[str]) -> None:
        for term in set(terms):
            holders = self.get(term)
            if holders is not None:
                holders.discard(item)
                if not holders:
                    del self[term]


# Below this share of the items as sources, edges are counted per source through the index; above it one sparse
# product over every item is cheaper (a collection's first build).
PER_SOURCE_SHARE = 0.25


def active_terms(terms_of: Mapping[str, Sequence[str]], max_fanout: int, index: Index | None = None) -> dict[str, int]:
    """Document frequency of every term held by 2..max_fanout items (the only ones that make edges)."""
    if index is not None:
        return {term: len(items) for term, items in index.items() if 2 <= len(items) <= max_fanout}
    counts: dict[str, int] = {}
    for terms in terms_of.values():
        for term in set(terms):
            counts[term] = counts.get(term, 0) + 1
    return {term: n for term, n in counts.items() if 2 <= n <= max_fanout}


def holders(terms_of: Mapping[str, Sequence[str]], terms: Collection[str]) -> set[str]:
    """Items holding any of `terms`."""
    if not terms:
        return set()
    wanted = set(terms)
    return {item for item, item_terms in terms_of.items() if not wanted.isdisjoint(item_terms)}


def changed_sources(
    terms_of: Mapping[str, Sequence[str]],
    changed_terms_of: Mapping[str, Sequence[str]],
    max_fanout: int,
    adding: bool,
    index: Index | None = None,
) -> set[str]:
    """Items whose outgoing edges may change when the items of `changed_terms_of` were added (or removed).

    `terms_of` is the state after the change, `changed_terms_of` the terms of the items added or removed. A term
    matters when it made edges before or after the change (at most `max_fanout` holders at some point); the
    holders of a term over the cap both before and after are not affected by it.
    """
    delta: dict[str, int] = {}
    for terms in changed_terms_of.values():
        for term in set(terms):
            delta[term] = delta.get(term, 0) + 1
    if index is not None:
        after = {term: len(index.get(term, ())) for term in delta}
    else:
        after = dict.fromkeys(delta, 0)
        for terms in terms_of.values():
            for term in set(terms):
                if term in after:
                    after[term] += 1
    relevant = set()
    for term, n_after in after.items():
        n_before = n_after - delta[term] if adding else n_after + delta[term]
        if min(n_before, n_after) <= max_fanout:
            relevant.add(term)
    if index is not None:
        found: set[str] = set()
        for term in relevant:
            found.update(index.get(term, ()))
        return found - set(changed_terms_of)
    return holders(terms_of, relevant) - set(changed_terms_of)


# A list's length and its weakest entry (count, target): a new target enters it only if it beats that entry.
Low = tuple[int, float, str]


def lows_of(sources: Iterable[str], edges: Sequence[tuple[str, str, float]]) -> dict[str, Low]:
    """Each source's `Low` from its full list in `edges` (each source's edges together, best first, as
    `shared_term_edges` gives them); a source without edges has an empty list."""
    out: dict[str, Low] = {source: (0, 0.0, "") for source in sources}
    length = 0
    previous: str | None = None
    for source, target, count in edges:
        length = length + 1 if source == previous else 1
        previous = source
        out[source] = (length, count, target)
    return out


def entered_sources(
    candidates: Collection[str],
    added_terms_of: Mapping[str, Sequence[str]],
    index: Index,
    max_fanout: int,
    max_edges: int,
    lows: Mapping[str, Low],
    group_of: Mapping[str, str] | None = None,
) -> set[str]:
    """Of `candidates` (`changed_sources` after adding the items of `added_terms_of`; `index` is after the
    change), those whose list does change; the others would be recomputed into the lists they have.

    An old item's counts with old targets change only through a term that stopped linking (it had 2..max_fanout
    holders and now has more): its holders are all kept. Otherwise the list changes only if a new item enters its
    best `max_edges`: a shorter list takes anything, a full one a new item that beats its weakest entry (more
    shared terms, or as many and a smaller id). An item whose `lows` entry is unknown is kept.
    """
    delta: dict[str, int] = {}
    for terms in added_terms_of.values():
        for term in set(terms):
            delta[term] = delta.get(term, 0) + 1
    out: set[str] = set()
    counts: dict[str, dict[str, int]] = {}  # old item → new item → shared linking terms
    for term, added in delta.items():
        holders = index.get(term, ())
        after = len(holders)
        if after > max_fanout:
            if 2 <= after - added <= max_fanout:
                out.update(h for h in holders if h not in added_terms_of)
            continue
        if after < 2:
            continue
        new_holders = [h for h in holders if h in added_terms_of]
        for holder in holders:
            if holder in added_terms_of:
                continue
            by_new = counts.setdefault(holder, {})
            for item in new_holders:
                if group_of is None or group_of[item] != group_of[holder]:
                    by_new[item] = by_new.get(item, 0) + 1
    for holder, by_new in counts.items():
        low = lows.get(holder)
        if low is None or (by_new and low[0] < max_edges):
            out.add(holder)
            continue
        _, weakest, weakest_target = low
        if any(c > weakest or (c == weakest and item < weakest_target) for item, c in by_new.items()):
            out.add(holder)
    return out & set(candidates)


def left_sources(
    pointing: Iterable[str],
    removed_terms_of: Mapping[str, Sequence[str]],
    index: Index,
    max_fanout: int,
) -> set[str]:
    """The lists that removing the items of `removed_terms_of` changes (`index` is after the removal): those that
    held a removed item (`pointing`, the sources of the stored edges into them), and the holders of a term that
    links again (it had more than `max_fanout` holders and now has 2..max_fanout). Every other list keeps its
    counts with every item left, so it is recomputed into the list it has (a removal used to recompute every list
    sharing a term with a removed item: ~4 CPU-s for a 150-passage document at 100k passages).
    """
    removed: dict[str, int] = {}
    for terms in removed_terms_of.values():
        for term in set(terms):
            removed[term] = removed.get(term, 0) + 1
    out = set(pointing)
    for term, gone in removed.items():
        holders = index.get(term, ())
        if 2 <= len(holders) <= max_fanout < len(holders) + gone:
            out.update(holders)
    return out - removed_terms_of.keys()


def shared_term_edges(
    sources: Iterable[str],
    terms_of: Mapping[str, Sequence[str]],
    max_fanout: int,
    max_edges: int,
    group_of: Mapping[str, str] | None = None,
    chunk: int = 4096,
    index: Index | None = None,
) -> list[tuple[str, str, float]]:
    """(source, target, shared-term count) for each source's best `max_edges` targets."""
    sources = sorted(set(sources) & terms_of.keys())
    if not sources:
        return []
    if index is not None and len(sources) <= PER_SOURCE_SHARE * len(terms_of):
        return _edges_per_source(sources, terms_of, index, max_fanout, max_edges, group_of)
    active = active_terms(terms_of, max_fanout, index)
    if not active:
        return []
    items = sorted(terms_of)  # matrix rows in id order, so a smaller row index is the smaller id
    row_of = {item: i for i, item in enumerate(items)}
    column_of = {term: j for j, term in enumerate(sorted(active))}
    rows: list[int] = []
    columns: list[int] = []
    for item in items:
        for term in set(terms_of[item]):
            j = column_of.get(term)
            if j is not None:
                rows.append(row_of[item])
                columns.append(j)
    incidence = sparse.csr_matrix(
        (np.ones(len(rows), dtype=np.float32), (rows, columns)), shape=(len(items), len(column_of))
    )
    transposed = incidence.T.tocsr()
    groups = np.array([group_of[item] for item in items]) if group_of is not None else None
    edges: list[tuple[str, str, float]] = []
    for start in range(0, len(sources), chunk):
        batch = [row_of[s] for s in sources[start : start + chunk]]
        shared = (incidence[batch] @ transposed).tocsr()  # (batch, items): shared-term counts
        for r, source_row in enumerate(batch):
            lo, hi = shared.indptr[r], shared.indptr[r + 1]
            targets, counts = shared.indices[lo:hi], shared.data[lo:hi]
            keep = targets != source_row
            if groups is not None:
                keep &= groups[targets] != groups[source_row]
            targets, counts = targets[keep], counts[keep]
            if not len(targets):
                continue
            order = np.lexsort((targets, -counts))[:max_edges]
            source_id = items[source_row]
            edges.extend((source_id, items[t], float(c)) for t, c in zip(targets[order], counts[order], strict=True))
    return edges


def _edges_per_source(
    sources: Sequence[str],
    terms_of: Mapping[str, Sequence[str]],
    index: Index,
    max_fanout: int,
    max_edges: int,
    group_of: Mapping[str, str] | None,
) -> list[tuple[str, str, float]]:
    """What the sparse product in shared_term_edges gives, counted over each source's own postings."""
    edges: list[tuple[str, str, float]] = []
    for source in sources:
        group = group_of[source] if group_of is not None else None
        counts: dict[str, int] = {}
        for term in set(terms_of[source]):
            items = index.get(term, ())
            if not 2 <= len(items) <= max_fanout:
                continue
            for target in items:
                if target != source and (group_of is None or group_of[target] != group):
                    counts[target] = counts.get(target, 0) + 1
        best = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:max_edges]
        edges.extend((source, target, float(count)) for target, count in best)
    return edges
