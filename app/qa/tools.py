"""What retrieval and reading may use (an encoder, an LLM client), built on first use; and the question's vector,
computed once and remembered."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from app.llm.chat import ChatClient
from app.llm.embeddings import TextEncoder, get_embedder
from app.llm.vector_cache import remembered
from app.settings import Settings


@dataclass(slots=True)
class Tools:
    """What retrieval and reading may use; tests and `mdqa eval` pass their own, the app builds defaults."""

    embedder: TextEncoder | None = None
    chat: ChatClient | None = None

    def encoder(self, settings: Settings) -> TextEncoder:
        if self.embedder is None:
            self.embedder = get_embedder(settings.device, settings.embedding_backend)
        return self.embedder

    def chat_client(self, settings: Settings) -> ChatClient:
        if self.chat is None:
            self.chat = ChatClient.from_settings(settings)
        return self.chat


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000.0, 2)


class QueryVector:
    """The question's embedding, computed on first use (TF-IDF and BM25 need it only for the evidence's relevance)
    and kept in the encoder's vector cache (app.llm.vector_cache): `mdqa eval` asks the same question of five
    retrievers, and the reader scores sentences against the same vector."""

    def __init__(self, encoder: Callable[[], TextEncoder], question: str) -> None:
        self._encoder = encoder
        self.question = question
        self.ms = 0.0

    def __call__(self) -> np.ndarray:
        start = time.perf_counter()
        vector = remembered(self._encoder()).encode([self.question])[0]
        self.ms += _ms(start)
        return vector
