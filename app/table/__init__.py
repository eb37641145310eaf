"""The table: the game screen (view), its log, moves, the Lügen round, the coach."""
