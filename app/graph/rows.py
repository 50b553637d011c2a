"""Graph rows written and read in bulk: nodes and edges inserted in chunks (edge indexes dropped and rebuilt around a
first large build on SQLite), stored lists rewritten, stale rows replaced in place, edges deleted."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from sqlalchemy import delete
from sqlalchemy.orm import Session

from app.db.models import Edge

# Bound parameter lists (SQLite allows 32k variables; PostgreSQL is happier with modest IN lists too).
IN_CHUNK = 900
INSERT_CHUNK = 20_000
SQLITE_BULK_CACHE_KIB = 256 * 1024  # page cache during a bulk insert (allocated as used)
# An edge insert of at least this many rows into a table holding no more rows than it (a collection's first build)
# drops the edge indexes and builds them again when the update is done: SQLite sorts 3M rows into an index in less
# than a third of the CPU it spends inserting them one by one (and checking the foreign keys of each).
BULK_REINDEX_ROWS = 50_000
DROPPED_INDEXES = "mdqa.graph_dropped_edge_indexes"


def chunks(items: Iterable[str], size: int = IN_CHUNK) -> Iterable[list[str]]:
    items = list(items)
    for start in range(0, len(items), size):
        yield items[start : start + size]


NODE_COLUMNS = ("id", "collection_id", "document_id", "kind", "page", "label", "text", "keywords", "entities", "vector")
EDGE_COLUMNS = ("collection_id", "source", "target", "kind", "weight")


def _insert(session: Session, table: str, columns: Sequence[str], rows: list[tuple]) -> None:
    """Bulk insert through the driver: COPY on PostgreSQL, executemany on SQLite. A 10k-passage build writes ~300k
    edges, and the ORM's per-row parameter processing would cost more than the graph algorithms."""
    if not rows:
        return
    connection = session.connection()
    names = ", ".join(f'"{c}"' for c in columns)
    if connection.dialect.name == "postgresql":
        driver = connection.connection.driver_connection
        with driver.cursor() as cursor, cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:  # type: ignore[union-attr]
            for row in rows:
                copy.write_row(row)
        return
    placeholders = ", ".join("?" for _ in columns)
    # Each edge row lands at a random place in three indexes: with SQLite's default 2 MB page cache a big insert
    # re-reads index pages all along (a larger cache for the insert alone: ~1/3 less CPU for a 600k-row insert).
    previous = connection.exec_driver_sql("PRAGMA cache_size").scalar() if len(rows) > INSERT_CHUNK else None
    if previous is not None:
        connection.exec_driver_sql(f"PRAGMA cache_size=-{SQLITE_BULK_CACHE_KIB}")
    try:
        for start in range(0, len(rows), INSERT_CHUNK):
            connection.exec_driver_sql(
                f"INSERT INTO {table} ({names}) VALUES ({placeholders})", rows[start : start + INSERT_CHUNK]
            )
    finally:
        if previous is not None:
            connection.exec_driver_sql(f"PRAGMA cache_size={int(previous)}")


def insert_nodes(session: Session, nodes: list[dict]) -> None:
    rows = [
        tuple(
            json.dumps(node[c]) if c in ("keywords", "entities") and node[c] is not None else node[c]
            for c in NODE_COLUMNS
        )
        for node in nodes
    ]
    _insert(session, "nodes", NODE_COLUMNS, rows)


def insert_edges(
    session: Session, collection_id: str, kind: str, edges: Iterable[tuple[str, str, float]], with_ids: bool = False
) -> list[int]:
    """Insert edge rows; with `with_ids`, their ids (given here rather than by the database, so that they are known
    without reading the rows back: the semantic lists held in the builder's state carry them)."""
    edges = edges if isinstance(edges, list) else list(edges)
    if len(edges) >= BULK_REINDEX_ROWS:
        _drop_edge_indexes(session, len(edges))
    if not with_ids or not edges:
        _insert(session, "edges", EDGE_COLUMNS, [(collection_id, s, t, kind, float(w)) for s, t, w in edges])
        return []
    ids = _new_edge_ids(session, len(edges))
    rows = [(i, collection_id, s, t, kind, float(w)) for i, (s, t, w) in zip(ids, edges, strict=True)]
    _insert(session, "edges", ("id", *EDGE_COLUMNS), rows)
    return ids


def _new_edge_ids(session: Session, count: int) -> list[int]:
    """`count` unused edge ids: from the id sequence on PostgreSQL (other collections' writers draw from it
    concurrently); on SQLite the ones after the largest, as SQLite itself would give them (the update holds the
    database's write lock, so no other writer can take them)."""
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        return [
            int(i)
            for (i,) in connection.exec_driver_sql(
                "SELECT nextval(pg_get_serial_sequence('edges', 'id')) FROM generate_series(1, %s)", (count,)
            )
        ]
    largest = int(connection.exec_driver_sql("SELECT max(id) FROM edges").scalar() or 0)
    return list(range(largest + 1, largest + 1 + count))


def _drop_edge_indexes(session: Session, rows: int) -> None:
    """On SQLite, before a bulk insert into an edges table holding no more than `rows` rows: drop its indexes,
    which `restore_edge_indexes` builds again before the next read of edges and at the end of the update.

    DDL is transactional in SQLite and the update holds the write lock: other connections keep reading the
    indexed table of their snapshot, and a rollback restores the indexes. (Not on PostgreSQL: DROP INDEX locks the
    table against every reader until the commit, and COPY is cheap there.)"""
    connection = session.connection()
    if connection.dialect.name != "sqlite" or DROPPED_INDEXES in session.info:
        return
    if int(connection.exec_driver_sql("SELECT count(*) FROM edges").scalar() or 0) > rows:
        return
    indexes = connection.exec_driver_sql(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'edges' AND sql IS NOT NULL"
    ).all()
    for name, _ in indexes:
        connection.exec_driver_sql(f'DROP INDEX "{name}"')
    session.info[DROPPED_INDEXES] = [sql for _, sql in indexes]


def restore_edge_indexes(session: Session) -> None:
    statements = session.info.pop(DROPPED_INDEXES, None)
    if not statements:
        return
    connection = session.connection()
    previous = int(connection.exec_driver_sql("PRAGMA cache_size").scalar() or -2000)  # -2000: the default
    connection.exec_driver_sql(f"PRAGMA cache_size=-{SQLITE_BULK_CACHE_KIB}")  # the sort runs in the page cache
    try:
        for statement in statements:
            connection.exec_driver_sql(statement)
    finally:
        connection.exec_driver_sql(f"PRAGMA cache_size={previous}")


def rewrite_lists(
    session: Session, collection_id: str, kind: str, sources: Iterable[str], edges: Iterable[tuple[str, str, float]]
) -> None:
    """Make the stored `kind` lists of `sources` exactly `edges` (whose sources are among them), writing only the
    rows that differ: most recomputed lists come out as they were (a document added to 50k passages recomputed
    ~3.5k keyword lists, 52k rows, to change a few hundred), and every row written or deleted updates three
    indexes, while reading them back is an index range scan."""
    wanted = {(s, t): float(w) for s, t, w in edges}
    stale: list[tuple[int, str]] = []
    restore_edge_indexes(session)
    rows = _rows_where_source_in(session, "id, source, target, weight", sorted(set(sources)), kind)
    for edge_id, source, target, weight in rows:
        if wanted.get((source, target)) == weight:
            del wanted[(source, target)]  # stored as wanted (a duplicate row finds it gone: deleted)
        else:
            stale.append((edge_id, source))
    _replace_rows(session, collection_id, kind, stale, [(s, t, w) for (s, t), w in wanted.items()])


def _rows_where_source_in(session: Session, columns: str, sources: Sequence[str], kind: str) -> list[tuple]:
    """`SELECT columns FROM edges WHERE source IN sources AND kind = kind`, as plain tuples through the driver: the
    ORM's expanding IN parameters and row objects cost more than SQLite's index scan (~0.4 of 0.7 CPU-s reading
    7,500 semantic lists at 100k passages)."""
    connection = session.connection()
    mark = "?" if connection.dialect.paramstyle in ("qmark", "numeric") else "%s"
    out: list[tuple] = []
    for chunk in chunks(sources):
        sql = f"SELECT {columns} FROM edges WHERE source IN ({', '.join([mark] * len(chunk))}) AND kind = {mark}"
        out.extend(connection.exec_driver_sql(sql, (*chunk, kind)).all())
    return out


def _replace_rows(
    session: Session,
    collection_id: str,
    kind: str,
    stale: Sequence[tuple[int, str]],
    wanted: Sequence[tuple[str, str, float]],
) -> None:
    """Delete the `stale` rows (edge id, source) and insert the `wanted` edges of `kind`, turning a stale row into a
    wanted one of the same source where there is one: an UPDATE of target and weight rewrites one index entry (the
    target's), where a delete and an insert rewrite three each (the edge set is the same either way)."""
    spare: dict[str, list[int]] = {}
    for edge_id, source in stale:
        spare.setdefault(source, []).append(edge_id)
    updates: list[tuple[str, float, int]] = []
    inserts: list[tuple[str, str, float]] = []
    for source, target, weight in wanted:
        ids = spare.get(source)
        if ids:
            updates.append((target, float(weight), ids.pop()))
        else:
            inserts.append((source, target, weight))
    delete_edge_ids(session, sorted(edge_id for ids in spare.values() for edge_id in ids))
    if updates:
        restore_edge_indexes(session)
        connection = session.connection()
        mark = "?" if connection.dialect.paramstyle in ("qmark", "numeric") else "%s"
        connection.exec_driver_sql(f"UPDATE edges SET target = {mark}, weight = {mark} WHERE id = {mark}", updates)
    insert_edges(session, collection_id, kind, inserts)


def delete_edge_ids(session: Session, ids: Sequence[int]) -> None:
    if ids:
        restore_edge_indexes(session)
    for start in range(0, len(ids), IN_CHUNK):
        session.execute(
            delete(Edge).where(Edge.id.in_(ids[start : start + IN_CHUNK])).execution_options(synchronize_session=False)
        )


def delete_edges(session: Session, collection_id: str, kind: str, sources: Iterable[str]) -> None:
    # Node ids are unique across collections, so no collection_id condition: with one, SQLite's planner picks the
    # (collection_id, kind) index and scans every edge of that kind in the collection for each chunk.
    sources = sorted(sources)
    if sources:
        restore_edge_indexes(session)
    for chunk in chunks(sources):
        session.execute(
            delete(Edge).where(Edge.source.in_(chunk), Edge.kind == kind).execution_options(synchronize_session=False)
        )
