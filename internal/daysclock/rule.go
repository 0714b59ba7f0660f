package daysclock

import "fmt"

// Clauses of the seed's rules that daysclock applies. Every value derived from a rule carries one.
const (
	ClauseTime    = "4.3.1"  // 50 days per 10 moves, accumulating; the three dates; the time fraction
	ClauseStart   = "4.3.2"  // the start and the end of play
	ClausePenalty = "4.2.11" // penalty days for a stopped letter
	// ClauseLeave is the clause of leave: the seed has no clause on leave itself, but 4.1.3
	// leaves the particulars of play by e-mail to the regulation, whose leave_days is the rule;
	// letters and X-Postald-Clause cite the clause by its number, as every other.
	ClauseLeave = "4.1.3"
)

// RuleError is a rule that forbids what was asked, with the clause that forbids it.
type RuleError struct {
	Clause string // "4.3.1", "4.1.3", …
	Reason string // in words, for the letter that answers
}

func (e *RuleError) Error() string { return fmt.Sprintf("%s: %s", e.Clause, e.Reason) }
