// Package tournament is the tournament's paperwork: start sheets and their competition
// systems, the pairings and colours (round robins of players and of teams, Scheveningen
// matches, Swiss rounds), the start letters, results and scoring, withdrawals and reserves,
// and the tables with places and tie-breaks. It does no I/O and reads no clock: everything
// arrives as values.
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
//     place, with no points and no coefficients. None of his games counts in the final
//     standings («при окончательном подведении итогов не засчитываются»): his partners' minus
//     is no game for any of their tie-breaks, and he is no opponent in their sums, their lists
//     of opponents (Solkoff) or their counts, for every tie-break alike.
//   - Half or more (1.10.3): his results stand and count; every game of his that has no
//     result is a minus for him and a plus for the partner (a minus for a partner who
//     withdrew too).
//
// # Places and tie-breaks (seed 003, 1.13; seed 000, 3.7.3)
//
//   - Places go by points (1.13.1), then by the regulation's tie-breaks in the order it
//     lists them. A criterion splits a group of tied players into runs of equal value; each
//     run goes on to the next criterion on its own. Players nothing separates share the
//     place, written "2-3", and are listed by number. The extra match of 1.13.2 is the judge's
//     to arrange.
//   - The further criteria of 1.13.3 have names of their own: beaten-points, the final points
//     of the opponents beaten (S1, one term a game won); results-by-place, the results against
//     the other players in the order of places — the points against the first placed, then
//     the second, and so on, the first difference deciding; only the players every tied player
//     met count, and the order of places is the table's without this criterion, so that it
//     does not read itself; its value is no number and is not shown; opponents-rating, the sum
//     of the opponents' ratings (Player.Rating, 0 for none), one term a game counted.
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
// # Competition systems (seed 003, 1.2, 1.11, 1.14; seed 000, 3.7.3)
//
//   - The system is `[tournament] system`: round-robin (the default), team-round-robin,
//     scheveningen, swiss, knockout (knockout.go: the bracket, the micromatches and the tie
//     rules, with the decisions the seeds leave to the judge). The mixed system of 1.2 is
//     not run yet.
//   - Teams are numbered by their order in the sheet, the lot's order, and paired by the
//     Berger tables as players are; the team with the lower number of a pair has White on
//     the first board, and in the second cycle the other one. 1.14.3 gives the rest: that
//     team has White on every odd board and Black on every even one. All matches are played
//     at once, like every game by correspondence.
//   - In a Scheveningen match every member plays every member of the other team (1.2); the
//     seed gives no colours for it, so 1.14.3 is extended to every pair of boards: the home
//     team's board i against the away team's board j is White when i+j is even. Board 1 against
//     board 1 is White, and every player has White in half his games.
//   - A micromatch (1.11) plays a pairing `micromatch` times, the colours alternating. A game
//     is named by its players, White first (formats.md), so two players meet at most twice,
//     once with each colour: micromatch × rounds ≤ 2. An individual round robin of
//     micromatches would score each micromatch as one result (1.12.1); postald runs the
//     individual round robin of single games only, and the Swiss too (C.04.3).
//   - A match is won by the team whose players scored more points in its games (1.14.6), a
//     plus and a minus counting as a win and a loss (1.12.2). 1.14.6 reads two ways: the
//     clause counts a team's place by the sum of its game points in all matches (the
//     default), the note under 1.14.7 by match points, 2 a match won and 1 drawn
//     (`team_points`). Game points count every finished game; match points, matches won,
//     head-to-head and the coefficient only complete matches, whose every game is finished: a
//     match is won or lost once it is over.
//   - The tie-breaks of 1.14.6, in its order: the match points in the matches among the
//     teams still tied (for two teams, who won their match), the matches won, the coefficient
//     of seed 000, 3.7.3 — «результат каждого матча … умножается на сумму очков, набранных их
//     противниками во всех матчах», the products summed. The seed does not say whether a
//     match's result is its game points or its match points: it is counted as the places are,
//     game points with game points, match points with match points. Teams nothing separates
//     share the place.
//   - A match is decided once every game it plays is finished (1.14.6: «во всех партиях данного
//     тура»); a results file that gives fewer games, or a game without a result, leaves it
//     undecided.
//   - 1.14.6's extra match for a team that won every match and is «только второе место» is
//     the judge's to arrange: the standings name the team once every match is complete. Second
//     is a place that begins at 2 ("2", or "2-3" shared with a team nothing separates from it)
//     behind one team alone first; a team third behind two sharing first has no such right.
//   - A player of a team who leaves keeps his results whatever he played (1.10.3): 1.10.2's
//     strike-out would change matches already decided board by board. His games without a result
//     are a minus for him and a plus for the partner, in a results file too: there his games are
//     those the draw of the teams gives him, a game of the partner against a reserve of his team
//     counting as his. A team that leaves is the judges' (1.14.5).
//   - A reserve comes in by the director's command (1.14.2: the regulation says whether boards
//     are fixed). He takes the games of the player he replaces that have no move yet — a
//     begun game stays with its players — with their colours and boards; each old game is
//     annulled and counts for no one. With the boards moved up, in each match where no game
//     on the player's board or below has a move, the players below move up a board and the
//     reserve plays the last; where one has begun, the reserve takes the player's games only.
//     In a Scheveningen match every member meets every member, so only the player's own
//     games change hands.
//   - A Swiss by correspondence pairs a round when the last game of the round before is
//     finished, by the FIDE Dutch system (C.04.3) with the sheet's numbers as the pairing
//     numbers (the director numbers the players by rating, C.04.2) and White as the initial
//     colour. A forfeit and an annulled game are no game played: no colour, and the two may
//     meet again. The bye is a plus, a point (1.13.11, 1.12.2), and counts as a win where
//     wins are counted (a plus is a win, 1.12.2). For the coefficients a bye counts as an
//     opponent with the fewest points anyone scored (1.13.11), and a player who withdrew as
//     his points plus the average his score group scored in the rounds after he left — the
//     players who had his points after the last round he was paired in (1.13.11). He keeps his
//     results and his place (1.10.5). The tie-breaks are the regulation's; when it lists none,
//     Buchholz (seed 000, 3.7.3), the most wins, the games among the tied (1.13.3).
//   - Neither the seeds nor the spec say how long a Swiss round lasts by correspondence. With
//     [regulation] round_days a round's games get their own end date, round_days after the
//     day their play starts (the day after the round's letters are received, 4.3.2), and
//     4.3.2 applies to it as to the tournament's end: a move received then or later freezes the
//     game for the judge's adjudication. The next round waits for every game of the round,
//     adjudicated ones included, since the pairing needs their results (C.04.3); it starts as
//     soon as they are in, not on a calendar date of its own. The lots are an individual round
//     robin's (lots.go): a Swiss numbers its players by rating, a team event by its boards.
//     When the last round is over the tournament ends with it (1.2): the course records its
//     end once (SwissEnded) and sends the final standings to every player, the judge and the
//     director.
//   - A round robin, a team round robin and a Scheveningen match end when every game is played
//     (1.2), whatever ended the last one (a letter, a ruling, an adjudication, a withdrawal);
//     a game a reserve's replaced counts for no one and is not waited for. The course records
//     the end once (Ended) and sends the final standings to every player (his place and
//     points, his team's in a team event, or that his results are struck out, 1.10.2), the
//     captains, the judge and the director.
//   - A mixed competition (1.2) is played as stages, each a tournament of its own system; a
//     later stage's players are the first places of the stage before, numbered by them (stage.go).
//     Players who withdrew do not go on; a cut inside a shared place is the judges' to settle
//     (an extra match, 1.13), so postald refuses it rather than choose. A knockout ranks only
//     its winner and a team event ranks teams, so neither can be the stage before.
//
// # The door of a competition system
//
// Sheet.Course is the tournament's system at work (course.go): the office asks it, as a pure
// step, what follows the registration, the end of a game, a withdrawal and a reserve, and records
// the step it answers (the log's records, the rulings on games, the games opened, the letters);
// it gives the standings, the results file's reading (ReadStandings), the report's facts, the
// tie lots and a next stage's places. Each system is one implementation: roundRobin (course.go),
// teamCourse, swissCourse, knockoutCourse; the office names none. A step the rules do not allow
// as asked (a reserve in a round robin, a stage after a knockout) is refused with ErrRefused and
// records nothing; a stage after a system that ranks no players by place is also the sheet's
// fault at stage.after (an *InvalidError), worded in the reader's language.
//
// # Crosstables
//
// The text crosstable lists players in order of places, with one column per opponent in
// the same order, so that X runs down the diagonal; a column is headed by the opponent's
// number. A cell holds the player's results against that opponent in the order the games
// were given: 1 ½ 0 + -, in parentheses when struck out.
//
// The crosstable input (formats.md) may also give `rounds` (1 or 2; by default the most
// games any pair has), `withdrawn = true` and a `rating` for a player. A results file that lists
// no tiebreaks uses the regulation's default; an empty list means points only. A game given
// with the result "*" was begun and is not finished: it counts among the games played of a
// player who withdrew (1.10.4) and scores nothing yet; a game not given was not begun. A team
// event's file may set `micromatch` (1.11), as its sheet does. A knockout's file names no
// games: its micromatches may have any length, and a pair's games are taken in the file's
// order, those with the higher seed White as the odd games of the pairing (Game.Key).
package tournament
