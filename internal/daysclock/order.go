package daysclock

import "fmt"

// Order names two dates of a card (or a call) in an order no card can have (clause 4.3.1: a
// letter is received after it is sent, answered after it is received): the captain mistyped
// one, or the card states them wrongly. Its time cannot be charged from such dates, so the card
// is refused whole, the two dates named, and the captain told what to enter.
type Order string

// The orders a card's dates cannot have.
const (
	// ArrivalAfterToday: the day the card reached the captain is after the day he enters it.
	ArrivalAfterToday Order = "arrival-after-today"
	// SentAfterArrival: the card was sent (its postmark, or the date it states) after the day it
	// reached the captain.
	SentAfterArrival Order = "sent-after-arrival"
	// ReceiptBeforeSending: the card states that the partner's move was received before it was
	// sent (its first two dates).
	ReceiptBeforeSending Order = "receipt-before-sending"
	// ReplyBeforeReceipt: the card states that the reply was sent before the partner's move was
	// received (its last two dates).
	ReplyBeforeReceipt Order = "reply-before-receipt"
	// SentBeforeMove: the card was sent before the day the move it answers was sent to its
	// player.
	SentBeforeMove Order = "sent-before-move"
	// PostedAfterToday: cards recorded as posted on a day after the day it is recorded.
	PostedAfterToday Order = "posted-after-today"
	// PostedBeforeWritten: a card recorded as posted before the day postald wrote it.
	PostedBeforeWritten Order = "posted-before-written"
)

// Misordered is a card's two dates in an impossible order: Date cannot come before (or, by
// Order, after) Bound. Written says that Date is one the card states (its text), not one the
// captain entered with a flag. Clause is the clause the order comes from.
type Misordered struct {
	Order   Order
	Date    Date
	Bound   Date
	Written bool
	Clause  string
}

func (m *Misordered) Error() string {
	return fmt.Sprintf("dates in an impossible order (%s, clause %s): %s against %s", m.Order, m.Clause, m.Date, m.Bound)
}

// WrittenOrder checks the dates a card states, in the order of clause 4.3.1 (Dates: the
// partner's move sent, received, the reply sent; a first move states one, its sending date),
// against each other and against arrived, the day the card reached the captain: the partner's
// move is received no earlier than it was sent, the reply sent no earlier than the move was
// received, and the card sent no later than it arrived. Nil when they can be; dates beyond the
// third are not read (as Dates.Compare reads them).
func WrittenOrder(written []Date, arrived Date) *Misordered {
	bad := func(o Order, d, bound Date) *Misordered {
		return &Misordered{Order: o, Date: d, Bound: bound, Written: true, Clause: "4.3.1"}
	}
	var sent Date
	switch n := len(written); {
	case n == 1:
		sent = written[0]
	case n >= 3:
		if written[1].Before(written[0]) {
			return bad(ReceiptBeforeSending, written[1], written[0])
		}
		if written[2].Before(written[1]) {
			return bad(ReplyBeforeReceipt, written[2], written[1])
		}
		sent = written[2]
	}
	if !sent.IsZero() && !arrived.IsZero() && sent.After(arrived) {
		return bad(SentAfterArrival, sent, arrived)
	}
	return nil
}

// PostingOrder checks the day cards are recorded as posted, on: not after today, and not
// before written, the day postald wrote the card (4.3.1: a card's postmark starts its reader's
// time, and no card is posted before it is written or after the day it is recorded).
func PostingOrder(on, written, today Date) *Misordered {
	switch {
	case on.After(today):
		return &Misordered{Order: PostedAfterToday, Date: on, Bound: today, Clause: "4.3.1"}
	case on.Before(written):
		return &Misordered{Order: PostedBeforeWritten, Date: on, Bound: written, Clause: "4.3.1"}
	}
	return nil
}
