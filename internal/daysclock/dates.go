package daysclock

import (
	"fmt"
	"time"
)

// LetterDays returns the days a player used for one letter (4.3.1): the date he sent his reply
// minus the date he received the move it answers, in calendar days. It is 0 when both fall on
// the same day ("При совпадении дат получения и ответа время не начисляется") and never
// negative: a reply dated before its receipt (only possible under the start rule, 4.3.2) costs 0.
func LetterDays(received, sent Date) int {
	if n := sent.Sub(received); n > 0 {
		return n
	}
	return 0
}

// DateField names one of the three dates of a letter (4.3.1).
type DateField int

// The three dates, in the order a letter states them (4.3.1).
const (
	PartnerSent DateField = iota // 1: the partner sent the move answered (the postmark of his letter)
	Received                     // 2: the player received it
	Sent                         // 3: the player sent this reply
)

// String names the field as JSON writes it: "partner_sent", "received", "sent".
func (f DateField) String() string {
	switch f {
	case PartnerSent:
		return "partner_sent"
	case Received:
		return "received"
	case Sent:
		return "sent"
	}
	return fmt.Sprintf("DateField(%d)", int(f))
}

// MarshalText implements encoding.TextMarshaler.
func (f DateField) MarshalText() ([]byte, error) {
	if f < PartnerSent || f > Sent {
		return nil, fmt.Errorf("date field %d: no such field", int(f))
	}
	return []byte(f.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (f *DateField) UnmarshalText(b []byte) error {
	for g := PartnerSent; g <= Sent; g++ {
		if string(b) == g.String() {
			*f = g
			return nil
		}
	}
	return fmt.Errorf("date field %q: want partner_sent, received or sent", b)
}

// Dates are the three dates of a letter from a player P (4.3.1), as postald stamps them from its
// own postmarks (relay mode: postald is the post office):
//  1. PartnerSent: the day postald received the partner's letter whose move P answers;
//  2. Received: the day postald forwarded that move to P;
//  3. Sent: the day postald received P's letter.
//
// PartnerSent and Received are zero for White's first move, which answers no letter.
type Dates struct {
	PartnerSent Date `json:"partner_sent,omitzero"`
	Received    Date `json:"received,omitzero"`
	Sent        Date `json:"sent"`
}

// StampDates makes the three dates from postald's postmarks, read in the tournament's zone:
// when it received the partner's letter, when it forwarded the move to the player, and when it
// received the player's reply. A zero instant gives a zero date (no such letter).
func StampDates(partnerSent, forwarded, replied time.Time, loc *time.Location) Dates {
	day := func(t time.Time) Date {
		if t.IsZero() {
			return Date{}
		}
		return DateOf(t, loc)
	}
	return Dates{PartnerSent: day(partnerSent), Received: day(forwarded), Sent: day(replied)}
}

// Days returns the days this letter costs its writer (4.3.1): Sent minus Received, 0 on the same
// day. The start and end rules (4.3.2) and leave are the Clock's business, not this one's.
func (d Dates) Days() int {
	if d.Received.IsZero() {
		return 0
	}
	return LetterDays(d.Received, d.Sent)
}

// Field returns the date of field f.
func (d Dates) Field(f DateField) Date {
	switch f {
	case PartnerSent:
		return d.PartnerSent
	case Received:
		return d.Received
	case Sent:
		return d.Sent
	}
	return Date{}
}

// DateDiff is a date a letter stated that differs from postald's stamp (4.3.1). postald's
// stamp stands; the difference is reported in the acknowledgement.
type DateDiff struct {
	Field   DateField `json:"field"`
	Stated  Date      `json:"stated,omitzero"` // zero: the letter did not state this date
	Stamped Date      `json:"stamped"`
	Clause  string    `json:"clause"` // "4.3.1"
}

// Missing reports whether the letter left this date out.
func (d DateDiff) Missing() bool { return d.Stated.IsZero() }

// Compare sets the dates a letter stated against postald's stamps and returns every difference,
// in the order of the fields. Three or more stated dates are taken by position, as clause 4.3.1
// orders them (partner sent, received, sent); extra dates are ignored. Fewer are taken in order
// for the dates postald stamped, the later ones left unstated: White's first move, which answers
// no letter and has only its own sending date, may state just that one. A date postald has no
// stamp for is not compared. Nil means the letter stated every stamped date and all agree.
func (d Dates) Compare(stated []Date) []DateDiff {
	var fields []DateField
	for f := PartnerSent; f <= Sent; f++ {
		if !d.Field(f).IsZero() {
			fields = append(fields, f)
		}
	}
	var diffs []DateDiff
	for i, f := range fields {
		var s Date
		switch {
		case len(stated) >= 3:
			s = stated[f]
		case i < len(stated):
			s = stated[i]
		}
		stamped := d.Field(f)
		if s.IsZero() || s.Sub(stamped) != 0 {
			diffs = append(diffs, DateDiff{Field: f, Stated: s, Stamped: stamped, Clause: ClauseTime})
		}
	}
	return diffs
}
