#!/usr/bin/env bash
# Builds the browser version of Tengen into web/dist (index.html, tengen.js, tengen_bg.wasm): a
# static site for any web server. Usage: web/build.sh   (then: ./play.sh --web serves it)
# Installs what it needs once: the wasm32 target, wasm-bindgen-cli at the version in Cargo.lock,
# and, from npm, a current wasm-opt (binaryen; Debian's 108 breaks wasm-bindgen's output).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh

rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown

# The CLI must match the wasm-bindgen library the game links exactly.
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

cargo build --locked --profile web --target wasm32-unknown-unknown --bin tengen

dist=web/dist
rm -rf "$dist"
mkdir -p "$dist"
"$bindgen" --target web --no-typescript --out-dir "$dist" --out-name tengen \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/tengen.wasm"
# The features Rust's wasm32 target emits; wasm-opt must accept them all.
opt_flags=(-Os --strip-debug --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-reference-types --enable-multivalue --enable-mutable-globals)
# binaryen's JS build takes minutes: its output is kept, keyed by its input and flags.
cache="$CARGO_TARGET_DIR/wasm-opt-cache"
key=$({ sha256sum < "$dist/tengen_bg.wasm"; echo "${opt_flags[*]}"; } | sha256sum | cut -c1-32)
if [ ! -f "$cache/$key.wasm" ]; then
    web/node_modules/.bin/wasm-opt "${opt_flags[@]}" "$dist/tengen_bg.wasm" -o "$dist/optimised.wasm"
    rm -rf "$cache"
    mkdir -p "$cache"
    mv "$dist/optimised.wasm" "$cache/$key.wasm"
fi
cp "$cache/$key.wasm" "$dist/tengen_bg.wasm"
cp web/index.html "$dist/"

# Sizes as a phone would download them.
total=0
for file in "$dist"/*; do
    raw=$(stat -c %s "$file")
    gz=$(gzip -9 -c "$file" | wc -c)
    total=$((total + gz))
    printf 'tengen:web-size %s raw=%d gzip=%d\n' "$(basename "$file")" "$raw" "$gz"
done
printf 'tengen:web-size site gzip=%d\n' "$total"
