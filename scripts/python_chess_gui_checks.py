#!/usr/bin/env python3
"""What GUIs built on python-chess rely on (issue 16, points 1-3), checked with python-chess,
a UCI client and rules implementation we did not write. Exit 0 when every check passes.

1. `play(..., root_moves=[...])` sends `go ... searchmoves ...` and gets one of those moves back.
2. A threefold repetition nobody claimed, and a halfmove clock of 100, are positions the
   engine still analyses and plays from (FIDE: those draws are claims).
3. A `position` whose move list holds an illegal move: the engine reports it, keeps the moves
   before it, and `go` answers with a move that is legal there (python-chess judges).

Usage: python_chess_gui_checks.py <path-to-grimoire>
"""
import subprocess
import sys

import chess
import chess.engine

LIMIT = chess.engine.Limit(depth=4)


def check_root_moves(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board()
    only = [chess.Move.from_uci("a2a3")]
    result = engine.play(board, LIMIT, root_moves=only)
    assert result.move == only[0], result
    two = [chess.Move.from_uci("h2h3"), chess.Move.from_uci("b1a3")]
    result = engine.play(board, LIMIT, root_moves=two)
    assert result.move in two, result
    info = engine.analyse(board, LIMIT, root_moves=two)
    assert info["pv"][0] in two, info
    print("root_moves: ok")


def check_unclaimed_draws(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board()
    for uci in "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8".split():
        board.push_uci(uci)
    assert board.can_claim_threefold_repetition()
    assert not board.is_game_over()
    info = engine.analyse(board, LIMIT)
    assert "score" in info and info.get("pv"), info
    result = engine.play(board, LIMIT)
    assert result.move in board.legal_moves, result
    board.push(result.move)
    # And play goes on from there.
    assert engine.play(board, LIMIT).move in board.legal_moves

    board = chess.Board("8/8/8/4k3/8/8/3QK3/8 w - - 100 80")
    assert board.can_claim_fifty_moves() and not board.is_game_over()
    result = engine.play(board, LIMIT)
    assert result.move in board.legal_moves, result
    print("unclaimed draws: ok")


def check_rejected_position(path: str) -> None:
    # python-chess never sends an illegal move, so this talks to the engine directly and lets
    # python-chess judge the answer.
    script = "uci\nposition startpos moves e2e4 e7e5 g1f3 b8c6 c6c6 f1c4\nd\ngo depth 3\nisready\nquit\n"
    out = subprocess.run([path], input=script, capture_output=True, text=True, timeout=120).stdout
    lines = out.splitlines()
    errors = [l for l in lines if l.startswith("info string error:")]
    assert len(errors) == 1 and "c6c6" in errors[0], out
    best = [l for l in lines if l.startswith("bestmove")]
    assert len(best) == 1, out
    board = chess.Board()
    for uci in "e2e4 e7e5 g1f3 b8c6".split():
        board.push_uci(uci)
    fen = [l[len("Fen: "):] for l in lines if l.startswith("Fen: ")]
    assert fen == [board.fen()], (fen, board.fen())
    move = chess.Move.from_uci(best[0].split()[1])
    assert board.turn == chess.WHITE and move in board.legal_moves, (best, board.fen())
    print("rejected position: ok")


def main() -> int:
    path = sys.argv[1]
    with chess.engine.SimpleEngine.popen_uci([path], timeout=60) as engine:
        check_root_moves(engine)
        check_unclaimed_draws(engine)
    check_rejected_position(path)
    print("python-chess GUI checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
