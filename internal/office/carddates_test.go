package office

import (
	"errors"
	"postald/internal/reading"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/langcheck"
	"postald/internal/phrase"
	"postald/internal/store"
)

// postedGame is postSheet's game in language lang after White's first move by e-mail (6
// November) and the captain's posting of it to Black (7 November: Black receives it on the 9th),
// its office's clock at *now.
func postedGame(t *testing.T, lang string, now *time.Time) (*Office, *store.DB, store.GameID) {
	t.Helper()
	*now = time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, now)
	sheet := strings.Replace(postSheet, "address = \"moves@club.example\"", "address = \"moves@club.example\"\nlanguage = \""+lang+"\"", 1)
	sh, err := CreateTournament(db, from, []byte(sheet), *now)
	if err != nil {
		t.Fatal(err)
	}
	*now = time.Date(2026, 11, 6, 9, 0, 0, 0, time.UTC)
	send(t, o, 1, *now, "white@club.example", "ПЧ-1 1-2", "ПЧ-1, 1-2.\n1. c3-d4\n06.11.2026\n0/0")
	rep, err := o.Run(reading.CardsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var seqs []uint64
	for _, c := range replyOf[*reading.CardsReply](t, rep).Cards {
		seqs = append(seqs, c.Seq)
	}
	*now = time.Date(2026, 11, 7, 15, 0, 0, 0, time.UTC)
	if _, err := o.Run(PostRequest{Seqs: seqs, On: day(t, "2026-11-07")}); err != nil {
		t.Fatal(err)
	}
	return o, db, store.GameID{Tournament: sh.Code, Game: "1-2"}
}

// TestCardDatesRefused: a card whose dates no card can have (4.3.1) — received after the day it
// is entered, sent after it was received or before the move it answers was sent, stating its
// partner's move received before it was sent or the reply sent before the move was received — is
// refused whole, in the tournament's language, with both dates named as the language writes
// them and what the captain is to enter; the game is left as it was. A postmark entered is the
// sending date whatever the card states (4.3.1): the same card with its postmark is accepted.
func TestCardDatesRefused(t *testing.T) {
	const moves = "Турнир ПЧ-1, партия 1-2.\nВаш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\n"
	for _, c := range []struct {
		name               string
		postmark, received string
		dates              string // the card's three dates
		order              daysclock.Order
		written            bool
		ru, en             []string // what the refusal says in each language
	}{
		{"reply before receipt", "", "2026-11-14", "07.11.2026 / 12.11.2026 / 10.11.2026", daysclock.ReplyBeforeReceipt, true,
			[]string{"ответ отправлен 10.11.2026, раньше, чем получен ход партнёра (12.11.2026)", "-postmark ГГГГ-ММ-ДД", "п. 4.3.1"},
			[]string{"the reply was sent on 2026-11-10, before the partner's move was received, on 2026-11-12", "-postmark YYYY-MM-DD", "clause 4.3.1"}},
		{"receipt before sending", "", "2026-11-14", "07.11.2026 / 05.11.2026 / 10.11.2026", daysclock.ReceiptBeforeSending, true,
			[]string{"ход партнёра получен 05.11.2026, раньше, чем он отправлен (07.11.2026)", "-postmark"},
			[]string{"the partner's move was received on 2026-11-05, before it was sent, on 2026-11-07", "-postmark"}},
		{"stated sent after it arrived", "", "2026-11-14", "07.11.2026 / 09.11.2026 / 15.11.2026", daysclock.SentAfterArrival, true,
			[]string{"отправлена 15.11.2026, позже дня, когда она получена (14.11.2026)", "-postmark"},
			[]string{"sent on 2026-11-15, after 2026-11-14, the day it was received", "-postmark"}},
		{"postmark after it arrived", "2026-11-15", "2026-11-14", "07.11.2026 / 09.11.2026 / 12.11.2026", daysclock.SentAfterArrival, false,
			[]string{"штемпель 15.11.2026 позже дня, когда открытка получена (14.11.2026)", "-postmark", "-received"},
			[]string{"the postmark 2026-11-15 is after 2026-11-14, the day the card was received", "-postmark", "-received"}},
		{"received after today", "2026-11-12", "2026-11-17", "07.11.2026 / 09.11.2026 / 12.11.2026", daysclock.ArrivalAfterToday, false,
			[]string{"получена 17.11.2026, позже сегодняшнего дня (16.11.2026)", "-received"},
			[]string{"received on 2026-11-17, after today, 2026-11-16", "-received"}},
		{"postmark before the move", "2026-11-05", "2026-11-14", "07.11.2026 / 09.11.2026 / 12.11.2026", daysclock.SentBeforeMove, false,
			[]string{"штемпель 05.11.2026 раньше 07.11.2026", "-postmark"},
			[]string{"the postmark 2026-11-05 is before 2026-11-07", "-postmark"}},
		{"stated sent before the move", "", "2026-11-14", "05.11.2026 / 06.11.2026 / 06.11.2026", daysclock.SentBeforeMove, true,
			[]string{"отправлена 06.11.2026, раньше 07.11.2026", "-postmark"},
			[]string{"sent on 2026-11-06, before 2026-11-07", "-postmark"}},
	} {
		for _, lang := range []string{"ru", "en"} {
			var now time.Time
			o, db, id := postedGame(t, lang, &now)
			now = time.Date(2026, 11, 16, 10, 0, 0, 0, time.UTC)
			req := CardRequest{Game: "ПЧ-1/1-2", From: "black", Text: moves + "Даты: " + c.dates + "\nВремя: 0/3\n"}
			if c.postmark != "" {
				req.Postmark = day(t, c.postmark)
			}
			req.Received = day(t, c.received)
			_, err := o.Run(req)
			var m *daysclock.Misordered
			var r *Refused
			switch {
			case !errors.Is(err, ErrBadRequest) || !errors.As(err, &m) || !errors.As(err, &r):
				t.Errorf("%s (%s): %v; want a refusal of the dates", c.name, lang, err)
				continue
			case m.Order != c.order || m.Written != c.written || m.Clause != "4.3.1":
				t.Errorf("%s (%s): %+v; want the order %s, written %v", c.name, lang, m, c.order, c.written)
			}
			want := c.en
			if lang == "ru" {
				want = c.ru
				if bad := langcheck.Command(err.Error()); len(bad) > 0 {
					t.Errorf("%s: the Russian refusal holds English %q: %s", c.name, bad, err)
				}
			}
			for _, w := range want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%s (%s): the refusal lacks %q:\n%s", c.name, lang, w, err)
				}
			}
			if g := gameOf(t, db, id); len(g.Plies) != 1 {
				t.Errorf("%s (%s): a refused card changed the game: %v", c.name, lang, g.MoveList())
			}
		}
	}

	// The card that states its reply sent before it received the move, entered with its postmark:
	// the postmark is its sending date (4.3.1), and the card is decided.
	var now time.Time
	o, db, id := postedGame(t, "ru", &now)
	now = time.Date(2026, 11, 16, 10, 0, 0, 0, time.UTC)
	rep, err := o.Run(CardRequest{Game: "ПЧ-1/1-2", From: "black", Postmark: day(t, "2026-11-12"), Received: day(t, "2026-11-14"),
		Text: moves + "Даты: 07.11.2026 / 12.11.2026 / 10.11.2026\nВремя: 0/3\n"})
	if err != nil {
		t.Fatal(err)
	}
	if ce := replyOf[*CardEntered](t, rep); !ce.Entered || ce.Sent != day(t, "2026-11-12") || ce.Language != "ru" || len(gameOf(t, db, id).Plies) != 2 {
		t.Errorf("the card with its postmark: %+v", ce)
	}
}

// TestPostingDatesRefused: cards recorded as posted after today, or before postald wrote them,
// are refused in the tournament's language, the dates named, and nothing is recorded.
func TestPostingDatesRefused(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
		db, o, from := playerOffice(t, &now)
		sheet := strings.Replace(postSheet, "address = \"moves@club.example\"", "address = \"moves@club.example\"\nlanguage = \""+lang+"\"", 1)
		if _, err := CreateTournament(db, from, []byte(sheet), now); err != nil {
			t.Fatal(err)
		}
		rep, err := o.Run(reading.CardsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		seq := replyOf[*reading.CardsReply](t, rep).Cards[0].Seq
		tx := &phrase.For(lang).CLI
		for _, c := range []struct {
			on    string
			order daysclock.Order
			want  string
		}{
			{"2026-11-04", daysclock.PostedAfterToday, tx.Date(day(t, "2026-11-04"))},
			{"2026-11-02", daysclock.PostedBeforeWritten, tx.Date(day(t, "2026-11-03"))},
		} {
			_, err := o.Run(PostRequest{Seqs: []uint64{seq}, On: day(t, c.on)})
			var m *daysclock.Misordered
			if !errors.Is(err, ErrBadRequest) || !errors.As(err, &m) || m.Order != c.order || !strings.Contains(err.Error(), c.want) ||
				!strings.Contains(err.Error(), "-posted") {
				t.Errorf("%s: posted on %s: %v; want the order %s named with %s", lang, c.on, err, c.order, c.want)
			}
		}
		rep, err = o.Run(reading.CardsRequest{})
		if err != nil || len(replyOf[*reading.CardsReply](t, rep).Cards) != 1 {
			t.Errorf("%s: a refused posting recorded the card: %v", lang, err)
		}
	}
}
