"""Passwords of encrypted PDFs on their way to a Celery worker, kept out of the database and the message.

The inline queue hands a password to its thread in memory and needs nothing here. A Celery message sits
in Redis until the job is acknowledged (and may be logged or shown by monitoring tools), so it carries
only a random key; the password waits under that key in Redis with an expiry, is read by the worker and
deleted when the job is done. A worker that never comes within the expiry finds no password and the
document fails with "password required" again: the user unlocks it once more.
"""

from __future__ import annotations

import secrets
from typing import Any

from app.settings import Settings

_PREFIX = "mdqa:pdf-password:"


def _redis(settings: Settings) -> Any:
    import redis

    return redis.Redis.from_url(settings.broker_url or "redis://127.0.0.1:6379/0")


def stash(settings: Settings, password: str) -> str:
    key = _PREFIX + secrets.token_urlsafe(24)
    client = _redis(settings)
    try:
        client.set(key, password.encode(), ex=settings.password_ttl_s)
    finally:
        client.close()
    return key


def claim(settings: Settings, key: str) -> str | None:
    if not key.startswith(_PREFIX):
        return None
    client = _redis(settings)
    try:
        value = client.get(key)
    finally:
        client.close()
    return None if value is None else bytes(value).decode()


def discard(settings: Settings, key: str) -> None:
    if not key.startswith(_PREFIX):
        return
    client = _redis(settings)
    try:
        client.delete(key)
    finally:
        client.close()
