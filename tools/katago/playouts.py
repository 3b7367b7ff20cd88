#!/usr/bin/env python3
"""How well a playout policy alone judges 9x9 positions, against KataGo's kept values (#33).

    tools/katago/playouts.py positions --answers tools/katago/answers --out FILE GAME.sgf ...
    cargo run --release -p tengen-ai --example playout_accuracy -- 1000 FILE
    tools/katago/playouts.py pachi [--playouts 200] [--pachi PATH] [--options OPTS] FILE
    tools/katago/playouts.py best [--visits 400] --out BEST FILE
    cargo run --release -p tengen-ai --example prior_agreement -- BEST
    tools/katago/playouts.py positions --every 1 --all ... --out PAIRS GAME.sgf ...
    tools/katago/playouts.py deltas PAIRS VALUES
    tools/katago/playouts.py played [--size 19] --out PLAYED GAME.sgf ...
    tools/katago/playouts.py pachi-prior [--size 19] FILE

`positions` writes one line per position of the games (9x9, komi 7.5): KataGo's winning chance
for Black from the kept answers (judge.py --answers; a game without them is skipped), then the
moves that lead there. It takes every fourth position from move 8 to five moves before the end
where KataGo gives Black 10-90%: positions that are still to be decided (`--every 1 --all`: every
position from move 8 on, whatever its value, for `deltas`).

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

`deltas` asks whether a policy sees what a move did: VALUES is what `playout_accuracy` or `pachi`
printed for a `--every 1 --all` file (one "judge share" line a position). Each position and the
one a move later (moves 10-90% for the mover by KataGo) make a pair; it prints how the change of
the playouts' share follows KataGo's (correlation), and how often a move KataGo calls a mistake
(the mover loses >= 0.10) looks worse to the playouts than a move KataGo calls fine (loses < 0.03):
the area under the ROC curve, 0.5 for a policy that cannot tell them apart.

5 December, the 60 games above: all 2,003 pairs (308 mistakes, 1,320 fine moves), Tengen's
playouts (500 a position) 0.555; the 799 pairs of every mistake and a fifth of the other moves,
Tengen's 0.539 and 0.567 (seeds 1 and 2), Pachi's (100 a position) 0.533. Neither policy tells a
mistake from a fine move on its own; only the search can.

`played` writes positions of any even games with the move the player chose after the tab (every
fifth from move 6 to 120; the value field is a placeholder), for `prior_agreement FILE SIZE`;
`pachi-prior` says how often Pachi's own move model (`pachi -e pattern`: its first choice, its
Monte Carlo owner feature included) chose the file's move. 5 December: on the 506 9x9 positions
with KataGo's moves, Pachi's model 40.3% and 39.9% (two runs: its owner feature comes from
random playouts), ours 33.1%; on 917 positions of 40 19x19 games drawn
from the AI collection the model was learned from (some of them training games), Pachi's 32.0%,
ours 28.4%.

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
# What `deltas` calls a mistake and a fine move: the mover's loss by KataGo.
MISTAKE, FINE = 0.10, 0.03
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
        last = len(game.moves) + 1 if args.all else len(game.moves) - BEFORE_END + 1
        for turn in range(FIRST, last, args.every):
            if turn not in answers:
                continue
            black = answers[turn]["winrate"]
            if args.all or LOW <= black <= HIGH:
                lines.append(position_line(black, game.moves[:turn]))
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} positions from {len(args.games)} games in {args.out}", file=sys.stderr)


def position_line(value, moves, move=None):
    """A positions file's line: the value, the moves, and a move after a tab if given."""
    line = f"{value:.4f} " + " ".join(f"{c}:{v}" for c, v in moves)
    return line if move is None else f"{line}\t{move}"


def set_position(engine, moves):
    """Sets a GTP engine's board to the position after `moves` ("B E5")."""
    engine.ask("clear_board")
    for m in moves:
        engine.ask(f"play {m}")


def position_fields(line):
    """The value and moves of a positions file's line, without the judge's move `best` adds
    after a tab."""
    return line.split("\t")[0].split()


def pachi_playout(pachi, moves):
    """Whether Black wins one playout of Pachi's policy from the position after `moves`."""
    set_position(pachi, moves)
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


def played(args):
    lines = []
    for path in args.games:
        game = Game(path)
        if game.size != args.size or game.initial:
            continue
        for turn in range(args.first, min(args.last, len(game.moves) - 1), args.every):
            if game.moves[turn][1].lower() != "pass":
                lines.append(position_line(0.5, game.moves[:turn], game.moves[turn][1]))
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} positions in {args.out}", file=sys.stderr)


def pachi_prior(args):
    pachi = Gtp([args.pachi, "-e", "pattern"])
    pachi.ask(f"boardsize {args.size}")
    n = same = 0
    with open(args.file) as f:
        for line in f:
            if "\t" not in line:
                continue
            fields, move = position_fields(line), line.rstrip("\n").split("\t")[1]
            set_position(pachi, [m.replace(":", " ") for m in fields[1:]])
            color = "W" if len(fields) % 2 == 0 else "B"  # fields: the value, then the moves
            n += 1
            same += pachi.ask(f"genmove {color}").upper() == move.upper()
    pachi.close()
    print(f"{n} positions: the file's move Pachi's model's first {100 * same / n:.1f}% ({same})")


def deltas(args):
    with open(args.file) as f:
        lines = [position_fields(line) for line in f if line.strip()]
    with open(args.values) as f:
        values = [tuple(map(float, line.split())) for line in f if line.strip()]
    if len(values) != len(lines):
        sys.exit(f"{args.values}: {len(values)} values for {len(lines)} positions")
    changes = []  # (KataGo's change for the mover, the playouts' change)
    for (before, after), (vb, va) in zip(zip(lines, lines[1:]), zip(values, values[1:])):
        if after[1:-1] != before[1:]:
            continue  # not the same game one move later
        sign = 1 if after[-1].startswith("B") else -1
        mover = vb[0] if sign == 1 else 1 - vb[0]
        if LOW <= mover <= HIGH:
            changes.append((sign * (va[0] - vb[0]), sign * (va[1] - vb[1])))
    mistakes = [p for k, p in changes if k <= -MISTAKE]
    fine = [p for k, p in changes if k > -FINE]
    above = sum((f > m) + 0.5 * (f == m) for m in mistakes for f in fine)
    print(f"{len(changes)} moves: correlation of the changes {correlation(changes):.3f}; "
          f"{len(mistakes)} mistakes "
          f"(playouts' mean change {sum(mistakes) / len(mistakes):+.3f}), {len(fine)} fine moves "
          f"({sum(fine) / len(fine):+.3f}); a fine move above a mistake "
          f"{above / (len(mistakes) * len(fine)):.3f}")


def correlation(pairs):
    """Pearson's correlation of the pairs' two sides; NaN when either side is constant, as the
    Rust example prints it."""
    n = len(pairs)
    mj, ms = sum(j for j, _ in pairs) / n, sum(s for _, s in pairs) / n
    cov = sum((j - mj) * (s - ms) for j, s in pairs) / n
    sj = math.sqrt(sum((j - mj) ** 2 for j, _ in pairs) / n)
    ss = math.sqrt(sum((s - ms) ** 2 for _, s in pairs) / n)
    return cov / (sj * ss) if sj * ss > 0 else float("nan")


def summarise(pairs, playouts):
    """The same summary as the playout_accuracy example prints."""
    n = len(pairs)
    mse = sum((s - j) ** 2 for j, s in pairs) / n
    noise = sum(s * (1 - s) / (playouts - 1) for _, s in pairs) / n
    mj, ms = sum(j for j, _ in pairs) / n, sum(s for _, s in pairs) / n
    print(f"{n} positions, {playouts} playouts each: MSE {mse:.4f}, less binomial noise "
          f"{mse - noise:.4f}; correlation {correlation(pairs):.3f}; Black's mean share {ms:.3f} "
          f"(judge {mj:.3f})", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions", help="write the positions file from games and kept answers")
    p.add_argument("--answers", required=True)
    p.add_argument("--visits", type=int, default=VISITS)
    p.add_argument("--out", required=True)
    p.add_argument("--every", type=int, default=EVERY, help="every Nth position (4)")
    p.add_argument("--all", action="store_true",
                   help="to the end, whatever KataGo's value (for deltas)")
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
    m = sub.add_parser("played", help="positions of games with the move played, any size")
    m.add_argument("--size", type=int, default=19)
    m.add_argument("--first", type=int, default=6)
    m.add_argument("--last", type=int, default=120)
    m.add_argument("--every", type=int, default=5)
    m.add_argument("--out", required=True)
    m.add_argument("games", nargs="+")
    m.set_defaults(run=played)
    r = sub.add_parser("pachi-prior", help="how often Pachi's move model chooses the file's move")
    r.add_argument("--size", type=int, default=9)
    r.add_argument("--pachi", default=os.path.expanduser("~/.cache/pachi/pachi"))
    r.add_argument("file")
    r.set_defaults(run=pachi_prior)
    d = sub.add_parser("deltas", help="whether a policy's values follow what each move did")
    d.add_argument("file")
    d.add_argument("values")
    d.set_defaults(run=deltas)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
