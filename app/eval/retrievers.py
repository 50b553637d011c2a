"""The retrievers `mdqa eval` compares, as AskOptions for `app.qa.pipeline.retrieve`."""

from __future__ import annotations

from app.qa.ask import AskOptions
from app.settings import Settings
from app.vocabulary import RetrieverName, ScorerName

# name → (retriever, scorer)
RETRIEVERS: dict[str, tuple[RetrieverName, ScorerName]] = {
    "tfidf": ("tfidf", "embedding"),
    "bm25": ("bm25", "embedding"),
    "dense": ("dense", "embedding"),
    "kgp-tfidf": ("kgp", "tfidf"),
    "kgp": ("kgp", "embedding"),
    "gnn": ("gnn", "embedding"),
    "rgnn": ("rgnn", "embedding"),
    "kgp-llm": ("kgp", "llm"),
}
DEFAULT_ORDER = ("tfidf", "bm25", "dense", "kgp-tfidf", "kgp", "gnn", "rgnn", "kgp-llm")


def default_retrievers(settings: Settings) -> list[str]:
    return [name for name in DEFAULT_ORDER if name != "kgp-llm" or settings.llm_configured]


def parse_retrievers(value: str | None, settings: Settings) -> list[str]:
    if not value:
        return default_retrievers(settings)
    names = [n.strip() for n in value.split(",") if n.strip()]
    unknown = [n for n in names if n not in RETRIEVERS]
    if unknown:
        raise ValueError(f"unknown retriever(s) {', '.join(unknown)}; choose from {', '.join(DEFAULT_ORDER)}")
    if "kgp-llm" in names and not settings.llm_configured:
        raise ValueError("kgp-llm needs an LLM: set MDQA_LLM_BASE_URL (and MDQA_LLM_MODEL)")
    return list(dict.fromkeys(names))


def options_for(name: str, settings: Settings, budget: int) -> AskOptions:
    retriever, scorer = RETRIEVERS[name]
    return AskOptions(
        retriever=retriever,
        scorer=scorer,
        budget=budget,
        branching=settings.retrieval.branching,
        reader="local",
        seed_ranker=settings.retrieval.seed_ranker,
    )
