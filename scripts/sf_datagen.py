#!/usr/bin/env python3
"""Chess training positions from Stockfish's own games, each labelled by the search that played it.

Every position of a game is searched once, at a fixed depth: that search gives the move to
play and the position's label, Stockfish's win/draw/loss estimate as White's expected score
(`docs/tuning.md`, data set 3), so the positions need no second labelling pass. Each game starts
with seeded random plies and, for variety, plays a random legal move instead of the best one
with a small chance; a game ends at its natural end, at a score beyond the adjudication bound, or
at the ply cap. Positions in check are left out (the evaluation is never asked about them).

Writes `<FEN> | <centipawns, White's view> | <White's expected score>` lines, the format of
`--position-labels search` (a mate is written as ±10000).

Usage: scripts/sf_datagen.py OUT --positions 500000 [--depth 6] [--seed 1] [--random-plies 8]
                             [--random-move 0.03] [--stockfish PATH]
"""
import argparse
import random
import subprocess

import chess


class Stockfish:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name UCI_ShowWDL value true")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def read_line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("stockfish ended unexpectedly")
        return line

    def wait_for(self, prefix):
        while not self.read_line().startswith(prefix):
            pass

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def search(self, fen, depth):
        """(White's expected score, centipawns for the mover or None, best move in UCI)."""
        self.send("position fen " + fen)
        self.send(f"go depth {depth}")
        wdl, cp, mate = None, None, None
        while True:
            reply = self.read_line()
            words = reply.split()
            if " wdl " in reply:
                k = words.index("wdl")
                wdl = [int(x) for x in words[k + 1:k + 4]]
            if " score cp " in reply:
                cp, mate = int(words[words.index("cp") + 1]), None
            elif " score mate " in reply:
                cp, mate = None, int(words[words.index("mate") + 1])
            if reply.startswith("bestmove"):
                best = words[1] if len(words) > 1 else "(none)"
                break
        if wdl is None:
            return None, None, best
        win, draw, _ = wdl
        score = (win + draw / 2) / 1000.0
        if fen.split()[1] == "b":
            score = 1.0 - score
        if mate is not None:
            cp = 10000 if mate > 0 else -10000
        return score, cp, best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dst")
    ap.add_argument("--positions", type=int, default=100000)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-plies", type=int, default=8)
    ap.add_argument("--random-move", type=float, default=0.03)
    ap.add_argument("--adjudicate", type=int, default=1000,
                    help="end a game once the mover's score passes this many centipawns")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    sf = Stockfish(args.stockfish)
    written, games = 0, 0
    seen = set()
    with open(args.dst, "w") as out:
        while written < args.positions:
            board = chess.Board()
            for _ in range(args.random_plies):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if board.is_game_over():
                continue
            sf.new_game()
            games += 1
            while not board.is_game_over(claim_draw=True) and board.ply() < args.max_plies:
                fen = board.fen()
                score, cp, best = sf.search(fen, args.depth)
                if best == "(none)":
                    break
                key = board.epd()
                if score is not None and cp is not None and not board.is_check() \
                        and key not in seen:
                    seen.add(key)
                    white_cp = cp if board.turn == chess.WHITE else -cp
                    out.write(f"{fen} | {white_cp} | {score:.4f}\n")
                    written += 1
                if cp is not None and abs(cp) >= args.adjudicate:
                    break
                moves = list(board.legal_moves)
                if rng.random() < args.random_move:
                    board.push(rng.choice(moves))
                else:
                    board.push(chess.Move.from_uci(best))
            if games % 100 == 0:
                out.flush()
                print(f"{games} games, {written} positions", flush=True)
    sf.send("quit")
    print(f"{games} games, {written} positions at depth {args.depth}")


if __name__ == "__main__":
    main()
