// Package referee applies the correspondence rules (clauses 4.1–4.3 of the seed's code of column
// draughts) to the letters of a game: it is the tournament captain's judgement, without the post.
//
// # The decision model
//
// Everything postald decides comes through one of the referee's doors (door.go), and whoever
// calls them only records and delivers what they return:
//   - [Decide]: a letter, a card or a call. It takes the games the letter may be about, each a
//     [Seat] (the [Game], play state only, at its tournament's [Table]: the variant, the
//     languages, the addresses, the players, the dates, the [Regulation] and the zone), the
//     letter as read with its [Envelope] (sender, Message-ID, the instant postald received it;
//     for a card the [Card] the captain entered) and the instant of the decision. It finds the
//     game (below), decides the letter as the judge's adjudication submission after the end date
//     (4.3.2) or by the correspondence rules, and returns the [Decision]: the verdict (accepted,
//     corrected, rejected, notice, ignored), the clauses it rests on, the plies it put on the
//     board, the days charged, the penalty days, the new game, every reader's letter in his own
//     language ([Outgoing]: both players', the judge's, the director's), the adjudication
//     steps it brings and the instant of the game's next event ([Decision].Next).
//   - [Tick]: the passing of time (reminders, the overstep of a silent player, the silence
//     report, the adjudication package due, [Decision].Package).
//   - [Rule]: a judge's ruling, with the letters to both players, the judge and the director.
//   - [Posted]: the captain posted a card or made a call, and the reader's clock starts.
//   - [Open]: a game registered, before its first move.
//   - [Mailed]: the post's news about the letter that brought a player his move: that it did not
//     reach him, or that it reached him after all.
//
// Nothing here does I/O, reads a clock or keeps a global: the postmark, the zone and the
// regulation are arguments, so a decision can be replayed exactly (postald simulate runs the
// office, which calls these doors, over a store in memory).
//
// postald works in relay mode: it is the post office and the captain at once. Its receipt of a
// letter is the postmark of the sender's reply and the receipt of the move by the partner (it
// forwards at once), so the three dates of 4.3.1 are facts it stamps. The dates and the time
// fraction a player states are compared with the stamps and the computed totals; differences
// are reported (clause 4.3.1) and never believed. All day arithmetic is daysclock's.
//
// A letter from the player on move goes through these steps, each citing its clause where it is
// enforced:
//  1. a letter that carries no move (no own move, no acceptance, no resignation, no draw
//     statement: a question, thanks, an out-of-office text) is no move letter: it is answered
//     with what postald expects (the moves to repeat, his move, his last day), at most once a day
//     for the game, and costs nothing (4.2.9 and 4.2.10 apply to letters that carry moves);
//  2. the repetition of the partner's moves (4.2.9): missing, wrong or unreadable is a fault;
//  3. a variant of the partner accepted in writing (4.2.13), read as described below;
//  4. the letter's own moves, judged in the position the letter intends (after the accepted
//     part), with the partner's forced replies the sender wrote (4.2.4), an impossible move
//     replaced by the single legal move of its square (4.2.10), any other impossible,
//     abbreviated (4.2.2), unreadable (4.2.5) or ambiguous move a fault (4.2.10), numbering
//     errors corrected (4.2.14), and the partner's variants followed move by move (4.2.13);
//  5. every fault found in steps 2–4 is named in one stop, with the regulation's penalty days
//     once (4.2.11: «независимо от количества нарушений в одном письме»);
//  6. otherwise the days charged (4.3.1, 4.3.2), the sender's proposals stored (4.2.7, cut by
//     4.2.12), the partner's forced reply left out played by postald (4.2.4), draw offers, the
//     result on the board, the end date (4.3.2), an overstep (4.3.1), and the letters.
//
// A stopped letter forwards nothing: the sender is told every fault, on which line and as he
// wrote it, under which clause, the penalty, that his clock keeps running, what to send, and
// the position the letter was judged in.
//
// # A variant accepted in writing (4.2.13)
//
// «Принимаю вариант А[ до N-го хода][: moves]», «ваш вариант принимаю[ частично]: …», then
// «вместо X играю Y» or «Мой ход: Y», and the English forms. The accepted moves are the
// variant's own, both sides', never the repetition of the partner's moves; the declined move X
// is never played. The accepted part ends at the first move the sender changed (4.2.13), which
// the letter may tell in four ways: N, the number of the first changed move (the seed's usage:
// «до 14-го хода: 12... f6:d4 … 14. e3:g5. Вместо 14... h6:f4 играю 14... b6-a5»); the declined
// move X; the accepted moves written out, where the first of the sender's moves that differs
// from the variant is the changed one; the number of his first own move. Plies the letter does
// not write before that point are accepted as the variant has them. Every way the letter uses
// must agree; with none, the sender's moves follow the variant move by move (acceptance by
// play, as without the word). An accepted move of the proposer written otherwise than the
// variant is a wrong repetition of the accepted variant (4.2.9 with 4.2.3). Decisions:
//   - A letter that accepts a variant is never decided by turning one of its moves into a move
//     of another number or square: no 4.2.10 substitution and no 4.2.14 renumbering. The changed
//     move, if impossible, is corrected by the sender with the penalty, as 4.2.13 itself says.
//   - An acceptance postald cannot read with certainty (a label not proposed, several variants
//     and none named, the ways above disagreeing, a move not at its place in the variant) is
//     stopped under 4.2.5 naming the line and saying what was read and what was proposed;
//     nothing of it is played and no penalty is charged: 4.2.11 names only 4.2.9 and 4.2.10,
//     and the doubt may be postald's reading. The sender's clock keeps running.
//   - When only the changed move is at fault, the accepted part stays played (4.2.8: accepted
//     moves are made); the resent letter may state the acceptance again or simply give the
//     changed move. When the repetition or the acceptance itself is at fault, nothing stays.
//   - An acceptance with nothing to accept (the partner proposed nothing) and no moves, N or X
//     of its own is noted and the letter's moves are judged as written.
//
// # Seed and specification
//
// Clauses 4.2 and 4.3.1–4.3.2 of the seed were read against the specification; they agree. Where
// the seed speaks of two players exchanging cards (4.2.9: the recipient reports a missing
// repetition within three days that are not charged to him; 4.2.11: the partner charges the
// penalty in his reply or never; 4.3.1: the partner's time is corrected by the postmark in the
// next reply or never), postald does the recipient's part itself and at once, which is what the
// seed asks of him. The seed breaks off inside 4.3.3; everything after it (overstep, silence,
// leave, draws, adjudication) is the regulation's and the decisions below.
//
// # Judgement calls where the seed and the specification are silent
//
//   - A letter written in a word processor and sent as a file attached (a text file, .docx,
//     .odt) is the letter, as a judge opens it: when the letter's own text states neither play
//     nor a leave, the file's text is read after it (mailparse), decided as if written there and
//     forwarded so; the answer names the file read. A file postald does not read (.doc, .pdf, a
//     picture) leaves a letter without a move, which costs nothing: the answer names the file
//     and asks for the move in the letter's text. The seed's letter is paper (4.2.3); a file
//     attached is the same sheet in an envelope.
//   - Repetition (4.2.9) is owed for the moves the partner wrote (substituted moves included) that
//     the sender has not yet repeated in any letter, whatever that letter's verdict: a stopped
//     letter, a notice or a letter written out of turn that repeats them pays the debt. Moves
//     postald played itself (a forced reply it supplied, a proposer's variant move) were
//     announced by postald and need not be repeated; repeating them is accepted. Every letter
//     forwarded to a player says what his next letter must repeat. A letter's move that names a
//     ply already on the board and matches it is read as a repetition wherever it stands. Each
//     owed move not repeated is a fault of its own in the stop letter.
//   - «Impossible» is said of a move written in full notation that the rules forbid, a square
//     the board does not play on included (4.2.10); «unreadable» (4.2.5) only of text the
//     letter reader could not read as notation.
//   - A letter without a move written by the player not on move (an out-of-office answer to
//     postald's acknowledgement) is answered once a day, like one from the player on move; a
//     letter with moves is always answered.
//   - The right move under a wrong number, in the repetition or among the sender's moves, is a
//     numbering error (4.2.14), not a wrong repetition: corrected and noted, no stop.
//   - A partner's reply written by the sender is taken only when it is forced (4.2.4). A partner's
//     move that is not forced ends the sender's moves: the rest of the letter's moves are not taken
//     and the sender is told to propose such lines as variants (4.2.7). That is no stop: nothing in
//     4.2.9/4.2.10 covers it. A forced reply written wrongly is replaced by the only legal move and
//     noted.
//   - 4.2.10's single move is used only when the move is illegal and the piece on its from-square
//     is the mover's with exactly one legal move. An empty square, an opponent's piece, abbreviated
//     notation (which names no square, 4.2.2), an ambiguous capture (several routes, so several
//     moves) and unreadable text stop the letter; unreadable text also cites 4.2.5.
//   - A letter that tries to change a move already sent (4.2.8) is rejected without penalty days:
//     4.2.11 names only the stops of 4.2.9 and 4.2.10. The impossible move postald replaced by
//     its piece's single legal move (4.2.10), written again in the same letter sent again, is
//     the move sent, not a change of it: a notice that the moves are made, nothing changed.
//   - A move the writer corrects in the letter itself (4.2.5: crossed out and another written;
//     mailparse Letter.Crossed) is no change of a move sent: the correction is his move, decided
//     as if written alone, and the answer names the line of the move crossed out. A move sent in
//     an earlier letter stays unchangeable (4.2.8).
//   - Variants start with the partner's reply to the position the letter's own moves leave. A
//     variant ending with a partner's move has that move dropped (it binds nobody); one left with
//     no move of the proposer is not kept. Of two variants that agree on the partner's move but
//     answer it differently, the first stated binds the proposer when the partner plays that move;
//     an acceptance that writes the other's moves accepts the other, which the proposer offered
//     too (so also for two capture routes written alike, «6:6» in Lasca); one that writes only
//     the common move does not say which, and is stopped under 4.2.5 without penalty. A new
//     letter's proposals replace the proposer's older pending ones, which the position has
//     overtaken.
//   - When the changed move after an accepted part of a variant is impossible (4.2.13), the
//     accepted part stays played (4.2.8: accepted moves are made) and only the changed move is
//     stopped, with the penalty of 4.2.11; the proposer is told what was played.
//   - The proposer's moves played from his accepted variant and forced replies postald plays cost
//     their player no days but count as his moves for the controls. When the turn comes back to
//     the sender, his clock runs from that day's notice.
//   - A draw offer stands until the partner's reply move (1.13.3); a reply move declines it, and
//     so do words of refusal («не согласен на ничью», "I do not accept the draw"). A "draw
//     accepted" with no offer standing is no offer: nothing is recorded and the writer is told
//     how to offer one; the short «Согласен», "Agreed" count only while the partner's offer
//     stands. A resignation is taken from either player at any time, on move or not, also after
//     the end date; one under a condition or promised is no resignation. Nothing irreversible
//     follows from a reading with two meanings: postald asks (statements.go lists the readings).
//   - A draw claim is judged in the position before the claimant's written move; a valid claim ends
//     the game (the move is not played), an invalid one is answered and the move played.
//   - An opening drawn by lot (seed 003, 1.6.4; Table.Openings) is on the board before play: its
//     moves are marked ByLot, dated the day play starts, sent by nobody. The player on move
//     after them is on move from the start, as White is without them, and his first letter
//     repeats nothing (4.2.9 owes only the partner's written moves; restating the drawn moves is
//     accepted as any repetition of plies on the board). A letter that changes a drawn move tries
//     to change a move already on the board and is refused without penalty days (4.2.8). The
//     drawn moves cost nobody days and are nobody's moves for the controls, which count each
//     player's own moves and are named by the game's move numbers (daysclock.Clock.Given).
//   - 4.3.2: no clock runs before the start date; Black's first move is charged from the later of
//     the start date and the day he received White's first move. The game freezes for adjudication
//     when the player to move receives his move on the end date or later. A player who received his
//     move before the end date may still answer after it, on his clock; his partner then receives
//     it after the end date and the game freezes.
//   - Time never runs backward inside a game (the seed counts days forward, 4.3.1, and is silent
//     on a clock that jumps): a letter by e-mail is taken as arriving no earlier than the game's
//     last one ([Game].LastArrival; letters reach the mailbox in order) nor than the day the move
//     it answers was forwarded. A letter the machine's or the mail server's clock dates earlier is
//     decided as arriving then: the record shows the reply after the move it answers and nobody is
//     charged, or credited, for days that came back. The instant the letter is decided does not
//     count: letters decided late keep their own arrival. A card's postmark and a posting's date
//     are the captain's reading of the card and stand as entered.
//   - Post and telephone (4.1.1, 4.2.1; the regulation's post_days): a player by post or
//     telephone plays through the captain, who enters his card or call with its side. Its moves
//     are charged to its sending date (SendingDate: the postmark, for registered mail the
//     receipt's date, else the date written, else the day the card arrived; for a call its day),
//     never to the day it is entered; a postmark after that day counts as that day. His partner
//     by e-mail receives the move the day it is entered and forwarded, his second date; the first
//     is the postmark. A move to a player by post or telephone waits for the captain
//     (Game.Posting): nothing runs for him, nothing reminds him and no silence is counted until
//     [Posted], and his clock then runs from the posting date plus post_days (a call: the same
//     day), his first and second dates, never from before the move was sent. postald counts
//     post_days as the card's travel and does not believe a receipt date the player writes;
//     where the post was slower, the judge corrects the days (correct-date). A card postmarked
//     before its player is counted to have received his move costs nothing, never less. A card or
//     call with moves that comes before the posting was recorded starts his clock on its
//     postmark. A receipt on or after the end date freezes the game when the card is posted, and
//     both players are told. A first move postmarked on the start date or earlier cites 4.3.2. A
//     silent player by post is reminded post_days early and overstepped post_days late, when a
//     card posted on his last day would have arrived; a card or call that arrives later still
//     and was sent before the day the overstep was counted from withdraws it, and both players
//     and the judge are told (its days, charged to its postmark, are what 4.3.1 counts). Even
//     under the forfeit policy his silence alone does not lose the game: his card may be in the
//     post, his call not yet entered, so postald cannot point to a fault, and the judge decides
//     (4.1.7); an overstep his own card shows is forfeited as for anyone. Dates a card cannot
//     have are refused whole, as a *daysclock.Misordered naming the two dates and their order,
//     so that the captain is told what to enter: a card received after the day it is entered, a
//     sending date after the day it arrived or before the day the move it answers was sent
//     (CheckCard), and, when no postmark is entered, dates the card states in an impossible
//     order (daysclock.WrittenOrder: the partner's move received before it was sent, the reply
//     sent before the move was received, the card sent after it arrived). Such dates are the
//     captain's typing or the player's slip; postald cannot tell which, and charges no time
//     from them. The captain checks the card: if it truly states them so, the postmark he
//     enters is the sending date (4.3.1) whatever the card states, and for a card without a
//     legible postmark the day it arrived, the latest day it can have been sent.
//     A letter without a sender address is nobody's, also when a player has no address.
//   - The move must reach its reader (4.3.1: his time runs from the day he receives it). A move
//     the post says did not reach him (a delivery report the office believes) stops his clock as
//     if it had never run: nothing is charged, reminded or counted as an overstep until it does
//     ([Mailed]; an overstep counted meanwhile is withdrawn); his own letter with moves shows
//     that he had it by its postmark; by post it waits for the captain's card with post_days; a
//     success notice of the letter sent again starts his clock on that day. A report about a move
//     the game no longer waits for changes nothing (delivery.go).
//   - An overstep (4.3.1) is recorded the day it is certain, once: with the regulation's `judge`
//     policy both players and the judge are told and the game goes on until the judge rules
//     (`forfeit` through [Rule]); with `forfeit` the game is lost at once.
//   - A leave announced by letter (clause 4.1.3, the regulation's leave_days) is granted when
//     it is announced before its first day, does not overlap an earlier one and fits the allowance:
//     the player's clock stops on those days. A leave is the player's: one notice — alone, in a
//     move letter, in a postscript — stops his clock in every game of his in play in the
//     tournament, the allowance counted over all of them, and every partner is told; a notice
//     without its year takes it from the letter's date (statements.go).
//   - A letter about several games, each under its heading (mailparse: sections), is a letter per
//     game, each decided in its game as if it had come alone, in one unit of work (mail.go); the
//     player's statements (a leave, a withdrawal) ride with one of its games. A protest (4.1.12) goes to the judge as written,
//     also when the letter carries moves, which are decided as usual.
//   - Clause 4.2.6 (no comments on a running game) is not enforced: comments are forwarded with the
//     letter as written and the judge may rule.
//   - A letter that names a tournament of the sender's is about a game of that tournament (the
//     code of 4.2.3; the office reads a Latin spelling as the code, tournament.Latin). A letter
//     may name its game by its partner («партия с Ивановым»: his name in any case form). A game
//     named by its pair in the other order («партия 1-3» for game 3-1: "me against him") is that
//     game when no game of the sender's has the name written, the pair is one game of his and the
//     letter's moves play there as written; any doubt more (a move that does not play there, a
//     pair of two tournaments, no move) and he is asked: the name may be a slip of a digit, and
//     a move, or a penalty, in a game he did not mean cannot be undone (route.go). A letter
//     that names no game goes to the sender's only game in play, else to the only one of
//     his games in play that accepts its moves; otherwise he is asked to name the game. A letter
//     from an address that plays in none of the games is ignored. A letter stopped, playing
//     nothing, or playing only with a number or a square put right (4.2.14, 4.2.10) in the game
//     it names while its moves play as written in another game of the sender's where he is on
//     move is asked about: it may be that game's (mail.go).
//   - Each letter is in its reader's language (letters.md): a player's own ([Player].Language, the
//     start sheet's per-player language), else the tournament's; the judge's and the director's
//     in the tournament's. One decision that writes to both players writes each in his language:
//     the sender's acknowledgement or rejection in his, the forwarded move in the partner's, a
//     result, an overstep, a ruling, a reminder or the adjudication's question in each player's.
//     The decision's notes and the violations' words are the sender's. The seed does not speak
//     of languages.
//   - A date in a letter is written as the reader's language writes it in his letters: 18.11.2026
//     in Russian, 2026-11-18 in English (letters.md's samples); a leave as «с 01.12.2026 по
//     10.12.2026», "2026-12-01..2026-12-10". Quoted text (the sender's letter forwarded, the
//     judge's reason) stays as written.
//   - A variant is named by the label its proposer wrote, Cyrillic (А, Б) or Latin (A, B), in
//     every letter, also to a partner of the other language; an acceptance matches it in either
//     alphabet by its place in the alphabet (mailparse: Б and B are one label, В is C).
//   - The clauses of a decision are listed in the seed's numbering order. 4.3.2 is listed when the
//     start or end rule decided a charge or froze the game.
//   - The endgame databases (endgame.go): 2.6's counting rules apply to russian and international
//     alike; «своим 5-м ходом не добьется выигранной позиции» means the game is not over by that
//     move; the rules are checked along the principal line, and a verdict that could depend on the
//     line is the judge's; a tablebase claim is judged in the position on the board before the
//     letter's moves, goes to the judge by default, ends the game only under endgame_claims =
//     "auto" and only on a verdict with one meaning, and costs nothing when it is contradicted.
package referee
