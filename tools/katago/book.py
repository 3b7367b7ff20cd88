#!/usr/bin/env python3
"""The 9x9 opening book of the hard level (#33): KataGo's choices in the openings hard is most
likely to meet, written to crates/ai/data/book-9x9.txt.

    tools/katago/book.py --out crates/ai/data/book-9x9.txt   # 1,000 positions, 15 minutes

Best first by how likely a position is to be reached: from the empty board (hard as Black) and
from the empty board with the opponent to move (hard as White), the opponent's replies are the
moves KataGo's network gives at least --min-prior (at most --replies of them), each reached with
its prior times the chance of the position before; where hard is to move, KataGo searches
--visits visits and the book keeps its most visited move and any other within --margin of its
winrate (at least a fifth of its visits; at most --alternatives), hard choosing among them at
random. --positions of hard's positions are searched, none deeper than --depth moves. Chinese
rules, komi 7.5, as the matches against Pachi; the book is used for 9x9 games without handicap
(crates/ai/src/book.rs).

Each line: the position as 81 characters (rows from the top, `X` Black, `O` White, `.` empty)
in the one of its eight symmetries that comes first alphabetically, the colour to move, and the
book's moves in that symmetry. KataGo is an instrument here as in judge.py: neither it nor its
network is in the repository, only the moves it chose (docs/patterns.md, "An opening book for 9x9").

Python 3 standard library; KataGo from tools/katago/build.sh.
"""

import argparse
import heapq
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from judge import GTP_LETTERS, KataGo, add_katago_options  # noqa: E402
from selfplay import SIZE, Game  # noqa: E402  (a 9x9 game as KataGo's query wants it)



def transform(x, y, t):
    """Point (x, y) (column, row from the top) under symmetry t of eight; the same as
    `Symmetry::apply` in crates/ai/src/book.rs."""
    if t & 1:
        x = SIZE - 1 - x
    if t & 2:
        y = SIZE - 1 - y
    if t & 4:
        x, y = y, x
    return x, y


def to_gtp(x, y):
    return f"{GTP_LETTERS[x]}{SIZE - y}"


def from_gtp(v):
    return GTP_LETTERS.index(v[0].upper()), SIZE - int(v[1:])


class Position:
    """Stones after a list of moves (captures taken), and whose turn it is."""

    def __init__(self, moves):
        self.moves = moves
        self.stones = {}
        for color, v in moves:
            if v.lower() != "pass":
                self.place(color, from_gtp(v))

    def to_move(self):
        return "B" if len(self.moves) % 2 == 0 else "W"

    def place(self, color, p):
        self.stones[p] = color
        for n in self.neighbours(p):
            if self.stones.get(n) not in (None, color) and not self.liberties(n):
                for q in self.chain(n):
                    del self.stones[q]

    @staticmethod
    def neighbours(p):
        x, y = p
        return [(a, b) for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
                if 0 <= a < SIZE and 0 <= b < SIZE]

    def chain(self, p):
        color, seen, todo = self.stones[p], {p}, [p]
        while todo:
            for n in self.neighbours(todo.pop()):
                if n not in seen and self.stones.get(n) == color:
                    seen.add(n)
                    todo.append(n)
        return seen

    def liberties(self, p):
        return {n for q in self.chain(p) for n in self.neighbours(q) if n not in self.stones}

    def key(self, t):
        cells = ["."] * (SIZE * SIZE)
        for (x, y), color in self.stones.items():
            a, b = transform(x, y, t)
            cells[b * SIZE + a] = "X" if color == "B" else "O"
        return "".join(cells) + " " + self.to_move()

    def canonical(self):
        """(key, symmetry): the first of the eight keys alphabetically, and which one it is."""
        return min((self.key(t), t) for t in range(8))


def book_moves(info, mover, margin, alternatives):
    """KataGo's most visited move and those within `margin` of its winrate for the mover."""
    infos = [m for m in info["moveInfos"] if m["move"].lower() != "pass"]
    if not infos:
        return []
    sign = 1 if mover == "B" else -1
    best = infos[0]
    chosen = [m["move"] for m in infos
              if m["visits"] * 5 >= best["visits"]
              and sign * (best["winrate"] - m["winrate"]) <= margin]
    return chosen[:alternatives]


def replies(pos, info, min_prior, most):
    """The opponent's likely moves by KataGo's policy: [(move, prior)], the moves to one
    position in another symmetry counted together (on the empty board a 3-4 point's prior is
    shared by eight points)."""
    policy = info["policy"][:SIZE * SIZE]
    by_key = {}
    for i, p in enumerate(policy):
        if p <= 0:
            continue
        v = to_gtp(i % SIZE, i // SIZE)
        key = Position(pos.moves + [(pos.to_move(), v)]).canonical()[0]
        move, total = by_key.get(key, (v, 0.0))
        by_key[key] = (move, total + p)
    ranked = sorted(by_key.values(), key=lambda mp: -mp[1])
    return [(v, p) for v, p in ranked[:most] if p >= min_prior]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_katago_options(ap, nice=0)
    ap.set_defaults(visits=800)
    ap.add_argument("--positions", type=int, default=1000, help="hard's positions searched")
    ap.add_argument("--depth", type=int, default=14, help="no book move after this many moves")
    ap.add_argument("--min-prior", type=float, default=0.03)
    ap.add_argument("--replies", type=int, default=8)
    ap.add_argument("--margin", type=float, default=0.01)
    ap.add_argument("--alternatives", type=int, default=2)
    ap.add_argument("--batch", type=int, default=8, help="positions asked of KataGo at once")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    prefix = ["nice", "-n", str(args.nice)] if args.nice else []
    kata = KataGo(args.katago, args.config, args.model, SIZE, prefix,
                  extra="numAnalysisThreads=4,numSearchThreads=1", move_infos=True)
    started = time.time()
    # Best first by the chance of being reached: (-chance, serial, moves, hard's colour).
    frontier = [(-1.0, 0, (), "B"), (-1.0, 1, (), "W")]
    serial, seen, book, searched = 2, set(), {}, 0
    while frontier and searched < args.positions:
        wave = []
        while frontier and len(wave) < args.batch:
            chance, _, moves, hard = heapq.heappop(frontier)
            pos = Position(list(moves))
            key = (pos.canonical()[0], hard)
            if key in seen:
                continue
            seen.add(key)
            wave.append((-chance, pos, hard))
        for k, (_, pos, hard) in enumerate(wave):
            ours = pos.to_move() == hard
            game = Game()
            game.moves = [[c, v] for c, v in pos.moves]
            kata.query(f"q{k}", game, args.visits if ours else 1, includePolicy=True)
        for k, (chance, pos, hard) in enumerate(wave):
            info = kata.take(f"q{k}", len(pos.moves))
            mover = pos.to_move()
            if mover == hard:
                searched += 1
                chosen = book_moves(info, mover, args.margin, args.alternatives)
                if not chosen:
                    continue
                key, t = pos.canonical()
                book[key] = [to_gtp(*transform(*from_gtp(v), t)) for v in chosen]
                children = [(v, chance / len(chosen)) for v in chosen]
            else:
                children = replies(pos, info, args.min_prior, args.replies)
            if len(pos.moves) + 1 >= args.depth:
                continue
            for v, p in children:
                serial += 1
                heapq.heappush(frontier, (-p if mover == hard else -chance * p, serial,
                                          tuple(pos.moves) + ((mover, v),), hard))
        print(f"{searched} searched, {len(book)} in the book, reached with {wave[-1][0]:.4f} "
              f"at move {len(wave[-1][1].moves) + 1}, {time.time() - started:.0f} s",
              file=sys.stderr, flush=True)
    kata.close()

    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(f"# tools/katago/book.py --positions {args.positions} --visits {args.visits} "
                f"--depth {args.depth} --min-prior {args.min_prior} --replies {args.replies} "
                f"--margin {args.margin} --alternatives {args.alternatives}\n")
        for key in sorted(book):
            f.write(f"{key} {','.join(book[key])}\n")
    print(f"{len(book)} positions written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
