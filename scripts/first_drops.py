#!/usr/bin/env python3
"""Where Grimoire's lost and drawn games turned: for each such game of a `match_stockfish.py`
PGN, the first Grimoire move after which Stockfish's evaluation (from Grimoire's side) fell by
at least --drop cp from a position not yet lost (at least --floor). docs/search.md, session 16.

Prints one line per game that has such a move: round, lost/draw, ply, eval before, eval after,
pieces on the board, the move, the FEN before it; then a summary.

Usage: first_drops.py MATCH.pgn [--depth 11] [--drop 80] [--floor -150] [--stockfish PATH]
"""
import argparse
import statistics

import chess
import chess.engine
import chess.pgn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("--depth", type=int, default=11)
    ap.add_argument("--drop", type=int, default=80)
    ap.add_argument("--floor", type=int, default=-150)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    limit = chess.engine.Limit(depth=args.depth)
    found, considered = [], 0

    def value(board, side):
        return sf.analyse(board, limit)["score"].pov(side).score(mate_score=3000)

    with open(args.pgn) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            side = chess.WHITE if game.headers["White"] == "Grimoire" else chess.BLACK
            result = game.headers["Result"]
            lost = result == ("0-1" if side == chess.WHITE else "1-0")
            if not (lost or result == "1/2-1/2"):
                continue
            considered += 1
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if board.turn != side or ply < 4:
                    board.push(move)
                    continue
                before, fen, san = value(board, side), board.fen(), board.san(move)
                board.push(move)
                after = value(board, side)
                if before >= args.floor and before - after >= args.drop:
                    row = (game.headers["Round"], "lost" if lost else "draw", ply, before, after,
                           len(board.piece_map()), san, fen)
                    found.append(row)
                    print(*row, flush=True)
                    break
    sf.quit()
    print(f"{len(found)} of {considered} lost or drawn games have such a move, "
          f"{sum(r[1] == 'lost' for r in found)} of them losses")
    for name, rows in (("all", found), ("losses", [r for r in found if r[1] == "lost"])):
        if rows:
            print(f"{name}: median ply {statistics.median(r[2] for r in rows)}, "
                  f"median pieces {statistics.median(r[5] for r in rows)}, "
                  f"with 20 or more pieces {sum(r[5] >= 20 for r in rows)}")


if __name__ == "__main__":
    main()
