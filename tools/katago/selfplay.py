#!/usr/bin/env python3
"""9x9 games played by KataGo against itself, to learn a 9x9 move model from (#33).

    tools/katago/selfplay.py --games 2000 --out DIR [--visits 16] [--opening 8] [--seed 1]
    cargo run --release -p tengen-ai --bin tengen-learn -- --games 2000 --min-large 5 \
        --out /tmp/patterns-9x9.bin DIR

Each game opens with `--opening` moves drawn from KataGo's policy (so no two games are alike),
then plays KataGo's best move at `--visits` visits a move, Chinese rules, komi 7.5; the mover
resigns below a 3% winning chance after move 20, and a game ends at two passes (its result by
KataGo's scoreLead) or at 150 moves. The games are written as SGF, game-00001.sgf and on.
Many games are asked at once, so KataGo's network evaluates them in batches (2,000 games in 20
minutes on two cores; KataGo's threads make two runs differ). A table learned from such games
ranked KataGo's move better but did not play better (docs/patterns.md, "A model for 9x9, learned
from KataGo's 9x9 games"), so none is shipped. KataGo comes from
tools/katago/build.sh; here it is a player whose moves are recorded. Neither it
nor its network is in the repository.

Python 3 standard library.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import GTP_LETTERS, KataGo, add_katago_options, gtp_to_sgf  # noqa: E402

SIZE, KOMI, MAX_MOVES, RESIGN_AFTER, RESIGN_BELOW = 9, 7.5, 150, 20, 0.03


class Game:
    """A game being played, as KataGo's query wants it."""

    size, komi, initial, initial_player = SIZE, KOMI, [], None

    def __init__(self):
        self.moves = []
        self.result = None

    @property
    def turns(self):
        return [len(self.moves)]

    def katago_rules(self):
        return "chinese"

    def to_move(self):
        return "B" if len(self.moves) % 2 == 0 else "W"

    def sgf(self):
        body = "".join(f";{c}[{gtp_to_sgf(v, SIZE)}]" for c, v in self.moves)
        return (f"(;GM[1]FF[4]CA[UTF-8]SZ[{SIZE}]KM[{KOMI}]RU[Chinese]PB[KataGo]PW[KataGo]"
                f"RE[{self.result}]{body})\n")


def policy_move(policy, rng):
    """A point drawn in proportion to KataGo's policy (legal points only, no pass)."""
    points = [(i, p) for i, p in enumerate(policy[:SIZE * SIZE]) if p > 0]
    if not points:
        return "pass"
    i = rng.choices([i for i, _ in points], weights=[p for _, p in points])[0]
    return f"{GTP_LETTERS[i % SIZE]}{SIZE - i // SIZE}"


def step(game, info, opening, rng):
    """Plays the next move of `game` from KataGo's answer; sets its result when it ends."""
    mover = game.to_move()
    black = info["winrate"]
    chance = black if mover == "B" else 1 - black
    if len(game.moves) >= RESIGN_AFTER and chance < RESIGN_BELOW:
        game.result = ("W" if mover == "B" else "B") + "+R"
        return
    if len(game.moves) < opening:
        move = policy_move(info["policy"], rng)
    else:
        move = info.get("best", "pass")
    game.moves.append([mover, move])
    two_passes = len(game.moves) >= 2 and all(v == "pass" for _, v in game.moves[-2:])
    if two_passes or len(game.moves) >= MAX_MOVES:
        lead = info["scoreLead"]
        game.result = f"B+{abs(lead):.1f}" if lead > 0 else f"W+{abs(lead):.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--opening", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--parallel", type=int, default=32, help="games asked about at once")
    add_katago_options(ap, nice=10)
    ap.set_defaults(visits=16)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    prefix = ["nice", "-n", str(args.nice)] if args.nice else []
    kata = KataGo(args.katago, args.config, args.model, SIZE, prefix,
                  extra="numAnalysisThreads=16,numSearchThreads=1,nnMaxBatchSize=16")
    started, finished, asked = 0, 0, 0
    playing = {}
    while finished < args.games:
        while started < args.games and len(playing) < args.parallel:
            started += 1
            playing[started] = Game()
        for number, game in playing.items():
            asked += 1
            kata.query(f"g{number}-{len(game.moves)}", game, args.visits, includePolicy=True)
        for number, game in list(playing.items()):
            info = kata.take(f"g{number}-{len(game.moves)}", len(game.moves))
            step(game, info, args.opening, rng)
            if game.result:
                with open(os.path.join(args.out, f"game-{number:05}.sgf"), "w") as f:
                    f.write(game.sgf())
                del playing[number]
                finished += 1
                if finished % 50 == 0:
                    print(f"{finished} games, {asked} positions", file=sys.stderr)
    kata.close()
    print(f"{finished} games in {args.out} ({asked} positions asked)", file=sys.stderr)


if __name__ == "__main__":
    main()
