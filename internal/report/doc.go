// Package report arranges the tournament director's report (Build) and writes it as plain text; package
// pages draws the same View as HTML, for the web pages and `postald report -html`: the
// standings and crosstable (computed by package tournament), the games in play with whose
// move it is, every player's accrued days and next control in each game, the controls due
// within a week, the violations and penalty days, the judge's rulings and the finished
// games.
//
// The report reads nothing itself: the caller assembles an Input from the store (the start
// sheet, one Game summary per game, the rulings, today's date in the tournament's zone) and
// the report only arranges it. It is written in the tournament's language.
//
// Decisions where the rules are silent:
//   - "Within a week" means a control whose last day falls on today or one of the next
//     WeekAhead days; controls already past are listed too, marked overdue, until the
//     judge rules on them.
//   - Only the player on move has a deadline; the other's clock is not running.
//   - Games of the sheet the store does not yet hold are counted as not started.
//   - Players who withdrew and the results of their games follow seed 003, 1.10, as in
//     package tournament.
package report
