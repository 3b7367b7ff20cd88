#!/usr/bin/env python3
"""KataGo as an outside judge of Tengen's position judgement and review analysis (issue #31).

    tools/katago/judge.py [options] GAME.sgf ...

For every position of every finished game (after 0, 1, 2, ... moves; a position after the two
closing passes is left out, the game being over there) it asks

  * Tengen's GTP engine (tengen-gtp): `estimate_score` (its position judgement, "B+4.5") and
    `tengen-analyse` (the review's analysis: Black's chance 0..1, the best move, Black's lead
    after it), the position
    set up with `loadsgf FILE n`;
  * KataGo's analysis engine: one query per game with analyzeTurns for all positions, giving
    rootInfo.scoreLead and rootInfo.winrate from Black's point of view
    (reportAnalysisWinratesAs = BLACK is forced on the command line).

and reports, per board size:

  a. judgement: the share of positions where the leader agrees, among positions where
     |KataGo's lead| >= 3 (goal >= 85%); the mean absolute difference of the lead (goal <= 3
     points on 9x9); the mean signed difference (Tengen - KataGo, > 0: Tengen too fond of
     Black); by game phase (moves 0-20, 21-40, 41+).
  b. review analysis: a move is Tengen's mistake when the mover's chance fell by >= 0.15 from
     the position before to the one after or the mover's lead after the best move (both by
     tengen-analyse; the lead is the middle of the simulations' counts) by >= 4.5 points on 9x9
     (x side/9 on larger boards), unless it was the move the analysis preferred (and the first
     four moves by the chance alone):
     the review's rule (crates/ai/src/analysis.rs); KataGo's when the mover's winrate fell by
     >= 0.15 or the mover's scoreLead by >= 5 points. Recall (of KataGo's mistakes, the share
     Tengen lists; goal >= 70%) and precision (of Tengen's, the share KataGo agrees with; goal
     >= 70%).

With --answers DIR, KataGo's answers are kept per game (named by the file's content) and read
back: tools/katago/answers/ holds them for the games in tools/katago/games/, so those need no
KataGo. With --katago-only, Tengen is not asked: KataGo's answers are kept and each side's
mistakes by KataGo listed (games lost to another program). Python 3 standard library only.
KataGo itself comes from tools/katago/build.sh.
"""

import argparse
import hashlib
import json
import math
import os
import queue
import subprocess
import sys
import threading
import time

HOME = os.path.expanduser("~")
DEFAULT_KATAGO_DIR = os.path.join(HOME, ".cache", "katago")
DEFAULT_KATAGO = os.path.join(DEFAULT_KATAGO_DIR, "src", "cpp", "build", "katago")
DEFAULT_MODEL = os.path.join(DEFAULT_KATAGO_DIR, "g170-b6c96-s175395328-d26788732.bin.gz")
DEFAULT_CONFIG = os.path.join(DEFAULT_KATAGO_DIR, "analysis.cfg")
DEFAULT_TENGEN = os.path.join(HOME, ".cache", "tengen-target-katago", "release", "tengen-gtp")

LEAD_DECIDED = 3.0  # |KataGo lead| from which the leader is compared
MISTAKE_CHANCE = 0.15  # a fall in the mover's chance (Tengen) or winrate (KataGo)
MISTAKE_POINTS = 5.0  # a fall in the mover's scoreLead (KataGo)
# A fall in the mover's lead by tengen-analyse, by board size (mistake_points in
# crates/ai/src/analysis.rs): the review adds the fall in chance over MISTAKE_CHANCE to the fall
# in lead over this, and lists the move from a sum of 1.
TENGEN_MISTAKE_POINTS = {9: 6.75, 13: 6.5, 19: 9.5}
OPENING_UNJUDGED_BY_POINTS = 4  # moves judged by the chance alone
PHASES = [("0-20", 0, 20), ("21-40", 21, 40), ("41+", 41, 10**9)]

# KataGo's visits per position by board size (up to 9x9, up to 13x13, larger). Modest: on two
# busy cores a 9x9 position at 200 visits takes about half a second.
DEFAULT_VISITS = {9: 200, 13: 150, 19: 100}

GTP_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


# --- SGF ---------------------------------------------------------------------------------------


def parse_sgf(text):
    """The main line of the first game of an SGF collection: a list of nodes, each a dict of
    property -> [values]. Variations other than the first at each branch are skipped."""
    pos = 0
    n = len(text)

    def skip_ws():
        nonlocal pos
        while pos < n and text[pos].isspace():
            pos += 1

    def node():
        nonlocal pos
        pos += 1  # ';'
        props = {}
        while True:
            skip_ws()
            j = pos
            while j < n and text[j].isalpha():
                j += 1
            if j == pos or j >= n or text[j] != "[":
                return props
            ident = "".join(ch for ch in text[pos:j] if ch.isupper())
            pos = j
            values = []
            while True:
                skip_ws()
                if pos >= n or text[pos] != "[":
                    break
                pos += 1
                buf = []
                while pos < n and text[pos] != "]":
                    if text[pos] == "\\" and pos + 1 < n:
                        pos += 1
                    buf.append(text[pos])
                    pos += 1
                pos += 1
                values.append("".join(buf))
            props.setdefault(ident, []).extend(values)

    def tree():
        """A game tree at text[pos] == '(': its main line."""
        nonlocal pos
        pos += 1
        line = []
        first_child = None
        while pos < n:
            skip_ws()
            if pos >= n:
                break
            c = text[pos]
            if c == ";" and first_child is None:
                line.append(node())
            elif c == "(":
                sub = tree()
                if first_child is None:
                    first_child = sub
            elif c == ")":
                pos += 1
                break
            else:
                pos += 1
        return line + (first_child or [])

    while pos < n and text[pos] != "(":
        pos += 1
    return tree() if pos < n else []


def expand_points(values):
    """SGF point values, compressed rectangles ("aa:cc") expanded."""
    out = []
    for v in values:
        if ":" in v:
            a, b = v.split(":", 1)
            c0, c1 = sorted((ord(a[0]), ord(b[0])))
            r0, r1 = sorted((ord(a[1]), ord(b[1])))
            for c in range(c0, c1 + 1):
                for r in range(r0, r1 + 1):
                    out.append(chr(c) + chr(r))
        else:
            out.append(v)
    return out


def sgf_to_gtp(v, size):
    """"dd" -> "D16" on 19x19; "" or "tt" (on <= 19) -> "pass"."""
    if v == "" or (v == "tt" and size <= 19):
        return "pass"
    col = ord(v[0]) - ord("a")
    row = ord(v[1]) - ord("a")
    return f"{GTP_LETTERS[col]}{size - row}"


def gtp_to_sgf(v, size):
    """"D16" -> "dd" on 19x19; "pass" -> ""."""
    if v.lower() == "pass":
        return ""
    col = GTP_LETTERS.index(v[0].upper())
    row = size - int(v[1:])
    return chr(ord("a") + col) + chr(ord("a") + row)


def mean_and_error(xs):
    """The mean of `xs` and its standard error (nan for a single value)."""
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("nan")
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, sd / math.sqrt(len(xs))


class Game:
    def __init__(self, path):
        self.path = os.path.abspath(path)
        with open(path, "rb") as f:
            raw = f.read()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        nodes = parse_sgf(text)
        if not nodes:
            raise ValueError(f"{path}: no SGF game")
        root = nodes[0]
        sz = root.get("SZ", ["19"])[0]
        self.size = int(sz.split(":")[0])
        self.komi = float(root.get("KM", ["7.5"])[0] or 7.5)
        self.rules_name = (root.get("RU", ["Chinese"])[0] or "Chinese").strip()
        self.handicap = int(root.get("HA", ["0"])[0] or 0)
        self.result = root.get("RE", [""])[0]
        self.players = {c: root.get("P" + c, [""])[0] for c in "BW"}
        self.initial = []  # [color, vertex]
        self.moves = []  # [color, vertex]
        for node in nodes:
            for prop, color in (("AB", "B"), ("AW", "W")):
                if prop in node:
                    if self.moves:
                        raise ValueError(f"{path}: set-up stones after moves are not handled")
                    for v in expand_points(node[prop]):
                        self.initial.append([color, sgf_to_gtp(v, self.size)])
            for prop in ("B", "W"):
                if prop in node:
                    self.moves.append([prop, sgf_to_gtp(node[prop][0], self.size)])
        # Who moves first: the first move's colour; White after handicap stones with no moves.
        if self.moves:
            self.initial_player = self.moves[0][0]
        elif self.initial and self.handicap >= 2:
            self.initial_player = "W"
        else:
            self.initial_player = None
        # Positions judged: after 0..N moves, minus the final one when two passes ended play.
        n = len(self.moves)
        last = n
        if n >= 2 and self.moves[-1][1] == "pass" and self.moves[-2][1] == "pass":
            last = n - 1
        self.turns = list(range(0, last + 1))

    def katago_rules(self):
        r = self.rules_name.lower()
        for name in ("chinese", "japanese", "korean", "aga", "new-zealand", "tromp-taylor"):
            if r.startswith(name.split("-")[0]):
                return name
        if r in ("nz", "newzealand"):
            return "new-zealand"
        return "chinese"


# --- engines -----------------------------------------------------------------------------------


class Gtp:
    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1,
        )

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"tengen-gtp ended on {command!r}")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        text = "\n".join(lines)
        ok = text.startswith("=")
        body = text[1:].strip()
        if not ok:
            raise RuntimeError(f"tengen-gtp: {command!r} -> {text!r}")
        return body

    def close(self):
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def parse_outcome(s):
    """"B+4.5" -> 4.5, "W+0.5" -> -0.5, "0" -> 0 (Black's lead)."""
    s = s.strip()
    if s in ("0", "Draw", "Jigo"):
        return 0.0
    color, _, margin = s.partition("+")
    value = float(margin)
    return value if color.upper() == "B" else -value


class KataGo:
    """One KataGo analysis process; queries go in at once, answers are collected by a thread."""

    def __init__(self, katago, config, model, size, prefix=(), extra="", move_infos=False):
        # Logs (logDir in the config) go next to the config, not into the current directory.
        cwd = os.path.dirname(os.path.abspath(config)) or "."
        # Scores from Black's point of view whatever the config says; net buffers the size of
        # the board (one process per board size: a 9x9 position in 19x19 buffers costs as much
        # as a 19x19 one).
        overrides = (f"reportAnalysisWinratesAs=BLACK,maxBoardXSizeForNNBuffer={size},"
                     f"maxBoardYSizeForNNBuffer={size},requireMaxBoardSize=true")
        if extra:  # further config overrides, "key=value,..."
            overrides += "," + extra
        self.proc = subprocess.Popen(
            list(prefix) + [katago, "analysis", "-config", os.path.abspath(config), "-model",
                            os.path.abspath(model), "-override-config", overrides],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1, cwd=cwd,
        )
        self.move_infos = move_infos  # keep every answer's moveInfos (book.py)
        self.answers = {}  # id -> {turn: rootInfo}
        self.errors = {}
        self.cond = threading.Condition()
        self.stderr_tail = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            line = line.strip()
            if not line.startswith("{"):
                continue
            msg = json.loads(line)
            with self.cond:
                qid = msg.get("id")
                if "error" in msg:
                    self.errors[qid] = msg["error"]
                elif "rootInfo" in msg and not msg.get("isDuringSearch", False):
                    info = dict(msg["rootInfo"])
                    if "policy" in msg:
                        info["policy"] = msg["policy"]  # asked for by selfplay.py
                    if msg.get("moveInfos"):
                        # Its most visited move (not kept with the answers: save_answers).
                        info["best"] = msg["moveInfos"][0]["move"]
                        if self.move_infos:
                            info["moveInfos"] = msg["moveInfos"]
                    self.answers.setdefault(qid, {})[msg["turnNumber"]] = info
                self.cond.notify_all()
        with self.cond:
            self.errors.setdefault("__process__", "KataGo ended")
            self.cond.notify_all()

    def _read_err(self):
        for line in self.proc.stderr:
            self.stderr_tail = (self.stderr_tail + [line.rstrip()])[-20:]

    def query(self, qid, game, visits, **extra):
        q = {
            "id": qid,
            "initialStones": game.initial,
            "moves": game.moves,
            "rules": game.katago_rules(),
            "komi": game.komi,
            "boardXSize": game.size,
            "boardYSize": game.size,
            "analyzeTurns": game.turns,
            "maxVisits": visits,
        }
        if game.initial_player:
            q["initialPlayer"] = game.initial_player
        q.update(extra)
        self.proc.stdin.write(json.dumps(q) + "\n")
        self.proc.stdin.flush()

    def wait(self, qid, turns):
        with self.cond:
            while True:
                if qid in self.errors:
                    raise RuntimeError(f"KataGo: {self.errors[qid]}")
                if "__process__" in self.errors:
                    raise RuntimeError("KataGo ended: " + " | ".join(self.stderr_tail))
                got = self.answers.get(qid, {})
                if all(t in got for t in turns):
                    return got
                self.cond.wait(timeout=5)

    def take(self, qid, turn):
        """The answer for one turn of `qid`, forgotten once read (long runs ask many)."""
        info = self.wait(qid, [turn])[turn]
        with self.cond:
            del self.answers[qid]
        return info

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()


def answers_path(directory, game, visits):
    """Where KataGo's answers for `game` at `visits` are kept: named by the record's content, so
    a changed file is asked again."""
    with open(game.path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    name = os.path.splitext(os.path.basename(game.path))[0]
    return os.path.join(directory, f"{name}-{digest}-v{visits}.json")


def load_answers(directory, game, visits):
    """{turn: rootInfo} kept for `game`, or None."""
    if not directory:
        return None
    try:
        with open(answers_path(directory, game, visits)) as f:
            kept = {int(t): info for t, info in json.load(f)["turns"].items()}
    except (OSError, ValueError, KeyError):
        return None
    return kept if all(t in kept for t in game.turns) else None


def save_answers(directory, game, visits, answers):
    if not directory:
        return
    os.makedirs(directory, exist_ok=True)
    kept = {t: {k: round(answers[t][k], 4) for k in ("scoreLead", "winrate", "visits")
                if k in answers[t]}
            for t in game.turns}
    with open(answers_path(directory, game, visits), "w") as f:
        json.dump({"game": os.path.basename(game.path), "visits": visits, "turns": kept}, f)


class Answers:
    """KataGo's answers for the games of one board size (`sized`: [(key, game)]): those kept
    under `args.answers` are read, the others asked of one KataGo process at once, which works
    through them in the background, and kept when they come."""

    def __init__(self, args, sized, size, visits, prefix):
        self.directory, self.visits = args.answers, visits
        self.kept = {k: load_answers(self.directory, g, visits) for k, g in sized}
        asked = [(k, g) for k, g in sized if self.kept[k] is None]
        self.kata = KataGo(args.katago, args.config, args.model, size, prefix) if asked else None
        for k, g in asked:
            self.kata.query(f"g{k}", g, visits)

    def of(self, k, game):
        """{turn: rootInfo} for game `k`, waiting for KataGo if it was asked."""
        if self.kept[k] is None:
            self.kept[k] = self.kata.wait(f"g{k}", game.turns)
            save_answers(self.directory, game, self.visits, self.kept[k])
        return self.kept[k]

    def close(self):
        if self.kata:
            self.kata.close()


def add_katago_options(ap, nice):
    """The options moves.py and screen.py share: KataGo's binary, config, network and visits
    a position (one number: they ask about one board size), nice, and a JSON file to write."""
    ap.add_argument("--katago", default=DEFAULT_KATAGO)
    ap.add_argument("--config", default=DEFAULT_CONFIG)
    ap.add_argument("--model", default=DEFAULT_MODEL)
    ap.add_argument("--visits", type=int, default=200)
    ap.add_argument("--nice", type=int, default=nice)
    ap.add_argument("--json")


# --- measuring ---------------------------------------------------------------------------------


def tengen_positions(gtp, game):
    """{turn: (Black's lead by estimate_score, Black's chance by tengen-analyse, best move,
    Black's lead after it by tengen-analyse)}."""
    out = {}
    n = len(game.moves)
    for t in game.turns:
        if t < n:
            gtp.ask(f"loadsgf {game.path} {t + 1}")
        else:
            gtp.ask(f"loadsgf {game.path}")
        lead = parse_outcome(gtp.ask("estimate_score"))
        chance, best, after_best = gtp.ask("tengen-analyse").split()
        out[t] = (lead, float(chance), best, float(after_best))
    return out


def tengen_mistake_points(size):
    return TENGEN_MISTAKE_POINTS[9 if size <= 9 else 13 if size <= 13 else 19]


def tengen_weight(i, size, chance_loss, points_loss):
    """How big the review judges move i + 1 (`Mistake::weight` in crates/ai/src/analysis.rs):
    its fall in chance over MISTAKE_CHANCE plus its fall in lead over the board's bar (rises
    count as nothing); a mistake from 1."""
    points = max(points_loss, 0.0) if points_judged(i) else 0.0
    return max(chance_loss, 0.0) / MISTAKE_CHANCE + points / tengen_mistake_points(size)


def mover_sign(color):
    return 1.0 if color == "B" else -1.0


def katago_mistake(winrate_loss, points_loss):
    """Whether a move is a mistake by KataGo: the mover lost >= MISTAKE_CHANCE of its winrate
    or >= MISTAKE_POINTS of its scoreLead."""
    return winrate_loss >= MISTAKE_CHANCE or points_loss >= MISTAKE_POINTS


def points_judged(i):
    """Whether the review judges move i + 1 by points too (OPENING_UNJUDGED_BY_POINTS in
    crates/ai/src/analysis.rs: not the first four moves)."""
    return i >= OPENING_UNJUDGED_BY_POINTS


def compare_game(game, tengen, kata):
    """Per-position and per-move records of one game."""
    positions = []
    for t in game.turns:
        lead, chance, best, search_lead = tengen[t]
        ri = kata[t]
        positions.append({
            "turn": t,
            "tengen_lead": lead,
            "tengen_chance": chance,
            "tengen_best": best,
            "tengen_search_lead": search_lead,
            "katago_lead": ri["scoreLead"],
            "katago_winrate": ri["winrate"],
            "katago_visits": ri.get("visits"),
        })
    by_turn = {p["turn"]: p for p in positions}
    moves = []
    for i, (color, vertex) in enumerate(game.moves):
        before, after = by_turn.get(i), by_turn.get(i + 1)
        if before is None or after is None:
            continue
        s = mover_sign(color)
        t_loss = s * (before["tengen_chance"] - after["tengen_chance"])
        t_pt_loss = s * (before["tengen_search_lead"] - after["tengen_search_lead"])
        k_wr_loss = s * (before["katago_winrate"] - after["katago_winrate"])
        k_pt_loss = s * (before["katago_lead"] - after["katago_lead"])
        moves.append({
            "number": i + 1,
            "color": color,
            "move": vertex,
            "tengen_loss": t_loss,
            "tengen_points_loss": t_pt_loss,
            "katago_winrate_loss": k_wr_loss,
            "katago_points_loss": k_pt_loss,
            # The review never calls the move it preferred itself a mistake.
            "tengen_mistake": (vertex.upper() != before["tengen_best"].upper()
                               and tengen_weight(i, game.size, t_loss, t_pt_loss) >= 1.0),
            "katago_mistake": katago_mistake(k_wr_loss, k_pt_loss),
        })
    return positions, moves


def pct(a, b):
    return f"{100.0 * a / b:5.1f}%" if b else "   n/a"


def summarize(size, games):
    """Lines of the summary table for one board size."""
    pos = [p for g in games for p in g["positions"]]
    mv = [m for g in games for m in g["moves"]]
    lines = []
    lines.append(f"== {size}x{size}: {len(games)} games, {len(pos)} positions, {len(mv)} moves")
    lines.append("")
    lines.append("a. position judgement (estimate_score vs KataGo scoreLead, Black's view)")
    lines.append(f"   {'phase':<8} {'positions':>9} {'decided':>8} {'leader agrees':>14} "
                 f"{'mean |diff|':>11} {'mean diff':>10} {'median |diff|':>13}")
    rows = [("all", 0, 10**9)] + PHASES
    for name, lo, hi in rows:
        ps = [p for p in pos if lo <= p["turn"] <= hi]
        if not ps:
            continue
        decided = [p for p in ps if abs(p["katago_lead"]) >= LEAD_DECIDED]
        agree = [p for p in decided
                 if (p["tengen_lead"] > 0) == (p["katago_lead"] > 0) and p["tengen_lead"] != 0]
        diffs = [p["tengen_lead"] - p["katago_lead"] for p in ps]
        absd = sorted(abs(d) for d in diffs)
        med = absd[len(absd) // 2]
        lines.append(f"   {name:<8} {len(ps):>9} {len(decided):>8} "
                     f"{pct(len(agree), len(decided)):>7} ({len(agree)}/{len(decided)}) "
                     f"{sum(absd) / len(absd):>8.2f} {sum(diffs) / len(diffs):>+10.2f} {med:>13.2f}")
    # Tengen's review chance against KataGo's winrate, for context.
    wr_diff = [abs(p["tengen_chance"] - p["katago_winrate"]) for p in pos]
    clear = [p for p in pos if abs(p["katago_winrate"] - 0.5) >= 0.25]
    clear_agree = [p for p in clear
                   if (p["tengen_chance"] > 0.5) == (p["katago_winrate"] > 0.5)]
    lines.append(f"   review chance vs KataGo winrate: mean |diff| {sum(wr_diff) / len(wr_diff):.3f}; "
                 f"favourite agrees where KataGo's winrate is <= 0.25 or >= 0.75: "
                 f"{pct(len(clear_agree), len(clear)).strip()} ({len(clear_agree)}/{len(clear)})")
    lines.append("")
    lines.append(f"b. review analysis: mistakes (mover's chance -0.15 or lead -{tengen_mistake_points(size):g} for Tengen; "
                 "winrate -0.15 or lead -5 for KataGo)")
    k = [m for m in mv if m["katago_mistake"]]
    t = [m for m in mv if m["tengen_mistake"]]
    both = [m for m in mv if m["katago_mistake"] and m["tengen_mistake"]]
    lines.append(f"   KataGo's mistakes {len(k)}, Tengen's {len(t)}, both {len(both)}")
    lines.append(f"   recall    {pct(len(both), len(k))} ({len(both)}/{len(k)})   goal >= 70%")
    lines.append(f"   precision {pct(len(both), len(t))} ({len(both)}/{len(t)})   goal >= 70%")
    for name, lo, hi in PHASES:
        ms = [m for m in mv if lo <= m["number"] <= hi]
        kk = sum(1 for m in ms if m["katago_mistake"])
        tt = sum(1 for m in ms if m["tengen_mistake"])
        bb = sum(1 for m in ms if m["katago_mistake"] and m["tengen_mistake"])
        lines.append(f"   moves {name:<6} KataGo {kk:>3}  Tengen {tt:>3}  both {bb:>3}  "
                     f"recall {pct(bb, kk).strip()}  precision {pct(bb, tt).strip()}")
    return lines


def katago_only(args, games, visits_for, prefix):
    """KataGo's answers for `games` (kept with --answers) and, per game and side, the moves it
    calls mistakes: the biggest first."""
    for size in sorted({g.size for g in games}):
        sized = [(k, g) for k, g in enumerate(games) if g.size == size]
        answers = Answers(args, sized, size, visits_for(size), prefix)
        try:
            for k, g in sized:
                kg = answers.of(k, g)
                lines = []
                for color in "BW":
                    found = []
                    for i, (c, vertex) in enumerate(g.moves):
                        if c != color or i + 1 not in kg:
                            continue
                        s = mover_sign(c)
                        points = s * (kg[i]["scoreLead"] - kg[i + 1]["scoreLead"])
                        chance = s * (kg[i]["winrate"] - kg[i + 1]["winrate"])
                        if katago_mistake(chance, points):
                            found.append((points, i + 1, vertex, chance))
                    found.sort(reverse=True)
                    top = ", ".join(f"{n} {v} -{p:.1f} ({-c:+.2f})" for p, n, v, c in found[:5])
                    lines.append(f"  {color}: {len(found)} mistakes; biggest {top}")
                print(f"{g.path} ({g.result}, {len(g.moves)} moves)")
                print("\n".join(lines), flush=True)
        finally:
            answers.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="+", help="SGF files of finished games")
    ap.add_argument("--tengen", default=DEFAULT_TENGEN, help="tengen-gtp binary (%(default)s)")
    ap.add_argument("--tengen-args", default="--level hard",
                    help="arguments for tengen-gtp (%(default)s)")
    ap.add_argument("--katago", default=DEFAULT_KATAGO, help="katago binary (%(default)s)")
    ap.add_argument("--config", default=DEFAULT_CONFIG, help="KataGo analysis config (%(default)s)")
    ap.add_argument("--model", default=DEFAULT_MODEL, help="KataGo network (%(default)s)")
    ap.add_argument("--visits", default="",
                    help="KataGo visits per position: N for every board size, or SIZE=N,... "
                         "(default: " + ", ".join(f"{k}x{k}: {v}" for k, v in DEFAULT_VISITS.items())
                         + ", other sizes as the next larger)")
    ap.add_argument("--nice", type=int, default=15,
                    help="run both engines under nice -n N (0: not at all; default %(default)s)")
    ap.add_argument("--json", help="write every position and move compared to this file")
    ap.add_argument("--answers", help="a directory keeping KataGo's answers per game and "
                    "visits: read when there, written when asked (then KataGo is not needed)")
    ap.add_argument("--katago-only", action="store_true",
                    help="only ask KataGo (and keep its answers with --answers): each side's "
                         "mistakes by KataGo, no Tengen")
    ap.add_argument("--quiet", action="store_true", help="no per-game progress lines")
    args = ap.parse_args()

    visits = dict(DEFAULT_VISITS)
    if args.visits:
        try:
            if "=" in args.visits:
                for item in args.visits.split(","):
                    k, v = item.split("=")
                    visits[int(k)] = int(v)
            else:
                visits = {k: int(args.visits) for k in visits}
        except ValueError:
            sys.exit(f"bad --visits {args.visits!r}")

    def visits_for(size):
        for k in sorted(visits):
            if size <= k:
                return visits[k]
        return visits[max(visits)]

    prefix = ["nice", "-n", str(args.nice)] if args.nice else []
    games = [Game(p) for p in args.games]
    needed = [] if args.katago_only else [(args.tengen, "tengen-gtp")]
    kept = sum(load_answers(args.answers, g, visits_for(g.size)) is not None for g in games)
    if kept < len(games):
        needed += [(args.katago, "katago"), (args.config, "config"), (args.model, "model")]
    for path, what in needed:
        if not os.path.exists(path):
            sys.exit(f"{what} not found: {path} (see tools/katago/build.sh and docs/katago.md)")

    if args.katago_only:
        katago_only(args, games, visits_for, prefix)
        return
    start = time.time()
    gtp = Gtp(prefix + [args.tengen] + args.tengen_args.split())
    results = []
    minutes = {}
    try:
        for size in sorted({g.size for g in games}):
            size_start = time.time()
            sized = [(k, g) for k, g in enumerate(games) if g.size == size]
            # KataGo works through its queries in the background while Tengen judges the
            # positions.
            answers = Answers(args, sized, size, visits_for(size), prefix)
            try:
                for k, g in sized:
                    t0 = time.time()
                    tengen = tengen_positions(gtp, g)
                    t1 = time.time()
                    kg = answers.of(k, g)
                    t2 = time.time()
                    positions, moves = compare_game(g, tengen, kg)
                    results.append({"path": g.path, "size": g.size, "komi": g.komi,
                                    "rules": g.rules_name, "result": g.result,
                                    "visits": visits_for(g.size),
                                    "positions": positions, "moves": moves})
                    if not args.quiet:
                        print(f"[{time.time() - start:7.1f}s] {g.path}: {g.size}x{g.size} "
                              f"{len(g.moves)} moves, Tengen {t1 - t0:.1f}s, "
                              f"then waited {t2 - t1:.1f}s for KataGo", file=sys.stderr, flush=True)
            finally:
                answers.close()
            minutes[size] = (time.time() - size_start) / 60
    finally:
        gtp.close()
    elapsed = time.time() - start

    out = []
    # Kept answers do not say which network gave them: the header says which games they are.
    from_kept = f"; {kept} of them from answers kept in {args.answers}" if kept else ""
    out.append(f"KataGo judge: {len(games)} games in {elapsed / 60:.1f} min "
               f"(tengen-gtp {args.tengen_args}; KataGo {os.path.basename(args.model)}, "
               f"visits " + ", ".join(f"{s}x{s}: {visits_for(s)}" for s in sorted(minutes))
               + from_kept + ")")
    for size in sorted({r["size"] for r in results}):
        out.append("")
        out.append(f"-- {size}x{size} took {minutes[size]:.1f} min")
        out.extend(summarize(size, [r for r in results if r["size"] == size]))
    print("\n".join(out))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"elapsed_seconds": elapsed, "minutes_by_size": minutes, "tengen_args": args.tengen_args,
                       "model": os.path.basename(args.model), "games": results}, f, indent=1)


if __name__ == "__main__":
    main()
