#!/usr/bin/env bash
# Builds the browser version of Tengen into web/dist (index.html, tengen.js, tengen_bg.wasm, and
# the computer's Web Worker: worker.js, tengen_worker.js, tengen_worker_bg.wasm): a static site
# for any web server (no cross-origin isolation needed). Usage: web/build.sh   (then: ./play.sh --web serves it)
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

# The game, and the computer's search for its Web Worker (crates/worker), in one build.
cargo build --locked --profile web --target wasm32-unknown-unknown -p tengen --bin tengen -p tengen-worker --lib

dist=web/dist
rm -rf "$dist"
mkdir -p "$dist"
# The features Rust's wasm32 target emits; wasm-opt must accept them all.
opt_flags=(-Os --strip-debug --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-reference-types --enable-multivalue --enable-mutable-globals)
# binaryen's JS build takes minutes: each module's output is kept, keyed by its input and flags.
cache="$CARGO_TARGET_DIR/wasm-opt-cache"
mkdir -p "$cache"
for module in tengen tengen_worker; do
    "$bindgen" --target web --no-typescript --out-dir "$dist" --out-name "$module" \
        "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/$module.wasm"
    key=$({ sha256sum < "$dist/${module}_bg.wasm"; echo "${opt_flags[*]}"; } | sha256sum | cut -c1-32)
    if [ ! -f "$cache/$module-$key.wasm" ]; then
        web/node_modules/.bin/wasm-opt "${opt_flags[@]}" "$dist/${module}_bg.wasm" -o "$dist/optimised.wasm"
        rm -f "$cache/$module"-*.wasm
        mv "$dist/optimised.wasm" "$cache/$module-$key.wasm"
    fi
    cp "$cache/$module-$key.wasm" "$dist/${module}_bg.wasm"
done
cp web/index.html web/worker.js "$dist/"

# Sizes as a phone would download them.
total=0
for file in "$dist"/*; do
    raw=$(stat -c %s "$file")
    gz=$(gzip -9 -c "$file" | wc -c)
    total=$((total + gz))
    printf 'tengen:web-size %s raw=%d gzip=%d\n' "$(basename "$file")" "$raw" "$gz"
done
printf 'tengen:web-size site gzip=%d\n' "$total"
