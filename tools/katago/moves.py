#!/usr/bin/env python3
"""KataGo's loss for the moves Tengen suggests (issue #31): the hint, which is the hard level's
own move, and the review's better move.

    tools/katago/moves.py [--every N] [--json FILE] GAME.sgf ...

In every N-th position of each game (default 4; never the position after the last move) it asks

  * tengen-gtp (`--level hard`, R10's time): `genmove` for the side to move — the move 困难
    plays there, and the first move of 提示, which is the same search's most visited move;
  * tengen-gtp: `tengen-analyse` — the better move the review draws (a fixed 12,000 simulations
    on 9x9);

and KataGo, for the position and for the position after each of those moves and after the move
the game played: its winrate and scoreLead. A move's loss is the mover's fall in KataGo's
winrate (and lead) from the position to the one after it. Reported: the mean loss of each kind
of move, and how often each loses >= 0.15 or >= 5 points (KataGo's mistakes).

Python 3 standard library; KataGo from tools/katago/build.sh, as for judge.py.
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import (DEFAULT_TENGEN, Game, Gtp, KataGo, add_katago_options,  # noqa: E402
                   katago_mistake)


class Line:
    """A game's first moves plus one more: what KataGo is asked about."""

    def __init__(self, game, moves):
        self.size, self.komi, self.initial = game.size, game.komi, game.initial
        self.initial_player = game.initial_player
        self.moves = moves
        self.turns = [len(moves)]
        self.katago_rules = game.katago_rules


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--every", type=int, default=4, help="every N-th position (%(default)s)")
    ap.add_argument("--tengen", default=DEFAULT_TENGEN)
    ap.add_argument("--tengen-args", default="--level hard")
    add_katago_options(ap, nice=15)
    args = ap.parse_args()

    prefix = ["nice", "-n", str(args.nice)] if args.nice else []
    games = [Game(p) for p in args.games]
    sizes = {g.size for g in games}
    if len(sizes) != 1:
        sys.exit("one board size at a time")
    start = time.time()
    gtp = Gtp(prefix + [args.tengen] + args.tengen_args.split())
    kata = KataGo(args.katago, args.config, args.model, sizes.pop(), prefix)
    asked = []  # (query id, game, turn, kind, move)
    try:
        for k, g in enumerate(games):
            for t in range(0, len(g.moves), args.every):
                color, played = g.moves[t]
                gtp.ask(f"loadsgf {g.path} {t + 1}")
                hard = gtp.ask(f"genmove {color}").upper()
                gtp.ask(f"loadsgf {g.path} {t + 1}")
                best = gtp.ask("tengen-analyse").split()[1].upper()
                before = g.moves[:t]
                qid = f"g{k}t{t}"
                kata.query(qid + "-", Line(g, before), args.visits)
                asked.append((qid + "-", k, t, "before", None))
                for kind, mv in (("hard", hard), ("review", best), ("played", played.upper())):
                    if mv == "RESIGN":
                        continue
                    mv = "pass" if mv == "PASS" else mv
                    kata.query(f"{qid}{kind}", Line(g, before + [[color, mv]]), args.visits)
                    asked.append((f"{qid}{kind}", k, t, kind, mv))
            print(f"[{time.time() - start:6.0f}s] {g.path}", file=sys.stderr, flush=True)
        roots = {}
        for qid, k, t, kind, mv in asked:
            turn = t if kind == "before" else t + 1
            roots[qid] = kata.wait(qid, [turn])[turn]
    finally:
        kata.close()
        gtp.close()

    rows = []
    for qid, k, t, kind, mv in asked:
        if kind == "before":
            continue
        g = games[k]
        sign = 1.0 if g.moves[t][0] == "B" else -1.0
        b, a = roots[f"g{k}t{t}-"], roots[qid]
        rows.append({"game": g.path, "turn": t, "kind": kind, "move": mv,
                     "winrate_loss": sign * (b["winrate"] - a["winrate"]),
                     "points_loss": sign * (b["scoreLead"] - a["scoreLead"])})
    print(f"{len(games)} games, every {args.every}th position, KataGo {args.visits} visits, "
          f"{(time.time() - start) / 60:.1f} min")
    print(f"{'move':<8} {'positions':>9} {'mean winrate loss':>18} {'mean points loss':>17} "
          f"{'KataGo mistakes':>16}")
    for kind in ("hard", "review", "played"):
        rs = [r for r in rows if r["kind"] == kind]
        if not rs:
            continue
        wr = sum(r["winrate_loss"] for r in rs) / len(rs)
        pts = sum(r["points_loss"] for r in rs) / len(rs)
        bad = sum(1 for r in rs if katago_mistake(r["winrate_loss"], r["points_loss"]))
        print(f"{kind:<8} {len(rs):>9} {wr:>18.3f} {pts:>17.2f} {bad:>9} ({100 * bad / len(rs):.1f}%)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
