#!/usr/bin/env bash
# Builds the web site of the game into a folder (default web/site): index.html, the wasm and
# its JS glue. Installs what it needs first: the wasm32 target and wasm-bindgen-cli at exactly
# the version of the wasm-bindgen crate in Cargo.lock. Serve it with web/serve.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-web/site}"
target_dir="${CARGO_TARGET_DIR:-target}"

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
    # measured, it shrinks the raw file but not the gzip download, and takes 15 minutes.
    (cd web && npm ci --no-audit --no-fund >/dev/null)
    web/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int \
        --enable-sign-ext --enable-mutable-globals -o "$out/khalif_bg.wasm" "$out/khalif_bg.wasm"
fi
cp web/index.html "$out/"
raw=$(stat -c %s "$out/khalif_bg.wasm")
gz=$(gzip -9 -c "$out/khalif_bg.wasm" | wc -c)
echo "site in $out: wasm $((raw / 1024)) KiB raw, $((gz / 1024)) KiB gzip -9"
