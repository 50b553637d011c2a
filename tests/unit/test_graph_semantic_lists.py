"""The semantic lists held in the graph builder's state (app/graph/semantic_lists.py): rewriting a list writes
exactly what turns the stored rows into the new ones, and rows moving in the matrix keep their lists."""

from __future__ import annotations

import numpy as np

from app.graph import semantic_lists as lists_of
from app.graph.semantic_lists import NO_EDGE, Lists


def random_lists(rng: np.random.Generator, rows: int, width: int, start_id: int = 1) -> Lists:
    lists = Lists.empty(rows, width)
    next_id = start_id
    for r in range(rows):
        count = int(rng.integers(0, width + 1))
        targets = rng.choice([t for t in range(rows) if t != r], size=min(count, rows - 1), replace=False)
        columns = rng.choice(width, size=len(targets), replace=False)  # holes anywhere
        for c, t in zip(columns, targets, strict=True):
            lists.targets[r, c] = t
            lists.weights[r, c] = float(np.float32(rng.random()))
            lists.ids[r, c] = next_id
            next_id += 1
    return lists


def rows_of(lists: Lists, r: int) -> set[tuple[int, float, int]]:
    held = lists.ids[r] >= 0
    targets, weights, ids = lists.targets[r][held].tolist(), lists.weights[r][held].tolist(), lists.ids[r][held]
    return set(zip(targets, weights, ids.tolist(), strict=True))


def test_a_change_writes_exactly_the_difference_and_the_state_follows() -> None:
    rng = np.random.default_rng(3)
    for case in range(60):
        rows, width, k = 12, int(rng.integers(2, 6)), int(rng.integers(1, 6))
        lists = random_lists(rng, rows, width)
        table = {int(i): (r, int(t), float(w)) for r in range(rows) for t, w, i in rows_of(lists, r)}
        changed = np.sort(rng.choice(rows, size=int(rng.integers(1, rows)), replace=False)).astype(np.int64)
        chosen = np.full((len(changed), k), NO_EDGE, dtype=np.int64)
        weights = np.zeros((len(changed), k))
        for i, r in enumerate(changed.tolist()):
            stored = [t for t, _, _ in rows_of(lists, r)]
            pool = list(dict.fromkeys(stored[: int(rng.integers(0, len(stored) + 1))] + rng.permutation(rows).tolist()))
            picked = [t for t in pool if t != r][: int(rng.integers(0, k + 1))]
            chosen[i, : len(picked)] = picked
            weights[i, : len(picked)] = [float(np.float32(rng.random())) for _ in picked]
            for j, t in enumerate(picked):  # some chosen targets keep their stored weight
                same = [w for tt, w, _ in rows_of(lists, r) if tt == t]
                if same and rng.random() < 0.5:
                    weights[i, j] = same[0]
        same_weights = bool(case % 2)
        done = lists_of.change(lists, changed, chosen, weights, same_weights)
        # Apply the change to a model of the table, as the builder writes it.
        for edge_id in done.deletes.tolist():
            del table[edge_id]
        for s, t, w, edge_id in zip(*(a.tolist() for a in done.updates), strict=True):
            assert table[edge_id][0] == s
            table[edge_id] = (s, t, w)
        new_ids = np.arange(1000 + 100 * case, 1000 + 100 * case + len(done.inserts[0]))
        for s, t, w, edge_id in zip(*(a.tolist() for a in done.inserts), new_ids.tolist(), strict=True):
            table[edge_id] = (s, t, w)
        after = lists_of.apply(lists, changed, done, new_ids)
        held = {(r, t, w, i) for r, t, w, i in after.cells()}
        assert held == {(s, t, w, i) for i, (s, t, w) in table.items()}
        for i, r in enumerate(changed.tolist()):
            got = {(t, w) for t, w, _ in rows_of(after, r)}
            wanted = {(t, w) for t, w in zip(chosen[i].tolist(), weights[i].tolist(), strict=True) if t >= 0}
            if same_weights:
                assert got == wanted
            else:  # a stored target that stays keeps its stored weight
                assert {t for t, _ in got} == {t for t, _ in wanted}


def test_rows_inserted_and_removed_keep_every_list_with_its_targets() -> None:
    rng = np.random.default_rng(5)
    lists = random_lists(rng, 10, 4)
    before = {r: rows_of(lists, r) for r in range(10)}
    old_at = np.array([0, 2, 3, 4, 6, 7, 8, 9, 11, 12], dtype=np.int64)  # 13 rows: 1, 5 and 10 are new
    grown = lists.grown(old_at, 13)
    for r in range(10):
        assert rows_of(grown, int(old_at[r])) == {(int(old_at[t]), w, i) for t, w, i in before[r]}
    for r in (1, 5, 10):
        assert not rows_of(grown, r)
    keep = np.array([0, 1, 2, 4, 5, 7, 8, 9], dtype=np.int64)  # rows 3 and 6 go: their lists and edges into them
    kept = lists.kept(keep)
    new_row = {int(old): new for new, old in enumerate(keep.tolist())}
    for new, old in enumerate(keep.tolist()):
        assert rows_of(kept, new) == {(new_row[t], w, i) for t, w, i in before[old] if t in new_row}


def test_read_lists_keep_one_row_of_a_repeated_target_and_widen_for_long_lists() -> None:
    sources = np.array([0, 0, 0, 1, 1, 1, 1], dtype=np.int64)
    targets = np.array([1, 1, NO_EDGE, 0, 2, 3, 4], dtype=np.int64)  # NO_EDGE: a target the matrix lacks
    weights = np.array([0.5, 0.5, 0.1, 0.9, 0.8, 0.7, 0.6])
    ids = np.array([7, 3, 9, 1, 2, 4, 5], dtype=np.int64)
    lists = Lists.of_edges(5, 2, sources, targets, weights, ids)
    assert lists.width == 4
    assert rows_of(lists, 0) == {(1, 0.5, 3), (NO_EDGE, 0.1, 9)}
    assert rows_of(lists, 1) == {(0, 0.9, 1), (2, 0.8, 2), (3, 0.7, 4), (4, 0.6, 5)}
    # Length and lowest weight of every stored row (as the former GROUP BY gave them): the add's thresholds.
    assert lists.lengths.tolist() == [3, 4, 0, 0, 0] and lists.lows[:2].tolist() == [0.1, 0.6]
    assert lists.thresholds(3).tolist()[:3] == [np.float32(0.1), np.float32(0.6), -np.inf]
    assert lists.thresholds(4).tolist()[:2] == [-np.inf, np.float32(0.6)]
    kept = lists.kept(np.array([1, 3], dtype=np.int64))
    assert kept.lengths.tolist() == [4, 0] and kept.lows[0] == 0.6
    grown = lists.grown(np.array([0, 2, 3, 4, 5], dtype=np.int64), 6)
    assert grown.lengths.tolist() == [3, 0, 4, 0, 0, 0] and grown.lows[2] == 0.6
