"""Rate limits (ask, upload, login) with the `limits` library, counted in this web process's memory.

Who counts as one client for the ask limit (`client_key`): the credential it authenticated with (an API token or a
login session), else, in loopback single-user mode where nobody logs in, the browser's own cookie, else the address
it connected from (after app.main's proxy handling: a proxy's X-Forwarded-For counts only from MDQA_TRUSTED_PROXIES).
"""

from __future__ import annotations

import hashlib
import math
import time

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.datastructures import Headers
from starlette.types import Scope

from app.security.csrf import CSRF_COOKIE
from app.security.gate import CREDENTIAL, cookies_of
from app.services.errors import TooManyRequests
from app.settings import RateLimitSettings

WHAT = {"ask": "questions", "ask_single_user": "questions", "upload": "uploads", "login": "login attempts"}


class RateLimits:
    def __init__(self, config: RateLimitSettings) -> None:
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._items: dict[str, RateLimitItem] = {kind: parse(getattr(config, kind)) for kind in WHAT}

    def hit(self, kind: str, *keys: str) -> None:
        """Count one request of `kind` for each key; refuse (429, with the wait) when any key is over its limit."""
        item = self._items[kind]
        for key in keys:
            if not self._limiter.test(item, kind, key):
                stats = self._limiter.get_window_stats(item, kind, key)
                wait = max(1, math.ceil(stats.reset_time - time.time()))
                raise TooManyRequests(
                    f"too many {WHAT[kind]}: at most {item.amount} per {item.get_expiry()} s; try again in {wait} s",
                    retry_after=wait,
                )
        for key in keys:
            self._limiter.hit(item, kind, key)


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def client_key(scope: Scope) -> str:
    """One client, for a limit counted per client (see the module doc). Only digests of secrets are kept."""
    credential = scope.get("state", {}).get(CREDENTIAL)
    if credential:
        return str(credential)
    cookie = cookies_of(Headers(scope=scope)).get(CSRF_COOKIE)
    if cookie:
        return "browser:" + hashlib.sha256(cookie.encode()).hexdigest()[:32]
    return "address:" + client_address(scope)
