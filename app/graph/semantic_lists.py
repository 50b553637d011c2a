"""Every vector's stored semantic list, held beside the builder's vector matrix (app/graph/state.py's `State`).

An add displaces thousands of old lists (~7,400 of 100k with random vectors): reading them back from the edges
table cost 0.3–0.45 CPU-s of a ~2.2 CPU-s warm add at 100k passages. Held here, one row per row of the matrix,
they cost ~24 MB per 100k vectors (k = 10: three 8-byte cells per edge), and the edge ids let a changed list be
written as UPDATEs and DELETEs by id without reading anything.

Pure array code; the builder keeps these in step with what it writes (and reads them cold with the rest of the
state), so a cell is exactly one stored `semantic` edge row.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

NO_EDGE = -1  # `ids` of an empty cell; `targets` of an empty cell and of a stored target the matrix lacks


@dataclass
class Lists:
    """Row r holds the stored semantic edges whose source is row r of the matrix, in no particular order; empty
    cells anywhere (an edge into a removed node leaves a hole)."""

    targets: np.ndarray  # (rows, width) int64: the target's row in the matrix, NO_EDGE if none or not in it
    weights: np.ndarray  # (rows, width) float64: the stored weight
    ids: np.ndarray  # (rows, width) int64: the edge row's id, NO_EDGE where the cell holds no edge
    # Each list's length and lowest similarity as last computed (a displaced list's re-scored similarities, the
    # stored weights when read cold): a new vector at least that close enters a list of full length. The builder
    # sets them; arrays rather than a dict of 100k tuples (its thresholds are then one vectorised expression).
    lengths: np.ndarray  # (rows,) int64
    lows: np.ndarray  # (rows,) float64

    @classmethod
    def empty(cls, rows: int, width: int) -> Lists:
        return cls(
            np.full((rows, width), NO_EDGE, dtype=np.int64),
            np.zeros((rows, width), dtype=np.float64),
            np.full((rows, width), NO_EDGE, dtype=np.int64),
            np.zeros(rows, dtype=np.int64),
            np.full(rows, -np.inf),
        )

    @classmethod
    def of_edges(
        cls, rows: int, width: int, sources: np.ndarray, targets: np.ndarray, weights: np.ndarray, ids: np.ndarray
    ) -> Lists:
        """From stored edges given as parallel arrays (source and target as matrix rows, target NO_EDGE where the
        matrix lacks it; every source a row). A target stored twice for one source is kept once, the lower id
        (the builder leaves the other row alone, as it always has); lengths and lows count every row."""
        lengths = np.bincount(sources, minlength=rows).astype(np.int64)
        lows = np.full(rows, -np.inf)
        if len(sources):
            order = np.argsort(sources, kind="stable")
            starts = np.flatnonzero(lengths)
            lows[starts] = np.minimum.reduceat(weights[order], (np.cumsum(lengths) - lengths)[starts])
        order = np.lexsort((ids, targets, sources))
        sources, targets, weights, ids = sources[order], targets[order], weights[order], ids[order]
        repeated = np.zeros(len(sources), dtype=bool)
        repeated[1:] = (sources[1:] == sources[:-1]) & (targets[1:] == targets[:-1]) & (targets[1:] >= 0)
        keep = ~repeated
        sources, targets, weights, ids = sources[keep], targets[keep], weights[keep], ids[keep]
        per_source = np.bincount(sources, minlength=rows)
        width = max(width, int(per_source.max()) if len(per_source) else 0)
        column = np.arange(len(sources)) - (np.cumsum(per_source) - per_source)[sources]
        lists = cls.empty(rows, width)
        lists.targets[sources, column] = targets
        lists.weights[sources, column] = weights
        lists.ids[sources, column] = ids
        lists.lengths, lists.lows = lengths, lows
        return lists

    @property
    def width(self) -> int:
        return int(self.targets.shape[1])

    def widened(self, width: int) -> Lists:
        if width <= self.width:
            return self
        wider = Lists.empty(len(self.targets), width)
        wider.targets[:, : self.width] = self.targets
        wider.weights[:, : self.width] = self.weights
        wider.ids[:, : self.width] = self.ids
        wider.lengths, wider.lows = self.lengths, self.lows
        return wider

    def grown(self, old_at: np.ndarray, rows: int) -> Lists:
        """New rows (empty lists) inserted into the matrix: old row i is now row old_at[i] of `rows`."""
        grown = Lists.empty(rows, self.width)
        stored = self.targets >= 0
        grown.targets[old_at] = np.where(stored, old_at[np.where(stored, self.targets, 0)], NO_EDGE)
        grown.weights[old_at] = self.weights
        grown.ids[old_at] = self.ids
        grown.lengths[old_at] = self.lengths
        grown.lows[old_at] = self.lows
        return grown

    def kept(self, keep: np.ndarray) -> Lists:
        """Rows taken out of the matrix, `keep` the old rows that stay (ascending): the removed rows' lists go,
        and so does every edge into a removed row (the builder deletes those edge rows)."""
        new_row = np.full(len(self.targets), NO_EDGE, dtype=np.int64)
        new_row[keep] = np.arange(len(keep))
        targets, weights, ids = self.targets[keep], self.weights[keep], self.ids[keep]
        stored = targets >= 0
        mapped = np.where(stored, new_row[np.where(stored, targets, 0)], NO_EDGE)
        gone = stored & (mapped < 0)
        ids[gone] = NO_EDGE
        weights[gone] = 0.0
        return Lists(mapped, weights, ids, self.lengths[keep], self.lows[keep])

    def thresholds(self, k: int) -> np.ndarray:
        """Each row's k-th similarity, float32: -inf where its list is shorter than k (anything enters it)."""
        return np.where(self.lengths >= k, self.lows, -np.inf).astype(np.float32)

    def cells(self) -> set[tuple[int, int, float, int]]:
        """(source row, target row, weight, edge id) of every edge held (tests compare them with the table)."""
        rows, columns = np.nonzero(self.ids >= 0)
        return set(
            zip(
                rows.tolist(),
                self.targets[rows, columns].tolist(),
                self.weights[rows, columns].tolist(),
                self.ids[rows, columns].tolist(),
                strict=True,
            )
        )


@dataclass
class Change:
    """What makes some rows' stored lists equal to new ones: edge ids to delete, (source row, target row, weight,
    edge id) rows to update in place, (source row, target row, weight) rows to insert, and the new lists' cells
    (their ids NO_EDGE where the cell is among the inserts, in the inserts' order)."""

    deletes: np.ndarray
    updates: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
    inserts: tuple[np.ndarray, np.ndarray, np.ndarray]
    insert_cells: tuple[np.ndarray, np.ndarray]  # (i, j) of each insert in the new lists
    targets: np.ndarray
    weights: np.ndarray
    ids: np.ndarray


def change(
    lists: Lists, rows: np.ndarray, chosen: np.ndarray, chosen_weights: np.ndarray, same_weights: bool
) -> Change:
    """Turn the lists of `rows` into `chosen` (target rows, NO_EDGE pads) with `chosen_weights`, writing only what
    differs: a stored edge to a chosen target stays (with its stored weight unless `same_weights` asks for equal
    weights too); each row's other stored edges become its new ones by UPDATE, pairwise, and what is left over
    is deleted or inserted (an UPDATE rewrites one index entry, a delete and an insert three each)."""
    stored = lists.targets[rows]
    stored_weights = lists.weights[rows]
    stored_ids = lists.ids[rows]
    filled = stored_ids >= 0
    valid = chosen >= 0
    same = (chosen[:, :, None] == stored[:, None, :]) & valid[:, :, None] & filled[:, None, :]
    if same_weights:
        same &= chosen_weights[:, :, None] == stored_weights[:, None, :]
    known = same.any(axis=2)  # chosen, and stored already
    kept = same.any(axis=1)  # stored, and chosen
    column = same.argmax(axis=2)
    ids = np.where(known, np.take_along_axis(stored_ids, column, axis=1), NO_EDGE)
    weights = np.where(known, np.take_along_axis(stored_weights, column, axis=1), chosen_weights)
    weights = np.where(valid, weights, 0.0)

    drop_i, drop_j = np.nonzero(filled & ~kept)
    add_i, add_j = np.nonzero(valid & ~known)
    drops_per_row = np.bincount(drop_i, minlength=len(rows))
    adds_per_row = np.bincount(add_i, minlength=len(rows))
    drop_start = np.cumsum(drops_per_row) - drops_per_row
    add_rank = np.arange(len(add_i)) - (np.cumsum(adds_per_row) - adds_per_row)[add_i]
    drop_rank = np.arange(len(drop_i)) - drop_start[drop_i]
    paired = add_rank < drops_per_row[add_i]  # this add takes over a dropped row of its source
    taken = drop_start[add_i[paired]] + add_rank[paired]
    update_ids = stored_ids[drop_i[taken], drop_j[taken]]
    ids[add_i[paired], add_j[paired]] = update_ids
    deletes = stored_ids[drop_i, drop_j][drop_rank >= adds_per_row[drop_i]]
    ui, uj = add_i[paired], add_j[paired]
    ii, ij = add_i[~paired], add_j[~paired]
    return Change(
        deletes=np.sort(deletes),
        updates=(rows[ui], chosen[ui, uj], weights[ui, uj], update_ids),
        inserts=(rows[ii], chosen[ii, ij], weights[ii, ij]),
        insert_cells=(ii, ij),
        targets=np.where(valid, chosen, NO_EDGE),
        weights=weights,
        ids=ids,
    )


def apply(lists: Lists, rows: np.ndarray, done: Change, inserted_ids: np.ndarray) -> Lists:
    """`lists` with the rows' new lists of `done` in place, the inserted rows' ids filled in."""
    lists = lists.widened(done.targets.shape[1])
    ids = done.ids.copy()
    ids[done.insert_cells] = inserted_ids
    width = done.targets.shape[1]
    lists.targets[rows] = NO_EDGE
    lists.ids[rows] = NO_EDGE
    lists.weights[rows] = 0.0
    lists.targets[rows, :width] = done.targets
    lists.weights[rows, :width] = done.weights
    lists.ids[rows, :width] = ids
    return lists
