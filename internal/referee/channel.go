package referee

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
)

// Channel is how a player plays (4.1.1: «по переписке, по электронной почте, по телефону»): his
// letters come and go by e-mail, on cards or in envelopes by post, or by telephone through the
// captain. The zero value is e-mail.
type Channel string

// The channels of the start sheet's `channel`.
const (
	ChannelEmail Channel = "email"
	ChannelPost  Channel = "post"
	ChannelPhone Channel = "phone"
)

// Channels lists the channels a start sheet may name.
func Channels() []Channel { return []Channel{ChannelEmail, ChannelPost, ChannelPhone} }

// Known reports whether c is a channel postald plays by ("" is e-mail).
func (c Channel) Known() bool {
	switch c {
	case "", ChannelEmail, ChannelPost, ChannelPhone:
		return true
	}
	return false
}

// Captain reports whether letters by c go through the captain's hands: cards he enters and
// posts, calls he notes and makes. An e-mail player's letters postald reads and sends itself.
func (c Channel) Captain() bool { return c == ChannelPost || c == ChannelPhone }

// String names the channel as the start sheet writes it.
func (c Channel) String() string {
	if c == "" {
		return string(ChannelEmail)
	}
	return string(c)
}

// Travel returns the days a letter by c takes to reach its reader, as the regulation counts
// them: post_days for a card, none for e-mail or a call.
func (c Channel) Travel(reg Regulation) int {
	if c == ChannelPost {
		return reg.WithDefaults().PostDays
	}
	return 0
}

// senderOf returns the side whose letter env brought: for e-mail, the player of its address; for
// a card or a call, the player the captain names (4.1.1, 4.2.1).
func (x *decider) senderOf(env Envelope) (Side, bool) { return x.t.senderOf(&x.g, env) }

// senderOf returns the side of game g whose letter env brought (decider.senderOf).
func (t *Table) senderOf(g *Game, env Envelope) (Side, bool) {
	if env.Via.Captain() {
		return env.Side, env.Side == White || env.Side == Black
	}
	return t.sideOf(g, env.From)
}

// deliver starts the clock of side s, now on move, on the move this decision forwards (4.3.1: his
// time runs from the day he received it). A player who plays by e-mail receives it the day
// postald forwards it; a card or a call reaches its player only when the captain has posted or
// made it, so his clock waits for that day (Posted) and the game records whose move is waiting.
func (x *decider) deliver(s Side, forwarded daysclock.Date) {
	g := &x.g
	g.Posting, g.Undelivered, g.ReceivedOn = "", "", daysclock.Date{}
	if x.player(s).Channel.Captain() {
		g.Posting = s
		return
	}
	if forwarded != g.MovedOn {
		g.ReceivedOn = forwarded
	}
	if err := g.Clock(s).Run(forwarded, x.terms); err != nil {
		panic("referee: " + err.Error()) // a clock runs only for the player on move
	}
}

// receivedOn returns the second of the three dates of the player on move (4.3.1): the day he
// received the move he must answer.
func (g *Game) receivedOn() daysclock.Date {
	if !g.ReceivedOn.IsZero() {
		return g.ReceivedOn
	}
	return g.MovedOn
}

// Posted records that the captain posted on the day on the card (or made the call) that brings
// side s the move he must answer, and starts his clock (4.3.1): the card's postmark is the first
// of his three dates, its receipt the second, counted as the regulation's post_days after the
// postmark for a card and the same day for a call. A receipt on the end date or later freezes the
// game for adjudication (4.3.2). A side whose move is not waiting for the post is left as it is
// (the card posted was an acknowledgement, a notice): the decision then carries no verdict.
func Posted(st Seat, s Side, on daysclock.Date, now time.Time) Decision {
	x := newDecider(st, on.Start(st.Table.zone()))
	x.side = s
	x.tx, x.ptx = x.textOf(s), x.textOf(s.Other()) // each player's language (letters.md)
	if x.g.Status != StatusPlaying || x.g.Posting != s || on.IsZero() {
		x.summarize()
		x.d.close(x.t, now)
		return x.d
	}
	// 4.3.1: his time runs from the day he receives the move, which was sent on MovedOn: a card
	// cannot be posted before that day, and an earlier day entered counts as that day.
	on = daysclock.Later(on, x.g.MovedOn)
	travel := x.player(s).Channel.Travel(x.reg)
	if !x.player(s).Channel.Captain() {
		// A player by e-mail whose move went by post because his mail refused it (Mailed):
		// the card travels post_days like any other.
		travel = ChannelPost.Travel(x.reg)
	}
	received := on.AddDays(travel)
	x.g.Posting = ""
	x.g.MovedOn = on
	if received != on {
		x.g.ReceivedOn = received
	}
	if err := x.g.Clock(s).Run(received, x.terms); err != nil {
		panic("referee: " + err.Error()) // nobody's clock runs while a move waits for the post
	}
	x.today = received
	x.endDate()
	// 4.3.2: a receipt on the end date or later freezes the game; no letter of his answers
	// this one, so both players are told in a notice of their own.
	for _, r := range []struct {
		s     Side
		tx    *phrases
		paras []string
	}{{s, x.tx, x.toSender}, {s.Other(), x.ptx, x.toPartner}} {
		if len(r.paras) > 0 {
			x.notifyTick(roleOf(r.s), r.tx.SubjNotice, strings.Join(r.paras, "\n"), "4.3.2")
		}
	}
	x.d.Verdict = Notice
	x.d.addClause("4.3.1")
	sortClauses(x.d.Clauses)
	x.d.Letters = append(x.d.Letters, x.notices...)
	x.g.History = append(x.g.History, Entry{Date: on, From: s, Verdict: Notice,
		Clauses: append([]string(nil), x.d.Clauses...), Note: fmt.Sprintf("posted; received %s", received)})
	x.summarize()
	x.d.close(x.t, now)
	return x.d
}

// StartPosted records that the captain posted on day on a card (or made a call) to White's
// player by post or telephone, who has no e-mail address, bringing him a letter that opened
// the game — a start letter, a Swiss round's, a knockout pairing's — before any move of it. By
// 4.3.2 a player who receives the start documents after the start date begins to play on the
// day after he receives them («для него началом игры считается следующий день после получения
// стартовой документации»); the card is counted received post_days after its postmark (a call:
// that day), and White's clock then runs from the day after, never from before it. The first
// such card after the game opened is the one that brought it (the captain posts the cards in
// their order): later ones change nothing (NotifyStart). A game begun, finished, or whose White
// plays by e-mail or also has an address (his copy reached him at once) is left as it is: the
// decision then carries no verdict.
func StartPosted(st Seat, on daysclock.Date, now time.Time) Decision {
	x := newDecider(st, now)
	p := x.player(White)
	c := x.g.Clock(White)
	if _, noted := x.g.noted(NotifyStart); noted || on.IsZero() || x.g.Status != StatusPlaying || len(x.g.Plies) > 0 ||
		!p.Channel.Captain() || p.Email != "" || !c.Running() || c.Moves > 0 {
		x.summarize()
		x.d.close(x.t, now)
		return x.d
	}
	received := on.AddDays(p.Channel.Travel(x.reg))
	x.g.note(Notification{Kind: NotifyStart, Side: White, Date: received})
	start := c.Start
	if start.IsZero() {
		start = x.terms.Start
	}
	if late := x.terms.PlayerStart(received); late.After(start) {
		c.Start = late
		c.Stop()
		if err := c.Run(late, x.terms); err != nil {
			panic("referee: " + err.Error()) // the clock was stopped just above
		}
		x.d.Verdict = Notice
		x.d.addClause("4.3.2")
		x.g.History = append(x.g.History, Entry{Date: on, From: White, Verdict: Notice, Clauses: []string{"4.3.2"},
			Note: fmt.Sprintf("opening letter posted; received %s, play from %s", received, late)})
	}
	x.summarize()
	x.d.close(x.t, now)
	return x.d
}

// lag returns the days the letters of side s's player travel to the captain (post_days for a
// card): a silent postal player's overstep is certain only once a card posted on his last day
// would have arrived, and his reminders are sent that many days earlier so that they reach him in
// time (the regulation's post_days; the seed counts time by postmarks, 4.3.1).
func (t *Table) lag(g *Game, s Side) int { return t.player(g, s).Channel.Travel(t.reg()) }

// DateSource is what a card's sending date was read from (4.3.1).
type DateSource string

// The sources of a card's sending date, in the order 4.3.1 takes them.
const (
	FromPostmark DateSource = "postmark" // the postmark on the card
	FromReceipt  DateSource = "receipt"  // registered mail: the date on the post office's receipt
	FromWritten  DateSource = "written"  // no legible postmark: the sending date the player wrote
	FromArrival  DateSource = "arrival"  // neither: the day the card reached the captain
)

// SendingDate returns a card's sending date and what it was read from (4.3.1): the postmark the
// captain read on it, which for registered mail is the date on the post office's receipt («При
// пересылке заказной корреспонденции датой отправления считается дата на штемпеле почтовой
// квитанции»); without a legible postmark, the sending date the player wrote: the third of his
// three dates, or the only date of a first move, which answers no move («При отсутствии
// штемпеля ... повторяется время отправления, указанное партнером»); without either, the day
// the card reached the captain, which no card can be sent after. A written date later than that
// day is not believed.
func SendingDate(postmark daysclock.Date, registered bool, written []daysclock.Date, arrived daysclock.Date) (daysclock.Date, DateSource) {
	switch {
	case !postmark.IsZero() && registered:
		return postmark, FromReceipt
	case !postmark.IsZero():
		return postmark, FromPostmark
	}
	var sent daysclock.Date
	switch n := len(written); {
	case n == 1:
		sent = written[0]
	case n >= 3:
		sent = written[2]
	}
	if !sent.IsZero() && !sent.After(arrived) {
		return sent, FromWritten
	}
	return arrived, FromArrival
}

// CardFault is what makes a card's dates impossible, for the captain who entered them: it is
// his typing, not the player's fault, so the card is refused whole and nothing is recorded.
type CardFault struct {
	Field string // "postmark" or "received"
	What  string
}

func (f *CardFault) Error() string { return f.Field + ": " + f.What }

// CheckCard checks the dates of a card (or call) of side s, sent on sent and received by the
// captain on arrived, entered today: a card arrives after it is sent and before it is entered,
// and a card that answers a move cannot be sent before that move was sent to him (4.3.1).
func CheckCard(g *Game, s Side, sent, arrived, today daysclock.Date) error {
	switch {
	case arrived.After(today):
		return &CardFault{"received", fmt.Sprintf("%s is after today, %s", arrived, today)}
	case sent.After(arrived):
		return &CardFault{"postmark", fmt.Sprintf("%s is after the day the card was received, %s", sent, arrived)}
	case g.Status == StatusPlaying && g.ToMove() == s && g.Begun() && sent.Before(g.MovedOn):
		return &CardFault{"postmark", fmt.Sprintf("%s is before %s, the day the move he answers was sent to him", sent, g.MovedOn)}
	}
	return nil
}

// Card is a card or call as the captain enters it: whose, how it came, the postmark he read (zero
// when it is illegible), whether it came registered, the day it reached him.
type Card struct {
	Side       Side
	Via        Channel // post or phone
	Postmark   daysclock.Date
	Registered bool
	Arrived    daysclock.Date // zero: the day it is entered
}

// cardEnvelope returns the envelope card l is decided under when the captain enters it at
// env.Received: its side and channel, its sending date as 4.3.1 reads it (SendingDate, from the
// dates the letter states when the postmark is illegible) and what that date was read from.
// Dates the card cannot have are a *CardFault (CheckCard); env's From and MessageID are the
// archived letter's.
func cardEnvelope(st Seat, c Card, l *mailparse.Letter, env Envelope) (Envelope, DateSource, error) {
	today := daysclock.DateOf(env.Received, st.Table.zone())
	arrived := c.Arrived
	if arrived.IsZero() {
		arrived = today
	}
	var written []daysclock.Date
	for _, sd := range l.Dates {
		written = append(written, sd.Date)
	}
	sent, source := SendingDate(c.Postmark, c.Registered, written, arrived)
	// 4.3.1: without a legible postmark the dates the card states are its dates, and dates in
	// an order no card can have charge nothing: the card is refused, the dates named (doc.go).
	// With a postmark, the postmark is the sending date, whatever the card states.
	if c.Postmark.IsZero() && !arrived.After(today) {
		if m := daysclock.WrittenOrder(written, arrived); m != nil {
			return Envelope{}, FromWritten, m
		}
	}
	if err := CheckCard(&st.Game, c.Side, sent, arrived, today); err != nil {
		return Envelope{}, source, misordered(err, &st.Game, sent, arrived, today, source)
	}
	env.Via, env.Side, env.Postmark = c.Via, c.Side, sent
	return env, source, nil
}

// misordered is the impossible order of a card's dates CheckCard found, as the typed value the
// captain's answer words (*daysclock.Misordered): which two dates, in which order, and whether
// the sending date is the one the card states. Any other error is returned as it is.
func misordered(err error, g *Game, sent, arrived, today daysclock.Date, source DateSource) error {
	var f *CardFault
	if !errors.As(err, &f) {
		return err
	}
	m := &daysclock.Misordered{Clause: "4.3.1", Written: source == FromWritten}
	switch {
	case f.Field == "received":
		m.Order, m.Date, m.Bound, m.Written = daysclock.ArrivalAfterToday, arrived, today, false
	case sent.After(arrived):
		m.Order, m.Date, m.Bound = daysclock.SentAfterArrival, sent, arrived
	default:
		m.Order, m.Date, m.Bound = daysclock.SentBeforeMove, sent, g.MovedOn
	}
	return m
}
