// Package pdn reads and writes games in PDN 3.0, the Portable Draughts
// Notation of the FMJD, and replays them with the rules engine.
//
// # Reading
//
// [Reader] reads a file game by game over an io.Reader, holding one game in
// memory; [ReadAll] reads them all. A [Game] is what the file says: its tags
// in order, the moves of its main line as written with their ply numbers,
// and its result. Reading never fails on content: a word of the move text
// that is not a move is kept as a move, for the replay to report, so that
// every game of a file is counted and numbered as a reader of the file would
// number it. Only a failing io.Reader stops reading.
//
// Real files are messier than the standard; the reader copes with what the
// collections postald has been checked against contain:
//
//   - tag names padded with spaces ([Event       "…"]), in any case, values
//     with escaped quotes, without quotes, or cut by the end of the line; a
//     tag whose "[" is missing (Event "…"]) or stands alone on the line
//     before it;
//   - several games on one line, games without any tag, games separated only
//     by their result, a game headed by a lone [Empty] tag;
//   - move numbers 12. and 12... alone or glued to the move (1.33-29),
//     leading zeros (01-06), moves with white space inside (1- 7, 28x 19),
//     x or : for captures, PDN's alphanumeric moves without a separator
//     (c3d4), move strength marks (!, ?!, (?)) and NAGs ($1);
//   - comments {…}, which do not nest (PDN 3.0: a comment ends at the first
//     "}"), commands [%…] inside or outside comments, % and ; comments to the
//     end of the line, a setup command /FEN "…"/ before the first move;
//   - variations ( … ), nested to any depth: skipped; only the main line is
//     kept;
//   - results 1-0 0-1 1/2-1/2 ½-½ 0-0 2-0 1-1 0-2 *, a lone "-" for an
//     unknown result, Delfts results out of ten (4-6); a word that could be a
//     result or a move (2-8 is both a Delfts result and a move on 10×10) is
//     the result only when the game ends after it (a tag or the end of the
//     file follows), and "- -" in a game stands for moves nobody recorded;
//   - a UTF-8 byte order mark, CRLF line ends, line ends written as the two
//     characters \r (files converted from JSON), and text in Windows-1251 or
//     Windows-1252 instead of UTF-8 (the code page is guessed once per file:
//     Cyrillic names are runs of high bytes, accented Latin letters stand
//     alone).
//
// Memory is bounded whatever the input: words, tag values and comments are
// cut at fixed lengths, a game keeps at most [MaxTags] tags and [MaxPlies]
// moves (beyond that [Game.Err] is [ErrTooLong] and the replay reports it).
// The reader is fuzzed.
//
// # Variants and GameType
//
// [VariantOf] picks a game's variant: the GameType tag when present, by its
// first number (a full GameType such as "20,W,10,10,N1,0" is 20), with the
// numbers of [rules.VariantByGameType]: 25 russian and 20 international
// (PDN 3.0), 98 international-giveaway (lidraughts' antidraughts, accepted
// as the only number in use), and postald's own numbers in PDN's unused
// range for the variants PDN does not define: 42 column, 43 lasca, 44
// russian-giveaway, 45 column-giveaway, 46 lasca-giveaway. Many real files
// have no GameType; then the notation decides: algebraic squares (c3) in the
// first move or in the FEN make a game russian, numbers international.
//
// # Replaying
//
// [Replay] plays a game from its FEN tag when it has one (with SetUp "1" or
// without, a trailing dot allowed) or else from the variant's start
// position. Each move is resolved against the position by rules.ParseMove,
// which follows the PDN reading of captures: from and to alone stand for the
// capture joining them, intermediate squares pick a route, and routes that
// take the same pieces (in the tower variants: that leave the same towers)
// are one move, as the FMJD counts them. When ParseMove finds a capture
// ambiguous although intermediate squares are written, the letter of PDN
// 3.0 decides: a written square must be a landing square of the route,
// where it turns or, going on straight, just behind a captured piece
// (2x30x11 names the route turning on 30, not the one passing 30 on its way
// to 35). A capture that stays ambiguous is a fault of the record's
// notation, not an illegal move, and is reported as such
// ([ProblemAmbiguous]); so are words that are no moves ([ProblemUnreadable]),
// apart from moves that are well written but not legal ([ProblemIllegal]).
// Numeric squares on 8×8 (1 = b8 … 32 = g1, the numbering Russian PDN
// files use in FEN) are read as the algebraic squares they number.
//
// Replay stops at the first move that does not replay and returns the game
// up to it with a [*ReplayError] giving the ply, the move as written and the
// reason. A capture written with a dash or a quiet move written with an x is
// not corrected: real records that do this have a transcription fault, and
// a referee that guesses would hide it.
//
// # Writing
//
// [Write] writes a game as PDN 3.0: tags one per line, a blank line, the
// moves with their numbers wrapped under 80 columns (a move number stays
// with its move; "1..." opens a game where Black moves first), the result
// and a blank line. [FromGame] makes the record of a rules.Game: GameType set
// to the variant's, FEN when the game does not start from the start
// position, moves in full notation by rules.FormatMove (from:to, with the
// squares where the direction changes only when needed), captures written
// with x in international and its giveaway form (the separator PDN 3.0
// writes for GameType 20) and with : elsewhere. Writing, reading and
// replaying gives the same positions in every variant; the tests check it.
package pdn
