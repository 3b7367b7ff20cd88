#!/usr/bin/env python3
"""The opening alone, judged by KataGo (#33): where a whole 19x19 game against Pachi takes ten
minutes a core and twenty of them cannot tell 40% from 50%, the first moves of twenty games take
a minute each and KataGo says who got the better start.

    tools/katago/opening.py play --games 20 --moves 30 --out DIR --a 'COMMAND' --b 'COMMAND'
    tools/katago/judge.py --katago-only --answers ANSWERS DIR/*.sgf
    tools/katago/opening.py report --answers ANSWERS DIR/*.sgf

`play` starts both GTP engines afresh for every game (in `--a`, `{game}` becomes the game's
number, so each game can have its own `--seed`), A taking Black in the odd games, and writes the
first `--moves` moves of each as DIR/game-NNN.sgf (RE[?]: unfinished). `report` reads KataGo's
answers for those SGFs (judge.py's --answers directory; the file names carry the SGF's content
hash) and prints, for the engine whose command line holds `--engine` (default "tengen"):
KataGo's lead for it after set moves (mean, standard error, as Black and as White), and the
points each side lost a move over stretches of the opening (the mover's fall in scoreLead).

Python 3 standard library.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import DEFAULT_VISITS, Game, Gtp, gtp_to_sgf, load_answers, mean_and_error  # noqa: E402

MARKS = (4, 10, 20, 30, 40, 60)
STRETCHES = ((0, 10), (10, 20), (20, 30), (30, 60))


def play(args):
    os.makedirs(args.out, exist_ok=True)
    for number in range(1, args.games + 1):
        path = os.path.join(args.out, f"game-{number:03d}.sgf")
        if os.path.exists(path):
            continue  # a run stopped halfway goes on where it stopped
        a_command = args.a.replace("{game}", str(number))
        a, b = Gtp(["sh", "-c", a_command]), Gtp(["sh", "-c", args.b])
        black, white = (a, b) if number % 2 == 1 else (b, a)
        names = (a_command, args.b) if number % 2 == 1 else (args.b, a_command)
        for engine in (a, b):
            engine.ask(f"boardsize {args.size}")
            engine.ask("clear_board")
            engine.ask(f"komi {args.komi}")
        moves = []
        for turn in range(args.moves):
            color = "b" if turn % 2 == 0 else "w"
            mover, other = (black, white) if color == "b" else (white, black)
            vertex = mover.ask(f"genmove {color}")
            if vertex.lower() == "resign":
                break
            other.ask(f"play {color} {vertex}")
            moves.append(f";{color.upper()}[{gtp_to_sgf(vertex, args.size)}]")
        a.close()
        b.close()
        with open(path, "w") as f:
            f.write(f"(;GM[1]FF[4]SZ[{args.size}]KM[{args.komi}]RU[Chinese]"
                    f"PB[{names[0]}]PW[{names[1]}]RE[?]{''.join(moves)})\n")
        print(path, len(moves), flush=True)


def report(args):
    leads = {mark: {"B": [], "W": []} for mark in MARKS}
    lost = {(side, s): [] for side in ("engine", "other") for s in STRETCHES}
    games = 0
    for path in args.games:
        game = Game(path)
        engine_color = "B" if args.engine in game.players["B"] else "W"
        answers = load_answers(args.answers, game, DEFAULT_VISITS.get(game.size, 100))
        if answers is None:
            print(f"{path}: no answers in {args.answers}", file=sys.stderr)
            continue
        lead = {turn: info["scoreLead"] for turn, info in answers.items()}
        games += 1
        sign = 1 if engine_color == "B" else -1
        for mark in MARKS:
            if mark in lead:
                leads[mark][engine_color].append(sign * lead[mark])
        for turn, (color, _) in enumerate(game.moves):
            if turn not in lead or turn + 1 not in lead:
                continue
            fall = (lead[turn] - lead[turn + 1]) * (1 if color == "B" else -1)
            side = "engine" if color == engine_color else "other"
            for s in STRETCHES:
                if s[0] <= turn < s[1]:
                    lost[(side, s)].append(fall)
    print(f"{games} games; KataGo's lead for the engine matching {args.engine!r}:")
    for mark in MARKS:
        both = leads[mark]["B"] + leads[mark]["W"]
        if not both:
            continue
        m, e = mean_and_error(both)
        as_b = mean_and_error(leads[mark]["B"])[0] if leads[mark]["B"] else float("nan")
        as_w = mean_and_error(leads[mark]["W"])[0] if leads[mark]["W"] else float("nan")
        print(f"  after move {mark:3}: {m:+6.2f} ± {e:4.2f}   as Black {as_b:+6.2f}   "
              f"as White {as_w:+6.2f}   ({len(both)} games)")
    print("points lost a move (the mover's fall in KataGo's scoreLead):")
    for side in ("engine", "other"):
        cells = []
        for s in STRETCHES:
            values = lost[(side, s)]
            cells.append(f"moves {s[0] + 1}-{s[1]}: " +
                         (f"{sum(values) / len(values):5.2f}" if values else "    -"))
        print(f"  {side:6}  " + "   ".join(cells))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("play", help="play the openings")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--moves", type=int, default=30)
    p.add_argument("--size", type=int, default=19)
    p.add_argument("--komi", type=float, default=7.5)
    p.add_argument("--out", required=True)
    p.add_argument("--a", required=True, help="the engine measured ({game}: the game's number)")
    p.add_argument("--b", required=True, help="its opponent")
    r = sub.add_parser("report", help="KataGo's verdict on played openings")
    r.add_argument("--answers", required=True)
    r.add_argument("--engine", default="tengen")
    r.add_argument("games", nargs="+")
    args = ap.parse_args()
    play(args) if args.what == "play" else report(args)


if __name__ == "__main__":
    main()
