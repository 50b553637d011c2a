"""Plain-text building blocks shared by ingestion, the readers and the evaluation (no PDF, no models)."""
