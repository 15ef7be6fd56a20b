#!/usr/bin/env python3
"""Reads a PGN file written by `grimoire selfplay` / `grimoire match` with python-chess (a PGN
reader we did not write) and checks every game: no parse errors, every move legal, PlyCount equal
to the moves read, and for games that ended by the rules ("normal" termination) the final position
really is over with the recorded result. Exit 0 on success.

Usage: pgn_check.py <file.pgn> <expected number of games>
"""
import sys

import chess
import chess.pgn


def main() -> int:
    path, expected = sys.argv[1], int(sys.argv[2])
    games = 0
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            games += 1
            h = game.headers
            assert not game.errors, (games, game.errors)
            moves = list(game.mainline_moves())
            assert int(h["PlyCount"]) == len(moves), (games, h["PlyCount"], len(moves))
            board = game.end().board()
            result = h["Result"]
            assert result in ("1-0", "0-1", "1/2-1/2"), result
            if h["Termination"] == "normal":
                outcome = board.outcome(claim_draw=True)
                assert outcome is not None, (games, board.fen())
                assert outcome.result() == result, (games, outcome, result, board.fen())
    assert games == expected, (games, expected)
    print(f"pgn check passed: {games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
