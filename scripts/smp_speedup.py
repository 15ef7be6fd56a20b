#!/usr/bin/env python3
"""Lazy SMP: time to reach a fixed depth with N threads versus 1, over the bench positions.

For each thread count and position: a fresh engine, `go depth D`, wall time until `bestmove`.
The best move must be legal (python-chess checks it). Prints the total time per thread count and
the speed-up, plus a `stop` storm check on every thread count.

Usage: smp_speedup.py [--engine target/release/grimoire] [--depth 12] [--threads 1,2] [--repeat 2]
"""
import argparse
import subprocess
import time

import chess

POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2r2rk1/pp3ppp/2n1p3/3pP3/3P4/P1q2N2/5PPP/R2Q1RK1 w - - 0 17",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 2 10",
    "6k1/5pp1/7p/3Q4/8/6P1/5PKP/3q4 b - - 3 40",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
]


def run(engine, fen, threads, commands):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write(f"setoption name Threads value {threads}\nsetoption name Hash value 64\n"
                  f"position fen {fen}\nisready\n")
    p.stdin.flush()
    while p.stdout.readline().strip() != "readyok":
        pass
    start = time.monotonic()
    for c in commands:
        p.stdin.write(c + "\n")
        p.stdin.flush()
    line = ""
    while not line.startswith("bestmove"):
        line = p.stdout.readline()
        if not line:
            raise RuntimeError("engine exited")
    elapsed = time.monotonic() - start
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    move = line.split()[1]
    assert chess.Move.from_uci(move) in chess.Board(fen).legal_moves, (fen, move)
    return elapsed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/grimoire")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--repeat", type=int, default=2)
    args = ap.parse_args()
    counts = [int(t) for t in args.threads.split(",")]
    totals = {t: 0.0 for t in counts}
    for fen in POSITIONS:
        for t in counts:
            best = min(run(args.engine, fen, t, [f"go depth {args.depth}"]) for _ in range(args.repeat))
            totals[t] += best
            print(f"threads {t} depth {args.depth}: {best:6.2f} s  {fen}", flush=True)
    base = totals[counts[0]]
    for t in counts:
        print(f"threads {t}: total {totals[t]:.2f} s, speed-up {base / totals[t]:.2f}x over {counts[0]} thread(s)")
    # Stop storm: a flood of stops mid-search still gives one legal bestmove.
    for t in counts:
        run(args.engine, POSITIONS[1], t, ["go infinite"] + ["stop"] * 200)
    print("stop storms: legal bestmove with every thread count")


if __name__ == "__main__":
    main()
