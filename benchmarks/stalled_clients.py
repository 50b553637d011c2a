"""Stalled clients against `mdqa serve`'s server: N connections that stop mid-headers or mid-body, and how long
until the server has answered 408 and closed every one (the issue: 300 such connections held for >= 90 s).

    .venv/bin/python benchmarks/stalled_clients.py [--connections 300] [--timeout-s 5]
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.db.migrate import upgrade  # noqa: E402
from app.main import create_app  # noqa: E402
from app.serving import server_config  # noqa: E402
from app.settings import Settings  # noqa: E402

STALLS = (
    b"POST /api/collections HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    b"POST /api/collections HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=300)
    parser.add_argument("--timeout-s", type=float, default=5.0, help="MDQA_BODY_TIMEOUT_S and MDQA_HEADER_TIMEOUT_S")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="mdqa-stall-"))
    settings = Settings(
        data_dir=data, database_url=f"sqlite:///{data / 'mdqa.db'}",
        body_timeout_s=args.timeout_s, header_timeout_s=args.timeout_s,
    )  # fmt: skip
    upgrade(settings.resolved_database_url)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(server_config(create_app(settings, start_worker=False), settings, "127.0.0.1", port))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    start = time.monotonic()
    sockets = []
    for i in range(args.connections):
        sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        sock.sendall(STALLS[i % 2])
        sockets.append(sock)
    answers: Counter[bytes] = Counter()
    for sock in sockets:
        received = b""
        while chunk := sock.recv(65_536):
            received += chunk
        answers[received.split(b"\r\n", 1)[0]] += 1
        sock.close()
    print(
        f"{args.connections} stalled connections (half mid-headers, half mid-body), timeouts {args.timeout_s:g} s: "
        f"all closed {time.monotonic() - start:.1f} s after the first opened; answers {dict(answers)}; "
        f"a request afterwards: {httpx.get(f'http://127.0.0.1:{port}/api/collections').status_code}"
    )
    server.should_exit = True


if __name__ == "__main__":
    main()
