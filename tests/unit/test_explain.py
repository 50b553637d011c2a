"""The explanation graph (app.qa.explain) over small hand-built graphs."""

from __future__ import annotations

from collections.abc import Iterable

from app.qa.explain import ANSWER_ID, QUESTION_ID, Explanation, Link, Part, explain, reason


def _graph(links: list[Link]):  # noqa: ANN202 - a neighbours callable
    def neighbours(node_id: str) -> Iterable[Link]:
        return [link for link in links if node_id in (link.source, link.target)]

    return neighbours


def _labels(link: Link) -> str | None:
    return {"entity": "marie curie", "keyword": "polonium", "mention": "Warsaw"}.get(link.kind)


def _run(parts: list[Part], links: list[Link], verdict: str | None = None, hops: int = 4) -> Explanation:
    return explain("Q?", parts, _graph(links), lambda n: n.upper(), _labels, hops, verdict)


def _paths(explanation: Explanation) -> list[list[str]]:
    """Every path from the question to the answer node."""
    out_edges: dict[str, list[str]] = {}
    for e in explanation.edges:
        out_edges.setdefault(e.source, []).append(e.target)
    paths: list[list[str]] = []

    def walk(path: list[str]) -> None:
        if path[-1] == ANSWER_ID:
            paths.append(path)
            return
        for nxt in out_edges.get(path[-1], []):
            walk([*path, nxt])

    walk([QUESTION_ID])
    return paths


def test_bridge_chain_follows_the_traversal_and_says_why() -> None:
    links = [Link("s", "b", "entity"), Link("b", "c", "keyword"), Link("s", "x", "semantic")]
    part = Part("", "Q?", seeds=("s",), forward=(*links,), cited=("c",), answer="1898")
    got = _run([part], links)
    assert _paths(got) == [[QUESTION_ID, "s", "b", "c", ANSWER_ID]]
    roles = {n.id: n.role for n in got.nodes}
    assert roles == {QUESTION_ID: None, "s": "seed", "b": "bridge", "c": "cited", ANSWER_ID: None}
    reasons = {(e.source, e.target): e.reason for e in got.edges}
    assert reasons[("s", "b")] == 'shared entity "marie curie"'
    assert reasons[("b", "c")] == 'keyword "polonium"'
    assert reasons[("c", ANSWER_ID)] == "cited [1]"
    assert all(e.support == "both" for e in got.edges if e.kind in ("entity", "keyword"))
    # The forward tree's dead end (x) is no part of the explanation.
    assert "x" not in {n.id for n in got.nodes}
    assert got.nodes[0].kind == "question" and got.nodes[-1].kind == "answer"
    assert all(e.reason for e in got.edges)


def test_comparison_has_two_chains_meeting_in_the_verdict() -> None:
    links = [Link("a0", "a1", "next"), Link("b0", "b1", "mention")]
    parts = [
        Part("Kroger", "Kroger's revenue?", ("a0",), (links[0],), ("a1",), "$150bn"),
        Part("McDonald's", "McDonald's revenue?", ("b0",), (links[1],), ("b1",), "$25bn"),
    ]
    got = _run(parts, links, verdict="Kroger's is higher.")
    paths = _paths(got)
    assert sorted(paths) == [
        [QUESTION_ID, "part-1", "a0", "a1", ANSWER_ID],
        [QUESTION_ID, "part-2", "b0", "b1", ANSWER_ID],
    ]
    assert got.chains == (
        (QUESTION_ID, "part-1", "a0", "a1", ANSWER_ID),
        (QUESTION_ID, "part-2", "b0", "b1", ANSWER_ID),
    )
    sink = got.nodes[-1]
    assert sink.kind == "verdict" and sink.label == "Kroger's is higher."
    reasons = {(e.source, e.target): e.reason for e in got.edges}
    assert reasons[(QUESTION_ID, "part-1")] == "step 1's sub-question: Kroger's revenue?"
    assert reasons[("a1", ANSWER_ID)] == "Kroger: $150bn"
    assert reasons[("b0", "b1")] == 'mentions "Warsaw"'


def test_when_the_directions_disagree_the_backward_path_wins() -> None:
    # The traversal reached c from x, which no seed leads to; the graph joins the seed to c through p.
    graph = [Link("p", "s", "contains"), Link("p", "c", "contains"), Link("x", "c", "semantic")]
    part = Part("", "Q?", seeds=("s",), forward=(Link("x", "c", "semantic"),), cited=("c",))
    got = _run([part], graph)
    assert _paths(got) == [[QUESTION_ID, "s", "p", "c", ANSWER_ID]]
    pairs = {(e.source, e.target): e for e in got.edges}
    assert ("x", "c") not in pairs
    assert pairs[("s", "p")].support == "backward" and pairs[("s", "p")].kind == "contains"


def test_a_unit_beyond_max_hops_hangs_from_the_question() -> None:
    chain = [Link("s", "a", "next"), Link("a", "b", "next"), Link("b", "c", "next")]
    part = Part("", "Q?", seeds=("s",), forward=(), cited=("c",))
    assert _paths(_run([part], chain, hops=3)) == [[QUESTION_ID, "s", "a", "b", "c", ANSWER_ID]]
    got = _run([part], chain, hops=2)
    assert _paths(got) == [[QUESTION_ID, "c", ANSWER_ID]]
    assert {n.id: n.role for n in got.nodes}["c"] == "cited"


def test_a_cited_seed_is_one_edge_from_the_question() -> None:
    part = Part("", "Q?", seeds=("s",), forward=(), cited=("s",))
    got = _run([part], [])
    assert _paths(got) == [[QUESTION_ID, "s", ANSWER_ID]]
    assert got.to_json()["edges"][0]["reason"] == "retrieval seed: matches the question"


def test_reasons_read_as_sentences() -> None:
    assert reason("next", None) == "next passage"
    assert reason("continues", None) == "same table, continued"
    assert reason("contains", "Page 3") == "in Page 3"
    assert reason("keyword", "tax") == 'keyword "tax"'


def test_a_later_steps_unit_is_reached_through_the_bridge() -> None:
    # Multi-step retrieval: step 1 found a (the bridge), step 2 found b, which a mentions.
    part = Part("", "Q?", seeds=("a",), forward=(), cited=("b",), steps=(("b", 1),))
    got = _run([part], [Link("a", "b", "mention")])
    assert _paths(got) == [[QUESTION_ID, "a", "b", ANSWER_ID]]
    # Nothing in the graph joins them: b hangs from the question, by its step.
    got = _run([part], [])
    assert _paths(got) == [[QUESTION_ID, "b", ANSWER_ID]]
    assert got.edges[0].reason == "step 2's sub-question"


def test_two_questions_in_one_name_each_cited_unit_by_its_part() -> None:
    parts = [Part("first?", "first?", ("a",), (), ("a", "a")), Part("second?", "second?", ("b",), (), ("b",))]
    got = _run(parts, [])
    reasons = {(e.source, e.target): e.reason for e in got.edges}
    assert reasons[("a", ANSWER_ID)] == "cited for first?" and reasons[("b", ANSWER_ID)] == "cited for second?"
    assert got.nodes[-1].kind == "answer"
    assert sorted(_paths(got)) == [[QUESTION_ID, "part-1", "a", ANSWER_ID], [QUESTION_ID, "part-2", "b", ANSWER_ID]]
