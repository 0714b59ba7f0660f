// Package endgame is the core of postald's endgame databases: the verdict of every position with
// few pieces of russian and international draughts (and their giveaway forms), computed by
// retrograde analysis on the rules engine's own moves. It does no I/O: package tablebase writes
// and reads the files and runs the build's workers; the referee reads verdicts through a Source.
//
// # Positions and materials
//
// A position is stored from the side to move's point of view ("us"), playing up the board as
// White does: a position with Black to move is turned by 180° with the colours swapped, the
// one symmetry every such variant has, which halves the databases. The positions of one
// [Material] (the men and kings of each side) are numbered by a perfect index (index.go): every
// number one position, no gaps, men on the rows they may stand on, kings on the squares left.
// The 4-fold symmetry of the board for positions without men (the two diagonals and the half
// turn) is not used: those positions are under 3% of each database, and the index stays one
// formula.
//
// # Values
//
// A [Value] is the verdict for the side to move with best play on both sides — win, draw or loss
// — and, for a win or a loss, the number of plies to the end of the game (the side to move has no
// piece or no move, 1.12; in giveaway it then wins): the winner ends the game by the fastest way,
// the loser puts it off as long as he can. The distance in the winner's moves is [Value.Moves].
// Distances count to the end of the game, not to the next capture or crowning, so that a
// principal line can be played out to the end and checked against the counting rules of 2.6.
//
// # The build
//
// A material and its Turned are solved together (solve.go: one pass over every position with the
// rules engine's moves, then level by level back from the ends); captures and crownings lead to
// materials built before, fewer pieces first and among as many pieces fewer men first. Captures
// are compulsory, and the capture and promotion rules are the variant's, exactly as the referee
// applies them: the successors come from [rules.Position.Successors], which is LegalMoves and the
// code of Play. The predecessors of a position (the opponent's last move taken back) are this
// package's own: kings step back along their diagonals, men one square backward; a move that
// captured or crowned is never taken back, because it left the material.
//
// # Checks
//
// The tests prove the databases against an independent solver (a forward fixed point over the
// explicit graph of positions, sharing only the move generator): every position of two and three
// pieces of russian, international and russian-giveaway, distances included, and thousands of
// random four-piece positions; every principal line replays through the rules' notation to the
// end it claims in the distance it claims; and known theory (Petrov's triangle, the lone king on
// the main road, king against king, international's lone king on the long diagonal) holds.
//
// # Beyond
//
// Positions with more pieces than a database holds get no verdict ([Unknown]). Column checkers
// and Lasca are not covered: a position there is a set of towers whose composition (the order of
// the captured pieces inside each) is part of the position, so the material of a tower game is
// not a count of men and kings but the multiset of tower compositions, every capture makes a new
// one, and a capture does not leave its material smaller in pieces (the pieces stay on the board,
// buried). An index would have to number the compositions too (a tower of h pieces has 4^h
// compositions of colour and rank), the dependency order would follow the number of pieces on
// top rather than on the board, and the unmove generator would have to take a piece back out of a
// tower. It is feasible for very small numbers of pieces, but it is another index and another
// retrograde step, not a flag of this one.
//
// # Decisions where the seeds are silent
//
//   - The verdict under the counting rules (limits.go) is checked along the principal line and
//     marked certain only when no defence can bring a limit in time; otherwise it is the principal
//     line's, for the judge (see the referee's package documentation and docs/judge.md).
//   - A bare position (postald endgame probe) counts 2.6's moves from zero: the ending arose
//     there. The referee counts them from the game's record.
//   - A drawn principal line is played until a position occurs a third time with the same side to
//     move: then the game can be claimed drawn (1.13.2, 2.6), and the line ends.
package endgame
