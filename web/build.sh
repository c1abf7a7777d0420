#!/usr/bin/env bash
# Builds the web site of the game into a folder (default web/site): index.html, the wasm with
# its precompressed .br and .gz copies, and the JS glue; fails when the gzip wasm is over the
# budget in web/size-budget. Installs what it needs first: the wasm32 target, wasm-bindgen-cli
# at exactly the version of the wasm-bindgen crate in Cargo.lock, and Debian's brotli. Serve it
# with web/serve.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-web/site}"
target_dir="${CARGO_TARGET_DIR:-target}"

source web/debian.sh

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# The CLI must match the crate exactly, or the glue it writes will not fit the wasm.
wanted=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$wanted" ]; then
    echo "installing wasm-bindgen-cli $wanted (found: ${have:-none})"
    # Without --locked: its own lockfile may name crates the registry no longer has.
    cargo install wasm-bindgen-cli --version "$wanted"
fi

cargo build --profile web --target wasm32-unknown-unknown --bin khalif
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$out" --out-name khalif \
    "$target_dir/wasm32-unknown-unknown/web/khalif.wasm"
if [ "${WASM_OPT:-0}" = 1 ]; then
    # Optional size pass with Binaryen's wasm-opt from npm (web/package.json). Off by default:
    # measured on the LTO build, it shrinks the raw file by 12% but the gzip download by 0.2%
    # and the brotli one not at all, and takes 6.5 minutes.
    (cd web && npm ci --no-audit --no-fund >/dev/null)
    web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-mutable-globals -o "$out/khalif_bg.wasm" "$out/khalif_bg.wasm"
fi
# The wasm's own size goes into the page, whose progress bar counts decompressed bytes.
raw=$(stat -c %s "$out/khalif_bg.wasm")
sed "s|<meta name=\"khalif-wasm-bytes\" content=\"0\">|<meta name=\"khalif-wasm-bytes\" content=\"$raw\">|" \
    web/index.html > "$out/index.html"
grep -q "content=\"$raw\"" "$out/index.html" || { echo "web/index.html lacks the khalif-wasm-bytes meta tag" >&2; exit 1; }

# Precompressed copies for web/serve.py or any static host (README, "The web build").
command -v brotli >/dev/null || install_debian brotli
for file in "$out/khalif_bg.wasm" "$out/khalif.js"; do
    gzip -9 -n -k -f "$file"
    brotli -q 11 -k -f "$file"
done
gz=$(stat -c %s "$out/khalif_bg.wasm.gz")
br=$(stat -c %s "$out/khalif_bg.wasm.br")
budget=$(grep -v '^#' web/size-budget | tr -d '[:space:]')
echo "site in $out: wasm $raw bytes raw, $gz gzip -9, $br brotli -q 11 (budget: $budget gzip)"
if [ "$gz" -gt "$budget" ]; then
    echo "the gzip wasm ($gz bytes) is over the size budget of $budget bytes in web/size-budget" >&2
    exit 1
fi
