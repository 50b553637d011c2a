"""A daemon thread that runs one round of work every so often until stopped (the sweeper, the index warmer)."""

from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)


class Periodic:
    """Calls ``round()`` at start and then every ``interval_s`` seconds, in a daemon thread, until ``stop()``.

    A round that raises (the database or broker is down) is logged in one line and tried again next time."""

    name = "mdqa-periodic"

    def __init__(self, interval_s: float) -> None:
        self.interval_s = interval_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def round(self) -> None:
        raise NotImplementedError

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
            self._thread = None

    def _loop(self) -> None:
        while True:
            try:
                self.round()
            except Exception as exc:
                log.warning("%s failed: %s: %s", self.name, type(exc).__name__, str(exc).split("\n", 1)[0])
            if self._stop.wait(self.interval_s):
                return
