#!/usr/bin/env python3
"""Drives the engine with python-chess's chess.engine, a UCI client we did not write:
opens it, analyses a position, then plays complete games against itself with python-chess as
the referee (every move must be legal in python-chess's own rules). Exit 0 on success.

Usage: python_chess_check.py <path-to-grimoire> [games]
"""
import sys

import chess
import chess.engine


def main() -> int:
    path = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    with chess.engine.SimpleEngine.popen_uci([path]) as engine:
        assert engine.id.get("name", "").startswith("Grimoire"), engine.id
        board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        info = engine.analyse(board, chess.engine.Limit(depth=4))
        assert info["score"].white().mate() == 1, info
        assert info["pv"][0] == chess.Move.from_uci("h5f7"), info
        multi = engine.analyse(chess.Board(), chess.engine.Limit(depth=3), multipv=3)
        assert len(multi) == 3, multi
        for g in range(games):
            board = chess.Board()
            while not board.is_game_over(claim_draw=True) and board.ply() < 300:
                result = engine.play(board, chess.engine.Limit(time=0.01 + 0.01 * g))
                assert result.move in board.legal_moves, (board.fen(), result.move)
                board.push(result.move)
            print(f"game {g + 1}: {board.result(claim_draw=True)} in {board.ply()} plies")
    print("python-chess check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
