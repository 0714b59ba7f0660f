package referee

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/daysclock"
	"postald/internal/mailparse"
)

// captain is the address the captain enters cards and calls from.
const captain = "captain@club.example"

// chLetter is one letter of a channel test: by e-mail from the player's address (via ""), or a
// card or a call the captain enters for side, with its postmark (the day of the call), on the
// instant entered (Moscow time, "2026-11-04 18:00").
type chLetter struct {
	side     Side
	via      Channel
	postmark string // "" for e-mail, or a card without a postmark
	entered  string
	body     string
}

// enter parses the letter as the office would and applies it.
func enter(t testing.TB, g Seat, l chLetter, reg Regulation) Decision {
	t.Helper()
	at, err := time.ParseInLocation("2006-01-02 15:04", l.entered, moscow)
	if err != nil {
		t.Fatalf("bad time %q: %v", l.entered, err)
	}
	from := g.Player(l.side).Email
	if l.via.Captain() {
		from = captain
	}
	id := fmt.Sprintf("%s.%s.%s@%s", at.Format("20060102-1504"), l.side, l.via, "club.example")
	raw := "From: " + from + "\r\nTo: moves@club.example\r\nSubject: СТ-2026/1 партия 1-2\r\n" +
		"Date: " + at.Format(time.RFC1123Z) + "\r\nMessage-ID: <" + id + ">\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(l.body, "\n", "\r\n")
	parsed, err := mailparse.Parse([]byte(raw))
	if err != nil {
		t.Fatalf("parse letter %q: %v", l.body, err)
	}
	env := Envelope{From: from, MessageID: id, Received: at}
	if l.via.Captain() {
		env.Via, env.Side = l.via, l.side
		if l.postmark != "" {
			env.Postmark = day(l.postmark)
		}
	}
	return apply(g, parsed, env, reg)
}

// chStep is one step of a channel game: a letter, or the captain's call out or card posted to
// side posted on the day on. The want fields are checked after it.
type chStep struct {
	letter *chLetter
	posted Side
	on     string

	want summary
	// via is the Via of the plies the letter put on the board.
	via Channel
	// since are the days each clock runs from ("" when not running); posting the side whose
	// move waits for the captain.
	whiteSince, blackSince string
	posting                Side
	// dates are postald's three dates of the letter, as its acknowledgement and the forward
	// state them ("" for none: a step that is not a move letter).
	dates [3]string
}

// playSteps plays the steps from g and checks each; it returns the game and the decisions.
func playSteps(t *testing.T, g Seat, reg Regulation, steps []chStep) (Seat, []Decision) {
	t.Helper()
	var ds []Decision
	for i, st := range steps {
		var d Decision
		before := len(g.Plies)
		what := ""
		if st.letter != nil {
			d = enter(t, g, *st.letter, reg)
			what = fmt.Sprintf("letter of %s by %s on %s", st.letter.side, st.letter.via, st.letter.entered)
		} else {
			d = Posted(under(g, reg), st.posted, day(st.on), day(st.on).Start(moscow))
			what = fmt.Sprintf("posted to %s on %s", st.posted, st.on)
		}
		ds = append(ds, d)
		if diff := cmp.Diff(st.want, sum(d)); diff != "" {
			t.Errorf("step %d (%s): (-want +got)\n%s\nnotes: %q", i, what, diff, d.Notes)
		}
		ng := d.Game
		for j := before; j < len(ng.Plies); j++ {
			if ng.Plies[j].Via != st.via {
				t.Errorf("step %d (%s): ply %d Via %q, want %q", i, what, j, ng.Plies[j].Via, st.via)
			}
		}
		since := func(c *daysclock.Clock) string {
			if c.Since.IsZero() {
				return ""
			}
			return c.Since.String()
		}
		if got := since(&ng.WhiteClock); got != st.whiteSince {
			t.Errorf("step %d (%s): White's clock runs from %q, want %q", i, what, got, st.whiteSince)
		}
		if got := since(&ng.BlackClock); got != st.blackSince {
			t.Errorf("step %d (%s): Black's clock runs from %q, want %q", i, what, got, st.blackSince)
		}
		if ng.Posting != st.posting {
			t.Errorf("step %d (%s): Posting %q, want %q", i, what, ng.Posting, st.posting)
		}
		if st.letter != nil && st.dates != [3]string{} {
			checkDates(t, fmt.Sprintf("step %d (%s)", i, what), d, st.letter.side, st.dates)
			// The letter's moves are its postmark's: the day they were sent (4.3.1).
			for j := before; j < len(ng.Plies); j++ {
				if got := ng.Plies[j].Date.String(); got != st.dates[2] {
					t.Errorf("step %d (%s): ply %d dated %s, want %s", i, what, j, got, st.dates[2])
				}
			}
		}
		g.Game = ng
	}
	return g, ds
}

// checkDates checks that the acknowledgement to the sender and the forward to his partner state
// the three dates (4.3.1: partner's move sent, received, reply sent), "" for a dash.
func checkDates(t *testing.T, where string, d Decision, s Side, dates [3]string) {
	t.Helper()
	var ds daysclock.Dates
	for i, p := range []*daysclock.Date{&ds.PartnerSent, &ds.Received, &ds.Sent} {
		if dates[i] != "" {
			*p = day(dates[i])
		}
	}
	for _, want := range []struct {
		role Role
		kind string
	}{{roleOf(s), KindAck}, {roleOf(s.Other()), KindForward}} {
		tx := textFor(d.languageOf(want.role))
		line := fmt.Sprintf(tx.DatesLine, datesText(tx, ds))
		found := false
		for _, o := range d.Letters {
			if o.Role == want.role && o.Kind == want.kind {
				found = true
				if !strings.Contains(o.Body, line) {
					t.Errorf("%s: the %s to %s does not state %q:\n%s", where, want.kind, want.role, line, o.Body)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s to %s", where, want.kind, want.role)
		}
	}
}

func email(s Side, entered, body string) *chLetter {
	return &chLetter{side: s, entered: entered, body: body}
}

func call(s Side, on, entered, body string) *chLetter {
	return &chLetter{side: s, via: ChannelPhone, postmark: on, entered: entered, body: body}
}

func card(s Side, postmark, entered, body string) *chLetter {
	return &chLetter{side: s, via: ChannelPost, postmark: postmark, entered: entered, body: body}
}

// channelGame is testGame with White and Black playing by the channels given; a player by post
// or telephone has no e-mail address.
func channelGame(white, black Channel) Seat {
	g := testGame("russian")
	for i, ch := range []Channel{white, black} {
		if p := &g.Table.Players[i]; ch.Captain() {
			p.Channel, p.Email = ch, ""
		}
	}
	return g
}

// TestPhoneGame plays White by e-mail against Black by telephone, move by move: each call's
// moves are charged to the day of the call, each move called to Black starts his clock on the
// day of the call out (Posted), and the three dates follow (4.3.1).
func TestPhoneGame(t *testing.T) {
	g := channelGame(ChannelEmail, ChannelPhone)
	playSteps(t, g, DefaultRegulation(), []chStep{
		{
			// 4.3.2: White's first move on the start date costs nothing; it waits for the call.
			letter:  email(White, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"),
			want:    summary{Accepted, "4.3.2", "1. c3-d4", 0, Time{0, 0}, Black},
			posting: Black, dates: [3]string{"", "", "2026-11-01"},
		},
		{
			// The captain calls Black the next day: his clock runs from the call.
			posted: Black, on: "2026-11-02",
			want:       summary{Notice, "4.3.1", "", 0, Time{0, 0}, Black},
			blackSince: "2026-11-02",
		},
		{
			// Black calls back two days later; the captain enters the call in the evening.
			letter: call(Black, "2026-11-04", "2026-11-04 21:00",
				"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 02.11.2026 / 02.11.2026 / 04.11.2026\nВремя: 0/2"),
			want: summary{Accepted, "", "1... f6-g5", 0, Time{0, 2}, White},
			via:  ChannelPhone, whiteSince: "2026-11-04",
			dates: [3]string{"2026-11-02", "2026-11-02", "2026-11-04"},
		},
		{
			letter: email(White, "2026-11-06 09:00",
				"Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4\nДаты: 04.11.2026 / 04.11.2026 / 06.11.2026\nВремя: 2/2"),
			want:    summary{Accepted, "", "2. g3-h4", 0, Time{2, 2}, Black},
			posting: Black, dates: [3]string{"2026-11-04", "2026-11-04", "2026-11-06"},
		},
		{
			// The call out on the day the move came: Black receives it that day.
			posted: Black, on: "2026-11-06",
			want:       summary{Notice, "4.3.1", "", 0, Time{2, 2}, Black},
			blackSince: "2026-11-06",
		},
		{
			// Black's call of 11-08 is entered only on 11-09: it is charged to the day of the
			// call. 4.2.4: White's only reply 3. e3:g5 is played by postald and the turn comes
			// back to Black, who is by telephone: his clock waits for the next call out.
			letter: call(Black, "2026-11-08", "2026-11-09 10:00",
				"Ваш ход 2. g3-h4 получил.\nМой ход: 2... g5-f4\nДаты: 06.11.2026 / 06.11.2026 / 08.11.2026\nВремя: 2/4"),
			want: summary{Accepted, "4.2.4", "2... g5-f4 3. e3:g5", 0, Time{2, 4}, Black},
			via:  ChannelPhone, posting: Black,
			dates: [3]string{"2026-11-06", "2026-11-06", "2026-11-08"},
		},
		{
			posted: Black, on: "2026-11-10",
			want:       summary{Notice, "4.3.1", "", 0, Time{2, 4}, Black},
			blackSince: "2026-11-10",
		},
		{
			// Black answers the forced reply the next day: one day.
			letter: call(Black, "2026-11-11", "2026-11-11 19:00",
				"Мой ход: 3... h6:f4\nДаты: 10.11.2026 / 10.11.2026 / 11.11.2026\nВремя: 2/5"),
			want: summary{Accepted, "", "3... h6:f4", 0, Time{2, 5}, White},
			via:  ChannelPhone, whiteSince: "2026-11-11",
			dates: [3]string{"2026-11-10", "2026-11-10", "2026-11-11"},
		},
		{
			// White's reply after three days, Black's moves repeated (4.2.9).
			letter: email(White, "2026-11-14 09:00",
				"Ваш ход 2... g5-f4 3... h6:f4 получил.\nМой ход: 4. b2-c3\nДаты: 11.11.2026 / 11.11.2026 / 14.11.2026\nВремя: 5/5"),
			want:    summary{Accepted, "", "4. b2-c3", 0, Time{5, 5}, Black},
			posting: Black, dates: [3]string{"2026-11-11", "2026-11-11", "2026-11-14"},
		},
	})
}

// TestPhoneBothWays plays both players by telephone: every move waits for its call out, every
// call is charged to its day.
func TestPhoneBothWays(t *testing.T) {
	g := channelGame(ChannelPhone, ChannelPhone)
	g, ds := playSteps(t, g, DefaultRegulation(), []chStep{
		{
			letter: call(White, "2026-11-01", "2026-11-01 12:00", "Мой ход: 1. c3-d4\nВремя: 0/0"),
			want:   summary{Accepted, "4.3.2", "1. c3-d4", 0, Time{0, 0}, Black},
			via:    ChannelPhone, posting: Black, dates: [3]string{"", "", "2026-11-01"},
		},
		{
			posted: Black, on: "2026-11-01",
			want:       summary{Notice, "4.3.1", "", 0, Time{0, 0}, Black},
			blackSince: "2026-11-01",
		},
		{
			letter: call(Black, "2026-11-03", "2026-11-03 20:00",
				"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 01.11.2026 / 01.11.2026 / 03.11.2026\nВремя: 0/2"),
			want: summary{Accepted, "", "1... f6-g5", 0, Time{0, 2}, White},
			via:  ChannelPhone, posting: White,
			dates: [3]string{"2026-11-01", "2026-11-01", "2026-11-03"},
		},
		{
			// White is called two days after Black's call: his clock runs from the call out.
			posted: White, on: "2026-11-05",
			want:       summary{Notice, "4.3.1", "", 0, Time{0, 2}, White},
			whiteSince: "2026-11-05",
		},
		{
			letter: call(White, "2026-11-06", "2026-11-06 08:00",
				"Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4\nДаты: 05.11.2026 / 05.11.2026 / 06.11.2026\nВремя: 1/2"),
			want: summary{Accepted, "", "2. g3-h4", 0, Time{1, 2}, Black},
			via:  ChannelPhone, posting: Black,
			dates: [3]string{"2026-11-05", "2026-11-05", "2026-11-06"},
		},
		{
			// A call out to the side not waiting for one changes nothing and has no verdict.
			posted: White, on: "2026-11-06",
			want:    summary{"", "", "", 0, Time{1, 2}, Black},
			posting: Black,
		},
	})
	if !cmp.Equal(ds[len(ds)-1].Game, ds[len(ds)-2].Game) {
		t.Errorf("a call out to the side not waiting changed the game")
	}
	// Nobody has an address: the letters to the players go by the captain (To ""), by role.
	for _, d := range ds {
		for _, o := range d.Letters {
			if (o.Role == ToWhite || o.Role == ToBlack) && o.To != "" {
				t.Errorf("letter to %s by telephone addressed to %q", o.Role, o.To)
			}
		}
	}
	_ = g
}

// postalOpening is White's first move by e-mail on the start date, to Black by post.
var postalOpening = chStep{
	letter:  email(White, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"),
	want:    summary{Accepted, "4.3.2", "1. c3-d4", 0, Time{0, 0}, Black},
	posting: Black, dates: [3]string{"", "", "2026-11-01"},
}

// TestCardEnteredLate: a card postmarked 12-03 is entered on 12-09. Its sender is charged up to
// its postmark; his partner by e-mail receives the move when postald forwards it, on 12-09, and
// his clock runs from then: his first date is the postmark, his second the forward (4.3.1).
func TestCardEnteredLate(t *testing.T) {
	g := channelGame(ChannelEmail, ChannelPost)
	g, ds := playSteps(t, g, DefaultRegulation(), []chStep{
		postalOpening,
		{
			posted: Black, on: "2026-11-02",
			want:       summary{Notice, "4.3.1", "", 0, Time{0, 0}, Black},
			blackSince: "2026-11-02",
		},
		{
			// 31 days, 11-02 to 12-03: not the 37 to the day it was entered.
			letter: card(Black, "2026-12-03", "2026-12-09 11:00",
				"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 02.11.2026 / 02.11.2026 / 03.12.2026\nВремя: 0/31"),
			want:       summary{Accepted, "", "1... f6-g5", 0, Time{0, 31}, White},
			via:        ChannelPost,
			whiteSince: "2026-12-09",
			dates:      [3]string{"2026-11-02", "2026-11-02", "2026-12-03"},
		},
		{
			// White answers three days after the forward: 3 days, not the 9 from the postmark.
			letter: email(White, "2026-12-12 10:00",
				"Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4\nДаты: 03.12.2026 / 09.12.2026 / 12.12.2026\nВремя: 3/31"),
			want:    summary{Accepted, "", "2. g3-h4", 0, Time{3, 31}, Black},
			posting: Black,
			dates:   [3]string{"2026-12-03", "2026-12-09", "2026-12-12"},
		},
	})
	late := ds[2].Game
	if late.MovedOn != day("2026-12-03") || late.ReceivedOn != day("2026-12-09") {
		t.Errorf("after the card: MovedOn %s, ReceivedOn %s; want 2026-12-03, 2026-12-09", late.MovedOn, late.ReceivedOn)
	}
	if g.ReceivedOn != (daysclock.Date{}) {
		t.Errorf("a move waiting for the post has ReceivedOn %s", g.ReceivedOn)
	}
}

// TestCardWrittenDate: the sending date a card writes (the third of its three dates) is not its
// postmark. The postmark counts, its days are charged, and the sender is told of the difference
// (4.3.1: «Если она не совпадает с датой отправления, указанной партнером, то суммарное время
// партнера корректируется»). A card without a legible postmark is entered with the date it
// writes (4.3.1: «При отсутствии штемпеля ... повторяется время отправления, указанное
// партнером»), which then is its postmark.
func TestCardWrittenDate(t *testing.T) {
	base := channelGame(ChannelEmail, ChannelPost)
	reg := DefaultRegulation()
	base, _ = playSteps(t, base, reg, []chStep{postalOpening, {
		posted: Black, on: "2026-11-02",
		want:       summary{Notice, "4.3.1", "", 0, Time{0, 0}, Black},
		blackSince: "2026-11-02",
	}})
	const body = "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 02.11.2026 / 02.11.2026 / 01.12.2026\nВремя: 0/29"
	tx := textFor("ru")

	t.Run("postmark later than written", func(t *testing.T) {
		_, ds := playSteps(t, base, reg, []chStep{{
			letter: card(Black, "2026-12-03", "2026-12-05 11:00", body),
			// 31 days by the postmark; the fraction the card states (0/29) is reported too.
			want:       summary{Accepted, "4.3.1", "1... f6-g5", 0, Time{0, 31}, White},
			via:        ChannelPost,
			whiteSince: "2026-12-05",
			dates:      [3]string{"2026-11-02", "2026-11-02", "2026-12-03"},
		}})
		d := ds[0]
		diff := fmt.Sprintf(tx.DateDiff, tx.dateField(daysclock.Sent), "01.12.2026", "03.12.2026")
		timeDiff := fmt.Sprintf(tx.TimeDiff, daysclock.Fraction{White: 0, Black: 29}, Time{0, 31})
		for _, n := range []string{diff, timeDiff} {
			if !strings.Contains(strings.Join(d.Notes, "\n"), n) {
				t.Errorf("notes %q do not say %q", d.Notes, n)
			}
			if ack := letterOf(d, ToBlack, KindAck); !strings.Contains(ack.Body, n) {
				t.Errorf("the acknowledgement to the sender does not say %q:\n%s", n, ack.Body)
			}
		}
		if got := d.Game.Plies[1].Date; got != day("2026-12-03") {
			t.Errorf("ply dated %s, want the postmark", got)
		}
	})
	t.Run("no postmark: the written date", func(t *testing.T) {
		_, ds := playSteps(t, base, reg, []chStep{{
			letter:     card(Black, "2026-12-01", "2026-12-05 11:00", body),
			want:       summary{Accepted, "", "1... f6-g5", 0, Time{0, 29}, White},
			via:        ChannelPost,
			whiteSince: "2026-12-05",
			dates:      [3]string{"2026-11-02", "2026-11-02", "2026-12-01"},
		}})
		if len(ds[0].Notes) != 0 {
			t.Errorf("notes %q; want none", ds[0].Notes)
		}
	})
	t.Run("postmark not entered", func(t *testing.T) {
		// A card entered without a postmark is charged to the day it was entered.
		playSteps(t, base, reg, []chStep{{
			letter:     card(Black, "", "2026-12-05 11:00", body),
			want:       summary{Accepted, "4.3.1", "1... f6-g5", 0, Time{0, 33}, White},
			via:        ChannelPost,
			whiteSince: "2026-12-05",
			dates:      [3]string{"2026-11-02", "2026-11-02", "2026-12-05"},
		}})
	})
	t.Run("postmark after the entry", func(t *testing.T) {
		// A postmark after the day the card was entered cannot be right: the card was sent by
		// then at the latest, and is charged to that day.
		playSteps(t, base, reg, []chStep{{
			letter:     card(Black, "2026-12-07", "2026-12-05 11:00", body),
			want:       summary{Accepted, "4.3.1", "1... f6-g5", 0, Time{0, 33}, White},
			via:        ChannelPost,
			whiteSince: "2026-12-05",
			dates:      [3]string{"2026-11-02", "2026-11-02", "2026-12-05"},
		}})
	})
}

// letterOf returns the decision's letter of kind to role; the zero letter when there is none.
func letterOf(d Decision, role Role, kind string) Outgoing {
	for _, o := range d.Letters {
		if o.Role == role && o.Kind == kind {
			return o
		}
	}
	return Outgoing{}
}

// TestPostDays plays Black by post with post_days = 3: a card posted to him on D reaches him on
// D+3, when his clock starts; his first date is D, his second D+3 (4.3.1). A card of his
// postmarked before it reached him (the post was faster) costs him nothing, never less. A
// forced reply that gives him the move again (4.2.4) waits for its card too.
func TestPostDays(t *testing.T) {
	reg := DefaultRegulation()
	reg.PostDays = 3
	g := channelGame(ChannelEmail, ChannelPost)
	g, ds := playSteps(t, g, reg, []chStep{
		postalOpening,
		{
			posted: Black, on: "2026-11-02",
			want:       summary{Notice, "4.3.1", "", 0, Time{0, 0}, Black},
			blackSince: "2026-11-05",
		},
		{
			// Postmarked 11-04, before the 11-05 the card to him counts as received: 0 days, and
			// the letters show him receiving it by his postmark, never after his answer.
			letter: card(Black, "2026-11-04", "2026-11-06 11:00",
				"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 02.11.2026 / 04.11.2026 / 04.11.2026\nВремя: 0/0"),
			want:       summary{Accepted, "", "1... f6-g5", 0, Time{0, 0}, White},
			via:        ChannelPost,
			whiteSince: "2026-11-06",
			dates:      [3]string{"2026-11-02", "2026-11-04", "2026-11-04"},
		},
		{
			letter: email(White, "2026-11-08 10:00",
				"Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4\nДаты: 04.11.2026 / 06.11.2026 / 08.11.2026\nВремя: 2/0"),
			want:    summary{Accepted, "", "2. g3-h4", 0, Time{2, 0}, Black},
			posting: Black,
			dates:   [3]string{"2026-11-04", "2026-11-06", "2026-11-08"},
		},
		{
			posted: Black, on: "2026-11-09",
			want:       summary{Notice, "4.3.1", "", 0, Time{2, 0}, Black},
			blackSince: "2026-11-12",
		},
		{
			// 4.2.4: postald plays White's only reply; the move is Black's again, and his clock
			// waits for the card that tells him.
			letter: card(Black, "2026-11-14", "2026-11-17 11:00",
				"Ваш ход 2. g3-h4 получил.\nМой ход: 2... g5-f4\nДаты: 09.11.2026 / 12.11.2026 / 14.11.2026\nВремя: 2/2"),
			want:    summary{Accepted, "4.2.4", "2... g5-f4 3. e3:g5", 0, Time{2, 2}, Black},
			via:     ChannelPost,
			posting: Black,
			dates:   [3]string{"2026-11-09", "2026-11-12", "2026-11-14"},
		},
		{
			posted: Black, on: "2026-11-18",
			want:       summary{Notice, "4.3.1", "", 0, Time{2, 2}, Black},
			blackSince: "2026-11-21",
		},
		{
			letter: card(Black, "2026-11-22", "2026-11-25 11:00",
				"Мой ход: 3... h6:f4\nДаты: 18.11.2026 / 21.11.2026 / 22.11.2026\nВремя: 2/3"),
			want:       summary{Accepted, "", "3... h6:f4", 0, Time{2, 3}, White},
			via:        ChannelPost,
			whiteSince: "2026-11-25",
			dates:      [3]string{"2026-11-18", "2026-11-21", "2026-11-22"},
		},
	})
	_ = g
	// The posting recorded: the first date the day posted, the second post_days later.
	if p := ds[1].Game; p.MovedOn != day("2026-11-02") || p.ReceivedOn != day("2026-11-05") {
		t.Errorf("posted: MovedOn %s ReceivedOn %s; want 2026-11-02, 2026-11-05", p.MovedOn, p.ReceivedOn)
	}
	if h := ds[1].Game.History; len(h) == 0 || h[len(h)-1].Note != "posted; received 2026-11-05" || h[len(h)-1].Date != day("2026-11-02") {
		t.Errorf("history of the posting: %+v", h[len(h)-1])
	}
	// While the forced reply waits for its card, nothing runs: no tick, no event.
	waiting := g.with(ds[5].Game)
	if at, ok := nextEvent(under(waiting, reg)); ok {
		t.Errorf("NextEvent while posting = %s", at)
	}
	for d := day("2026-11-17"); d.Before(day("2027-03-01")); d = d.AddDays(1) {
		if tk := Tick(under(waiting, reg), d.Start(moscow).Add(12*time.Hour)); tk.Verdict != "" || len(tk.Letters) > 0 || !cmp.Equal(tk.Game, waiting.Game) {
			t.Fatalf("Tick on %s while posting: %s, %d letters", d, tk.Verdict, len(tk.Letters))
		}
	}
	// What the sender of the forced reply is told of his clock: it waits for the card.
	ack := letterOf(ds[5], ToBlack, KindAck)
	if strings.Contains(ack.Body, textFor("ru").YourMoveAgain) {
		t.Errorf("a player by post is told his time runs from today:\n%s", ack.Body)
	}
}

// tickWalk ticks g at noon of every day from from to to, the game carried on from each tick, and
// checks NextEvent against it: asked before each day's tick, NextEvent is on or before the day
// exactly when Tick does something that day. It returns what Tick did, a line a day: the day
// and the clauses cited.
func tickWalk(t *testing.T, g Seat, reg Regulation, from, to daysclock.Date) []string {
	t.Helper()
	var did []string
	for d := from; !d.After(to); d = d.AddDays(1) {
		at, ok := nextEvent(under(g, reg))
		due := ok && !daysclock.DateOf(at, moscow).After(d)
		tk := Tick(under(g, reg), d.Start(moscow).Add(12*time.Hour))
		acted := tk.Verdict != ""
		switch {
		case acted && !due:
			t.Errorf("%s: Tick did %q, but NextEvent is %v (%v)", d, tk.Clauses, at, ok)
		case due && !acted:
			t.Errorf("%s: NextEvent %v is due, but Tick does nothing", d, at)
		}
		if acted {
			did = append(did, d.String()+" "+strings.Join(tk.Clauses, ","))
		}
		g.Game = tk.Game
	}
	return did
}

// waitingBlack returns the game after White's first move on 11-01, Black on move: by e-mail he
// received it that day; by post or telephone the captain posted it on 11-02 (Posted).
func waitingBlack(t *testing.T, black Channel, reg Regulation) Seat {
	t.Helper()
	g := channelGame(ChannelEmail, black)
	d := enter(t, g, *email(White, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"), reg)
	if d.Verdict != Accepted {
		t.Fatalf("White's first move: %s %q", d.Verdict, d.Notes)
	}
	g.Game = d.Game
	if black.Captain() {
		g.Game = Posted(under(g, reg), Black, day("2026-11-02"), (day("2026-11-02")).Start(moscow)).Game
	}
	return g
}

// TestPostDaysTick: a player by post is reminded post_days before the reminder days, so that
// the card reaches him in time, and his silence is an overstep only post_days after the day it
// would be by e-mail: a card posted on his last day reaches the captain post_days later (4.3.1,
// the seed counts by postmarks). NextEvent agrees with Tick on every day.
func TestPostDaysTick(t *testing.T) {
	reg := DefaultRegulation()
	reg.ControlDays, reg.SilenceDays, reg.PostDays = 20, 12, 3
	g := waitingBlack(t, ChannelPost, reg)
	// His clock runs from 11-05; 20 days: the last day 11-25, by e-mail overstepped on 11-26,
	// reminded on 11-18 and 11-24; the judge is told of his silence on 11-17.
	if dl := g.BlackClock.Deadline(under(g, reg).Table.Terms()); dl.LastDay != day("2026-11-25") {
		t.Fatalf("last day %s, want 2026-11-25", dl.LastDay)
	}
	got := tickWalk(t, g, reg, day("2026-11-01"), day("2027-01-31"))
	want := []string{
		"2026-11-15 reminders",
		"2026-11-17 silence_days",
		"2026-11-21 reminders",
		"2026-11-29 4.3.1",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ticks (-want +got):\n%s", diff)
	}
	// A card posted on his last day, entered when it arrives, is in time: no overstep.
	for _, entered := range []string{"2026-11-25 18:00", "2026-11-28 18:00"} {
		d := enter(t, g, *card(Black, "2026-11-25", entered,
			"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 02.11.2026 / 05.11.2026 / 25.11.2026\nВремя: 0/20"), reg)
		if s := sum(d); s != (summary{Accepted, "", "1... f6-g5", 0, Time{0, 20}, White}) || d.Game.BlackClock.Overstep != nil {
			t.Errorf("card of the last day entered %s: %+v, overstep %+v", entered, s, d.Game.BlackClock.Overstep)
		}
	}
	// The reminder tells him his last day and the days left to it.
	tk := Tick(under(g, reg), day("2026-11-15").Start(moscow).Add(12*time.Hour))
	if r := letterOf(tk, ToBlack, KindNotice); !strings.Contains(r.Body, "25.11.2026") {
		t.Errorf("the reminder does not name his last day:\n%s", r.Body)
	}
}

// TestChannelTicks walks the days of a player on move by each channel and post_days, and
// compares what Tick does with the e-mail player's clock: the reminders lag days earlier, the
// overstep lag days later, the silence report on its day; nothing
// after the overstep, and on its day nothing else. lag is post_days by post, 0 otherwise.
func TestChannelTicks(t *testing.T) {
	for _, ch := range Channels() {
		for _, postDays := range []int{0, 1, 3, 7, 12} {
			for _, reminders := range [][]int{{7, 1}, {2}, {10, 5, 1}} {
				t.Run(fmt.Sprintf("%s/post_days=%d/reminders=%v", ch, postDays, reminders), func(t *testing.T) {
					reg := DefaultRegulation()
					reg.ControlDays, reg.SilenceDays, reg.PostDays, reg.Reminders = 20, 12, postDays, reminders
					g := waitingBlack(t, ch, reg)
					lag := ch.Travel(reg)
					c, terms := g.BlackClock, under(g, reg).Table.Terms()
					// Ticks begin on the day the move was posted to him (by e-mail, the day his
					// clock starts); a reminder whose card must go before his clock starts goes
					// that day, so as to reach him on its day.
					from := c.Since
					if ch.Captain() {
						from = day("2026-11-02")
					}
					dl := c.Deadline(terms)
					overstep := dl.OverstepDay.AddDays(lag)
					events := map[daysclock.Date][]string{}
					add := func(d daysclock.Date, clause string) {
						d = daysclock.Later(d, from)
						if d.After(overstep) || d == overstep && clause != "4.3.1" {
							return
						}
						if !slicesContains(events[d], clause) {
							events[d] = append(events[d], clause)
						}
					}
					for _, r := range dl.Reminders {
						add(r.AddDays(-lag), "reminders")
					}
					add(overstep, "4.3.1")
					for _, e := range c.Events(terms) {
						if e.Kind == daysclock.EventSilence {
							add(e.Date, "silence_days")
						}
					}
					var want []string
					for d := from; !d.After(overstep); d = d.AddDays(1) {
						if cl := events[d]; len(cl) > 0 {
							sortClauses(cl)
							want = append(want, d.String()+" "+strings.Join(cl, ","))
						}
					}
					got := tickWalk(t, g, reg, from, day("2027-02-28"))
					if diff := cmp.Diff(want, got); diff != "" {
						t.Errorf("ticks (-want +got):\n%s", diff)
					}
				})
			}
		}
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// TestPostedEndDate: a move to a player by post is received post_days after it is posted; a
// receipt on the end date or later freezes the game (4.3.2) when the captain posts it, not
// before: while it waits for the post the game is played.
func TestPostedEndDate(t *testing.T) {
	reg := DefaultRegulation()
	reg.PostDays = 3
	g := channelGame(ChannelEmail, ChannelPost)
	g.Table.End = day("2026-11-10")
	d := enter(t, g, *email(White, "2026-11-05 10:00", "Мой ход: 1. c3-d4\nВремя: 4/0"), reg)
	if s := sum(d); s != (summary{Accepted, "", "1. c3-d4", 0, Time{4, 0}, Black}) || d.Game.Posting != Black {
		t.Fatalf("White's move: %+v, posting %q", s, d.Game.Posting)
	}
	g.Game = d.Game

	t.Run("received before the end date", func(t *testing.T) {
		p := Posted(under(g, reg), Black, day("2026-11-06"), (day("2026-11-06")).Start(moscow))
		if s := sum(p); s != (summary{Notice, "4.3.1", "", 0, Time{4, 0}, Black}) || p.Game.Status != StatusPlaying {
			t.Fatalf("posted 11-06: %+v, %s", s, p.Game.Status)
		}
		// His card postmarked 11-09 reaches postald on 11-12: White receives the move after
		// the end date, and the game is frozen then.
		c := enter(t, g.with(p.Game), *card(Black, "2026-11-09", "2026-11-12 10:00",
			"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 06.11.2026 / 09.11.2026 / 09.11.2026\nВремя: 4/0"), reg)
		if s := sum(c); s != (summary{Accepted, "4.3.2", "1... f6-g5", 0, Time{4, 0}, ""}) || c.Game.Status != StatusAdjudication || !c.Game.WhiteClock.Frozen {
			t.Errorf("card after the end date: %+v, %s, White frozen %v", s, c.Game.Status, c.Game.WhiteClock.Frozen)
		}
	})
	for _, on := range []string{"2026-11-07", "2026-11-09"} {
		t.Run("received on or after the end date/posted "+on, func(t *testing.T) {
			p := Posted(under(g, reg), Black, day(on), day(on).Start(moscow))
			if s := sum(p); s != (summary{Notice, "4.3.1,4.3.2", "", 0, Time{4, 0}, ""}) || p.Game.Status != StatusAdjudication || !p.Game.BlackClock.Frozen {
				t.Fatalf("posted %s: %+v, %s, frozen %v", on, s, p.Game.Status, p.Game.BlackClock.Frozen)
			}
			// Both players and the judge are told the game goes to adjudication.
			tx := textFor("ru")
			body := fmt.Sprintf(tx.Adjudication, tx.date(g.Table.End), tx.DaysOf(reg.AdjudicationDays))
			for _, role := range []Role{ToWhite, ToBlack, ToJudge} {
				found := false
				for _, o := range p.Letters {
					if o.Role == role && strings.Contains(o.Body, body) {
						found = true
					}
				}
				if !found {
					t.Errorf("posted %s: %s is not told of the adjudication; letters %+v", on, role, p.Letters)
				}
			}
			// Nothing is charged to him after it: the only event left is the judge's
			// adjudication package, due adjudication_days after the players were asked (4.3.2).
			if at, ok := nextEvent(under(g.with(p.Game), reg)); !ok || !at.Equal(day(on).AddDays(reg.AdjudicationDays).Start(moscow)) {
				t.Errorf("NextEvent after the end date: %s %v, want the package's day", at, ok)
			}
		})
	}
}

// TestChannelSender: a card or a call is the player's the captain names; a letter with no
// address is nobody's, even when a player by post has no address of his own.
func TestChannelSender(t *testing.T) {
	reg := DefaultRegulation()
	g := waitingBlack(t, ChannelPost, reg) // Black by post, no e-mail address, on move since 11-02
	body := "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5"
	parsed, err := mailparse.Parse([]byte("From: <>\r\nSubject: x\r\n\r\n" + body))
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 4, 12, 0, 0, 0, moscow)
	for _, tc := range []struct {
		name string
		env  Envelope
		want Verdict
	}{
		{"e-mail without an address", Envelope{From: "", MessageID: "a@x", Received: at}, Ignored},
		{"e-mail from a blank address", Envelope{From: " ", MessageID: "b@x", Received: at}, Ignored},
		{"card without a side", Envelope{From: captain, MessageID: "c@x", Received: at, Via: ChannelPost, Postmark: day("2026-11-03")}, Ignored},
		{"card with a side unknown", Envelope{From: captain, MessageID: "d@x", Received: at, Via: ChannelPost, Side: "red", Postmark: day("2026-11-03")}, Ignored},
		{"card of the player", Envelope{From: captain, MessageID: "e@x", Received: at, Via: ChannelPost, Side: Black, Postmark: day("2026-11-03")}, Accepted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := apply(g, parsed, tc.env, reg)
			if d.Verdict != tc.want {
				t.Errorf("verdict %q, want %q; moves %q", d.Verdict, tc.want, d.Moves)
			}
			if tc.want == Ignored && (d.Seat != -1 || len(d.Letters) != 0) {
				t.Errorf("an ignored letter is about game %d, with %d letters", d.Seat, len(d.Letters))
			}
		})
	}
	if s, ok := g.SideOf(""); ok {
		t.Errorf("SideOf(\"\") = %s", s)
	}
}

// TestPostedBeforeTheMove: a card cannot be posted before the move it carries was sent (4.3.1):
// a day entered before it counts as that day, and no days before it are charged.
func TestPostedBeforeTheMove(t *testing.T) {
	reg := DefaultRegulation()
	g := channelGame(ChannelEmail, ChannelPost)
	g, _ = playSteps(t, g, reg, []chStep{
		postalOpening,
		{posted: Black, on: "2026-11-01", want: summary{Notice, "4.3.1", "", 0, Time{0, 0}, Black}, blackSince: "2026-11-01"},
		{
			letter:     card(Black, "2026-11-03", "2026-11-05 10:00", "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5"),
			want:       summary{Accepted, "", "1... f6-g5", 0, Time{0, 2}, White},
			via:        ChannelPost,
			whiteSince: "2026-11-05",
		},
		{
			letter:  email(White, "2026-11-10 10:00", "Ваш ход 1... f6-g5 получил.\nМой ход: 2. g3-h4"),
			want:    summary{Accepted, "", "2. g3-h4", 0, Time{5, 2}, Black},
			posting: Black,
		},
	})
	p := Posted(under(g, reg), Black, day("2026-11-08"), (day("2026-11-08")).Start(moscow)) // before White's move of 11-10
	if s := sum(p); s != (summary{Notice, "4.3.1", "", 0, Time{5, 2}, Black}) || p.Game.BlackClock.Since != day("2026-11-10") || p.Game.MovedOn != day("2026-11-10") {
		t.Errorf("posted before the move: %+v, Black's clock from %s, MovedOn %s", s, p.Game.BlackClock.Since, p.Game.MovedOn)
	}
}

// TestFirstCardOnTheStartDate: a first move posted on the start date costs nothing and cites
// 4.3.2 («Если игрок начал игру в день начала игры ... время на первый ход не начисляется»),
// also when the card reaches postald later or its player is counted to have received his move
// later (post_days).
func TestFirstCardOnTheStartDate(t *testing.T) {
	reg := DefaultRegulation()
	reg.PostDays = 3
	// White by post: his card of the start date entered three days later; Black by e-mail
	// receives the move then.
	playSteps(t, channelGame(ChannelPost, ChannelEmail), reg, []chStep{{
		letter:     card(White, "2026-11-01", "2026-11-04 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"),
		want:       summary{Accepted, "4.3.2", "1. c3-d4", 0, Time{0, 0}, Black},
		via:        ChannelPost,
		blackSince: "2026-11-04",
		dates:      [3]string{"", "", "2026-11-01"},
	}})
	// White by e-mail before the start, Black by post: the move posted to him on the start
	// date reaches him on 11-04 by post_days, but his card is postmarked on the start date.
	g := channelGame(ChannelEmail, ChannelPost)
	playSteps(t, g, reg, []chStep{
		{
			letter:  email(White, "2026-10-31 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"),
			want:    summary{Accepted, "4.3.2", "1. c3-d4", 0, Time{0, 0}, Black},
			posting: Black, dates: [3]string{"", "", "2026-10-31"},
		},
		{posted: Black, on: "2026-11-01", want: summary{Notice, "4.3.1", "", 0, Time{0, 0}, Black}, blackSince: "2026-11-04"},
		{
			letter: card(Black, "2026-11-01", "2026-11-02 10:00",
				"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 01.11.2026 / 01.11.2026 / 01.11.2026\nВремя: 0/0"),
			want:       summary{Accepted, "4.3.2", "1... f6-g5", 0, Time{0, 0}, White},
			via:        ChannelPost,
			whiteSince: "2026-11-02",
			dates:      [3]string{"2026-11-01", "2026-11-01", "2026-11-01"},
		},
	})
}

// TestReplyBeforePosting: a call or a card with moves from the player whose move waits for the
// captain's call or card, the posting not recorded (Posted): the move reached him by its
// postmark at the latest, so his clock runs from that day; his moves are charged (0 days) and
// counted for the controls (4.3.1), and the game goes on as after a posting.
func TestReplyBeforePosting(t *testing.T) {
	reg := DefaultRegulation()
	reg.PostDays = 3
	for _, ch := range []Channel{ChannelPhone, ChannelPost} {
		t.Run(string(ch), func(t *testing.T) {
			g := channelGame(ChannelEmail, ch)
			l := &chLetter{side: Black, via: ch, postmark: "2026-11-05", entered: "2026-11-06 10:00",
				body: "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 01.11.2026 / 05.11.2026 / 05.11.2026\nВремя: 0/0"}
			_, ds := playSteps(t, g, reg, []chStep{
				postalOpening,
				{
					letter: l, want: summary{Accepted, "", "1... f6-g5", 0, Time{0, 0}, White},
					via: ch, whiteSince: "2026-11-06",
					dates: [3]string{"2026-11-01", "2026-11-05", "2026-11-05"},
				},
			})
			if c := ds[1].Game.BlackClock; c.Moves != 1 || c.Heard != day("2026-11-05") {
				t.Errorf("Black's clock: %d moves, heard %s; want 1, 2026-11-05", c.Moves, c.Heard)
			}
		})
	}
	// A letter without a move does not show the move reached him: it still waits.
	g := channelGame(ChannelEmail, ChannelPhone)
	d := enter(t, g, *email(White, "2026-11-01 10:00", "Мой ход: 1. c3-d4\nВремя: 0/0"), reg)
	n := enter(t, g.with(d.Game), *call(Black, "2026-11-03", "2026-11-03 10:00", "Когда будет ход?"), reg)
	if n.Game.Posting != Black || n.Game.BlackClock.Running() {
		t.Errorf("a call without a move: posting %q, Black's clock running %v", n.Game.Posting, n.Game.BlackClock.Running())
	}
}

// TestSendingDate: a card's sending date as 4.3.1 takes it — the postmark, for registered mail
// the receipt's date, without a legible postmark the date the player wrote (the third of three,
// or the only one of a first move), and without either the day the card arrived; a written date
// after the card arrived is not believed.
func TestSendingDate(t *testing.T) {
	arrived := day("2026-12-09")
	three := []daysclock.Date{day("2026-12-01"), day("2026-12-03"), day("2026-12-05")}
	for _, tc := range []struct {
		name       string
		postmark   daysclock.Date
		registered bool
		written    []daysclock.Date
		want       daysclock.Date
		source     DateSource
	}{
		{"postmark", day("2026-12-06"), false, three, day("2026-12-06"), FromPostmark},
		{"registered", day("2026-12-04"), true, three, day("2026-12-04"), FromReceipt},
		{"illegible postmark, three dates", daysclock.Date{}, false, three, day("2026-12-05"), FromWritten},
		{"illegible postmark, first move", daysclock.Date{}, false, three[:1], day("2026-12-01"), FromWritten},
		{"illegible postmark, two dates", daysclock.Date{}, false, three[:2], arrived, FromArrival},
		{"nothing written", daysclock.Date{}, false, nil, arrived, FromArrival},
		{"written after arrival", daysclock.Date{}, false, []daysclock.Date{day("2026-12-10")}, arrived, FromArrival},
	} {
		got, source := SendingDate(tc.postmark, tc.registered, tc.written, arrived)
		if got != tc.want || source != tc.source {
			t.Errorf("%s: %s (%s), want %s (%s)", tc.name, got, source, tc.want, tc.source)
		}
	}
}

// TestCheckCard: dates a card cannot have are refused with the field named; a card of the
// player not on move (a question) may carry any date up to its arrival.
func TestCheckCard(t *testing.T) {
	g := (&Table{Code: "T", Variant: "russian", Language: "en", Players: []Player{{Number: 1}, {Number: 2, Channel: ChannelPost}},
		Start: day("2026-11-01"), End: day("2027-11-01")}).NewGame("1-2")
	g.Plies = []Ply{{Text: "c3-d4", Date: day("2026-12-01")}}
	g.MovedOn = day("2026-12-02")
	today := day("2026-12-10")
	for _, tc := range []struct {
		name                 string
		side                 Side
		sent, arrived, field string
	}{
		{"in order", Black, "2026-12-05", "2026-12-08", ""},
		{"arrived in the future", Black, "2026-12-05", "2026-12-11", "received"},
		{"sent after it arrived", Black, "2026-12-09", "2026-12-08", "postmark"},
		{"sent before the move reached him", Black, "2026-12-01", "2026-12-08", "postmark"},
		{"the partner's question, any day", White, "2026-11-20", "2026-12-08", ""},
	} {
		err := CheckCard(&g, tc.side, day(tc.sent), day(tc.arrived), today)
		var f *CardFault
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.field != "" && (!errors.As(err, &f) || f.Field != tc.field):
			t.Errorf("%s: %v, want a fault of %s", tc.name, err, tc.field)
		}
	}
}

// TestSilentForfeitWaitsForTheJudge: under the forfeit policy a silent player by e-mail loses at
// once (4.3.1), but a silent player by post or telephone does not: his card may be slower than
// post_days, his call not yet entered, so the judge decides (4.1.7); a card postmarked in time
// that comes after is decided as his answer, and the game goes on.
func TestSilentForfeitWaitsForTheJudge(t *testing.T) {
	for _, ch := range []Channel{ChannelEmail, ChannelPost, ChannelPhone} {
		reg := DefaultRegulation()
		reg.ControlDays, reg.PostDays, reg.Overstep = 20, 3, OverstepForfeit
		g := waitingBlack(t, ch, reg)
		late := g.BlackClock.Deadline(under(g, reg).Table.Terms()).OverstepDay.AddDays(ch.Travel(reg) + 1)
		d := Tick(under(g, reg), late.Start(moscow).Add(12*time.Hour))
		if d.Game.BlackClock.Overstep == nil {
			t.Fatalf("%s: no overstep by %s", ch, late)
		}
		if ch == ChannelEmail {
			if d.Game.Status != StatusFinished || d.Game.Result != Won(White) {
				t.Errorf("by e-mail: %s %s, want lost at once under forfeit", d.Game.Status, d.Game.Result)
			}
			continue
		}
		if d.Game.Status != StatusPlaying {
			t.Errorf("%s: %s %s, want the game to go on until the judge rules", ch, d.Game.Status, d.Game.Result)
		}
		if j := letterOf(d, ToJudge, KindNotice); !strings.Contains(j.Body, "4.3.1") {
			t.Errorf("%s: the judge's letter:\n%s", ch, j.Body)
		}
		// His card, postmarked on his last day, comes after all.
		last := g.BlackClock.Deadline(under(g, reg).Table.Terms()).LastDay
		via := card(Black, last.String(), late.String()+" 18:00",
			"Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nВремя: 0/20")
		via.via = ch
		a := enter(t, g.with(d.Game), *via, reg)
		if a.Verdict != Accepted || a.Game.Status != StatusPlaying {
			t.Errorf("%s: his card postmarked %s: %s, %s", ch, last, a.Verdict, a.Game.Status)
		}
	}
}

// TestOverstepWithdrawnByATimelyCard: a postal player's card slower than post_days comes after
// his silence was counted as an overstep (4.3.1). Postmarked on his last day, it shows he was in
// time: the overstep is withdrawn, both players and the judge are told, the game goes on, and a
// real overstep later is counted again. A card postmarked after the last day leaves it standing.
func TestOverstepWithdrawnByATimelyCard(t *testing.T) {
	reg := DefaultRegulation()
	reg.ControlDays, reg.PostDays = 20, 3
	g := waitingBlack(t, ChannelPost, reg)
	dl := g.BlackClock.Deadline(under(g, reg).Table.Terms())
	late := dl.OverstepDay.AddDays(reg.PostDays + 2)
	g.Game = Tick(under(g, reg), late.Start(moscow).Add(12*time.Hour)).Game
	if g.BlackClock.Overstep == nil {
		t.Fatalf("no overstep by %s", late)
	}
	body := "Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nВремя: 0/20"
	d := enter(t, g, *card(Black, dl.LastDay.String(), late.String()+" 18:00", body), reg)
	if d.Verdict != Accepted || d.Game.BlackClock.Overstep != nil || d.Game.Status != StatusPlaying || d.Game.BlackClock.Days != 20 {
		t.Fatalf("a card of his last day: %s, overstep %+v, %s, %d days", d.Verdict, d.Game.BlackClock.Overstep, d.Game.Status, d.Game.BlackClock.Days)
	}
	for _, role := range []Role{ToJudge, ToWhite} {
		var found bool
		for _, l := range d.Letters {
			if l.Role == role && strings.Contains(l.Body, "снята") && strings.Contains(l.Body, "4.3.1") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s is not told that the overstep is withdrawn", role)
		}
	}
	if !strings.Contains(strings.Join(d.Notes, "\n"), "снята") {
		t.Errorf("Black is not told: %q", d.Notes)
	}
	if d.Game.notified(overstepSent(Black)) {
		t.Error("the withdrawn overstep is still noted as told: a real one would go unannounced")
	}
	// A card postmarked the day after his last day: the overstep stands.
	d = enter(t, g, *card(Black, dl.OverstepDay.String(), late.String()+" 18:00", body), reg)
	if d.Game.BlackClock.Overstep == nil {
		t.Errorf("a card postmarked after his last day withdrew the overstep")
	}
}
