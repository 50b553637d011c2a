"""Users, their passwords (argon2id) and their credentials: API tokens and login sessions, both kept as hashes."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from app.db.models import ApiToken, User
from app.services.access import Actor
from app.services.errors import Conflict, Invalid, NotFound
from app.text.validity import is_blank, problem

_hasher = PasswordHasher()
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 1024
TOKEN_PREFIX = "mdqa_"
# Verifying against this when the name is unknown keeps a login's time the same whether the user exists or not.
_DUMMY_HASH = _hasher.hash(secrets.token_hex(16))


def users_exist(session: Session) -> bool:
    return session.scalar(select(User.id).limit(1)) is not None


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise Invalid(f"a password has at least {MIN_PASSWORD} characters")
    if len(password) > MAX_PASSWORD:
        raise Invalid(f"a password has at most {MAX_PASSWORD} characters")


def create_user(session: Session, name: str, password: str, *, admin: bool = False) -> User:
    name = (name or "").strip()
    if not NAME.match(name):
        raise Invalid("a user name is 1-64 letters, digits or . _ @ - (starting with a letter or digit)")
    _check_password(password)
    if session.scalar(select(User.id).where(User.name == name)):
        raise Conflict(f"a user named {name!r} already exists")
    user = User(name=name, password_hash=_hasher.hash(password), is_admin=admin)
    session.add(user)
    session.flush()
    return user


def get_user(session: Session, name: str) -> User:
    user = session.scalar(select(User).where(User.name == name))
    if user is None:
        raise NotFound(f"no user named {name!r}")
    return user


def account_of(session: Session, actor: Actor) -> User | None:
    """The user row of who is acting; None in single-user mode (no users exist)."""
    return session.get(User, actor.user_id) if actor.user_id else None


def list_users(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.name)))


def delete_user(session: Session, name: str) -> None:
    user = get_user(session, name)
    session.delete(user)
    session.flush()


def set_password(session: Session, name: str, password: str) -> User:
    _check_password(password)
    user = get_user(session, name)
    user.password_hash = _hasher.hash(password)
    # A new password ends every login session of the user (API tokens stay: they are revoked one by one).
    session.execute(delete(ApiToken).where(ApiToken.user_id == user.id, ApiToken.kind == "session"))
    session.flush()
    return user


def authenticate(session: Session, name: str, password: str) -> User | None:
    user = session.scalar(select(User).where(User.name == (name or "").strip()))
    try:
        _hasher.verify(user.password_hash if user else _DUMMY_HASH, password or "")
    except (VerificationError, InvalidHashError):
        return None
    if user is None:
        return None
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = _hasher.hash(password)
    return user


def _digest(token: str) -> str:
    # Tokens are 256 random bits: a fast hash is enough (nothing to brute-force), and lookup stays an index seek.
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class IssuedToken:
    token: str  # shown once; only its hash is stored
    row: ApiToken


def issue_token(
    session: Session, user: User, *, kind: str = "api", name: str = "", hours: int | None = None
) -> IssuedToken:
    name = " ".join((name or "").split())
    if kind == "api" and is_blank(name):
        raise Invalid("a token needs a name (what it is for), not only whitespace or invisible characters")
    if (why := problem(name)) is not None:
        raise Invalid(f"the token name {why}")
    if len(name) > 100:
        raise Invalid("a token name has at most 100 characters")
    if kind == "api" and session.scalar(
        select(ApiToken.id).where(ApiToken.user_id == user.id, ApiToken.kind == "api", ApiToken.name == name)
    ):
        raise Conflict(f"{user.name} already has a token named {name!r}")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    expires = datetime.now(UTC) + timedelta(hours=hours) if hours else None
    row = ApiToken(user_id=user.id, kind=kind, name=name, token_hash=_digest(token), expires_at=expires)
    session.add(row)
    session.flush()
    return IssuedToken(token=token, row=row)


def user_for_token(session: Session, token: str, *, kind: str) -> User | None:
    if not token or len(token) > 200:
        return None
    row = session.scalar(select(ApiToken).where(ApiToken.token_hash == _digest(token), ApiToken.kind == kind))
    if row is None:
        return None
    now = datetime.now(UTC)
    if row.expires_at is not None and _aware(row.expires_at) <= now:
        return None
    return session.get(User, row.user_id)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite hands back naive datetimes


def end_session(session: Session, token: str) -> None:
    session.execute(delete(ApiToken).where(ApiToken.token_hash == _digest(token), ApiToken.kind == "session"))


def list_tokens(session: Session, user: User) -> list[ApiToken]:
    return list(
        session.scalars(
            select(ApiToken).where(ApiToken.user_id == user.id, ApiToken.kind == "api").order_by(ApiToken.created_at)
        )
    )


def revoke_token(session: Session, user: User, token_name_or_id: str) -> ApiToken:
    row = session.scalar(
        select(ApiToken).where(
            ApiToken.user_id == user.id,
            ApiToken.kind == "api",
            (ApiToken.name == token_name_or_id) | (ApiToken.id == token_name_or_id),
        )
    )
    if row is None:
        raise NotFound(f"{user.name} has no token {token_name_or_id!r}")
    session.delete(row)
    session.flush()
    return row
