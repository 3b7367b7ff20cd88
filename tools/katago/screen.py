#!/usr/bin/env python3
"""KataGo's loss for the moves several engines choose in the same contested positions (#33): a
screen for a change to the search before a match against Pachi spends hours on it.

    tools/katago/screen.py --engine NAME='COMMAND' [--engine ...] [options] GAME.sgf ...

The positions are those of the games where the player to move has between 15% and 85% by
KataGo's kept answers (`--answers`, asked and kept when missing), after move 2 and before the
last — with `--mistakes-of NAME` only those where the player whose name (PB/PW) contains NAME
then played a move KataGo calls a mistake; `--positions` of them (default 300), shuffled by
`--sample-seed`, from `--offset` on (so two screens can use disjoint samples). Each engine (a GTP
command line: give it a fixed number of simulations, e.g. `tengen-gtp --level hard --simulations
12000` or `pachi -t =20000`, so the machine's load does not decide) is given the position by
`play` commands and plays `genmove` in it; KataGo (`--visits`, default 200) judges the position
after every move chosen. A move's loss is the mover's fall in KataGo's winrate and scoreLead
from the position (its kept answer) to the one after the move.

Reported: each engine's mean loss, its KataGo mistakes (a fall of >= 0.15 or >= 5 points), and
its mean difference from the first engine with the standard error of that paired difference.
The first engine is every other's reference, so its own luck enters every difference alike:
list it a second time with another `--seed` to see how large a difference the seed alone makes
(4 December: 0.011 of winrate a move over 300 positions, larger than any change screened).

Python 3 standard library; KataGo from tools/katago/build.sh, as for judge.py.
"""

import argparse
import json
import os
import random
import shlex
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import (Answers, Game, Gtp, KataGo, add_katago_options, katago_mistake,  # noqa: E402
                   mean_and_error, mover_sign)
from moves import Line  # noqa: E402

CONTESTED = (0.15, 0.85)  # the mover's winrate by KataGo in the positions screened


def contested_positions(games, answers, mistakes_of=None):
    """[(game index, turn)] where the player to move is neither clearly winning nor losing (and,
    with `mistakes_of`, is the player so named and then made a mistake by the kept answers)."""
    out = []
    for k, g in enumerate(games):
        a = answers.of(k, g)
        for t in range(2, len(g.moves) - 1):
            color = g.moves[t][0]
            sign = mover_sign(color)
            mover = a[t]["winrate"] if color == "B" else 1.0 - a[t]["winrate"]
            if not CONTESTED[0] <= mover <= CONTESTED[1]:
                continue
            if mistakes_of is not None and not (
                    mistakes_of in g.players[color]
                    and katago_mistake(sign * (a[t]["winrate"] - a[t + 1]["winrate"]),
                                       sign * (a[t]["scoreLead"] - a[t + 1]["scoreLead"]))):
                continue
            out.append((k, t))
    return out


def set_up(gtp, game, t):
    """The position before move t + 1 of `game`, by plain GTP (Pachi has no `loadsgf`)."""
    gtp.ask(f"boardsize {game.size}")
    gtp.ask("clear_board")
    gtp.ask(f"komi {game.komi}")
    if game.katago_rules() != "chinese":
        gtp.ask(f"kgs-rules {game.katago_rules()}")
    for color, vertex in game.moves[:t]:
        gtp.ask(f"play {color} {vertex}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--engine", action="append", required=True, metavar="NAME=COMMAND",
                    help="a GTP engine to screen; the first is the reference")
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--sample-seed", type=int, default=7)
    ap.add_argument("--mistakes-of", metavar="NAME",
                    help="only positions where the player whose name contains NAME then erred")
    ap.add_argument("--answers", default=os.path.join(os.path.dirname(__file__), "answers"))
    add_katago_options(ap, nice=5)
    args = ap.parse_args()

    engines = {}
    for spec in args.engine:
        name, sep, command = spec.partition("=")
        if not sep or not command:
            sys.exit(f"--engine wants NAME=COMMAND, got {spec!r}")
        engines[name] = shlex.split(command)
    games = [Game(p) for p in args.games]
    if len({g.size for g in games}) != 1:
        sys.exit("one board size at a time")
    if any(g.initial for g in games):
        sys.exit("games with set-up stones (handicap) are not handled")
    size = games[0].size
    prefix = ["nice", "-n", str(args.nice)] if args.nice else []

    start = time.time()
    kept = Answers(args, list(enumerate(games)), size, args.visits, prefix)
    try:
        positions = contested_positions(games, kept, args.mistakes_of)
        random.Random(args.sample_seed).shuffle(positions)
        print(f"{len(positions)} positions; screening {args.offset}.."
              f"{args.offset + args.positions}", file=sys.stderr)
        positions = positions[args.offset:args.offset + args.positions]
        gtps = {name: Gtp(prefix + argv) for name, argv in engines.items()}
        kata = KataGo(args.katago, args.config, args.model, size, prefix)
        rows = []
        try:
            for i, (k, t) in enumerate(positions):
                g = games[k]
                color = g.moves[t][0]
                chosen = {}
                for name, gtp in gtps.items():
                    set_up(gtp, g, t)
                    chosen[name] = gtp.ask(f"genmove {color}").upper()
                for mv in set(chosen.values()) - {"RESIGN"}:
                    played = "pass" if mv == "PASS" else mv
                    kata.query(f"{i}-{mv}", Line(g, g.moves[:t] + [[color, played]]), args.visits)
                rows.append({"game": g.path, "turn": t, "color": color, "chosen": chosen})
                if i % 25 == 0:
                    print(f"[{time.time() - start:6.0f}s] {i} / {len(positions)}",
                          file=sys.stderr, flush=True)
            for i, row in enumerate(rows):
                k, t = positions[i]
                before = kept.of(k, games[k])[t]
                sign = mover_sign(row["color"])
                row["loss"] = {}
                for name, mv in row["chosen"].items():
                    if mv == "RESIGN":
                        continue
                    after = kata.wait(f"{i}-{mv}", [t + 1])[t + 1]
                    row["loss"][name] = (sign * (before["winrate"] - after["winrate"]),
                                         sign * (before["scoreLead"] - after["scoreLead"]))
        finally:
            kata.close()
            for gtp in gtps.values():
                gtp.close()
    finally:
        kept.close()

    reference = next(iter(engines))
    print(f"{len(rows)} positions of {len(games)} games, KataGo {args.visits} visits, "
          f"{(time.time() - start) / 60:.1f} min; differences from {reference} (paired, ± one "
          f"standard error)")
    print(f"{'engine':<12} {'winrate loss':>12} {'points loss':>11} {'mistakes':>9} "
          f"{'same move':>9} {'winrate diff':>18} {'points diff':>16}")
    for name in engines:
        losses = [r["loss"][name] for r in rows if name in r["loss"]]
        wr = sum(x[0] for x in losses) / len(losses)
        pts = sum(x[1] for x in losses) / len(losses)
        bad = sum(1 for x in losses if katago_mistake(x[0], x[1]))
        same = sum(1 for r in rows if r["chosen"][name] == r["chosen"][reference])
        line = f"{name:<12} {wr:>12.4f} {pts:>11.3f} {bad:>9} {same:>9}"
        if name != reference:
            pairs = [(r["loss"][name], r["loss"][reference]) for r in rows
                     if name in r["loss"] and reference in r["loss"]]
            dw, ew = mean_and_error([a[0] - b[0] for a, b in pairs])
            dp, ep = mean_and_error([a[1] - b[1] for a, b in pairs])
            line += f" {dw:>+9.4f} ± {ew:.4f} {dp:>+8.3f} ± {ep:.3f}"
        print(line)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
