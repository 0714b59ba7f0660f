package trust

import (
	"errors"
	"time"
)

// Hold is why a letter is held (kept in the quarantine, applied to no game), as a typed record
// stored with the letter: the judge's notice, the daily digest and the sender's note word it in
// the tournament's language (internal/phrase, Office.Held); the store's reason and the log keep
// its English words. Only the fields of its Kind are set.
type Hold struct {
	Kind HoldKind `json:"kind"`
	// Loop (HoldLoop) is which automatic letter it is; Quote the field that shows it.
	Loop  Loop   `json:"loop,omitzero"`
	Quote string `json:"quote,omitempty"`
	// From is the sender's address (rate, stranger, no game) or the From as the raw header
	// reads (from read two ways; Other is as the parser reads it; sender: Other is the Sender).
	From  string `json:"from,omitempty"`
	Other string `json:"other,omitempty"`
	Game  string `json:"game,omitempty"` // not own: the game the letter names
	// N is the number of From fields or of the From's addresses (from list), of Sender fields
	// (sender, when more than one), the hourly limit of letters, or the failed attempts.
	N      int        `json:"n,omitempty"`
	Auth   *AuthError `json:"auth,omitempty"`   // not authenticated
	Excess *Excess    `json:"excess,omitempty"` // over a limit
	// Fault is what went wrong, in the words of the program that failed (unreadable, internal,
	// unchecked): for the administrator, quoted as it is.
	Fault string `json:"fault,omitempty"`
	// Forged (report): the report carries a letter's token that does not verify. A report's Game
	// and N are the letter it names (its game or tournament, its number in the archive), Quote
	// what named it (its envelope ID or Message-ID).
	Forged bool `json:"forged,omitempty"`
	// Field is the field a letter has more than once (twice), N how many times; the
	// addresses the To and Cc fields name (not addressed), Own the tournament's address.
	Field string `json:"field,omitempty"`
	Own   string `json:"own,omitempty"`
	// Earlier is the letter a replay repeats the Message-ID of (replay).
	Earlier *Earlier `json:"earlier,omitempty"`
	// Over is how long postald's own check was tried (unchecked), N how many times.
	Over time.Duration `json:"over,omitempty"`
}

// Earlier is the letter decided before under a Message-ID that a replay carries again.
type Earlier struct {
	MessageID string    `json:"message_id"`
	Received  time.Time `json:"received"`
	Verdict   string    `json:"verdict,omitempty"`
	Game      string    `json:"game,omitempty"`
}

// HoldKind is which way a letter is held. The values are stored.
type HoldKind string

const (
	HoldLoop         HoldKind = "loop"          // automatic mail, never answered (RFC 3834)
	HoldFromFields   HoldKind = "from-fields"   // more than one From field (RFC 5322, 3.6)
	HoldFromList     HoldKind = "from-list"     // a From naming more than one address (RFC 5322, 3.6.2)
	HoldSender       HoldKind = "sender"        // a Sender other than the From, or more than one
	HoldNoPolicy     HoldKind = "no-policy"     // [trust] believes nobody (ErrNoPolicy)
	HoldAuth         HoldKind = "auth"          // the sender is not authenticated (AuthError)
	HoldRate         HoldKind = "rate"          // too many letters from one address within an hour
	HoldLimit        HoldKind = "limit"         // over a size limit, or fetched in part (Excess)
	HoldUnreadable   HoldKind = "unreadable"    // no header the parser can read
	HoldFromTwoWays  HoldKind = "from-two-ways" // the raw header and the parser read two senders
	HoldNotOwn       HoldKind = "not-own"       // names a game the sender does not play in
	HoldStranger     HoldKind = "stranger"      // not from a registered player
	HoldNoGame       HoldKind = "no-game"       // a registered player with no game in progress
	HoldFailed       HoldKind = "failed"        // deciding it failed again and again
	HoldInternal     HoldKind = "internal"      // postald could not decide it (a fault of postald's)
	HoldTwice        HoldKind = "twice"         // a field RFC 5322 (3.6) allows once appears more than once
	HoldNotAddressed HoldKind = "not-addressed" // To and Cc do not name the tournament's address
	HoldReplay       HoldKind = "replay"        // a Message-ID decided before, in a letter of another content
	HoldUnchecked    HoldKind = "unchecked"     // postald's own check could not be done, again and again
	HoldReport       HoldKind = "report"        // a delivery report without a letter's token (office/delivery.go)
)

// Authentication is the hold for a failed authentication check: err is what Policy.CheckHeader
// returned.
func Authentication(err error) Hold {
	var ae *AuthError
	switch {
	case errors.As(err, &ae):
		return Hold{Kind: HoldAuth, Auth: ae}
	case errors.Is(err, ErrNoPolicy):
		return Hold{Kind: HoldNoPolicy}
	case errors.Is(err, ErrNoFrom):
		return Hold{Kind: HoldLoop, Loop: LoopNoFrom}
	}
	return Hold{Kind: HoldInternal, Fault: err.Error()}
}
