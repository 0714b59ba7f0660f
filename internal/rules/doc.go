// Package rules is postald's rules engine: the boards, pieces, legal moves,
// notation, positions and draw rules of every variant postald referees.
//
// # Variants
//
// A [Variant] is found by its stable identifier with [VariantByID]:
//
//	russian                  8×8, 32 squares, flying kings, free choice of capture
//	international            10×10, 50 squares, flying kings, majority capture (004 2.5)
//	column                   8×8 Russian column draughts (towers), seed 000 section 1
//	lasca                    7×7, 25 squares, towers, short kings, seed 000 section 2
//	russian-giveaway, international-giveaway, column-giveaway, lasca-giveaway
//
// A giveaway variant moves exactly like its base; only the aim is reversed:
// the side that cannot move (no piece, or all blocked) wins. Its draw rules
// are those of the base variant.
//
// # Representation
//
// The playing squares of a board are numbered 0..n-1 row by row from
// White's side, left to right ([Square]). Constant tables per board size
// give each square's diagonal neighbours. A [Position] holds one bitboard
// per colour of the squares whose (top) piece is of that colour and one of
// the squares topped by a king; tower variants also keep the whole [Tower]
// on each square, encoded in one uint64 (colour and rank bits, top first,
// and the height). Positions are values: [Position.Play] returns a copy.
// Move generation works on copies kept on the stack and appends to a
// caller's buffer; it allocates nothing per node. The neighbour tables also
// exist as bitboards, so a man with no enemy beside it is passed over at
// once, and [Perft] only counts the quiet moves at its last ply
// (BenchmarkPerft* reports the speed in nodes per second).
//
// A [Move] has a fixed size: from, to, the jumped squares in capture order
// and the landing square after each jump, and whether it crowns.
//
// # Squares and notation
//
// On 8×8 squares are algebraic, a1..h8 (a1 is dark). On 10×10 they are
// numbered 1..50, square 1 being b10 and 46 a1 (004 2.4). Lasca's 25
// squares are numbered 1..25 from a1, left to right along each row from
// White's side (row 1 is 1–4: a1 c1 e1 g1; row 2 is 5–7: b2 d2 f2; …; row 7
// is 22–25); Lasca reads both its numbers and algebraic names a1..g7 and
// writes numbers ([Variant.SquareName]; [FormatMoveIn] writes either).
//
// When reading algebraic squares, upper-case Latin letters are accepted (E3,
// which 4.2.2 even asks for), and these Cyrillic letters are read as their
// Latin look-alikes: а А → a, в В → b, с С → c, е Е → e, н Н → h. No other
// Cyrillic letter is read as a square letter.
//
// [ParseMove] reads full notation (4.2.2): from-to for a quiet move, from:to
// for a capture, optionally with intermediate squares, from:x:y:to. The
// intermediate squares are those where the direction changes; any square
// where the piece could stand after a jump along the route (for a flying
// king going on straight, any square between the two jumped pieces) is
// accepted too, each such stretch matching at most one written square, in
// order. A capture may also be separated by x, X, × or the Cyrillic х, and a
// quiet move by an en or em dash. A promotion mark (D Д К K д к *) after a
// square is ignored. A move whose squares are not both written in full
// (cb4, a:a7, gf4, e:g3, h:f4) is abbreviated notation and is refused, never
// expanded (4.2.2). Two squares without a separator (c3d4) are a syntax
// error. The written squares are matched against every legal route, not
// only the one [Position.LegalMoves] keeps: in russian and international a
// capture taking the same pieces along another route (a loop run the other
// way round) is read as the move LegalMoves holds for them. A capture
// written from:to is complete when every legal route that fits the written
// squares leads to the same position: in russian and international that
// means the same set of captured pieces (and the same crowning), in the
// tower variants the same towers. When the routes that fit lead to several
// positions but the written squares are exactly one route written in full
// (from, every square where the direction changes, to, as seed 000, section
// 1 asks; or from and every landing square, as [Move.Route] gives them and
// PDN files write them), the move is that route's: the others fit only
// because some of their turns were left out. Otherwise the move is
// ambiguous and the error lists the moves written in full. Every refusal is
// a [*NotationError] whose PieceMoves give the legal moves of the piece on
// the from-square (4.2.10: when there is exactly one, the referee
// substitutes it); its Detail names squares in the notation the player used
// (Lasca: numbers or algebraic), its Written list is in the variant's own
// notation.
//
// [FormatMove] writes from-to or from:to, adding the squares where the
// direction changes only when from:to alone would not be read as that move
// (it is ambiguous, or it is the full notation of another capture), and
// every landing square if even that is not enough; ParseMove reads what it
// writes as the same move. It writes no promotion mark.
//
// # FEN
//
// Positions are written and read in PDN FEN, extended for towers:
//
//	fen     = side ":" list ":" list [ ":" counter ]... [ "." ]
//	side    = "W" | "B"
//	list    = ( "W" | "B" ) [ item { "," item } ]
//	item    = [ "K" ] square                 one piece; K for a king
//	        | [ "K" ] number "-" number      a numeric range (PDN 3.0)
//	        | square "(" tower ")"           a tower, top piece first
//	tower   = piece { piece }                top first
//	piece   = "w" | "b" | "W" | "B"          men lower case, kings upper case
//	counter = ( "H" | "F" ) digits           ignored (written by some programs)
//
// The letter of the list is the colour of the (top) piece; inside a tower
// the first letter must agree with it. Squares are the variant's: numbers on
// 10×10; algebraic or numbers on 8×8, where numbers follow the PDN numbering
// Russian files use (1 = b8 … 32 = g1); numbers (Lasca numbering) or
// algebraic on 7×7. Reading also accepts lower-case side and list letters,
// white space anywhere, a trailing dot, quotes around the whole, either list
// first and empty lists. A tower variant's board holds at most
// [MaxTowerHeight] (24) pieces in all, the pieces of a column game, so that
// no capture can build a higher tower. [Position.FEN] writes side, White's list, Black's
// list, squares in the variant's notation and order, one-piece towers
// without parentheses: W:Wc3(wbb),e1:Bd6(Bww). Writing then reading gives the
// same position.
//
// PDN has no GameType for most of these variants; postald uses 25 for
// russian and 20 for international (PDN 3.0), 98 for international-giveaway
// (lidraughts' antidraughts), and its own numbers in PDN's unused range for
// the rest: 42 column, 43 lasca, 44 russian-giveaway, 45 column-giveaway,
// 46 lasca-giveaway ([Variant.GameType], [VariantByGameType]).
//
// # Moves and captures
//
// Capturing is compulsory and a capture must go on while it can (1.6.3).
//
// russian and international: Turkish strike, the captured pieces leave the
// board only when the move is complete; until then they block, and none may
// be jumped twice. A flying king may land on any empty square behind the
// piece it takes, but must land where the capture can go on if there is such
// a square; going on in the same direction is one move however many empty
// squares lie between the two pieces. In russian a man reaching the last row
// during a capture becomes a king at once and goes on as a king. In
// international the most pieces must be taken (kings and men count alike,
// 004 2.5.1); a man passing the last row during a capture goes on as a man
// and is crowned only if the move ends there (2.5.2).
//
// column and lasca: a tower moves with the rights of its top piece (1.5.1).
// A capture takes only the top piece of the jumped tower, at once, and puts
// it under the capturing tower in capture order (1.6.1); the rest of the
// jumped tower stays with its new top. A tower whose new top is the
// mover's colour can no longer be jumped in that move; one still topped by
// the opponent can be jumped again from another line. A capture never turns
// straight back (180°) along the line it has just travelled, kings included,
// even over a square now empty. In column men capture backward too (1.6.2),
// kings fly, and a man reaching the last row during a capture becomes a king
// at once and goes on as a king. In lasca men move and capture forward only,
// kings move and capture one square in all four directions (2.4.1), and a
// man reaching the last row during a capture stops there and is crowned
// (2.4.2). Only the top piece of a tower is crowned; pieces below keep their
// rank, and a buried king is a king again when it comes on top.
//
// # Counting moves (perft)
//
// [Position.LegalMoves] and [Perft] count one move per (from, to, set of
// captured pieces, crowning) in russian and international and their
// giveaway forms, the FMJD "duplicates dropped" convention: two routes
// taking the same pieces lead to the same position. In the tower variants
// every route (from, ordered jumped squares, to) is one move, because the
// order of capture decides the order of pieces in the tower.
//
// # Game end and draws
//
// A side to move with no piece (towers: no tower topped by its colour) or no
// legal move has lost (1.12); in giveaway it has won ([Position.Outcome]).
// [Game.DrawClaims] lists the claims the record supports before the side to
// move moves: three-fold repetition with the same side to move (position
// equality includes tower composition) in every variant; for column and
// lasca 1.13.1's rule of 15 moves without change of material balance; for
// international 2.6's 25 moves with kings only and its endgame limits.
//
// # Decisions where the seeds and the specification are silent
//
//   - Moves in 1.13.1 ("15 and more moves") and 2.6 ("25 moves", "5th
//     move", "50th move") are counted the way the seeds number a game record:
//     a move of White with Black's reply. So 1.13.1 needs 30 plies with an
//     unchanged material balance and 2.6's kings-only rule 50 plies. The
//     endgame limits count the moves of the stronger side since the ending
//     (of the same kind and the same stronger side) arose; when both sides
//     have one king, White counts as the stronger side.
//   - The material balance of 1.13.1 is the multiset of tower compositions
//     (each tower read top to bottom, men and kings apart); a crowning
//     changes it, as does every capture.
//   - Lasca follows the column code wherever section 2 is silent ("in all
//     else the rules of Russian column draughts apply"), draws included.
//   - Russian: the seeds hold no Russian draw rules apart from those shared
//     with the column code, so only three-fold repetition (as in 1.13.1) is
//     checked; other draws are by agreement or by the judge.
//   - The 2.6 ending "three men against a lone king" is applied as written,
//     and every combination listed is read as "at least one king" only where
//     the seed names one.
//   - A quiet move written with :, or a capture written with -, is not
//     corrected: it is refused as no such move (or capture compulsory).
//   - When several routes fit the written squares and lead to the same
//     position, ParseMove returns the move LegalMoves holds (in the tower
//     variants the first such route in generation order); they are the same
//     move for the game.
//   - A capture written with exactly the squares where its direction
//     changes (or exactly its landing squares) is that capture, even when a
//     longer capture taking other pieces also joins its squares: e3:g1
//     taking one piece on f2 is not ambiguous with a capture that turns on
//     g5, e7 and c5 before ending on g1. The seed's notation (000, section
//     1) asks for the turning squares "in such positions"; the longer
//     capture written e3:g1 lacks them, the shorter one lacks nothing.
//     Without this the shorter capture could not be written at all.
//   - A capture that crowns in one route and not in another (a man passing
//     the last row on one way round) is two moves, even when the same pieces
//     are taken: the positions differ.
//   - Lasca: the seed's sample game (Johnson-Davies – Matthews) replays up to
//     22...b2-c1; its 23.e3-d4 names an empty square. With 23.c5-d4 (the
//     king tower on c5 is the only white piece that can then play d4-c3 and
//     c3-d2) the rest replays as printed. This is read as a misprint, not as
//     a rules question.
//   - A position where the side to move has pieces but every one of them is
//     blocked is lost for that side, as 1.12 says ("заперты"); in giveaway
//     it is won.
package rules
