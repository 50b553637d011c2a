"""RGNN-Ret (GNN-Ret's §3.3): retrieval in steps. Step t scores the graph for a sub-question qᵗ by GNN-Ret
propagation (app.qa.propagate), merges its distances with the steps before, ĥᵗ = β·hᵗ + (1 − β)·ĥᵗ⁻¹, and adds its
best units not yet taken; the evidence is their union in step order.

The first step also takes, for each of the question's first names (capitalised spans, app.graph.entities), the
unit that name alone is most like among the units that say it, when the question's own ranking has not taken it:
the question vector of a 3-hop question leans to the words of its outer clauses, so the passage about the thing the
innermost clause names ("the composer of Aschenbrodel") is often not near the top, and every later bridge starts
from it. A name whose most alike unit is taken already adds nothing (the next most alike is seldom about it). On
MuSiQue's dev half two names raised pooled R@5 from 0.697 to 0.732 (3 hops .533 → .644, 4 hops .250 → .417, 2 hops
.828 → .810) with HotpotQA's and 2Wiki's unchanged; three names cost HotpotQA 2.8 points (a third unit in the first
step pushes the last step's out of the top 5). Keeping to the units that say the name (a name no unit says adds
nothing) raised MuSiQue's dev halves .632 → .647 (fresh), .761 → .769 (second fresh) and the shared set .712 → .730,
HotpotQA's and 2Wiki's none lower.

With an LLM (the `llm` scorer) the next sub-question is the LLM's, in the paper's self-critique loop
(app.qa.critique). Without one it is written as ITER-RETGEN does: the question and the bridge the built-in reader
reads off the units the step added (its best answer span, when the question does not say it): the passage holding
the second bridge of a 3-hop question shares nothing with the question until the first bridge is known. No bridge,
or the step limit, ends the steps. On MuSiQue's dev half the reader's span beat spaCy's first new name as the bridge
(pooled R@5 0.697 against 0.670, two units a step). The reader is asked about the step's nested phrase of the
question (`nested_phrases`), not the whole question, and reads every unit the step added, the names' too: on the
fresh and shared MuSiQue dev material (benchmarks/multihop, 197 questions) the first bridge was right about 40% of
the time against 33%, and pooled R@5 rose 0.663 → 0.681, HotpotQA's and 2Wiki's none lower.

A step after the first puts the units that say every word of the bridge it asks about nearer by a fixed amount
(`rgnn_bridge_said`, 0.05 of cosine distance): the next hop's passage names the bridge, which is a few words among
many in the embedding of question + bridge. On the dev halves R@5 rose .647 → .658 (fresh MuSiQue), .730 → .737
(shared MuSiQue), .769 → .774 (second fresh MuSiQue), 2Wiki's second fresh .900 → .914; the shared HotpotQA lost one
paragraph (.880 → .875), the other sets unchanged. Also letting the unit most like the bridge alone (among those
that say it) join the step gained HotpotQA (+1.0 to 1.2) but not MuSiQue; both together did worse than either."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from app.graph.entities import extract_entities
from app.qa.analysis.phrases import WORD
from app.qa.ask import EvidenceNode
from app.qa.index import CollectionIndex
from app.qa.propagate import propagate
from app.qa.seeds import units_saying
from app.qa.traverse import evidence_node


@dataclass(frozen=True, slots=True)
class Step:
    question: str  # the sub-question this step scored
    bridge: str | None  # what it read off its best unit for the next step (None: the last step)
    units: tuple[str, ...]  # node ids it added to the evidence


@dataclass(frozen=True, slots=True)
class NextStep:
    bridge: str  # what the step's units told that the question did not (a name, a value, the LLM's note)
    question: str  # the sub-question of the next step


# (question, the step's best units' texts, what was said so far) -> the next step, or None when the steps end.
Advance = Callable[[str, Sequence[str], frozenset[str]], NextStep | None]


@dataclass(frozen=True, slots=True)
class MultiStep:
    nodes: tuple[EvidenceNode, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class StepSettings:
    alpha: float
    layers: int
    top_k: int
    beta: float  # weight of the newest step's distances in the merge
    steps: int  # at most this many steps
    per_step: int  # units a step adds before the next sub-question
    names: int = 0  # the question's first names whose most alike unit joins the first step
    bridge_said: float = 0.0  # how much nearer a step puts the units that say the bridge it asks about


def rgnn_retrieve(
    index: CollectionIndex,
    question: str,
    encode: Callable[[str], np.ndarray],
    advance: Advance,
    budget: int,
    limits: StepSettings,
) -> MultiStep:
    """`encode`: text → unit vector; `advance(question, texts, said)`: the next sub-question and the bridge it was
    written from, read off `texts` (the step's best units), none of `said` (the question and earlier bridges)."""
    if not len(index) or budget <= 0:
        return MultiStep((), ())
    asked = question
    merged: np.ndarray | None = None
    taken: list[int] = []
    steps: list[Step] = []
    said = frozenset({question.lower()})
    for t in range(limits.steps):
        h = propagate(index, encode(asked), limits.alpha, limits.layers, limits.top_k).distance
        if steps and steps[-1].bridge and limits.bridge_said:
            # The next hop's passage names the bridge; in the embedding of question + bridge the name is a few words
            # among many, so a passage that says it is put nearer by a fixed amount.
            saying = units_saying(index, steps[-1].bridge)
            if saying is not None:
                h = h - limits.bridge_said * saying
        merged = h if merged is None else limits.beta * h + (1.0 - limits.beta) * merged
        last = t == limits.steps - 1
        room = budget - len(taken) if last else min(limits.per_step, budget - len(taken))
        new = [int(i) for i in np.argsort(merged, kind="stable") if int(i) not in taken][: max(room, 0)]
        if t == 0:
            new += named_units(index, question, encode, new, limits.names)[: max(budget - len(new), 0)]
        taken += new
        found = None if last or len(taken) >= budget else advance(question, [index.texts[i] for i in new], said)
        steps.append(Step(asked, found.bridge if found else None, tuple(index.ids[i] for i in new)))
        if found is None:
            break
        said |= {found.bridge.lower(), found.question.lower()}
        asked = found.question
    if len(taken) < budget and merged is not None:
        # Steps ended early: the merged ranking fills the budget.
        taken += [int(i) for i in np.argsort(merged, kind="stable") if int(i) not in taken][: budget - len(taken)]
    step_of = {node: k for k, s in enumerate(steps) for node in s.units}
    nodes = tuple(evidence_node(index, i, hop=step_of.get(index.ids[i], len(steps) - 1), score=1.0 - float(merged[i]))
                  for i in taken) if merged is not None else ()  # fmt: skip
    return MultiStep(nodes, tuple(steps))


def named_units(
    index: CollectionIndex, question: str, encode: Callable[[str], np.ndarray], taken: Sequence[int], names: int
) -> list[int]:
    """For each of the question's first `names` names, the unit most like the name alone among the units that say
    every word of it, unless `taken` holds it (then the name adds nothing: its passage is in already). A name no unit
    says adds nothing: the unit a lone unknown word's vector is nearest is about something else (a song's title,
    "Kollaps", had drawn a missile's page)."""
    found: list[int] = []
    opener = question.split()[0] if question.split() else ""
    for name in extract_entities(question, min_words=1)[:names]:
        saying = units_saying(index, name, opener)
        if saying is not None and not saying.any():
            continue  # checked before the name is embedded: an unknown name costs no encoding
        alike = index.matrix @ encode(name)
        best = int(np.argmax(alike if saying is None else np.where(saying, alike, -np.inf)))
        if best not in taken and best not in found:
            found.append(best)
    return found


def read_bridge(read_answer: Callable[[str, Sequence[str]], str | None]) -> Advance:
    """The bridge the built-in reader reads off the step's units, when the question and earlier bridges do not say
    it already; the next sub-question is the question with the bridge (ITER-RETGEN). The reader is asked about the
    question's nested phrase of this step ("What is the composer of Scanderbeg?" first, then "What is the birth city
    of the composer of Scanderbeg?"): asked the whole question it looks for the answer's type ("What is the famous
    bridge in …" a bridge, "When …" a date), not the thing the inner phrase names. A question without one (or past
    its last), or a phrase whose best span is not new, is asked whole: its best answer span is the inner answer the
    whole question is most like."""

    def advance(question: str, texts: Sequence[str], said: frozenset[str]) -> NextStep | None:
        phrases = nested_phrases(question)
        step = (len(said) - 1) // 2  # `said` is the question and each earlier step's bridge and sub-question
        asks = [f"What is {phrases[step]}?", question] if step < len(phrases) else [question]
        for asked in asks:
            span = read_answer(asked, texts)
            if span and _news(span, question, said):
                return NextStep(span, f"{question} {span}")
        return None

    return advance


def _news(span: str, question: str, said: frozenset[str]) -> bool:
    """The span tells something new: neither the question nor an earlier bridge says it, and most of its words are
    not the question's (a near-copy of a name the question holds is that thing or its namesake, not a bridge)."""
    if span.lower() in question.lower() or span.lower() in said:
        return False
    words = WORD.findall(span.lower())
    asked = set(WORD.findall(question.lower()))
    return 2 * sum(w in asked for w in words) <= len(words)


# A lower-case "the <up to 3 words> of / who / that / which / where / whose / whom": a phrase naming a thing by
# its relation to another ("the composer of", "the actress who played").
_NESTED = re.compile(r"\bthe\s+(?:[a-z][\w'’-]*\s+){0,3}?(?:of|who|that|which|where|whose|whom)\b")


def nested_phrases(question: str) -> list[str]:
    """The question's nested noun phrases, innermost first, each from its "the" to the end of the question: "What is
    the famous bridge in the birth city of the composer of Scanderbeg?" → ["the composer of Scanderbeg", "the birth
    city of the composer of Scanderbeg"]. A capitalised "The" starts a title, not a phrase."""
    q = question.strip().rstrip("?").strip()
    return [q[m.start() :] for m in reversed(list(_NESTED.finditer(q)))]
