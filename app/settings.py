"""The one place settings live: MDQA_* environment variables with embedded defaults.

Nested groups use a double underscore, e.g. MDQA_GRAPH__KNN_K=15.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class GraphSettings(BaseModel):
    knn_k: int = Field(10, ge=1, le=100, description="semantic edges per passage")
    keywords_per_passage: int = Field(8, ge=1, le=50)
    keyword_max_fanout: int = Field(30, ge=2, description="a keyword shared by more passages links none")
    keyword_max_edges_per_passage: int = Field(15, ge=1)
    mention_max_targets: int = Field(3, ge=1, description="passages of a mentioned document that a mention links to")
    mention_min_title_chars: int = Field(4, ge=2)
    entity_max_fanout: int = Field(8, ge=2, description="an entity shared by more passages links none")
    entity_max_edges_per_passage: int = Field(20, ge=1)
    mention_max_documents_per_passage: int = Field(10, ge=1, description="documents one passage's mentions link to")
    keyword_idf_sample: int = Field(
        20_000, ge=0, description="passages already in the collection that the IDF of new keywords is fitted on"
    )
    embed_title: bool = Field(False, description="prefix a passage with its document title when embedding it")
    ann_threshold: int = Field(
        20_000, ge=2, description="vectors from which semantic edges come from an approximate (HNSW) index"
    )


class RetrievalSettings(BaseModel):
    retriever: Literal["kgp", "gnn", "tfidf", "bm25", "dense"] = "kgp"
    scorer: Literal["embedding", "llm", "tfidf"] = "embedding"
    seed_ranker: Literal["hybrid", "tfidf", "bm25", "dense", "gnn"] = "hybrid"
    budget: int = Field(10, ge=1, le=100, description="passages the traversal may visit")
    branching: int = Field(3, ge=1, le=20)
    seeds: int = Field(3, ge=1, le=50)
    gnn_alpha: float = Field(0.5, ge=0.0, le=1.0)
    gnn_layers: int = Field(2, ge=1, le=6)
    gnn_top_k: int = Field(20, ge=1)
    ann_threshold: int = Field(
        20_000, ge=2, description="vectors from which dense search uses an approximate (HNSW) index"
    )


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MDQA_", env_nested_delimiter="__", extra="ignore")

    data_dir: Path = Path("./mdqa-data")
    database_url: str | None = None  # default: SQLite in data_dir
    broker_url: str | None = None  # set (redis://...) for scaled mode: the web process only enqueues
    queue_name: str = "mdqa"
    host: str = "127.0.0.1"
    port: int = 8000
    device: Literal["auto", "cpu", "cuda"] = "auto"
    # auto = torch (fastest measured); onnx = opt-in int8-weights ONNX build (read by app.llm.embeddings from the env).
    embedding_backend: Literal["auto", "torch", "onnx"] = "auto"

    max_upload_mb: int = Field(200, ge=1)
    max_pages: int = Field(2000, ge=1)
    max_question_chars: int = Field(2000, ge=10)
    passage_min_words: int = 10
    passage_max_words: int = 80
    max_attempts: int = Field(3, ge=1, description="tries per document before it is marked failed")
    stale_processing_s: int = Field(600, ge=10, description="a 'processing' document silent this long is requeued")

    llm_base_url: str | None = None
    llm_api_key: str | None = None
    llm_model: str = "gpt-4o-mini"
    llm_timeout_s: float = 60.0
    llm_max_retries: int = 2

    graph: GraphSettings = GraphSettings()
    retrieval: RetrievalSettings = RetrievalSettings()

    @property
    def resolved_database_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.data_dir / 'mdqa.db').resolve()}"

    @property
    def files_dir(self) -> Path:
        return self.data_dir / "files"

    @property
    def queue_mode(self) -> Literal["inline", "celery"]:
        return "celery" if self.broker_url else "inline"

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url)


@lru_cache
def get_settings() -> Settings:
    return Settings()
