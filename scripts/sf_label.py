#!/usr/bin/env python3
"""Label tuning positions with Stockfish's win/draw/loss estimate (docs/tuning.md, data set 3).

Reads `<FEN> | <result>` lines (the `--positions` output of `grimoire selfplay`/`match`) and
writes `<FEN> | <White's expected score>` with the score taken from Stockfish's WDL output at a
fixed depth, so each position gets its own label instead of its game's result.

Usage: scripts/sf_label.py IN OUT [--depth 8] [--step 1] [--offset 0] [--stockfish PATH]
(--step/--offset keep every STEP-th line from OFFSET, e.g. to run several processes.)
"""
import argparse
import subprocess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()

    sf = subprocess.Popen([args.stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True, bufsize=1)

    def send(command):
        sf.stdin.write(command + "\n")
        sf.stdin.flush()

    def read_line():
        line = sf.stdout.readline()
        if not line:
            raise SystemExit("stockfish ended unexpectedly")
        return line

    def wait_for(prefix):
        while not read_line().startswith(prefix):
            pass

    send("uci")
    wait_for("uciok")
    send("setoption name UCI_ShowWDL value true")
    send("isready")
    wait_for("readyok")
    written = 0
    with open(args.src) as src, open(args.dst, "w") as out:
        for i, line in enumerate(src):
            if i % args.step != args.offset or "|" not in line:
                continue
            fen = line.rsplit("|", 1)[0].strip()
            send("position fen " + fen)
            send(f"go depth {args.depth}")
            wdl = None
            while True:
                reply = read_line()
                if " wdl " in reply:
                    words = reply.split()
                    k = words.index("wdl")
                    wdl = [int(x) for x in words[k + 1:k + 4]]
                if reply.startswith("bestmove"):
                    break
            if wdl is None:
                continue
            win, draw, _ = wdl
            score = (win + draw / 2) / 1000.0  # for the side to move
            if fen.split()[1] == "b":
                score = 1.0 - score
            out.write(f"{fen} | {score:.4f}\n")
            written += 1
    send("quit")
    print(f"labelled {written} positions at depth {args.depth}")


if __name__ == "__main__":
    main()
