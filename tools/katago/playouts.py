#!/usr/bin/env python3
"""How well a playout policy alone judges 9x9 positions, against KataGo's kept values (#33).

    tools/katago/playouts.py positions --answers tools/katago/answers --out FILE GAME.sgf ...
    cargo run --release -p tengen-ai --example playout_accuracy -- 1000 FILE
    tools/katago/playouts.py pachi [--playouts 200] [--pachi PATH] [--options OPTS] FILE
    tools/katago/playouts.py best [--visits 400] --out BEST FILE
    cargo run --release -p tengen-ai --example prior_agreement -- BEST

`positions` writes one line per position of the games (9x9, komi 7.5): KataGo's winning chance
for Black from the kept answers (judge.py --answers; a game without them is skipped), then the
moves that lead there. It takes every fourth position from move 8 to five moves before the end
where KataGo gives Black 10-90%: positions that are still to be decided.

`playout_accuracy` (a Rust example of tengen-ai) plays Tengen's heavy playouts from each position;
`pachi` plays Pachi's own playout policy (`pachi -e replay runs=1`, one playout a `genmove`, to
two passes, then `final_score`; `--options` passes moggy options such as `selfatarirate=100`).
Both print each position's KataGo value and Black's share of the playouts, then the mean squared
difference (also less the binomial noise of a finite number of playouts) and the correlation.

`best` asks KataGo (tools/katago/build.sh) for its move in each position of FILE and writes the
lines again with it after a tab; `prior_agreement` (a Rust example of tengen-ai) says how often the
hard level's learned move model (its tree's priors) ranks that move first, in its first three,
and its mean log-probability: a change to the model measured on 9x9 fights in seconds instead of
a match. tools/katago/positions/9x9-hard-vs-pachi-2026-12-04.txt keeps KataGo's moves (400
visits) for the 506 positions below; playout_accuracy reads that file too.

4 December: over 506 positions of 60 games hard played against Pachi, Pachi's playouts 0.0385 less
noise (correlation 0.43), Tengen's 0.0484 (0.27) — alike up to move 40, far apart after it
(docs/patterns.md, "Where the 9×9 games are lost, and the playouts alone").

Python 3 standard library.
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import Game, Gtp, KataGo, add_katago_options, load_answers  # noqa: E402

FIRST, EVERY, BEFORE_END = 8, 4, 5
LOW, HIGH = 0.1, 0.9
VISITS = 200


def positions(args):
    lines = []
    for path in args.games:
        game = Game(path)
        if game.size != 9 or game.komi != 7.5 or game.initial:
            print(f"{path}: not an even 9x9 game with komi 7.5, skipped", file=sys.stderr)
            continue
        answers = load_answers(args.answers, game, args.visits)
        if answers is None:
            print(f"{path}: no kept answers at {args.visits} visits, skipped", file=sys.stderr)
            continue
        for turn in range(FIRST, len(game.moves) - BEFORE_END + 1, EVERY):
            black = answers[turn]["winrate"]
            if LOW <= black <= HIGH:
                lines.append(f"{black:.4f} " + " ".join(f"{c}:{v}" for c, v in game.moves[:turn]))
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} positions from {len(args.games)} games in {args.out}", file=sys.stderr)


def position_fields(line):
    """The value and moves of a positions file's line, without the judge's move `best` adds
    after a tab."""
    return line.split("\t")[0].split()


def pachi_playout(pachi, moves):
    """Whether Black wins one playout of Pachi's policy from the position after `moves`."""
    pachi.ask("clear_board")
    for m in moves:
        pachi.ask(f"play {m}")
    color = "W" if len(moves) % 2 else "B"
    passes = played = 0
    while passes < 2 and played < 3 * 81:
        move = pachi.ask(f"genmove {color}")
        passes = passes + 1 if move.lower() == "pass" else 0
        color = "W" if color == "B" else "B"
        played += 1
    return pachi.ask("final_score").upper().startswith("B")


def pachi(args):
    engine = "runs=1" + (f",playout=moggy:{args.options}" if args.options else "")
    pachi = Gtp([args.pachi, "-e", "replay", engine])
    pachi.ask("boardsize 9")
    pachi.ask("komi 7.5")
    pairs = []
    with open(args.file) as f:
        for line in f:
            fields = position_fields(line)
            if not fields:
                continue
            moves = [m.replace(":", " ") for m in fields[1:]]
            won = sum(pachi_playout(pachi, moves) for _ in range(args.playouts))
            pairs.append((float(fields[0]), won / args.playouts))
            print(f"{pairs[-1][0]:.4f} {pairs[-1][1]:.4f}", flush=True)
    pachi.close()
    summarise(pairs, args.playouts)


class Position:
    """One line of a positions file as KataGo is asked about it."""

    size, komi, initial, initial_player = 9, 7.5, [], None

    def __init__(self, moves):
        self.moves = [m.split(":") for m in moves]
        self.turns = [len(self.moves)]

    def katago_rules(self):
        return "chinese"


def best(args):
    prefix = ["nice", "-n", str(args.nice)] if args.nice else []
    with open(args.file) as f:
        lines = [position_fields(line) for line in f if line.strip()]
    kata = KataGo(args.katago, args.config, args.model, 9, prefix)
    positions = [Position(fields[1:]) for fields in lines]
    for i, p in enumerate(positions):
        kata.query(f"p{i}", p, args.visits)
    with open(args.out, "w") as f:
        for i, (fields, p) in enumerate(zip(lines, positions)):
            info = kata.wait(f"p{i}", p.turns)[p.turns[0]]
            f.write(" ".join(fields) + "\t" + info.get("best", "pass") + "\n")
    kata.close()
    print(f"KataGo's move ({args.visits} visits) for {len(lines)} positions in {args.out}",
          file=sys.stderr)


def summarise(pairs, playouts):
    """The same summary as the playout_accuracy example prints."""
    n = len(pairs)
    mse = sum((s - j) ** 2 for j, s in pairs) / n
    noise = sum(s * (1 - s) / (playouts - 1) for _, s in pairs) / n
    mj, ms = sum(j for j, _ in pairs) / n, sum(s for _, s in pairs) / n
    cov = sum((j - mj) * (s - ms) for j, s in pairs) / n
    sj = math.sqrt(sum((j - mj) ** 2 for j, _ in pairs) / n)
    ss = math.sqrt(sum((s - ms) ** 2 for _, s in pairs) / n)
    # NaN when either side is constant, as the Rust example prints it.
    corr = cov / (sj * ss) if sj * ss > 0 else float("nan")
    print(f"{n} positions, {playouts} playouts each: MSE {mse:.4f}, less binomial noise "
          f"{mse - noise:.4f}; correlation {corr:.3f}; Black's mean share {ms:.3f} "
          f"(judge {mj:.3f})", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions", help="write the positions file from games and kept answers")
    p.add_argument("--answers", required=True)
    p.add_argument("--visits", type=int, default=VISITS)
    p.add_argument("--out", required=True)
    p.add_argument("games", nargs="+")
    p.set_defaults(run=positions)
    q = sub.add_parser("pachi", help="Pachi's playout policy on a positions file")
    q.add_argument("--playouts", type=int, default=200)
    q.add_argument("--pachi", default=os.path.expanduser("~/.cache/pachi/pachi"))
    q.add_argument("--options", default="", help="moggy options, e.g. selfatarirate=100:nakaderate=0")
    q.add_argument("file")
    q.set_defaults(run=pachi)
    b = sub.add_parser("best", help="KataGo's move in each position of a positions file")
    add_katago_options(b, nice=0)
    b.set_defaults(visits=400)
    b.add_argument("--out", required=True)
    b.add_argument("file")
    b.set_defaults(run=best)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
