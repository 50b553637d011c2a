"""Who may see and change which collection. Every route asks here; nothing else decides access.

A collection someone may not see does not exist for them: NotFound (404), and it is absent from their lists.
A collection they may see but not change is Forbidden (403): its existence is no secret to them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from app.db.models import Collection, CollectionMember, Document, User
from app.services.errors import Forbidden, Invalid, NotFound

Role = Literal["viewer", "editor", "owner"]
RANK: dict[str, int] = {"viewer": 1, "editor": 2, "owner": 3}
MEMBER_ROLES = ("viewer", "editor")


@dataclass(frozen=True)
class Actor:
    """The one acting: a user, or the single user of the embedded default (no login, sees everything)."""

    user_id: str | None
    name: str
    is_admin: bool

    @property
    def sees_everything(self) -> bool:
        return self.user_id is None or self.is_admin


LOCAL = Actor(user_id=None, name="local", is_admin=True)


def actor_for(user: User) -> Actor:
    return Actor(user_id=user.id, name=user.name, is_admin=user.is_admin)


def role_in(session: Session, actor: Actor, collection: Collection) -> Role | None:
    if actor.sees_everything or collection.owner_id == actor.user_id:
        return "owner"
    role = session.scalar(
        select(CollectionMember.role).where(
            CollectionMember.collection_id == collection.id, CollectionMember.user_id == actor.user_id
        )
    )
    return role if role in MEMBER_ROLES else None  # type: ignore[return-value]


def require_collection(session: Session, actor: Actor, collection_id: str, role: Role = "viewer") -> Collection:
    collection = session.get(Collection, collection_id) if collection_id else None
    held = role_in(session, actor, collection) if collection is not None else None
    if collection is None or held is None:
        raise NotFound("collection not found")
    if RANK[held] < RANK[role]:
        raise Forbidden(f"you are a {held} of this collection; this needs the {role} role")
    return collection


def require_document(session: Session, actor: Actor, document_id: str, role: Role = "viewer") -> Document:
    document = session.get(Document, document_id) if document_id else None
    if document is None:
        raise NotFound("document not found")
    try:
        require_collection(session, actor, document.collection_id, role)
    except NotFound as exc:
        raise NotFound("document not found") from exc
    return document


def visible_ids(session: Session, actor: Actor) -> set[str] | None:
    """Ids of the collections the actor may see; None means all of them."""
    if actor.sees_everything:
        return None
    member_of = select(CollectionMember.collection_id).where(CollectionMember.user_id == actor.user_id)
    return set(
        session.scalars(
            select(Collection.id).where(or_(Collection.owner_id == actor.user_id, Collection.id.in_(member_of)))
        )
    )


def visible_collections(session: Session, actor: Actor) -> list[tuple[Collection, int]]:
    counts = (
        select(Document.collection_id, func.count(Document.id).label("n")).group_by(Document.collection_id).subquery()
    )
    query = (
        select(Collection, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.collection_id == Collection.id)
        .order_by(Collection.created_at.desc())
    )
    ids = visible_ids(session, actor)
    if ids is not None:
        query = query.where(Collection.id.in_(ids))
    return [(c, int(n)) for c, n in session.execute(query).all()]


def set_owner(collection: Collection, actor: Actor) -> None:
    collection.owner_id = actor.user_id


def list_members(session: Session, actor: Actor, collection_id: str) -> list[dict[str, str]]:
    collection = require_collection(session, actor, collection_id, "viewer")
    rows = session.execute(
        select(User.name, CollectionMember.role)
        .join(CollectionMember, CollectionMember.user_id == User.id)
        .where(CollectionMember.collection_id == collection.id)
        .order_by(User.name)
    ).all()
    owner = session.get(User, collection.owner_id) if collection.owner_id else None
    members = [{"user": name, "role": role} for name, role in rows]
    return ([{"user": owner.name, "role": "owner"}] if owner else []) + members


def set_member(session: Session, actor: Actor, collection_id: str, user_name: str, role: str) -> dict[str, str]:
    collection = require_collection(session, actor, collection_id, "owner")
    if role not in MEMBER_ROLES:
        raise Invalid(f"role must be one of {', '.join(MEMBER_ROLES)}, not {role!r}")
    user = session.scalar(select(User).where(User.name == user_name))
    if user is None:
        raise Invalid(f"no user named {user_name!r}")
    if user.id == collection.owner_id:
        raise Invalid(f"{user_name} owns this collection")
    member = session.get(CollectionMember, (collection.id, user.id))
    if member is None:
        session.add(CollectionMember(collection_id=collection.id, user_id=user.id, role=role))
    else:
        member.role = role
    session.flush()
    return {"user": user.name, "role": role}


def remove_member(session: Session, actor: Actor, collection_id: str, user_name: str) -> None:
    collection = require_collection(session, actor, collection_id, "owner")
    user = session.scalar(select(User).where(User.name == user_name))
    member = session.get(CollectionMember, (collection.id, user.id)) if user else None
    if member is None:
        raise NotFound(f"{user_name!r} is not a member of this collection")
    session.delete(member)
    session.flush()
