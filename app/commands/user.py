"""`mdqa user create|list|delete|passwd`: users, managed locally with direct database access (no login needed)."""

from __future__ import annotations

import argparse
import getpass
import sys

from app.commands import add_data_dir, open_database


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("user", help="create, list, delete users and set their passwords")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    create = actions.add_parser("create", help="create a user (the password is prompted for, or read from stdin)")
    create.add_argument("name")
    create.add_argument("--admin", action="store_true", help="may manage users and see every collection")
    create.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    actions.add_parser("list", help="list users")
    delete = actions.add_parser("delete", help="delete a user (their collections stay, visible to admins)")
    delete.add_argument("name")
    passwd = actions.add_parser("passwd", help="set a user's password (ends their login sessions)")
    passwd.add_argument("name")
    passwd.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    for action in actions.choices.values():
        add_data_dir(action)
    parser.set_defaults(handler=run)


def read_password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        from app.services.errors import Invalid

        raise Invalid("no terminal to ask for the password on: pass --password-stdin and pipe it in")
    first = getpass.getpass("Password: ")
    if getpass.getpass("Repeat it: ") != first:
        from app.services.errors import Invalid

        raise Invalid("the two passwords differ")
    return first


def run(args: argparse.Namespace) -> int:
    from app.db.session import session_scope
    from app.services import audit, users
    from app.services.access import Actor

    settings = open_database(args)
    cli = Actor(user_id=None, name="cli", is_admin=True)
    with session_scope(settings.resolved_database_url) as session:
        if args.action == "create":
            user = users.create_user(session, args.name, read_password(args.password_stdin), admin=args.admin)
            audit.record(session, cli, "user.create", target=user.name, detail="admin" if user.is_admin else "")
            print(f"mdqa: created {'administrator' if user.is_admin else 'user'} {user.name}")
        elif args.action == "list":
            for user in users.list_users(session):
                role = "admin" if user.is_admin else "user"
                print(f"{user.name}\t{role}\t{user.created_at:%Y-%m-%d %H:%M}")
        elif args.action == "delete":
            users.delete_user(session, args.name)
            audit.record(session, cli, "user.delete", target=args.name)
            print(f"mdqa: deleted user {args.name}")
        elif args.action == "passwd":
            users.set_password(session, args.name, read_password(args.password_stdin))
            audit.record(session, cli, "user.passwd", target=args.name)
            print(f"mdqa: password of {args.name} changed; their login sessions ended")
    return 0
