#!/usr/bin/env python3
"""Match Grimoire against Debian's stockfish with UCI_LimitStrength, python-chess as referee.

The referee keeps both clocks (base + increment, wall time per move) and scores a flag fall as a
loss on time. Each opening is played twice, colours swapped. Prints W/D/L, the score, the Elo
difference with a 95% interval, and the time losses; writes every game to a PGN file.

Usage: match_stockfish.py --engine target/release/grimoire --games 100 --tc 10+0.1 --elo 2000
       [--option "Skill Level=5" ...]   (Grimoire's UCI options for the match, e.g. its level)
"""
import argparse
import concurrent.futures
import math
import random
import time

import chess
import chess.engine
import chess.pgn


def openings(count, seed):
    """Random but reproducible openings: 4 plies of random legal moves each."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        b = chess.Board()
        for _ in range(4):
            b.push(rng.choice(list(b.legal_moves)))
        if not b.is_game_over():
            out.append([m.uci() for m in b.move_stack])
    return out


def play_game(args, opening, grimoire_white, index):
    grim = chess.engine.SimpleEngine.popen_uci([args.engine])
    sf = chess.engine.SimpleEngine.popen_uci([args.stockfish])
    try:
        grim.configure({"Hash": 16, "Threads": 1, **args.grimoire_options})
        # A generous overhead: on a loaded machine Stockfish's default 10 ms loses on time at
        # fast controls, and its losses on time would flatter Grimoire.
        sf.configure({"Hash": 16, "Threads": 1, "UCI_LimitStrength": True, "UCI_Elo": args.elo,
                      "Move Overhead": args.sf_overhead})
        board = chess.Board()
        for m in opening:
            board.push_uci(m)
        base, inc = args.base, args.inc
        clock = {chess.WHITE: base, chess.BLACK: base}
        engines = {chess.WHITE: grim if grimoire_white else sf, chess.BLACK: sf if grimoire_white else grim}
        result, termination = None, None
        while not board.is_game_over(claim_draw=True):
            side = board.turn
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
            started = time.monotonic()
            played = engines[side].play(board, limit)
            clock[side] -= time.monotonic() - started
            if clock[side] < 0:
                result = "0-1" if side == chess.WHITE else "1-0"
                termination = "time forfeit"
                break
            clock[side] += inc
            if played.move is None or played.move not in board.legal_moves:
                result = "0-1" if side == chess.WHITE else "1-0"
                termination = "illegal move"
                break
            board.push(played.move)
        if result is None:
            outcome = board.outcome(claim_draw=True)
            result = outcome.result()
            termination = outcome.termination.name.lower()
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Grimoire vs Stockfish UCI_Elo {args.elo}"
        game.headers["Round"] = str(index + 1)
        name = "Grimoire" + "".join(f" {k}={v}" for k, v in args.grimoire_options.items())
        game.headers["White"] = name if grimoire_white else f"Stockfish {args.elo}"
        game.headers["Black"] = f"Stockfish {args.elo}" if grimoire_white else name
        game.headers["Result"] = result
        game.headers["Termination"] = termination
        game.headers["TimeControl"] = f"{base}+{inc}"
        grim_points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not grimoire_white:
            grim_points = 1.0 - grim_points
        grim_flagged = termination == "time forfeit" and grim_points == 0.0
        return grim_points, grim_flagged, termination, str(game)
    finally:
        grim.quit()
        sf.quit()


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--engine", default="target/release/grimoire")
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--tc", default="10+0.1")
    p.add_argument("--elo", type=int, default=2000)
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pgn", default="match.pgn")
    p.add_argument("--sf-overhead", type=int, default=200, help="Stockfish's Move Overhead (ms)")
    p.add_argument("--option", action="append", default=[],
                   help="NAME=VALUE, a UCI option of Grimoire's for the match (repeatable)")
    args = p.parse_args()
    args.grimoire_options = dict(o.split("=", 1) for o in args.option)
    args.base, args.inc = (float(x) for x in args.tc.split("+"))
    ops = openings((args.games + 1) // 2, args.seed)
    jobs = [(ops[i // 2], i % 2 == 0, i) for i in range(args.games)]
    points, flags, wins, draws, losses, results = [], 0, 0, 0, 0, {}
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool, open(args.pgn, "w") as pgn:
        futures = [pool.submit(play_game, args, *job) for job in jobs]
        for n, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            pts, flagged, term, text = fut.result()
            points.append(pts)
            flags += flagged
            wins += pts == 1.0
            draws += pts == 0.5
            losses += pts == 0.0
            results[term] = results.get(term, 0) + 1
            pgn.write(text + "\n\n")
            pgn.flush()
            print(f"{n}/{args.games}: +{wins} ={draws} -{losses}", flush=True)
    n = len(points)
    mean = sum(points) / n
    var = sum((x - mean) ** 2 for x in points) / max(n - 1, 1)
    half = 1.96 * math.sqrt(var / n)
    print(f"Grimoire vs Stockfish UCI_Elo {args.elo}, {n} games at {args.tc}: W {wins} D {draws} L {losses}")
    print(f"score {mean * 100:.1f}% +- {half * 100:.1f}%  Elo difference {elo(mean):+.0f} "
          f"[{elo(mean - half):+.0f}, {elo(mean + half):+.0f}]  time losses by Grimoire: {flags}")
    print(f"terminations: {results}")


if __name__ == "__main__":
    main()
