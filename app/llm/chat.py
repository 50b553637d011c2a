"""One OpenAI-compatible chat client (ChatGPT, Ollama, vLLM, llama.cpp server, Gemini, Azure) over httpx.

Bounded in time: a connect timeout of a few seconds, the configured read timeout, a fixed number of retries with
exponential backoff on connection errors, timeouts, 429 and 5xx. Every failure ends in an `LLMError` whose
message says what went wrong and where, never a hang and never a raw traceback for the user.

The endpoint is the base URL + `/chat/completions`, as the OpenAI SDKs join it, so any base a user would give an
SDK works: `https://api.openai.com/v1`, `http://127.0.0.1:8080/v1` (llama.cpp), Gemini's
`https://generativelanguage.googleapis.com/v1beta/openai`, or an Azure deployment with its query string
(`https://x.openai.azure.com/openai/deployments/gpt4o?api-version=2024-06-01`; the query is kept).

Reasoning models wrap their thinking in `<think>…</think>`; it is removed from replies, streamed ones included.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
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
        return chat_completions_url(self.base_url)

    def _http(self) -> httpx.Client:
        if self._client is None:
            headers = {"Content-Type": "application/json"}
            if self.api_key:
                headers["Authorization"] = f"Bearer {self.api_key}"
                if "api-version=" in self.base_url:  # Azure OpenAI reads its key from `api-key`
                    headers["api-key"] = self.api_key
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
        """The assistant's reply text for `messages` (reasoning in `<think>` blocks removed)."""
        payload = self._payload(messages, max_tokens, temperature, stop)
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
            text = strip_think(_reply_text(response))
            self.calls += 1
            return text
        raise LLMError(f"LLM server at {self.base_url} failed after {self.max_retries + 1} attempts: {last_problem}")

    def _payload(
        self, messages: list[dict[str, str]], max_tokens: int, temperature: float, stop: list[str] | None
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": temperature,
        }
        if stop:
            payload["stop"] = stop
        return payload

    def stream_chat(
        self,
        messages: list[dict[str, str]],
        max_tokens: int = 512,
        temperature: float = 0.0,
        stop: list[str] | None = None,
    ) -> Iterator[str]:
        """The reply as text deltas, as the server streams them (`"stream": true`), `<think>` blocks removed.

        Retries happen only before the first byte of a reply: once text has been handed on, a broken stream is an
        `LLMError` rather than a second, different answer glued to the first."""
        payload = {**self._payload(messages, max_tokens, temperature, stop), "stream": True}
        last_problem = "no attempt made"
        given = False  # some text was handed on: no retry from here
        for attempt in range(self.max_retries + 1):
            if attempt:
                time.sleep(self.backoff_s * (2 ** (attempt - 1)))
            try:
                with self._http().stream("POST", self.url, json=payload) as response:
                    if response.status_code in RETRY_STATUSES:
                        response.read()
                        last_problem = f"HTTP {response.status_code}: {_error_text(response)}"
                        continue
                    if response.status_code >= 400:
                        response.read()
                        raise LLMError(
                            f"LLM server at {self.base_url} refused the request (HTTP {response.status_code}): "
                            f"{_error_text(response)}"
                        )
                    think = ThinkFilter()
                    for delta in _stream_deltas(response):
                        text = think.feed(delta)
                        if text:
                            given = True
                            yield text
                    tail = think.flush()
                    if tail:
                        yield tail
                    self.calls += 1
                    return
            except httpx.TimeoutException:
                last_problem = f"no reply within {self.timeout_s:g} s"
            except httpx.TransportError as exc:
                last_problem = f"cannot connect ({type(exc).__name__}: {exc})"
            if given:
                raise LLMError(f"LLM server at {self.base_url} broke off its reply: {last_problem}")
        raise LLMError(f"LLM server at {self.base_url} failed after {self.max_retries + 1} attempts: {last_problem}")

    def complete(self, prompt: str, max_tokens: int = 256, system: str | None = None) -> str:
        """One user prompt (with an optional system message) -> reply text."""
        messages = [{"role": "system", "content": system}] if system else []
        messages.append({"role": "user", "content": prompt})
        return self.chat(messages, max_tokens=max_tokens)


def chat_completions_url(base_url: str) -> str:
    """base + `/chat/completions`, as the OpenAI SDKs join it; a query string (Azure's api-version) is kept."""
    try:
        base = httpx.URL(base_url.strip())
    except (httpx.InvalidURL, TypeError) as exc:
        raise LLMError(f"MDQA_LLM_BASE_URL is not a URL: {base_url!r}") from exc
    if base.scheme not in ("http", "https") or not base.host:
        raise LLMError(f"MDQA_LLM_BASE_URL must be an http(s) URL, not {base_url!r}")
    return str(base.copy_with(path=base.path.rstrip("/") + "/chat/completions"))


THINK_OPEN, THINK_CLOSE = "<think>", "</think>"
_THINK_BLOCK = re.compile(r"<think>.*?(?:</think>|\Z)", re.S)


def strip_think(text: str) -> str:
    """A reply without its reasoning: `<think>…</think>` blocks, an unclosed trailing one, and anything before a
    lone `</think>` (templates that open the block in the prompt, so the reply starts inside it)."""
    text = _THINK_BLOCK.sub("", text)
    if THINK_CLOSE in text:
        text = text.rsplit(THINK_CLOSE, 1)[1]
    return text.strip()


def _partial_suffix(text: str, tag: str) -> int:
    """Length of the longest end of `text` that could be the start of `tag` (a tag split across chunks)."""
    for n in range(min(len(tag) - 1, len(text)), 0, -1):
        if text.endswith(tag[:n]):
            return n
    return 0


@dataclass
class ThinkFilter:
    """Removes `<think>…</think>` from a stream of text chunks, tags split anywhere across chunk boundaries.

    Text that might be the start of a tag is held back until the next chunk settles it; leading whitespace of the
    visible reply (the blank lines after `</think>`) is dropped."""

    _buffer: str = ""
    _inside: bool = False
    _started: bool = False  # some visible text has been given out

    def feed(self, chunk: str) -> str:
        self._buffer += chunk
        out: list[str] = []
        while self._buffer:
            if self._inside:
                end = self._buffer.find(THINK_CLOSE)
                if end < 0:
                    keep = _partial_suffix(self._buffer, THINK_CLOSE)
                    self._buffer = self._buffer[len(self._buffer) - keep :] if keep else ""
                    break
                self._buffer = self._buffer[end + len(THINK_CLOSE) :]
                self._inside = False
                continue
            start = self._buffer.find(THINK_OPEN)
            if start >= 0:
                out.append(self._buffer[:start])
                self._buffer = self._buffer[start + len(THINK_OPEN) :]
                self._inside = True
                continue
            keep = _partial_suffix(self._buffer, THINK_OPEN)
            out.append(self._buffer[: len(self._buffer) - keep])
            self._buffer = self._buffer[len(self._buffer) - keep :]
            break
        return self._visible("".join(out))

    def flush(self) -> str:
        """What is left at the end of the stream (an unclosed `<think>` block is dropped)."""
        rest = "" if self._inside else self._buffer
        self._buffer, self._inside = "", False
        return self._visible(rest)

    def _visible(self, text: str) -> str:
        if not self._started:
            text = text.lstrip()
            self._started = bool(text)
        return text


def _stream_deltas(response: httpx.Response) -> Iterator[str]:
    """The content deltas of an OpenAI-style server-sent event stream (`data: {...}` lines, `data: [DONE]`)."""
    for line in response.iter_lines():
        if not line.startswith("data:"):
            continue  # comments, keep-alives, `event:` lines
        data = line[5:].strip()
        if data == "[DONE]":
            return
        try:
            event = json.loads(data)
        except ValueError as exc:
            raise LLMError(f"LLM server sent an unreadable stream event: {data[:200]!r}") from exc
        if isinstance(event, dict) and event.get("error"):
            error = event["error"]
            message = error.get("message", error) if isinstance(error, dict) else error
            raise LLMError(f"LLM server reported an error mid-stream: {str(message)[:200]}")
        try:
            choices = event.get("choices") or []
            delta = (choices[0].get("delta") or {}).get("content") if choices else None
        except (AttributeError, IndexError, TypeError) as exc:
            raise LLMError(f"LLM server sent an unexpected stream event: {data[:200]!r}") from exc
        if delta:
            yield delta


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
