"""The server's secret (signs CSRF tokens): MDQA_SECRET_KEY, or generated once and kept in the data directory."""

from __future__ import annotations

import os
import secrets

from app.settings import Settings


def load_secret(settings: Settings) -> bytes:
    if settings.secret_key is not None and settings.secret_key.get_secret_value():
        return settings.secret_key.get_secret_value().encode()
    path = settings.data_dir / "secret_key"
    if not path.exists():
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        try:
            # O_EXCL: two processes starting together keep one secret, the loser reads the winner's.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_urlsafe(48))
    secret = path.read_text().strip()
    if len(secret) < 32:
        raise RuntimeError(f"{path} holds no usable secret (at least 32 characters); delete it to make a new one")
    return secret.encode()
