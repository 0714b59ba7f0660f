// Package swiss pairs a round of a Swiss tournament by the FIDE (Dutch) system, C.04.3
// of the FIDE Handbook as applied from 1 July 2025, with the general handling rules of
// C.04.1 and C.04.2, so that a federation's arbiter gets from postald the pairing his
// own FIDE-endorsed program gives. It is pure: the tournament arrives as a value
// (FromTRF reads it out of a TRF), the pairing leaves as one; no I/O, no clock.
//
// Clauses are cited by the 2025 text: 1.x for the definitions (1.2 the order, 1.3 the
// brackets, 1.4 floats, 1.5 byes, 1.6 colour preferences, 1.7 topscorers, 1.8 the PSD),
// C1–C21 for the criteria, article 4 for the order of generation (transpositions 4.2,
// exchanges 4.3) and article 5 for the colour allocation, with the 2017 letters (D.1,
// E.1 …) where those are better known.
//
// # How the pairing is found
//
// The rules pair the brackets from the top, each bracket choosing, among all its
// candidates that keep the round completable (C4), the best by the quality criteria
// C5–C21 in their order, and among equally good ones the first the generation order of
// article 4 produces. postald does the same with a maximum-weight matching (Edmonds'
// blossom algorithm) over every player still unpaired, as the endorsed engines do: the
// weight of a pair has one field of bits per criterion, the most important highest, wide
// enough that no sum spills into the next, so that the heaviest matching is the best by
// C4–C21 compared one criterion after the other. Below the criteria come the fields of
// the generation order, so that the heaviest matching is the candidate the rules pick. The
// criteria and which moved-down players are paired (the highest first) are in the weights; the
// rest of the order — the moved-down players' opponents (the transpositions of S2), then in the
// remainder the fewest exchanges and the smallest difference of the exchanged numbers (also in
// the weights), the highest numbers moved from S1, the lowest from S2, and the transposition —
// is fixed one player at a time, each a change of that player's edges on a matcher solved
// again from the matching and duals it has (order.go), as FIDE-endorsed engines do: written
// into the weights as a digit per player, it would make them n log n bits wide and a round of a
// few hundred players take minutes. The first candidate generated (S1 against S2 in order) is
// tried first on the criteria's matching, which pairs round 1 and most brackets at once. The
// pairs inside the bracket are then fixed and its unpaired players move down to the next.
//
// A first round of 1,000 players is paired in about a second of one core; a later round of 500
// in about 5 seconds, of 1,000 in about two minutes (BenchmarkPair1000Round1,
// BenchmarkPair500Round2). Tournament create refuses a Swiss of more than MaxPlayers;
// PairContext stops when its context ends (postald pair -dutch on SIGINT and SIGTERM).
//
// Check pairs every round of a whole tournament file again, as an arbiter checks another
// program's pairings (postald pair -dutch -check).
//
// The engine was checked round by round against bbpPairings, a FIDE-endorsed engine, on
// tournaments that engine paired (each round re-paired from the rounds before it); the
// tests here hold the rules' examples (testdata), whole random tournaments checked for
// the absolute criteria, the same tournaments through a written and read TRF, and the order
// fixed player by player to the order written whole into the weights on every round of
// random tournaments (TestOrderPlayerByPlayer).
//
// # Decisions where the rules leave a choice
//
//   - A forfeited game (+ or − with an opponent) is no game played: it counts for no
//     colour, and the two may meet again (C1 speaks of games played). The forfeit win
//     makes its winner ineligible for the pairing-allocated bye (C2) and, like every
//     round scored without playing for more than a loss, is a downfloat (1.4.3).
//   - The pairing-allocated bye goes to a player who may have it (C2) with the lowest
//     score any complete pairing allows; among those, C9 prefers the one with the fewest
//     rounds without a game played. C9 is weighed in the bracket the bye comes from: one
//     whose residents score no more than the bye's assignee will and whose players are
//     not needed below it (in the last bracket, when every player of the lowest score
//     had the bye before, among the players moved down to it).
//   - A player is absent from the round paired when his column of that round holds a bye
//     (H, F, Z, or nothing) or a 240 record names him for it; he is not paired and not in
//     the output. The round paired is the one after the last round in which anybody has
//     an opponent or the pairing-allocated bye.
//   - The last round's rules (C3's exception for topscorers, C10, C11) apply when the
//     round paired is the tournament's last by record 142 or XXR; without either, never.
//   - The initial colour is record 152 (or XXC); without it, the colour of the
//     highest-ranked player paired in round 1 (a forfeit counts), as TRF-2026 says of 152;
//     before round 1 without either, White. The last colour rule (5.5) counts pairing numbers
//     among the players paired in this round or in a round before (a game, a forfeit,
//     the pairing-allocated bye), as the endorsed engines count them: with player 5
//     absent from round 1, player 6 counts as the fifth and takes the initial colour.
//   - Prohibited pairs (260 records) are kept apart in the rounds they name, like C1.
//   - Accelerated pairings (250 or XXA records) are refused: the pairing of an accelerated
//     round depends on the acceleration method, which the file does not fix. Abnormal
//     points (299 records) are refused too: whether they replace a result's points or add
//     to them is not fixed either.
//   - A points column (81–84) that disagrees with the results under the file's scoring is
//     refused with the line: the arbiter's file says two things and postald does not
//     choose between them. Blank (or 0.0) points are not checked.
//   - When no pairing of the round meets C1–C3, Pair returns ErrNoPairing: the rules
//     leave that round to the arbiter.
package swiss
