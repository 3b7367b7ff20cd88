#!/usr/bin/env bash
# Installs what web/build.sh needs, once: the wasm32 target, wasm-bindgen-cli at the version in
# Cargo.lock (the CLI must match the library the game links exactly), and from npm a current
# wasm-opt (binaryen; Debian's 108 breaks wasm-bindgen's output) and playwright-core for the
# browser test. ./test.sh runs it beside the native build, whose cores it would otherwise leave
# idle. Usage: web/tools.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
bindgen="${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"
if [ "$("$bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    echo "Installing wasm-bindgen-cli $version (once; about 5–15 minutes) …"
    # Not --locked: its lock file pins webpki-roots 1.0.11, which this registry does not carry.
    cargo install --quiet wasm-bindgen-cli --version "$version"
fi

command -v npm >/dev/null || ensure_packages nodejs npm
if [ ! -x web/node_modules/.bin/wasm-opt ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    (cd web && npm ci --no-audit --no-fund)
fi
