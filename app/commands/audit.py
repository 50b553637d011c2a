"""`mdqa audit`: the audit trail, newest first (who uploaded, deleted, asked, logged in; user and token changes)."""

from __future__ import annotations

import argparse
import json

from app.commands import add_data_dir, open_database


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("audit", help="print the audit trail, newest first")
    parser.add_argument("--limit", type=int, default=50, help="events to print (default 50)")
    parser.add_argument("--user", default=None, help="only this user's events")
    parser.add_argument("--action", default=None, help="only this action, e.g. ask, document.upload, login.failed")
    parser.add_argument("--json", action="store_true", help="one JSON array")
    add_data_dir(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from app.db.session import session_scope
    from app.services import audit

    settings = open_database(args)
    with session_scope(settings.resolved_database_url) as session:
        events = audit.list_events(session, limit=args.limit, user=args.user, action=args.action)
    if args.json:
        print(json.dumps(events, ensure_ascii=False, indent=2))
        return 0
    for e in events:
        where = f" [{e['collection_id']}]" if e["collection_id"] else ""
        detail = f" ({e['detail']})" if e["detail"] else ""
        print(f"{e['at'][:19]}  {e['user']:<16} {e['action']:<18}{where} {e['target']}{detail}")
    return 0
