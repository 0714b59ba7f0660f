package office

import (
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"path/filepath"
	"postald/internal/reading"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/daysclock"
	"postald/internal/referee"
	"postald/internal/store"
)

// postSheet is a tournament of two players: White by e-mail, Black by post, his cards counted
// two days on the way.
const postSheet = `
[tournament]
code = "ПЧ-1"
name = "Post"
variant = "russian"
start = 2026-11-05
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
postal_address = "Турнирный секретарь, а/я 12\nТула\n300000"

[regulation]
zone = "Europe/Moscow"
post_days = 2

[[player]]
number = 1
name = "Иванов Иван"
email = "white@club.example"

[[player]]
number = 2
name = "Петров Пётр"
channel = "post"
postal_address = "ул. Садовая, 5, кв. 2\nКалуга\n248000"
`

func day(t *testing.T, s string) daysclock.Date {
	t.Helper()
	d, err := daysclock.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// gameOf reads a game as the store holds it.
func gameOf(t *testing.T, db *store.DB, id store.GameID) referee.Game {
	t.Helper()
	var g referee.Game
	if err := db.View(func(tx *store.Tx) (err error) { g, err = loadStored(tx, id); return err }); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestPostalGame: one game between a player by e-mail and a player by post. The postal player's
// start letter and his partner's move wait as cards; his clock starts post_days after the captain
// posts them; his card is decided by its postmark, whatever day it is entered and whatever date
// he wrote (4.3.1); his partner receives the move by e-mail on the day it is entered, and his
// three dates say so; a card entered twice is decided once.
func TestPostalGame(t *testing.T) {
	now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	sh, err := CreateTournament(db, from, []byte(postSheet), now)
	if err != nil {
		t.Fatal(err)
	}
	id := store.GameID{Tournament: sh.Code, Game: "1-2"}
	cards := func() []reading.Card {
		t.Helper()
		rep, err := o.Run(reading.CardsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		return replyOf[*reading.CardsReply](t, rep).Cards
	}
	start := cards()
	if len(start) != 1 || start[0].Player != 2 || start[0].Channel != "post" || strings.Join(start[0].Address, "|") != "ул. Садовая, 5, кв. 2|Калуга|248000" {
		t.Fatalf("start cards = %+v", start)
	}
	if !strings.Contains(start[0].Text, "Вы играете по почте") || !strings.Contains(start[0].Text, "а/я 12") || !strings.Contains(start[0].Text, "2 дня") {
		t.Errorf("the postal player's start letter does not say how he plays:\n%s", start[0].Text)
	}
	for _, l := range mailedSince(t, db, 0) {
		if l.to == "" {
			t.Errorf("a letter by e-mail without an address: %+v", l)
		}
	}

	// White moves by e-mail on 6 November: the move waits for the post; no clock runs for Black.
	now = time.Date(2026, 11, 6, 9, 0, 0, 0, time.UTC)
	send(t, o, 1, now, "white@club.example", "ПЧ-1 партия 1-2",
		"Турнир ПЧ-1, партия 1-2.\nМой ход: 1. c3-d4\nДаты: 06.11.2026\nВремя: 0/0")
	g := gameOf(t, db, id)
	if g.Posting != referee.Black || g.BlackClock.Running() {
		t.Fatalf("after White's move: posting %q, Black's clock running %v", g.Posting, g.BlackClock.Running())
	}
	pending := cards()
	if len(pending) != 2 || !strings.Contains(pending[1].Text, "c3-d4") || pending[1].Picture == nil {
		t.Fatalf("cards after White's move: %d, %+v", len(pending), pending)
	}
	// The start card has waited three days: the judge is told, once a day.
	seen := len(mailedSince(t, db, 0))
	for range 2 {
		if err := o.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	notice := letterTo(t, mailedSince(t, db, seen), "judge@club.example")
	if !strings.Contains(notice.subject, "ПЧ-1: открытки к отправке, звонки (1)") || !strings.Contains(notice.body, "Петров Пётр") ||
		!strings.Contains(notice.body, "postald cards -posted") {
		t.Errorf("the judge's notice of the cards waiting:\n%s\n%s", notice.subject, notice.body)
	}

	// The captain posts both cards on 7 November: Black receives them on the 9th (post_days).
	now = time.Date(2026, 11, 7, 15, 0, 0, 0, time.UTC)
	rep, err := o.Run(PostRequest{Seqs: []uint64{pending[0].Seq, pending[1].Seq}, On: day(t, "2026-11-07")})
	if err != nil {
		t.Fatal(err)
	}
	if replyOf[*PostedReply](t, rep).Posted != 2 || len(replyOf[*PostedReply](t, rep).Clocks) != 1 {
		t.Errorf("posted = %+v", replyOf[*PostedReply](t, rep))
	}
	g = gameOf(t, db, id)
	if g.Posting != "" || g.BlackClock.Since != day(t, "2026-11-09") || g.MovedOn != day(t, "2026-11-07") {
		t.Fatalf("after posting: posting %q, Black's clock since %s, moved on %s", g.Posting, g.BlackClock.Since, g.MovedOn)
	}
	if left := cards(); len(left) != 0 {
		t.Errorf("%d cards left after posting", len(left))
	}

	// Black's card, postmarked 12 November, reaches the captain on the 14th and is entered on the
	// 16th; Black wrote the 11th as his sending date.
	now = time.Date(2026, 11, 16, 10, 0, 0, 0, time.UTC)
	text := "Турнир ПЧ-1, партия 1-2.\nВаш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 07.11.2026 / 09.11.2026 / 11.11.2026\nВремя: 0/2\nПетров"
	seen = len(mailedSince(t, db, 0))
	req := CardRequest{Game: "ПЧ-1/1-2", From: "2", Postmark: day(t, "2026-11-12"), Received: day(t, "2026-11-14"), Text: text}
	rep, err = o.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	ce := replyOf[*CardEntered](t, rep)
	if !ce.Entered || ce.Verdict != "accepted" || ce.Side != referee.Black || ce.Via != referee.ChannelPost ||
		ce.Sent != day(t, "2026-11-12") || ce.Source != referee.FromPostmark || ce.Letters != 1 || ce.Cards != 1 || ce.Receipt == "" {
		t.Errorf("card entered = %+v", ce)
	}
	g = gameOf(t, db, id)
	if g.BlackClock.Days != 3 || len(g.Plies) != 2 || g.Plies[1].Via != referee.ChannelPost || g.Plies[1].Date != day(t, "2026-11-12") {
		t.Errorf("after Black's card: Black's days %d (want 3: 9 → 12 November), plies %+v", g.BlackClock.Days, g.Plies)
	}
	if g.WhiteClock.Since != day(t, "2026-11-16") || g.MovedOn != day(t, "2026-11-12") || g.ReceivedOn != day(t, "2026-11-16") {
		t.Errorf("White's clock since %s (want the day of the forward, 16 November), moved on %s, received on %s", g.WhiteClock.Since, g.MovedOn, g.ReceivedOn)
	}
	fwd := letterTo(t, mailedSince(t, db, seen), "white@club.example")
	if !strings.Contains(fwd.body, "f6-g5") {
		t.Errorf("the forward to White:\n%s", fwd.body)
	}
	ack := cards()
	if len(ack) != 1 || !strings.Contains(ack[0].Text, "4.3.1") || !strings.Contains(ack[0].Text, "11.11.2026") {
		t.Errorf("the answer to Black does not report the date he wrote against the postmark (4.3.1): %+v", ack)
	}

	// The same card entered again changes nothing.
	rep, err = o.Run(req)
	if err != nil {
		t.Fatal(err)
	}
	if replyOf[*CardEntered](t, rep).Entered || replyOf[*CardEntered](t, rep).Previous == "" || len(gameOf(t, db, id).Plies) != 2 {
		t.Errorf("a card entered twice: %+v", replyOf[*CardEntered](t, rep))
	}

	// Dates the captain cannot have read are refused whole, with the field named.
	bad := []CardRequest{
		{Game: "ПЧ-1/1-2", From: "white", Postmark: day(t, "2026-11-20"), Text: "Мой ход: 2. d4:f6"},
		{Game: "ПЧ-1/1-2", From: "white", Received: day(t, "2026-11-17"), Text: "Мой ход: 2. d4:f6"},
		{Game: "ПЧ-1/1-2", From: "white", Postmark: day(t, "2026-11-10"), Text: "Мой ход: 2. b2-c3"},
		{Game: "ПЧ-1/1-2", From: "7", Postmark: day(t, "2026-11-16"), Text: "Мой ход: 2. b2-c3"},
		{Game: "ПЧ-1/1-2", From: "white", Via: "email", Text: "Мой ход: 2. b2-c3"},
		{Game: "ПЧ-1/1-2", From: "white", Text: "\xcc\xee\xe9 \xf5\xee\xe4: 2. b2-c3"}, // cp1251, not UTF-8
	}
	for i, b := range bad {
		if _, err := o.Run(b); !errors.Is(err, ErrBadRequest) {
			t.Errorf("bad card %d: %v, want ErrBadRequest", i, err)
		}
	}
	if len(gameOf(t, db, id).Plies) != 2 {
		t.Error("a refused card changed the game")
	}
}

// TestCardAnswerInReadersLanguage: a player by post without an e-mail address who writes
// English in a Russian tournament gets the answer to his card in English, its receipt line too
// (letters.md: every letter to him in his language).
func TestCardAnswerInReadersLanguage(t *testing.T) {
	now := time.Date(2026, 11, 6, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	sheet := strings.Replace(postSheet, "channel = \"post\"\n", "channel = \"post\"\nlanguage = \"en\"\n", 1)
	if _, err := CreateTournament(db, from, []byte(sheet), now); err != nil {
		t.Fatal(err)
	}
	send(t, o, 1, now, "white@club.example", "ПЧ-1 партия 1-2", "Мой ход: 1. c3-d4")
	rep, err := o.Run(reading.CardsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var seqs []uint64
	for _, c := range replyOf[*reading.CardsReply](t, rep).Cards {
		seqs = append(seqs, c.Seq)
	}
	if _, err := o.Run(PostRequest{Seqs: seqs, On: day(t, "2026-11-06")}); err != nil {
		t.Fatal(err)
	}
	now = time.Date(2026, 11, 12, 9, 0, 0, 0, time.UTC)
	req := CardRequest{Game: "1-2", From: "black", Postmark: day(t, "2026-11-10"),
		Text: "Tournament PCh-1, game 1-2.\nReceived 1. c3-d4.\nMy move: 1... f6-g5\nPetrov"}
	if _, err := o.Run(req); err != nil {
		t.Fatal(err)
	}
	rep, err = o.Run(reading.CardsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(replyOf[*reading.CardsReply](t, rep).Cards) != 1 {
		t.Fatalf("%d cards, want the answer to Black's card", len(replyOf[*reading.CardsReply](t, rep).Cards))
	}
	ack := replyOf[*reading.CardsReply](t, rep).Cards[0]
	if !strings.Contains(ack.Text, "Receipt: ") || strings.Contains(ack.Text, "Квитанция") || ack.Language != "en" ||
		!strings.Contains(ack.Text, "12:00 +0300") {
		t.Errorf("the answer to an English player's card (%s):\n%s", ack.Language, ack.Text)
	}
}

// BenchmarkCard measures a card the captain enters, (*Office).Run of a CardRequest: the card
// written as a letter and recorded, read, its envelope (4.3.1), the referee's decision, the game's
// new state, the archive and receipt, the answer queued as a card with its diagram, the forward
// by e-mail. Every card is a legal move and is accepted; the game is put back before each,
// outside the timer.
func BenchmarkCard(b *testing.B) {
	now := time.Date(2026, 11, 6, 9, 0, 0, 0, time.UTC)
	db, err := store.Open(filepath.Join(b.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	from := mail.Address{Name: "postald", Address: "moves@club.example"}
	o := New(Options{Store: db, From: from, Limits: config.Defaults().Limits, Trust: config.Trust{FromOnly: true},
		Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }})
	sh, err := CreateTournament(db, from, []byte(postSheet), now)
	if err != nil {
		b.Fatal(err)
	}
	raw := "From: white@club.example\r\nTo: moves@club.example\r\nSubject: ПЧ-1 1-2\r\nMessage-ID: <bench-1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n"
	if err := o.Letter(Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: 1, Raw: []byte(raw), InternalDate: now, Size: int64(len(raw))}); err != nil {
		b.Fatal(err)
	}
	rep, err := o.Run(reading.CardsRequest{})
	if err != nil {
		b.Fatal(err)
	}
	var seqs []uint64
	for _, c := range replyOf[*reading.CardsReply](b, rep).Cards {
		seqs = append(seqs, c.Seq)
	}
	if _, err := o.Run(PostRequest{Seqs: seqs, On: daysclock.DateOf(now, time.UTC)}); err != nil {
		b.Fatal(err)
	}
	id := store.GameID{Tournament: sh.Code, Game: "1-2"}
	var snap referee.Game
	if err := db.View(func(tx *store.Tx) (err error) { snap, err = loadStored(tx, id); return err }); err != nil {
		b.Fatal(err)
	}
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		b.Fatal(err)
	}
	now = now.Add(72 * time.Hour)
	postmark := daysclock.DateOf(now, loc)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i > 0 {
			b.StopTimer()
			if err := db.Update(func(tx *store.Tx) error {
				return putGame(tx, from, id, sh, snap, now)
			}); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		req := CardRequest{Game: "1-2", From: "black", Postmark: postmark,
			Text: fmt.Sprintf("Ваш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nПетров, открытка %d", i)}
		rep, err := o.Run(req)
		if err != nil {
			b.Fatal(err)
		}
		if replyOf[*CardEntered](b, rep).Verdict != "accepted" {
			b.Fatalf("card %d: %+v", i, replyOf[*CardEntered](b, rep))
		}
	}
}

// TestPostalWhiteStart: White plays by post and has no e-mail address. By 4.3.2 a player who
// receives the start documents after the start date begins to play the day after he receives
// them: his start card, posted on the 6th and counted received on the 8th (post_days 2), starts
// his clock on the 9th when the tournament began on the 5th; a tournament that starts after the
// card arrives keeps its start; a card posted later changes nothing again; a White who also has
// an address received his copy at once and plays from the start.
func TestPostalWhiteStart(t *testing.T) {
	sheet := func(start, white string) string {
		s := strings.Replace(postSheet, "start = 2026-11-05", "start = "+start, 1)
		s = strings.Replace(s, "[[player]]\nnumber = 1\nname = \"Иванов Иван\"\nemail = \"white@club.example\"",
			"[[player]]\nnumber = 1\nname = \"Иванов Иван\"\n"+white, 1)
		return strings.Replace(s, "[[player]]\nnumber = 2\nname = \"Петров Пётр\"\nchannel = \"post\"\npostal_address = \"ул. Садовая, 5, кв. 2\\nКалуга\\n248000\"",
			"[[player]]\nnumber = 2\nname = \"Петров Пётр\"\nemail = \"black@club.example\"", 1)
	}
	const byPost = "channel = \"post\"\npostal_address = \"ул. Садовая, 5, кв. 2\\nКалуга\\n248000\""
	for _, c := range []struct {
		name, start, white string
		want               string // the day White's clock runs from once the card is posted
		clocks             int    // the clocks the posting reports started
	}{
		{"tournament begun", "2026-11-05", byPost, "2026-11-09", 1},
		{"tournament after the card", "2026-11-20", byPost, "2026-11-20", 0},
		{"White with an address too", "2026-11-05", byPost + "\nemail = \"white@club.example\"", "2026-11-05", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			now := time.Date(2026, 11, 5, 9, 0, 0, 0, time.UTC)
			db, o, from := playerOffice(t, &now)
			sh, err := CreateTournament(db, from, []byte(sheet(c.start, c.white)), now)
			if err != nil {
				t.Fatal(err)
			}
			id := store.GameID{Tournament: sh.Code, Game: "1-2"}
			if g := gameOf(t, db, id); g.WhiteClock.Since != day(t, max(c.start, "2026-11-05")) {
				t.Fatalf("at registration White's clock runs from %s", g.WhiteClock.Since)
			}
			rep, err := o.Run(reading.CardsRequest{})
			if err != nil {
				t.Fatal(err)
			}
			var seqs []uint64
			for _, cd := range replyOf[*reading.CardsReply](t, rep).Cards {
				seqs = append(seqs, cd.Seq)
			}
			if len(seqs) != 1 {
				t.Fatalf("%d cards, want the start card", len(seqs))
			}
			now = time.Date(2026, 11, 6, 15, 0, 0, 0, time.UTC)
			rep, err = o.Run(PostRequest{Seqs: seqs, On: day(t, "2026-11-06")})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(replyOf[*PostedReply](t, rep).Started); got != c.clocks {
				t.Errorf("the posting reports %d clocks started, want %d", got, c.clocks)
			}
			g := gameOf(t, db, id)
			if g.WhiteClock.Since != day(t, c.want) {
				t.Errorf("after the start card posted: White's clock runs from %s, want %s", g.WhiteClock.Since, c.want)
			}
			// Whatever is posted to him later moves his start no more.
			if err := db.Update(func(tx *store.Tx) error {
				_, err := o.startPosted(tx, sh, sh.Table(time.UTC), 1, day(t, "2026-11-15"), now)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if g := gameOf(t, db, id); g.WhiteClock.Since != day(t, c.want) {
				t.Errorf("a later card moved White's start to %s", g.WhiteClock.Since)
			}
		})
	}
}
