#!/usr/bin/env bash
# Serves the built site (web/build.sh) at http://localhost:${PORT:-8080}/ until stopped.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 -m http.server --directory "${1:-web/site}" "${PORT:-8080}"
