"""The one place settings live: MDQA_* environment variables with embedded defaults.

Nested groups use a double underscore, e.g. MDQA_GRAPH__KNN_K=15.
"""

from __future__ import annotations

import difflib
import ipaddress
import os
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from app.settings_answer import AnswerSettings
from app.vocabulary import MAX_BRANCHING, MAX_BUDGET, MAX_SEEDS, RetrieverName, ScorerName, SeedRankerName

PREFIX = "MDQA_"
NESTED = "__"
# MDQA_* names read by the tooling around the app (tests, benchmarks, docker compose, scripts/setup.sh): not settings.
TOOLING_PREFIXES = ("MDQA_TEST_", "MDQA_E2E_", "MDQA_BENCH_")
TOOLING_NAMES = frozenset({"MDQA_SHARED_DATA", "MDQA_PUBLISH", "MDQA_WHEEL_CACHE", "MDQA_REAL_VECTORS"})


class SettingsError(ValueError):
    """A setting the app does not know, or a value it refuses: reported at start-up, before anything runs."""


class GraphSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    knn_k: int = Field(10, ge=1, le=100, description="semantic edges per passage")
    keywords_per_passage: int = Field(8, ge=1, le=50, description="TF-IDF keywords kept per passage")
    keyword_max_fanout: int = Field(30, ge=2, description="a keyword shared by more passages links none")
    keyword_max_edges_per_passage: int = Field(15, ge=1, description="keyword edges one passage may have")
    mention_max_targets: int = Field(3, ge=1, description="passages of a mentioned document that a mention links to")
    mention_min_title_chars: int = Field(4, ge=2, description="shorter document titles make no mention edges")
    entity_max_fanout: int = Field(8, ge=2, description="an entity shared by more passages links none")
    entity_max_edges_per_passage: int = Field(20, ge=1, description="entity edges one passage may have")
    mention_max_documents_per_passage: int = Field(10, ge=1, description="documents one passage's mentions link to")
    embed_title: bool = Field(False, description="prefix a passage with its document title when embedding it")
    ann_threshold: int = Field(
        20_000, ge=2, description="vectors from which semantic edges come from an approximate (HNSW) index"
    )


class RetrievalSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    retriever: RetrieverName = Field("kgp", description="default retriever")
    scorer: ScorerName = Field(
        "embedding", description="how KGP scores the neighbours to visit next"
    )
    seed_ranker: SeedRankerName = Field(
        "hybrid", description="how KGP picks its seed passages"
    )
    budget: int = Field(10, ge=1, le=MAX_BUDGET, description="passages the traversal may visit")
    branching: int = Field(3, ge=1, le=MAX_BRANCHING, description="neighbours KGP follows from each visited passage")
    seeds: int = Field(3, ge=1, le=MAX_SEEDS, description="seed passages KGP starts from")
    reading_extra: int = Field(
        10,
        ge=0,
        le=MAX_BUDGET,
        description="passages and tables the built-in reader reads beyond the retrieved evidence: the seed ranking's "
        "best ones the traversal did not visit (a one-passage answer ranked 4th is otherwise never read)",
    )
    gnn_alpha: float = Field(0.5, ge=0.0, le=1.0, description="GNN-Ret: weight of a node's own score")
    gnn_layers: int = Field(2, ge=1, le=6, description="GNN-Ret: propagation rounds")
    gnn_top_k: int = Field(20, ge=1, description="GNN-Ret: relevant nodes propagation starts from")
    rgnn_beta: float = Field(0.9, ge=0.0, le=1.0, description="RGNN-Ret: weight of a step's own distances in the merge")
    rgnn_steps: int = Field(3, ge=1, le=4, description="RGNN-Ret: at most this many retrieval steps")
    rgnn_llm_steps: int = Field(
        4, ge=1, le=8,
        description="RGNN-Ret with the llm scorer: at most this many steps (an LLM call after each but the last)",
    )
    rgnn_per_step: int = Field(2, ge=1, le=MAX_BUDGET, description="RGNN-Ret: units a step adds before the next one")
    rgnn_names: int = Field(2, ge=0, le=8, description="RGNN-Ret: the question's first names whose most alike unit "
                            "joins the first step (0: none)")
    rgnn_bridge_said: float = Field(0.05, ge=0.0, le=1.0, description="RGNN-Ret: how much nearer (in cosine "
                                    "distance) a step puts the units that say the bridge the step before read")
    ann_threshold: int = Field(
        20_000, ge=2, description="vectors from which dense search uses an approximate (HNSW) index"
    )
    explain_max_hops: int = Field(
        4,
        ge=1,
        le=8,
        description="the explanation graph's backward pass: at most this many edges from a cited unit back to a seed "
        "(beyond it the unit hangs from the question directly)",
    )
    warm_after_s: float = Field(
        10.0,
        ge=0,
        description="a web process rebuilds the index of a collection it was asked about once the collection has "
        "not changed for this long, so the next question does not wait for it (0: the next question builds it)",
    )


class OcrSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    enabled: bool = Field(True, description="read pages without a usable text layer with OCR (Tesseract)")
    languages: str = Field("eng", description="Tesseract languages, e.g. eng+deu (each needs its data package)")
    dpi: int = Field(300, ge=72, le=600, description="resolution a page is rendered at for OCR")
    timeout_s: float = Field(120.0, gt=0, description="per page; a page that takes longer gets no OCR text")


class RateLimitSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ask: str = Field(
        "60/minute",
        description="questions one client (an API token or a login session) may ask once login is on (429 above); "
        "`limits` notation",
    )
    ask_single_user: str = Field(
        "300/minute",
        description="questions one client may ask in loopback single-user mode (no login), meant for one person "
        "plus their scripts: a browser counts by its cookie, a script without cookies by its address, so scripts "
        "never use up the browser's questions",
    )
    upload: str = Field("60/minute", description="upload requests one user may make (429 above)")
    login: str = Field("10/minute", description="login attempts per user name and per client address")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=PREFIX, env_nested_delimiter=NESTED, extra="forbid")

    data_dir: Path = Field(Path("./mdqa-data"), description="database (SQLite default), uploaded files and secrets")
    database_url: str | None = Field(
        None, description="SQLAlchemy URL, e.g. postgresql+psycopg://user:pw@host/db; default SQLite in the data dir"
    )
    broker_url: str | None = Field(
        None, description="redis://… for scaled mode: the web process only enqueues, `mdqa worker`s ingest"
    )
    queue_name: str = Field("mdqa", description="Celery queue the web process sends to and workers consume")
    host: str = Field("127.0.0.1", description="address `mdqa serve` listens on")
    port: int = Field(8000, description="port `mdqa serve` listens on")
    device: Literal["auto", "cpu", "cuda"] = Field("auto", description="where embeddings run; auto = CUDA if present")
    # auto = torch (fastest measured); onnx = opt-in int8-weights ONNX build.
    embedding_backend: Literal["auto", "torch", "onnx"] = Field(
        "auto", description="embedding runtime; onnx needs the `onnx` extra (measured slower on CPU)"
    )

    max_upload_mb: int = Field(200, ge=1, description="largest request body accepted (413 above)")
    body_timeout_s: float = Field(
        120.0, gt=0, description="a request body not received in full this long after the request began gets 408"
    )
    header_timeout_s: float = Field(
        30.0, gt=0, description="`mdqa serve` closes a connection that sends no complete request headers this long"
    )
    render_max_pixels: int = Field(
        16_000_000, ge=10_000, description="page images are drawn at a smaller scale rather than exceed this"
    )
    log_format: Literal["text", "json"] = Field(
        "text", description="json: one JSON object per log line, with request_id / task_id / document_id"
    )
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        "INFO", description="`mdqa serve` and `mdqa worker` log at this level (INFO: a line per request)"
    )
    max_pages: int = Field(2000, ge=1, description="a PDF with more pages fails with a clear reason")
    max_question_chars: int = Field(2000, ge=10, description="longer questions are refused with 422")
    passage_min_words: int = Field(10, description="smaller sentence groups are merged with a neighbour")
    passage_max_words: int = Field(80, description="longer passages are split at sentence boundaries")
    max_attempts: int = Field(3, ge=1, description="tries per document before it is marked failed")
    extract_in_child_process: bool = Field(
        True, description="embedded default: extract PDFs in a child process while this one embeds (off: in a thread)"
    )
    stale_processing_s: float = Field(
        60, ge=1, description="a document with no heartbeat (processing) or no job (queued) this long is requeued"
    )
    heartbeat_s: float = Field(
        10, gt=0, description="how often a worker marks the document it processes as alive (< stale_processing_s/2)"
    )
    sweep_interval_s: float = Field(
        20, gt=0, description="how often each worker (and the embedded app) looks for documents to requeue"
    )
    db_retry_s: float = Field(
        300, ge=0, description="how long a job retries, with backoff, while the database is unreachable"
    )
    password_ttl_s: int = Field(
        3600, ge=60, description="how long an encrypted PDF's password waits in Redis for a Celery worker"
    )

    auth: Literal["auto", "on"] = Field(
        "auto",
        description="on: login required; auto: required once a user exists or the host is not loopback",
    )
    secret_key: SecretStr | None = Field(
        None, description="signs CSRF tokens; unset = generated at first start into <data dir>/secret_key"
    )
    allowed_hosts: str = Field(
        "", description="comma-separated Host names served (DNS rebinding guard); empty = loopback names + host"
    )
    trusted_proxies: str = Field(
        "",
        description="comma-separated addresses or networks (CIDR) of reverse proxies whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed; empty = none: the client is whoever connected (limits, audit, cookies)",
    )
    session_hours: int = Field(24 * 7, ge=1, description="how long a login lasts")
    rate_limits: RateLimitSettings = RateLimitSettings()

    llm_base_url: str | None = Field(
        None, description="OpenAI-compatible server (ChatGPT, Ollama, vLLM, llama.cpp); unset = built-in reader"
    )
    llm_api_key: str | None = Field(None, description="bearer key for the LLM server")
    llm_model: str = Field("gpt-4o-mini", description="model name sent to the LLM server")
    llm_timeout_s: float = Field(60.0, description="seconds before an LLM call is abandoned")
    llm_max_retries: int = Field(2, description="retries of a failed LLM call")

    graph: GraphSettings = GraphSettings()
    ocr: OcrSettings = OcrSettings()
    retrieval: RetrievalSettings = RetrievalSettings()
    answer: AnswerSettings = AnswerSettings()

    @model_validator(mode="after")
    def _heartbeat_fits(self) -> Settings:
        # Two beats must fit in the timeout, or a live job would look dead between two of them.
        if self.heartbeat_s * 2 > self.stale_processing_s:
            raise ValueError("heartbeat_s must be at most half of stale_processing_s")
        return self

    @field_validator("trusted_proxies")
    @classmethod
    def _proxies_are_addresses(cls, value: str) -> str:
        # A typo would otherwise trust nobody (or, worse, be read as a host name by the proxy-header middleware).
        for entry in _entries(value):
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"{entry!r} is not an IP address or network (e.g. 127.0.0.1, 10.0.0.0/8)") from None
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, _KnownNames(settings_cls), env_settings)

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
    def allowed_host_names(self) -> list[str]:
        if self.allowed_hosts.strip():
            return [h.strip().lower() for h in self.allowed_hosts.split(",") if h.strip()]
        names = ["127.0.0.1", "localhost", "::1", "[::1]"]
        return names if self.host in names or self.host in ("0.0.0.0", "::") else [*names, self.host.lower()]

    @property
    def trusted_proxy_list(self) -> list[str]:
        return _entries(self.trusted_proxies)

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url)


def _entries(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def setting_fields(model: type[BaseModel], prefix: str = PREFIX) -> list[tuple[str, FieldInfo]]:
    """(environment name, field) of every setting of `model`, groups within groups included."""
    fields: list[tuple[str, FieldInfo]] = []
    for name, info in model.model_fields.items():
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            fields += setting_fields(annotation, f"{prefix}{name.upper()}{NESTED}")
        else:
            fields.append((prefix + name.upper(), info))
    return fields


def unknown_names(environ: Mapping[str, str]) -> list[str]:
    """MDQA_* names in `environ` that name no setting, each with the closest known name when there is one."""
    known = {name for name, _ in setting_fields(Settings)}
    found = []
    for name in sorted(environ):
        upper = name.upper()
        if not upper.startswith(PREFIX) or upper in known:
            continue
        if upper in TOOLING_NAMES or upper.startswith(TOOLING_PREFIXES):
            continue
        close = difflib.get_close_matches(upper, known, n=1)
        found.append(f"{name} (did you mean {close[0]}?)" if close else name)
    return found


class _KnownNames(PydanticBaseSettingsSource):
    """Refuses MDQA_* environment names that match no setting: a typo must not silently leave the default on."""

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False

    def __call__(self) -> dict[str, Any]:
        unknown = unknown_names(os.environ)
        if unknown:
            raise SettingsError("unknown setting " + ", ".join(unknown) + "; `mdqa settings` lists them all")
        return {}


def load_settings(**overrides: Any) -> Settings:
    """Settings from the environment (and `overrides`, e.g. command-line options); a SettingsError names every bad
    setting in one message."""
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        problems = [
            f"{PREFIX}{NESTED.join(str(part) for part in error['loc']).upper()}: {error['msg']}"
            for error in exc.errors()
        ]
        raise SettingsError("invalid setting " + "; ".join(problems)) from None


@lru_cache
def get_settings() -> Settings:
    return load_settings()
