#!/usr/bin/env python3
"""Write every position of chess PGN games as `<FEN> | <result>` lines (docs/tuning.md, run P1).

Positions after the fifth ply, not game over, each placement/side/castling/en-passant once.
The output feeds `scripts/sf_label.py`, then `grimoire-tune`.

Usage: scripts/pgn_positions.py OUT GAME.pgn [GAME.pgn ...]   (needs python-chess)
"""
import sys

import chess.pgn

RESULTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


def main():
    seen = set()
    written = 0
    with open(sys.argv[1], "w") as out:
        for name in sys.argv[2:]:
            with open(name) as pgn:
                while (game := chess.pgn.read_game(pgn)) is not None:
                    result = RESULTS.get(game.headers.get("Result"))
                    if result is None:
                        continue
                    board = game.board()
                    for ply, move in enumerate(game.mainline_moves()):
                        board.push(move)
                        if ply < 5 or board.is_game_over():
                            continue
                        key = " ".join(board.fen().split()[:4])
                        if key not in seen:
                            seen.add(key)
                            out.write(f"{board.fen()} | {result}\n")
                            written += 1
    print(written)


if __name__ == "__main__":
    main()
