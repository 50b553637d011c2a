"""`mdqa token create|list|revoke USER`: API tokens, printed once at creation and stored only as hashes."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime

from app.commands import add_data_dir, open_database


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("token", help="create, list and revoke a user's API tokens")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = actions.add_parser("create", help="create an API token for user NAME and print it (once)")
    create.add_argument("name", metavar="NAME", help="the user the token acts as")
    create.add_argument("--label", default=None, help="what the token is for (default: cli-<date time>)")
    listing = actions.add_parser("list", help="list a user's API tokens (not their values)")
    listing.add_argument("name", metavar="NAME")
    revoke = actions.add_parser("revoke", help="revoke one of a user's tokens by its label or id")
    revoke.add_argument("name", metavar="NAME")
    revoke.add_argument("token", metavar="LABEL_OR_ID")
    for action in actions.choices.values():
        add_data_dir(action)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from app.db.session import session_scope
    from app.services import audit, users
    from app.services.access import actor_for

    settings = open_database(args)
    with session_scope(settings.resolved_database_url) as session:
        user = users.get_user(session, args.name)
        if args.action == "create":
            label = args.label or f"cli-{datetime.now(UTC):%Y%m%d-%H%M%S}"
            issued = users.issue_token(session, user, name=label)
            audit.record(session, actor_for(user), "token.create", target=label, detail="cli")
            print(issued.token)
        elif args.action == "list":
            for token in users.list_tokens(session, user):
                print(f"{token.id}\t{token.name}\t{token.created_at:%Y-%m-%d %H:%M}")
        elif args.action == "revoke":
            row = users.revoke_token(session, user, args.token)
            audit.record(session, actor_for(user), "token.revoke", target=row.name, detail="cli")
            print(f"mdqa: revoked token {row.name} of {user.name}")
    return 0
