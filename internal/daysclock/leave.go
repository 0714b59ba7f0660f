package daysclock

import (
	"fmt"
	"slices"
)

// Leave is a period of leave, both days included: the player's clock stops for these days.
// The regulation's leave_days gives each player an allowance per tournament, taken in periods
// announced in advance (the seed has no clause on leave; see the package doc).
type Leave struct {
	From Date `json:"from"`
	To   Date `json:"to"`
}

// Days returns the number of days of l, both ends included (0 when To is before From).
func (l Leave) Days() int {
	if n := l.To.Sub(l.From) + 1; n > 0 {
		return n
	}
	return 0
}

// Contains reports whether d is a day of l.
func (l Leave) Contains(d Date) bool { return !d.Before(l.From) && !d.After(l.To) }

func (l Leave) String() string { return l.From.String() + ".." + l.To.String() }

// LeaveTaken returns the days of leave in leaves, a day counted once where periods overlap.
func LeaveTaken(leaves []Leave) int {
	n := 0
	for _, l := range mergeLeaves(leaves) {
		n += l.Days()
	}
	return n
}

// ValidateLeave checks a leave a player announced on the day announced against the leave he has
// already taken (or announced) in the tournament and the regulation's allowance, leave_days.
// A leave must be announced before its first day, must not overlap a leave already taken, and
// must not exceed what remains of the allowance. The refusals are *RuleError with ClauseLeave.
func ValidateLeave(l Leave, announced Date, taken []Leave, allowance int) error {
	if l.From.IsZero() || l.To.IsZero() || l.To.Before(l.From) {
		return fmt.Errorf("leave %s: want a first and a last day, in order", l)
	}
	if !announced.Before(l.From) {
		return &RuleError{Clause: ClauseLeave, Reason: fmt.Sprintf(
			"leave %s announced on %s: a leave must be announced before its first day", l, announced)}
	}
	for _, t := range taken {
		if !l.To.Before(t.From) && !t.To.Before(l.From) {
			return &RuleError{Clause: ClauseLeave, Reason: fmt.Sprintf(
				"leave %s overlaps leave %s already taken", l, t)}
		}
	}
	if left := allowance - LeaveTaken(taken); l.Days() > left {
		return &RuleError{Clause: ClauseLeave, Reason: fmt.Sprintf(
			"leave %s is %d days; %d of the %d days of leave remain", l, l.Days(), max(left, 0), allowance)}
	}
	return nil
}

// mergeLeaves returns leaves sorted by first day with overlapping or adjacent periods joined and
// empty ones dropped. It returns leaves itself when it is already so.
func mergeLeaves(leaves []Leave) []Leave {
	ok := true
	for i, l := range leaves {
		if l.Days() == 0 || i > 0 && !leaves[i-1].To.AddDays(1).Before(l.From) {
			ok = false
			break
		}
	}
	if ok {
		return leaves
	}
	s := make([]Leave, 0, len(leaves))
	for _, l := range leaves {
		if l.Days() > 0 {
			s = append(s, l)
		}
	}
	slices.SortFunc(s, func(a, b Leave) int { return a.From.Sub(b.From) })
	out := s[:0]
	for _, l := range s {
		if n := len(out); n > 0 && !out[n-1].To.AddDays(1).Before(l.From) {
			if l.To.After(out[n-1].To) {
				out[n-1].To = l.To
			}
			continue
		}
		out = append(out, l)
	}
	return out
}

// chargeable returns the days of (from, to] that are not leave: the days a move received on
// from and answered on to costs (4.3.1 with the clock stopped for leave). 0 when to is not after from.
func chargeable(from, to Date, leaves []Leave) int {
	n := to.Sub(from)
	if n <= 0 {
		return 0
	}
	for _, l := range mergeLeaves(leaves) {
		lo, hi := Later(l.From, from.AddDays(1)), l.To
		if to.Before(hi) {
			hi = to
		}
		if d := hi.Sub(lo) + 1; d > 0 {
			n -= d
		}
	}
	return n
}

// nthChargeable returns the n-th day after from (n ≥ 1) that is not leave: the day on which a
// move received on from has cost n days.
func nthChargeable(from Date, n int, leaves []Leave) Date {
	d := from
	for _, l := range mergeLeaves(leaves) {
		if !l.To.After(d) {
			continue
		}
		if gap := l.From.Sub(d) - 1; gap > 0 {
			if n <= gap {
				return d.AddDays(n)
			}
			n -= gap
		}
		d = l.To
	}
	return d.AddDays(n)
}
