// Package daysclock keeps the thinking time of correspondence draughts in calendar days:
// the three dates of a letter, the days used per letter, accrued totals with penalty days,
// the controls (50 days per 10 moves, accumulating), deadlines and reminders, oversteps, leave,
// and the start and end of play (clauses 4.2.11, 4.3.1 and 4.3.2 of the rules of play by
// correspondence). It reads no clock and does no I/O: the caller passes the tournament's
// *time.Location and every instant and day.
//
// # The model
//
// A Date is a calendar day. An instant becomes a Date only through the tournament's zone
// (the regulation's zone, Europe/Moscow by default): a letter postald receives at 23:59:59 and
// one it receives at 00:00:01 are on different days, and daylight saving does not matter because
// days are counted on the calendar, never as 24-hour periods (there is no "next-day allowance").
//
// postald relays every letter, so its own postmarks are the three dates of clause 4.3.1
// (Dates, StampDates): the day it received the partner's letter, the day it forwarded the move,
// the day it received the reply. A letter costs its writer the reply date minus the receipt
// date (LetterDays), 0 on the same day.
//
// A Clock is one player's time in one game: his accrued days (penalty days included), the moves
// he has made, the day his current thinking runs from when it is his move, his leave, and his
// overstep once certain. Terms carry the tournament's numbers and dates; the referee makes them
// from the regulation and the start sheet and passes them to every operation:
//
//   - Run: he received a move (or play started for him); his thinking runs from that day.
//   - Reply: his letter with his move(s) arrived; the days are charged and the clock stops.
//   - Penalize: a stopped letter costs him penalty days at once (4.2.11); the clock keeps running.
//   - CountMoves: his moves that cost him nothing (forced replies 4.2.4, accepted variants 4.2.13).
//   - Stop: the game is over; the clock stops without a charge.
//   - AddLeave, Correct, Excuse: a leave announced, a judge's correction of the days, an
//     overstep the judge does not let stand.
//   - Check, Deadline, Events, NextEvent: the overstep, his last day, the days to act on.
//
// The referee composes them. A letter with a valid move: Reply on the writer's clock, CountMoves on
// it or on the partner's for moves that cost nothing, Run on the partner's clock from the day the
// move is forwarded. A stopped letter: Penalize. A forced reply postald plays itself (4.2.4):
// Reply on the writer's clock, CountMoves(1) on the partner's, Run on the writer's from the notice.
// The daemon's timer sleeps until NextEvent's day (Date.Start gives the instant); on waking it
// takes DueEvents since the day it last acted, calls Check for the oversteps and sends the
// reminders and reports.
//
// A control (4.3.1) is a move number and a limit: after his move Moves·k his total must not
// exceed Days·k. The next control of a player who has made m moves is the one of move
// (m/Moves+1)·Moves. The moves of an opening drawn by lot (seed 003, 1.6.4) were on the board
// before play: they cost nobody days and are not his moves for the controls (Clock.Given), so
// that both players have a control's days for a control's moves of their own; the move number a
// Checkpoint names is the game's, his own moves plus those given. An overstep is a fact as soon as it is certain: his accrued days plus the
// days running on a move he has not answered exceed the limit of his next control. A silent
// player therefore oversteps on a day known in advance (Deadline.OverstepDay), the day after his
// last day.
//
// # Decisions where the seed and the specification are silent
//
// These are the rulings a tournament judge would make; each is applied where the code says so.
//
//  1. Days are calendar days of the tournament's zone, for both players, wherever they live.
//     A letter postald receives at 00:30 Moscow time on the 5th was sent on the 5th, even when it
//     was still the 4th in the writer's town.
//  2. A reply dated before its receipt costs 0 days, never a negative number: in relay mode this
//     happens only under the start rule (a first move made before the start date).
//  3. The dates a letter states are compared with postald's stamps (Dates.Compare). Three dates
//     are taken by position, in the order of clause 4.3.1 (partner sent, received, sent); dates
//     beyond the third are ignored. Fewer are taken in order for the dates postald stamped, the
//     later ones left unstated (White's first move has only its sending date). Every difference,
//     and every date left out, is reported; postald's stamps stand. The seed's correction of the
//     partner's time by the postmark, "in the next reply or never", is therefore made by postald
//     at once. Dates postald has no stamp for are not compared.
//  4. Start (4.3.2). Play starts for a player on the start date, or on the day after he received the
//     start sheet when that was after the start date (Terms.PlayerStart; in relay mode he received
//     it the day postald sent it). White's first move is charged from his start, so it costs nothing
//     when made on that day or earlier. Black's first move is charged from the later of his start
//     and the day he received White's first move: the clause charges a first move "from the start",
//     but Black cannot think about a move he has not received, and a move received before the start
//     must not cost him days before play began. Black, too, is charged nothing when he answers on
//     his start date or earlier.
//  5. End (4.3.2). A player who receives a move on the end date or later has his clock frozen for
//     good: nothing more is charged to him, penalty days included ("далее ему время не
//     начисляется"), and he has no deadline, reminder, overstep or silence. A move he received
//     before the end date keeps running after it: the clause frees only the one who receives a
//     move on or after the end date.
//  6. Controls count each player's own moves. When one letter holds several of his moves (a
//     variant of the partner accepted up to a point, a forced reply of the partner and his answer),
//     the days are charged to the first of them, and every control the letter completes is checked.
//  7. A letter whose move completes a control but comes too late is an overstep like silence: it is
//     recorded, dated the first day the running days took him over the limit (which may be before
//     the letter came), and returned with the charge. The move itself is not undone (4.2.8); what
//     follows the overstep is the referee's and the judge's (the regulation's overstep setting).
//  8. Penalty days count in the total (4.3.1). A control already passed is not judged again: the
//     control of move 10 is met or missed when move 10 is made ("after his move 10·k"). Penalty days
//     charged after it count towards the next control; if they, with the days running, take him
//     over its limit, the overstep is certain at once and is dated the day of the penalty (an
//     overstep the running days had already made certain keeps its own, earlier day).
//  9. Penalty days are charged on the day of the rejection, the clock keeps running from the day he
//     received the move, and the thinking days are charged when his valid letter comes
//     (correspondence.md, "A stopped letter").
//  10. Leave (the regulation's leave_days; the seed has none). A leave is a period of whole days,
//     announced before its first day, not overlapping another, within what remains of the player's
//     allowance for the tournament (ValidateLeave); it stops his clock in all his games. The days of
//     a leave that fall between the receipt of a move and the reply are not charged, also when the
//     move was already running when the leave began; his last day, overstep day and silence day
//     move on by the leave days they cross. A leave announced is taken in full: writing during it
//     does not give days back to the allowance.
//  11. Reminders fall N days before the last day (regulation reminders, 7 and 1); a reminder day
//     not after the day his thinking began is dropped.
//  12. Silence (the regulation's silence_days) counts from the later of the day his move began and
//     his last letter in the game (a stopped letter or a draw offer ends a silence), leave days not
//     counted; the event falls on the day the count reaches silence_days.
//  13. Only the first overstep is recorded. A correction of the days (Clock.Correct, a judge's
//     ruling) neither records nor clears one; a ruling that excuses an overstep clears it
//     (Clock.Excuse), and the next Check records one the days still make certain.
//  14. The three days a player has under 4.2.9 to report a move not repeated do not arise: postald
//     reads every letter at once and stops it itself.
//  15. A control with a zero number counts as the seed's, 50 days per 10 moves, as an unset
//     regulation number does.
package daysclock
