package referee

import (
	"slices"
	"strings"
	"time"

	"postald/internal/daysclock"
)

// NotificationKind is what a notice recorded in Game.Notified was.
type NotificationKind string

// Kinds of notices a game records, so that each goes once.
const (
	// NotifyReminder: side's reminder of his last day before a control (regulation reminders),
	// for the reminder day Date.
	NotifyReminder NotificationKind = "reminder"
	// NotifySilence: the judge told of side's long silence (silence_days), due on Date.
	NotifySilence NotificationKind = "silence"
	// NotifyOverstep: side's overstep told to everyone (4.3.1); once per game.
	NotifyOverstep NotificationKind = "overstep"
	// NotifyExpect: side's letter without a move answered on Date; such letters are answered
	// once a day, and only the latest day is kept.
	NotifyExpect NotificationKind = "expect"
	// NotifyAdjudicationAsked: both players asked for their submissions at the instant At (4.3.2).
	NotifyAdjudicationAsked NotificationKind = "adjudication/asked"
	// NotifyAdjudicationPackage: the judge's adjudication package sent (4.3.2).
	NotifyAdjudicationPackage NotificationKind = "adjudication/package"
	// NotifyStart: side's letter that opened the game went to him on a card (or a call) the
	// captain posted, counted received on Date (4.3.2, StartPosted); once per game.
	NotifyStart NotificationKind = "start"
)

// String returns the kind's word: "reminder", "adjudication/asked", ...
func (k NotificationKind) String() string { return string(k) }

// Notification is one notice of a game postald has sent, recorded in Game.Notified so that a
// tick, a letter or a restart sends it once.
//
// Its JSON form is the string key postald has always stored, which every store written so far
// holds: "white/reminder/2026-12-20", "black/silence/2026-12-01", "white/overstep",
// "black/expect/2026-11-08", "white/start/2026-11-05", "adjudication/asked/2027-01-01T10:00:00+03:00" (RFC 3339),
// "adjudication/package". A key this postald does not know is kept as it was read, written back
// unchanged and matches no notice.
type Notification struct {
	Kind NotificationKind
	Side Side           // reminder, silence, overstep, expect
	Date daysclock.Date // reminder, silence, expect: the day the notice is for
	At   time.Time      // adjudication/asked: when the players were asked, to the second

	unknown string // a key this postald does not read, as it was read; Kind is then ""
}

// Notifications of each kind.
func reminderSent(s Side, d daysclock.Date) Notification {
	return Notification{Kind: NotifyReminder, Side: s, Date: d}
}
func silenceSent(s Side, d daysclock.Date) Notification {
	return Notification{Kind: NotifySilence, Side: s, Date: d}
}
func overstepSent(s Side) Notification { return Notification{Kind: NotifyOverstep, Side: s} }
func expectSent(s Side, d daysclock.Date) Notification {
	return Notification{Kind: NotifyExpect, Side: s, Date: d}
}

// adjudicationAsked records the players asked at now; the instant is kept to the second, as
// its key writes it.
func adjudicationAsked(now time.Time) Notification {
	at, err := time.Parse(time.RFC3339, now.Format(time.RFC3339))
	if err != nil {
		at = now.Truncate(time.Second)
	}
	return Notification{Kind: NotifyAdjudicationAsked, At: at}
}

var adjudicationPackage = Notification{Kind: NotifyAdjudicationPackage}

// sidedKind reports whether notices of kind k are about one side.
func sidedKind(k NotificationKind) bool {
	switch k {
	case NotifyReminder, NotifySilence, NotifyOverstep, NotifyExpect, NotifyStart:
		return true
	}
	return false
}

// datedKind reports whether notices of kind k carry the day they are for.
func datedKind(k NotificationKind) bool {
	return k == NotifyReminder || k == NotifySilence || k == NotifyExpect || k == NotifyStart
}

// known reports whether n is a notice this postald reads (not a key kept as it was read).
func (n Notification) known() bool {
	switch n.Kind {
	case NotifyReminder, NotifySilence, NotifyOverstep, NotifyExpect, NotifyStart, NotifyAdjudicationAsked, NotifyAdjudicationPackage:
		return true
	}
	return false
}

// Equal reports whether n and o record the same notice.
func (n Notification) Equal(o Notification) bool {
	if !n.known() || !o.known() {
		return !n.known() && !o.known() && n.unknown == o.unknown
	}
	return n.Kind == o.Kind && n.Side == o.Side && n.Date == o.Date && n.At.Equal(o.At)
}

// String writes the notice as its key: "white/reminder/2026-12-20", "adjudication/package".
func (n Notification) String() string {
	if !n.known() {
		return n.unknown
	}
	switch {
	case n.Kind == NotifyAdjudicationAsked:
		return string(n.Kind) + "/" + n.At.Format(time.RFC3339Nano)
	case n.Kind == NotifyAdjudicationPackage:
		return string(n.Kind)
	case datedKind(n.Kind):
		return string(n.Side) + "/" + string(n.Kind) + "/" + n.Date.String()
	}
	return string(n.Side) + "/" + string(n.Kind)
}

// ParseNotification reads a notice's key. A key it does not know is returned as such: it
// matches no notice and is written back unchanged.
func ParseNotification(key string) Notification {
	unknown := Notification{unknown: key}
	if rest, ok := strings.CutPrefix(key, string(NotifyAdjudicationAsked)+"/"); ok {
		at, err := time.Parse(time.RFC3339, rest)
		if err != nil {
			return unknown
		}
		return Notification{Kind: NotifyAdjudicationAsked, At: at}
	}
	if key == string(NotifyAdjudicationPackage) {
		return adjudicationPackage
	}
	side, rest, _ := strings.Cut(key, "/")
	s := Side(side)
	if s != White && s != Black {
		return unknown
	}
	kind, date, dated := strings.Cut(rest, "/")
	n := Notification{Kind: NotificationKind(kind), Side: s}
	if !sidedKind(n.Kind) || dated != datedKind(n.Kind) {
		return unknown
	}
	if dated {
		d, err := daysclock.ParseDate(date)
		if err != nil || d.String() != date {
			return unknown
		}
		n.Date = d
	}
	return n
}

// MarshalText writes the notice as its key (encoding.TextMarshaler): JSON keeps the strings
// every store holds.
func (n Notification) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText reads a notice's key (encoding.TextUnmarshaler); no key is refused.
func (n *Notification) UnmarshalText(b []byte) error {
	*n = ParseNotification(string(b))
	return nil
}

// notified reports whether the notice n was already sent.
func (g *Game) notified(n Notification) bool {
	for _, m := range g.Notified {
		if m.Equal(n) {
			return true
		}
	}
	return false
}

// note records the notice n as sent.
func (g *Game) note(n Notification) { g.Notified = append(g.Notified, n) }

// unnote forgets the notice n, which may then be sent again (an overstep withdrawn).
func (g *Game) unnote(n Notification) {
	g.Notified = slices.DeleteFunc(g.Notified, func(m Notification) bool { return m.Equal(n) })
}

// noted returns the first recorded notice of kind k.
func (g *Game) noted(k NotificationKind) (Notification, bool) {
	for _, m := range g.Notified {
		if m.known() && m.Kind == k {
			return m, true
		}
	}
	return Notification{}, false
}
