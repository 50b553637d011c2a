"""Per-user rate limits (ask, upload, login) with the `limits` library, counted in this web process's memory."""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from app.services.errors import TooManyRequests
from app.settings import RateLimitSettings

WHAT = {"ask": "questions", "upload": "uploads", "login": "login attempts"}


class RateLimits:
    def __init__(self, config: RateLimitSettings) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._items: dict[str, RateLimitItem] = {
            "ask": parse(config.ask),
            "upload": parse(config.upload),
            "login": parse(config.login),
        }

    def hit(self, kind: str, *keys: str) -> None:
        """Count one request of `kind` for each key; refuse (429) when any key is over its limit."""
        item = self._items[kind]
        for key in keys:
            if not self._limiter.test(item, kind, key):
                stats = self._limiter.get_window_stats(item, kind, key)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                raise TooManyRequests(
                    f"too many {WHAT[kind]}: at most {item.amount} per {item.get_expiry()} s; try again in {wait} s"
                )
        for key in keys:
            self._limiter.hit(item, kind, key)
