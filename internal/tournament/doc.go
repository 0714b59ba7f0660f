// Package tournament is the tournament's paperwork: start sheets, the round-robin pairings
// and colours, the start letters, results and scoring, withdrawals, and crosstables with
// places and tie-breaks. It does no I/O and reads no clock: everything arrives as values.
//
// The rules come from the seeds: seed 000 (the Code of column checkers, 2003: appendix 1
// for the order of play, 3.7 for places and coefficients) and seed 003 (the national
// competition rules, 2013: 1.10 withdrawals, 1.12 scoring, 1.13 places and tie-breaks).
// Where the seeds are silent, postald decides as a tournament judge would; every such
// decision is listed here.
//
// # Start sheets
//
//   - Players are numbered 1..N without gaps: the Berger table has one line per number,
//     so a gap would leave a line without a player.
//   - Addresses are bare (name@domain), compared without regard to case; no two players
//     share one and no player writes from the tournament's own address, which would make
//     postald write to itself.
//   - The end date must come after the start date. A date may be a TOML date (2026-11-01)
//     or a quoted one ("2026-11-01"); a time of day is refused.
//   - A player's `language` (letters.md: every letter to him is in it) is one of the
//     phrasebook's languages; omitted, it is the tournament's. The letters to the judge and
//     the director are in the tournament's language.
//   - Omitted: language is ru (letters.md), rounds is 1, and every [regulation] key takes
//     the default of correspondence.md (referee.Regulation.WithDefaults). The zone's name is
//     checked only for its form: loading the zone database is the caller's job.
//   - Keys postald does not know are reported: a misspelt `penalty_day` must not silently
//     leave the default in force.
//   - ParseSheet reports every problem at once, each with where it is.
//
// # Lots (seed 000, «Первый ход»; seed 003, 1.6.4)
//
// The seeds have the colours decided by lot before the competition and, in a tournament, follow
// the order of play; by correspondence nobody watches the lot, so postald draws it from a seed
// committed by its hash in the start letters (package lots; lots.go says what is drawn with which
// label). postald's decisions where the seeds are silent:
//   - The lot of the colours is the lot of the players' numbers: the Berger tables then give
//     every game's colours. It is drawn when no player's number is given (or [lots] numbers =
//     true); a sheet that gives numbers has them drawn by the director.
//   - An opening is drawn per pair of players, not per game: in a double round-robin both games
//     of a pair play it, each player having White once, as a match alternates colours.
//   - A starting position must have White to move: the first move is White's. A line after
//     which the game is over is refused, as is a line of more than MaxLineMoves moves.
//   - "first-move" draws among White's legal first moves in the order of their notation as text;
//     no federation's list of openings is in the seeds or the research, so a list is the sheet's.
//   - A game in which only the drawn moves were made was not begun (PlayOf, TableResult): they
//     were on the board before play.
//
// # Tournament codes
//
// A code is the tournament's name as the start sheet writes it («ЗК-1»). Players who cannot
// type Cyrillic write its Latin spelling (Latin: a simple ГОСТ-like table, «ЗК-1» → "ZK-1",
// Й and Ё as I and E, the hard and soft signs left out; digits, hyphens, slashes and Latin
// letters unchanged), in any case; LookupCode finds the tournament by either. A code copied by
// its looks, with the Latin letters that look like its Cyrillic ones ("CT-2026/1" for
// «СТ-2026/1», LookAlikeKey; a keyboard without Cyrillic makes them), names it too, when no
// code is spelt so. Two tournaments whose codes have one Latin spelling (CodeKey) or look alike
// (LookAlikeKey) cannot both be registered: "ZK-1" or "CT-1" would name both. The start letter of a code with Cyrillic letters names its Latin spelling, and the
// sample letter of a player whose language is not Russian uses it. The seeds do not speak of
// transliteration; this is postald's decision.
//
// # Pairings
//
// Appendix 1 of seed 000 ("таблица очередности игры") is not in the seed text. postald
// uses the standard Berger tables of draughts and chess (see Pairings); the tests hold the
// published tables for 4, 6, 8 and 10 players. With an odd number of players the table of
// the next even number is used and whoever meets the missing player rests in that round;
// since correspondence games are all played at once, rounds only order the list. A double
// round-robin plays the table twice, colours exchanged, so every pair has games W-B and B-W;
// the swap of the first cycle's last two rounds that over-the-board events use against three
// games in a row with one colour is not made, since correspondence games are not played in
// rounds.
// A game is named W-B by the players' numbers (formats.md); ParseGameName also reads the
// four-digit form 0307 of start sheets with two-digit numbers (White first).
//
// # Results and scoring
//
// A result is 1-0, 0-1, 1/2-1/2, or a forfeit without play: +/-, -/+ or -/- (seed 003,
// 1.12.2). A plus counts as a win and a minus as a loss for points and for every
// coefficient; -/- is a loss for both players. Scoring is 1-½-0 or 2-1-0 (1.12.1); with 2-1-0
// the coefficients use the points as scored.
//
// # Withdrawals (seed 003, 1.10)
//
//   - A game counts as played when it was finished over the board: 1-0, 0-1 or ½-½.
//     Forfeits were not played. An unfinished game counts as played once the judge has
//     adjudicated it (1.10.4): the judge enters the adjudicated result, and from then on it
//     is a played game like any other.
//   - Fewer than half of his games played (1.10.2): his results stay in the table but count
//     for nobody. His played games are shown in parentheses and count neither for him nor
//     for his partners; every unplayed game of his, a forfeit recorded earlier included, is
//     a minus for him and for the partner, as the clause says. He is listed last, without a
//     place, with no points and no coefficients; for his partners' coefficients he is an
//     opponent with 0 points.
//   - Half or more (1.10.3): his results stand and count; every game of his that has no
//     result is a minus for him and a plus for the partner (a minus for a partner who
//     withdrew too).
//
// # Places and tie-breaks (seed 003, 1.13; seed 000, 3.7.3)
//
//   - Places go by points (1.13.1), then by the regulation's tie-breaks in the order it
//     lists them. A criterion splits a group of tied players into runs of equal value; each
//     run goes on to the next criterion on its own. Players nothing separates share the
//     place, written "2-3", and are listed by number. The further criteria of 1.13.3 (the
//     points of the beaten opponents, results against the players in order of places, the
//     opponents' ratings) and the extra match of 1.13.2 are the judge's to apply.
//   - S1, S½, S0 are the sums of the final points of the opponents the player beat, drew
//     and lost to, one term per game: in a double round-robin each game counts. Final
//     points are those after withdrawals.
//   - Sonneborn-Berger is 2·S1 + S½ as both seeds define it (twice the FIDE figure; the
//     order of players is the same).
//   - Solkoff (1.13.7) leaves out one best and one worst game; with fewer than two games
//     it is 0. Truncated Solkoff (1.13.8) compares Buchholz without the worst game, then
//     without the two worst, and so on; the value shown is the first.
//   - Head-to-head is the points scored in the games among the players still tied when it
//     is applied (a mini-table of the whole group). Those it separates are placed; those it
//     leaves level go on to the next criterion, and head-to-head is not computed again among
//     them. Its value is shown only for players it was applied to.
//   - Wins count pluses (1.12.2); a crosstable always shows them.
//
// # Crosstables
//
// The text crosstable lists players in order of places, with one column per opponent in
// the same order, so that X runs down the diagonal; a column is headed by the opponent's
// number. A cell holds the player's results against that opponent in the order the games
// were given: 1 ½ 0 + -, in parentheses when struck out.
//
// The crosstable input (formats.md) may also give `rounds` (1 or 2; by default the most
// games any pair has) and `withdrawn = true` for a player. A results file that lists no
// tiebreaks uses the regulation's default; an empty list means points only.
package tournament
