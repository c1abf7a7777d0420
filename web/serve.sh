#!/usr/bin/env bash
# Serves the built site (web/build.sh) at http://localhost:${PORT:-8080}/ until stopped, sending
# the precompressed .br or .gz wasm with its Content-Encoding (web/serve.py).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 web/serve.py "${1:-web/site}" "${PORT:-8080}"
