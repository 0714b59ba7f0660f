package trust

import (
	"net/mail"
	"strings"
	"time"
)

// No letter is held without a record and a notice: every letter postald holds (over a limit,
// failed authentication, automatic mail, an unreadable From, a stranger's, one it could not
// decide) is in the quarantine (`postald judge quarantine`), and once a day the judges get a
// digest of the letters held since the last one: a judge of every tournament the sender plays in,
// and, for a sender who plays in none or whose address cannot be read, every judge. The digest is
// made when letters wait that no digest listed and the last digest is a day old (or, before the
// first, the oldest of them), at the timer's next wake-up (at least hourly); each letter is listed
// once. These are the rules; the office records the digests and puts them in the outbox.

// DigestEvery is how often the judges get the digest of held letters at most.
const DigestEvery = 24 * time.Hour

// DigestDue reports whether the digest of the held letters that no digest listed yet, received
// at the instants received, is due at now: the last digest was sent at last (zero: none yet, and
// the first comes a day after the oldest of them). Nothing waiting is never due.
func DigestDue(last time.Time, received []time.Time, now time.Time) bool {
	if len(received) == 0 {
		return false
	}
	if last.IsZero() {
		last = received[0]
		for _, at := range received {
			if at.Before(last) {
				last = at
			}
		}
	}
	return now.Sub(last) >= DigestEvery
}

// A Bench is a tournament as the digest sees it: its judge's address ("" when it has none, and
// nobody is told in its name) and its players' addresses.
type Bench struct {
	Judge   string
	Players []string
}

// A Digest is one judge's digest: Bench is the tournament it is sent in the name of (an index of
// the benches: the first of his through which a letter reached him), Letters the held letters it
// lists (indexes of the letters), in their order.
type Digest struct {
	Bench   int
	Letters []int
}

// Digests says who is listed to whom in the digest of the held letters whose From fields, as
// written, are from (in their order), among the tournaments benches: a letter goes to the judge
// of every tournament its sender plays in, and a stranger's, or one whose From cannot be read, to
// every judge; a judge (his address compared in any case) gets one digest, listing each letter
// once. The digests are in the order their judges are first reached; none when no tournament has
// a judge (nobody to tell yet: the letters wait until a judge is registered).
func Digests(from []string, benches []Bench) []Digest {
	var judged []int
	for i, b := range benches {
		if b.Judge != "" {
			judged = append(judged, i)
		}
	}
	if len(judged) == 0 {
		return nil
	}
	byJudge := map[string]int{} // judge (lower case) → his digest
	var out []Digest
	for k, f := range from {
		addr := ""
		if a, err := mail.ParseAddress(f); err == nil {
			addr = strings.ToLower(a.Address)
		}
		var mine []int
		for _, i := range judged {
			if addr != "" && plays(benches[i].Players, addr) {
				mine = append(mine, i)
			}
		}
		if len(mine) == 0 {
			mine = judged // a stranger, or a From nobody can read: every judge
		}
		seen := map[string]bool{}
		for _, i := range mine {
			j := strings.ToLower(benches[i].Judge)
			if seen[j] {
				continue
			}
			seen[j] = true
			d, ok := byJudge[j]
			if !ok {
				d = len(out)
				byJudge[j] = d
				out = append(out, Digest{Bench: i})
			}
			out[d].Letters = append(out[d].Letters, k)
		}
	}
	return out
}

// plays reports whether addr is one of players, compared as strings.EqualFold compares.
func plays(players []string, addr string) bool {
	for _, p := range players {
		if strings.EqualFold(p, addr) {
			return true
		}
	}
	return false
}
