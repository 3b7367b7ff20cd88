#!/usr/bin/env bash
# Builds the browser version of Tengen into web/dist (index.html, tengen.js, tengen_bg.wasm, and
# the computer's Web Worker: worker.js, tengen_worker.js, tengen_worker_bg.wasm): a static site
# for any web server (no cross-origin isolation needed). Usage: web/build.sh [--test]
# (then: ./play.sh --web serves it). Installs what it needs once (web/tools.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
# A target directory of its own: cargo holds a directory's lock for a whole build, and ./test.sh
# builds this beside the native tests and screenshots (nothing is shared: another target, other
# profiles).
export CARGO_TARGET_DIR="$CARGO_TARGET_DIR/browser"

web/tools.sh
bindgen="${CARGO_HOME:-$HOME/.cargo}/bin/wasm-bindgen"

# --test: the browser test's build, the same but for wasm-opt's size passes (-Os): they took 9.6
# minutes of a cold machine for 7% of the raw size and nothing of the gzip download (17.7 MB /
# 5.51 MB gzip with them, 19.0 MB / 5.51 MB without).
size_passes=(-Os) kind=site
[ "${1:-}" = --test ] && size_passes=() kind=test

# WebAssembly SIMD: egui's glyph rasteriser (vello_cpu, fearless_simd) otherwise compiles its
# scalar fallback, 1.6 MB more code (5.51 → 5.22 MB gzip for the game's wasm). index.html tells a
# browser without it (before Chrome 91, Firefox 89, Safari 16.4) that it is too old.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128"
# The game, and the computer's search for its Web Worker (crates/worker), in one build.
cargo build --locked --profile web --target wasm32-unknown-unknown -p tengen --bin tengen -p tengen-worker --lib

dist=web/dist
rm -rf "$dist"
mkdir -p "$dist"
# The features Rust's wasm32 target emits; wasm-opt must accept them all.
opt_flags=("${size_passes[@]}" --strip-debug --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
    --enable-reference-types --enable-multivalue --enable-mutable-globals --enable-simd)
# binaryen's JS build takes minutes with -Os: each module's output is kept, keyed by its input and
# flags, the site's and the test's apart.
cache="$CARGO_TARGET_DIR/wasm-opt-cache"
mkdir -p "$cache"
for module in tengen tengen_worker; do
    "$bindgen" --target web --no-typescript --out-dir "$dist" --out-name "$module" \
        "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/$module.wasm"
    key=$({ sha256sum < "$dist/${module}_bg.wasm"; echo "${opt_flags[*]}"; } | sha256sum | cut -c1-32)
    kept="$cache/$module-$kind-$key.wasm"
    if [ ! -f "$kept" ]; then
        web/node_modules/.bin/wasm-opt "${opt_flags[@]}" "$dist/${module}_bg.wasm" -o "$dist/optimised.wasm"
        rm -f "$cache/$module-$kind"-*.wasm
        mv "$dist/optimised.wasm" "$kept"
    fi
    cp "$kept" "$dist/${module}_bg.wasm"
done
cp web/worker.js web/manifest.webmanifest web/icon-192.png web/icon-512.png "$dist/"
# The loading sign's progress counts against the game's wasm size.
sed "s/%WASM_BYTES%/$(stat -c %s "$dist/tengen_bg.wasm")/" web/index.html > "$dist/index.html"
# The service worker keeps this build's files under this build's name (see web/sw.js).
build=$(cd "$dist" && sha256sum $(ls | sort) | sha256sum | cut -c1-16)
files=$(cd "$dist" && ls | sort | sed 's/.*/"&"/' | paste -sd, -)
sed -e "s/%BUILD%/$build/" -e "s/%FILES%/[\".\/\",$files]/" web/sw.js > "$dist/sw.js"

# Sizes as a phone would download them.
total=0
for file in "$dist"/*; do
    raw=$(stat -c %s "$file")
    gz=$(gzip -9 -c "$file" | wc -c)
    total=$((total + gz))
    printf 'tengen:web-size %s raw=%d gzip=%d\n' "$(basename "$file")" "$raw" "$gz"
done
printf 'tengen:web-size site gzip=%d\n' "$total"
