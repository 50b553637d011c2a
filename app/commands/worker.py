from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("worker", help="run a Celery ingestion worker (scaled mode, needs MDQA_BROKER_URL)")
    parser.add_argument("--concurrency", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--loglevel", default="INFO")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from app.db.migrate import upgrade
    from app.logging_setup import configure_logging
    from app.services.ingestion import unfinished_document_ids
    from app.settings import get_settings

    settings = get_settings()
    if not settings.broker_url:
        print("mdqa worker: set MDQA_BROKER_URL (e.g. redis://127.0.0.1:6379/0) and MDQA_DATABASE_URL first")
        return 2
    configure_logging(settings)
    upgrade(settings.resolved_database_url)
    from worker.celery_app import celery_app
    from worker.tasks import ingest_document

    # Documents whose worker died long ago (and whose message expired) are handed out again.
    for document_id in unfinished_document_ids(settings, stale_only=True):
        ingest_document.apply_async(args=[document_id], queue=settings.queue_name)
    celery_app.worker_main(
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
