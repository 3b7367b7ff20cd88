#!/usr/bin/env python3
"""Elo ratings of the computer's levels and of the yardsticks, from the games of tools/ladder.sh.

Reads every SGF file under the given directories (tengen-match writes the engines' commands as
the players' names and the result as RE), names each player by its command (`tengen-gtp --level
7` is "level 7", GNU Go's `--level 10` is "GNU Go 10", Pachi is "Pachi"), and fits a rating to
each by maximum likelihood under the Bradley–Terry model: P(i beats j) = 1 / (1 + 10^((Rj −
Ri) / 400)). Every pair that met also gets one virtual draw, so that a player who won (or lost)
every game still has a finite rating; one player is anchored at a fixed number. Prints Markdown
tables: the ratings with their standard errors, and every pairing's result.

usage: tools/elo.py [--anchor "NAME=ELO"] DIR...
"""

import argparse
import math
import os
import re
import sys


def player(command):
    """A short name for the engine a match ran as `command`."""
    level = re.search(r"--level\s+(\S+)", command)
    if "tengen-gtp" in command:
        name = level.group(1) if level else "normal"
        known = {"easy": "1", "normal": "3", "hard": "13"}
        return "level " + known.get(name, name) if name != "random" else "random"
    if "gnugo" in command:
        return "GNU Go " + (level.group(1) if level else "10")
    if "pachi" in command:
        return "Pachi"
    return command


def sgf_property(text, key):
    """The first value of property `key` in an SGF text (escaped brackets kept)."""
    m = re.search(r"(?<![A-Z])" + key + r"\[((?:[^\]\\]|\\.)*)\]", text)
    return m.group(1).replace("\\]", "]").replace("\\\\", "\\") if m else None


def games(dirs):
    """(winner, loser) names for every decided game in the SGF files under `dirs`."""
    for top in dirs:
        for root, _, files in os.walk(top):
            for name in sorted(files):
                if not name.endswith(".sgf"):
                    continue
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                    text = f.read()
                black, white, result = (sgf_property(text, k) for k in ("PB", "PW", "RE"))
                if not (black and white and result) or result[:1] not in "BW":
                    continue
                black, white = player(black), player(white)
                yield (black, white) if result[0] == "B" else (white, black)


def fit(wins, players, iterations=10000):
    """Bradley–Terry strengths by Hunter's MM algorithm; `wins[i][j]`: i's wins over j."""
    n = len(players)
    gamma = [1.0] * n
    for _ in range(iterations):
        change = 0.0
        for i in range(n):
            total = sum(wins[i][j] for j in range(n))
            denominator = sum(
                (wins[i][j] + wins[j][i]) / (gamma[i] + gamma[j]) for j in range(n) if j != i
            )
            new = total / denominator if denominator else gamma[i]
            change = max(change, abs(math.log(new / gamma[i])))
            gamma[i] = new
        if change < 1e-10:
            break
    return [400 * math.log10(g) for g in gamma]


def standard_errors(wins, elo, fixed):
    """Standard errors from the inverse of the log-likelihood's curvature, `fixed` held."""
    n = len(elo)
    scale = math.log(10) / 400
    free = [i for i in range(n) if i != fixed]
    info = [[0.0] * len(free) for _ in free]
    for a, i in enumerate(free):
        for j in range(n):
            if j == i:
                continue
            games = wins[i][j] + wins[j][i]
            p = 1 / (1 + 10 ** ((elo[j] - elo[i]) / 400))
            w = games * p * (1 - p) * scale * scale
            info[a][a] += w
            if j != fixed:
                info[a][free.index(j)] -= w
    inverse = invert(info)
    errors = [0.0] * n
    for a, i in enumerate(free):
        errors[i] = math.sqrt(inverse[a][a]) if inverse[a][a] > 0 else float("inf")
    return errors


def invert(m):
    """The inverse of a square matrix by Gauss–Jordan elimination."""
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        p = a[c][c]
        a[c] = [x / p for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[n:] for row in a]


def order(name):
    """Levels by number, then the yardsticks by name."""
    m = re.fullmatch(r"level (\d+)", name)
    return (0, int(m.group(1)), "") if m else (1, 0, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--anchor", help='NAME=ELO, e.g. "GNU Go 10=1500"; default: the lowest level at 0'
    )
    parser.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    results = list(games(args.dirs))
    if not results:
        sys.exit("elo.py: no decided games found")
    players = sorted({p for pair in results for p in pair}, key=order)
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    real = [[0] * n for _ in range(n)]
    for winner, loser in results:
        real[index[winner]][index[loser]] += 1
    # One virtual draw per pairing that was played.
    wins = [
        [real[i][j] + (0.5 if real[i][j] + real[j][i] else 0) for j in range(n)] for i in range(n)
    ]
    if not connected(real):
        # Ratings compare only players linked by games; the results are still worth a table.
        print("The players do not form one connected set of games: no ratings.\n")
        pairings(real, players, None)
        return
    anchor_name, _, anchor_elo = (args.anchor or f"{players[0]}=0").rpartition("=")
    if anchor_name not in index:
        sys.exit(f"elo.py: the anchor {anchor_name!r} played no game here")
    fixed = index[anchor_name]
    elo = fit(wins, players)
    shift = float(anchor_elo) - elo[fixed]
    elo = [e + shift for e in elo]
    errors = standard_errors(wins, elo, fixed)

    print("| player | Elo | ± (one standard error) | games | wins |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for p in players:
        i = index[p]
        played = sum(real[i][j] + real[j][i] for j in range(n))
        won = sum(real[i])
        error = "anchor" if i == fixed else f"{errors[i]:.0f}"
        print(f"| {p} | {elo[i]:.0f} | {error} | {played} | {won} |")
    print()
    pairings(real, players, elo)


def connected(real):
    """Whether every player is linked to every other by games."""
    n = len(real)
    seen, stack = {0}, [0]
    while stack:
        i = stack.pop()
        for j in range(n):
            if j not in seen and real[i][j] + real[j][i]:
                seen.add(j)
                stack.append(j)
    return len(seen) == n


def pairings(real, players, elo):
    """Every pairing's result, the later player in `players` first, with the fitted gap."""
    n = len(players)
    print("| pairing | games | first wins | % |" + (" Elo difference |" if elo else ""))
    print("| --- | ---: | ---: | ---: |" + (" ---: |" if elo else ""))
    for i in range(n):
        for j in range(i):
            games_played = real[i][j] + real[j][i]
            if games_played:
                row = (
                    f"| {players[i]} – {players[j]} | {games_played} | {real[i][j]} | "
                    f"{100 * real[i][j] / games_played:.0f}% |"
                )
                print(row + (f" {round(elo[i] - elo[j]) + 0:+d} |" if elo else ""))


if __name__ == "__main__":
    main()
