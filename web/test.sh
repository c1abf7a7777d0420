#!/usr/bin/env bash
# The browser test in one command: builds the site (web/build.sh), installs Debian's Chromium
# and playwright-core when missing, serves the site on a free local port and runs web/e2e.mjs
# headless, over compressed transfer as a real host sends it. Screenshots land in web/site/shots.
set -euo pipefail
cd "$(dirname "$0")/.."
bash web/build.sh web/site

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
source web/debian.sh
((${#missing[@]} == 0)) || install_debian "${missing[@]}"
(cd web && npm ci --no-audit --no-fund >/dev/null)

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 web/serve.py web/site "$port" 127.0.0.1 >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.1
done
node web/e2e.mjs "http://127.0.0.1:$port/" web/site/shots
