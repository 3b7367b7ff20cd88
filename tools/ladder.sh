#!/usr/bin/env bash
# The strength ladder of the computer player on 9×9 (and hard against GNU Go on 19×19), with
# GNU Go as referee so that our dead-stone judgement is compared with its own on every game.
# Usage: tools/ladder.sh [OUT_DIR]   (long: about two hours on two cores)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
ensure_packages gnugo
out=${1:-ladder-out}
mkdir -p "$out"
cargo build --release --locked --bin tengen-gtp --bin tengen-match
bin=$CARGO_TARGET_DIR/release
gnugo="/usr/games/gnugo --mode gtp --chinese-rules"
referee="$gnugo"
match() { # name games size a b
    echo "== $1"
    "$bin/tengen-match" --games "$2" --size "$3" --a "$4" --b "$5" --referee "$referee" --sgf-dir "$out/$1" | tee "$out/$1.txt"
}
match hard-vs-gnugo10 "${HARD_GAMES:-40}" 9 "$bin/tengen-gtp --level hard" "$gnugo --level 10"
match easy-vs-random 20 9 "$bin/tengen-gtp --level easy" "$bin/tengen-gtp --level random"
match normal-vs-easy 20 9 "$bin/tengen-gtp --level normal" "$bin/tengen-gtp --level easy"
match hard-vs-normal 20 9 "$bin/tengen-gtp --level hard" "$bin/tengen-gtp --level normal"
match hard-vs-gnugo10-19x19 "${BIG_GAMES:-2}" 19 "$bin/tengen-gtp --level hard" "$gnugo --level 10"
