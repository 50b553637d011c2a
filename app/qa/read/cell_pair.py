"""Two cells read together: the two values a comparison or an arithmetic question sets side by side ("DPR beat
BM25 in top-20 accuracy", "grew from fiscal 2012 to fiscal 2013") are one table's two cells that share a row or a
column and differ where the two parts differ. Each part alone may pick another table's row for its name; read as a
pair, the one table that holds both wins.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from app.qa.read.cells import CellHit, cell_value, column_paths, rank_cells, row_paths
from app.qa.tablelayout import is_number
from app.qa.tables.model import Shape, TableData
from app.qa.tables.words import tokens


@dataclass(frozen=True, slots=True)
class PairChoice:
    table: int  # index into the tables offered
    first: CellHit
    second: CellHit
    explained: float  # share of the parts' words the two cells and the table's names account for


def _own_words(question: str, other: str) -> set[str]:
    """The words one part says and the other does not ("2012" against "2013", "DPR" against "BM25")."""
    return set(tokens(question)) - set(tokens(other))


def _rarity(table: TableData, sh: Shape) -> Callable[[str], float]:
    """A word's weight by how few rows and columns of the table hold it; a word none holds weighs most."""
    paths = [set().union(*cells) for cells in row_paths(table, sh).values()]
    paths += list(column_paths(table, sh).values())
    held = Counter(t for words in paths for t in words)
    return lambda word: math.log(1.0 + len(paths) / (1 + held.get(word, 0)))


def _pair_in_table(
    table: TableData, sh: Shape, parts: tuple[str, str], expected: str, own_share: float
) -> tuple[float, CellHit, CellHit] | None:
    """The best two different cells of one table, each naming none of the other part's distinct words and most of
    its own, by rarity: "2012_2" shares a "2" with "2032_2" and is no cell of it."""
    first_own, second_own = _own_words(*parts), _own_words(parts[1], parts[0])
    if not first_own or not second_own:
        return None  # the parts do not differ in words a cell could tell apart
    weight = _rarity(table, sh)

    def fitting(hits: list[CellHit], own: set[str], others: set[str]) -> list[CellHit]:
        total = sum(weight(t) for t in own)
        named = [(h, h.row_words | h.column_words) for h in hits]
        return [h for h, words in named
                if not words & others and sum(weight(t) for t in words & own) >= own_share * total]  # fmt: skip

    firsts = fitting(rank_cells(table, sh, parts[0], expected), first_own, second_own)
    seconds = fitting(rank_cells(table, sh, parts[1], expected), second_own, first_own)
    # "How much higher is the F1 of the ensemble than that of Random Forest for 5-fold with ANN", "… budgeted for
    # 2026-27 than the revised estimate for 2025-26": one part names only its column (no cell, or none whose row holds
    # a word of its own); its cell is in the row the other part names.
    if _names_no_row(firsts, first_own):
        same = [h for b in seconds if (h := _in_same_row(table, sh, b, first_own, second_own, weight)) is not None]
        firsts = fitting(same, first_own, second_own) or firsts
    elif _names_no_row(seconds, second_own):
        same = [h for a in firsts if (h := _in_same_row(table, sh, a, second_own, first_own, weight)) is not None]
        seconds = fitting(same, second_own, first_own) or seconds
    pairs = [(a.score + b.score, a, b) for a in firsts for b in seconds if (a.row, a.column) != (b.row, b.column)]
    return max(pairs, key=lambda p: p[0]) if pairs else None


def _names_no_row(hits: list[CellHit], own: set[str]) -> bool:
    """No cell's row holds a word only its part says."""
    return not any(h.row_words & own for h in hits)


def _in_same_row(
    table: TableData, sh: Shape, other: CellHit, own: set[str], others: set[str], weight: Callable[[str], float]
) -> CellHit | None:
    """The value in `other`'s row under the column that names most of a part's own words (none of the other's)."""
    best: CellHit | None = None
    for c, words in column_paths(table, sh).items():
        named = frozenset(words & own)
        value = cell_value(table, other.row, c)
        if c == other.column or c in sh.labels or not named or words & others or not is_number(value):
            continue
        score = round(sum(weight(t) for t in named), 4)
        if best is None or score > best.score:
            best = CellHit(other.row, c, value, score, frozenset(), named, 0.0)
    return best


def choose_pair(
    tables: list[tuple[TableData, Shape, set[str]]], parts: tuple[str, str], expected: str, explained_floor: float,
    caption_weight: float, own_share: float,
) -> PairChoice | None:
    """The best pair of cells over the tables offered (each with the words its caption and document name it by),
    when one table's pair scores above every other table's and the cells and the table's names account for
    `explained_floor` of the parts' words; each cell names `own_share` of its part's own words by rarity."""
    asked = set(tokens(parts[0])) | set(tokens(parts[1]))
    if not asked:
        return None
    best: PairChoice | None = None
    best_score = runner_up = 0.0
    for k, (table, sh, named_by) in enumerate(tables):
        found = _pair_in_table(table, sh, parts, expected, own_share)
        if found is None:
            continue
        score, a, b = found
        used = a.row_words | a.column_words | b.row_words | b.column_words
        score += len((asked & named_by) - used) * caption_weight
        if best is None or score > best_score:
            runner_up = max(runner_up, best_score)
            best, best_score = PairChoice(k, a, b, round(len(asked & (used | named_by)) / len(asked), 4)), score
        else:
            runner_up = max(runner_up, score)
    if best is None or best.explained < explained_floor or best_score <= runner_up:
        return None
    return best
