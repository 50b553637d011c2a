"""One OpenAI-compatible chat client (ChatGPT, Ollama, vLLM, llama.cpp server) over httpx.

Bounded in time: a connect timeout of a few seconds, the configured read timeout, a fixed number of retries with
exponential backoff on connection errors, timeouts, 429 and 5xx. Every failure ends in an `LLMError` whose
message says what went wrong and where, never a hang and never a raw traceback for the user.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from app.settings import Settings

RETRY_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504})
CONNECT_TIMEOUT_S = 5.0


class LLMError(Exception):
    """The chat server could not give an answer; the message is shown to the user."""


@dataclass
class ChatClient:
    base_url: str
    model: str
    api_key: str | None = None
    timeout_s: float = 60.0
    max_retries: int = 2
    backoff_s: float = 0.5
    calls: int = 0  # requests that returned a completion
    transport: httpx.BaseTransport | None = None  # tests may inject one
    _client: httpx.Client | None = field(default=None, repr=False)

    @classmethod
    def from_settings(cls, settings: Settings) -> ChatClient:
        if not settings.llm_base_url:
            raise LLMError("no LLM is configured: set MDQA_LLM_BASE_URL (and MDQA_LLM_MODEL, MDQA_LLM_API_KEY)")
        return cls(
            base_url=settings.llm_base_url,
            model=settings.llm_model,
            api_key=settings.llm_api_key,
            timeout_s=settings.llm_timeout_s,
            max_retries=settings.llm_max_retries,
        )

    @property
    def url(self) -> str:
        base = self.base_url.rstrip("/")
        # Accept both "http://host:8080" and "http://host:8080/v1" (what OpenAI SDKs are given).
        return f"{base}/chat/completions" if base.endswith("/v1") else f"{base}/v1/chat/completions"

    def _http(self) -> httpx.Client:
        if self._client is None:
            headers = {"Content-Type": "application/json"}
            if self.api_key:
                headers["Authorization"] = f"Bearer {self.api_key}"
            timeout = httpx.Timeout(self.timeout_s, connect=min(CONNECT_TIMEOUT_S, self.timeout_s))
            self._client = httpx.Client(headers=headers, timeout=timeout, transport=self.transport)
        return self._client

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None

    def chat(
        self,
        messages: list[dict[str, str]],
        max_tokens: int = 512,
        temperature: float = 0.0,
        stop: list[str] | None = None,
    ) -> str:
        """The assistant's reply text for `messages`."""
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": temperature,
        }
        if stop:
            payload["stop"] = stop
        last_problem = "no attempt made"
        for attempt in range(self.max_retries + 1):
            if attempt:
                time.sleep(self.backoff_s * (2 ** (attempt - 1)))
            try:
                response = self._http().post(self.url, json=payload)
            except httpx.TimeoutException:
                last_problem = f"no reply within {self.timeout_s:g} s"
                continue
            except httpx.TransportError as exc:
                last_problem = f"cannot connect ({type(exc).__name__}: {exc})"
                continue
            if response.status_code in RETRY_STATUSES:
                last_problem = f"HTTP {response.status_code}: {_error_text(response)}"
                continue
            if response.status_code >= 400:
                # 400/401/404 and the like will not get better by retrying: say so at once.
                raise LLMError(
                    f"LLM server at {self.base_url} refused the request (HTTP {response.status_code}): "
                    f"{_error_text(response)}"
                )
            text = _reply_text(response)
            self.calls += 1
            return text
        raise LLMError(f"LLM server at {self.base_url} failed after {self.max_retries + 1} attempts: {last_problem}")

    def complete(self, prompt: str, max_tokens: int = 256, system: str | None = None) -> str:
        """One user prompt (with an optional system message) -> reply text."""
        messages = [{"role": "system", "content": system}] if system else []
        messages.append({"role": "user", "content": prompt})
        return self.chat(messages, max_tokens=max_tokens)


def _error_text(response: httpx.Response) -> str:
    try:
        data = response.json()
    except ValueError:
        return response.text[:200] or response.reason_phrase
    if isinstance(data, dict):
        error = data.get("error", data.get("detail", data))
        if isinstance(error, dict):
            return str(error.get("message", error))[:200]
        return str(error)[:200]
    return str(data)[:200]


def _reply_text(response: httpx.Response) -> str:
    try:
        data = response.json()
        content = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise LLMError(f"LLM server returned an unexpected reply: {response.text[:200]!r}") from exc
    return content or ""
