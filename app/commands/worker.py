from __future__ import annotations

import argparse

from app.commands import add_data_dir, settings_from


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("worker", help="run a Celery ingestion worker (scaled mode, needs MDQA_BROKER_URL)")
    parser.add_argument("--concurrency", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--loglevel", default="INFO")
    add_data_dir(parser)  # the shared file storage (MDQA_DATA_DIR) every worker and the web process read
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from app.db.migrate import upgrade
    from app.logging_setup import configure_logging

    settings = settings_from(args)
    if not settings.broker_url:
        print("mdqa worker: set MDQA_BROKER_URL (e.g. redis://127.0.0.1:6379/0) and MDQA_DATABASE_URL first")
        return 2
    configure_logging(settings)
    from app.child_processes import reap_orphans

    # A pool an earlier worker left when it was killed (its processes end themselves; this catches any that could not).
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    reap_orphans(settings.data_dir)
    upgrade(settings.resolved_database_url)
    from app.db.session import get_engine

    # The pool processes are forked from this one: none of them may inherit a connection in use here.
    get_engine(settings.resolved_database_url).dispose()
    # The app's sweeper starts with the worker: documents left without a live job are handed out again every
    # sweep_interval_s, from the first moment the worker consumes.
    from worker.celery_app import create_celery

    create_celery(settings).worker_main(
        [
            "worker",
            f"--loglevel={args.loglevel}",
            f"--concurrency={args.concurrency}",
            f"--queues={settings.queue_name}",
            "--pool=prefork",
            "--without-gossip",
            "--without-mingle",
        ]
    )
    return 0
