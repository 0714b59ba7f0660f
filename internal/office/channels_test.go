package office

import (
	"bytes"
	"fmt"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/daysclock"
	"postald/internal/phrase"
	"postald/internal/reading"
	"postald/internal/referee"
	"postald/internal/rules"
	"postald/internal/rules/pdn"
	"postald/internal/store"
	"postald/internal/tournament"
)

// channelSheet is a tournament of three in lang: player 1 plays by post, 2 by telephone, 3 by
// e-mail.
func channelSheet(lang string) string {
	return fmt.Sprintf(`
[tournament]
code = "ПК-1"
name = "Каналы"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = %q
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
postal_address = "Шашечный клуб, а/я 1, Москва"
phone = "+7 495 000-00-01"

[regulation]
zone = "Europe/Moscow"
post_days = 3

[[player]]
number = 1
name = "Абрамов Алексей"
channel = "post"
postal_address = "ул. Садовая, 5, Тверь"

[[player]]
number = 2
name = "Белов Борис"
email = "belov@club.example"
channel = "phone"
phone = "+7 900 000-00-02"

[[player]]
number = 3
name = "Васильев Виктор"
email = "vasiliev@club.example"
`, lang)
}

// channelPlies are four plies of game 1-2: a card of White's, a copy by e-mail of Black's, a
// letter by e-mail of White's (Via left "", as the stores of e-mail games hold it) and a call of
// Black's.
func channelPlies() []referee.Ply {
	day := func(d int) daysclock.Date { return daysclock.Date{Year: 2026, Month: 11, Day: d} }
	return []referee.Ply{
		{Text: "c3-d4", Date: day(3), By: referee.ByLetter, Via: referee.ChannelPost},
		{Text: "f6-g5", Date: day(8), By: referee.ByLetter, Via: referee.ChannelEmail},
		{Text: "b2-c3", Date: day(12), By: referee.ByLetter},
		{Text: "g7-f6", Date: day(14), By: referee.ByLetter, Via: referee.ChannelPhone},
	}
}

// channelStore registers channelSheet(lang) and records game 1-2 with channelPlies.
func channelStore(t *testing.T, lang string) (*store.DB, time.Time) {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	now := time.Date(2026, 11, 15, 9, 0, 0, 0, time.UTC)
	from := mail.Address{Address: "moves@club.example"}
	sh, err := CreateTournament(db, from, []byte(channelSheet(lang)), time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	id := store.GameID{Tournament: sh.Code, Game: "1-2"}
	if err := db.Update(func(tx *store.Tx) error {
		g, err := LoadGame(tx, id)
		if err != nil {
			return err
		}
		g.Plies = channelPlies()
		return Put(tx, from, id, sh, g, now)
	}); err != nil {
		t.Fatal(err)
	}
	return db, now
}

// TestViewsShowChannels: judge show marks each move whose letter came on a card or in a call
// with the tournament's word for it, and judge list and judge show say how each player plays
// when it is not by e-mail; the moves and players by e-mail carry nothing.
func TestViewsShowChannels(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			db, now := channelStore(t, lang)
			o := New(Options{Store: db, Now: func() time.Time { return now }})
			rep, err := o.Run(reading.ShowRequest{Game: "1-2"})
			if err != nil {
				t.Fatal(err)
			}
			ch := &phrase.For(lang).Channels
			v := replyOf[*reading.GameView](t, rep)
			want := []reading.PlyView{
				{Move: "1. c3-d4", Via: referee.ChannelPost, Mark: ch.Card},
				{Move: "1... f6-g5"},
				{Move: "2. b2-c3"},
				{Move: "2... g7-f6", Via: referee.ChannelPhone, Mark: ch.Call},
			}
			if len(v.Plies) != len(want) {
				t.Fatalf("plies: %+v", v.Plies)
			}
			for i, w := range want {
				if p := v.Plies[i]; p.Move != w.Move || p.Via != w.Via || p.Mark != w.Mark || p.Date != channelPlies()[i].Date {
					t.Errorf("ply %d: %+v, want %+v", i+1, p, w)
				}
			}
			if v.WhiteChannel != referee.ChannelPost || v.WhiteBy != ch.Post || v.BlackChannel != referee.ChannelPhone || v.BlackBy != ch.Phone {
				t.Errorf("the players' channels: %+v", v.GameRow)
			}
			rep, err = o.Run(reading.ListRequest{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range replyOf[*reading.ListReply](t, rep).Games {
				for _, p := range []struct {
					name string
					ch   referee.Channel
					by   string
				}{{r.White, r.WhiteChannel, r.WhiteBy}, {r.Black, r.BlackChannel, r.BlackBy}} {
					var want referee.Channel
					switch p.name {
					case "Абрамов Алексей":
						want = referee.ChannelPost
					case "Белов Борис":
						want = referee.ChannelPhone
					}
					if p.ch != want || p.by != ch.Player(string(want)) {
						t.Errorf("judge list, game %s: %s plays %q (%q), want %q", r.Game, p.name, p.ch, p.by, want)
					}
				}
			}
		})
	}
}

// TestPDNChannels: the PDN of a game follows each move that came on a card or in a call with a
// comment in the tournament's language; postald's PDN reader reads it back with the moves and
// their comments, and replays it as `postald check` does. The PDN of the same game by e-mail
// has no comment.
func TestPDNChannels(t *testing.T) {
	for _, lang := range []string{"ru", "en"} {
		t.Run(lang, func(t *testing.T) {
			db, now := channelStore(t, lang)
			o := New(Options{Store: db, Now: func() time.Time { return now }})
			rep, err := o.Run(reading.ExportRequest{Game: "1-2"})
			if err != nil {
				t.Fatal(err)
			}
			text := replyOf[*reading.ExportReply](t, rep).PDN
			ch := &phrase.For(lang).Channels
			if want := "1. c3-d4 {" + ch.Card + "} f6-g5 2. b2-c3 g7-f6 {" + ch.Call + "} *"; !strings.Contains(string(text), want) {
				t.Errorf("the move text lacks %q:\n%s", want, text)
			}
			games, err := pdn.ReadAll(bytes.NewReader(text))
			if err != nil || len(games) != 1 {
				t.Fatalf("read back: %d games, %v\n%s", len(games), err, text)
			}
			var comments []string
			for _, m := range games[0].Moves {
				comments = append(comments, m.Comment)
			}
			if got, want := strings.Join(comments, "|"), ch.Card+"|||"+ch.Call; got != want {
				t.Errorf("comments read back: %q, want %q", got, want)
			}
			v, _ := rules.VariantByID("russian")
			if _, err := pdn.Replay(games[0], v); err != nil {
				t.Errorf("replay: %v\n%s", err, text)
			}

			var g referee.Game
			var sh *tournament.Sheet
			if err := db.View(func(tx *store.Tx) (err error) {
				if sh, err = reading.ReadSheet(tx, "ПК-1"); err != nil {
					return err
				}
				g, err = loadStored(tx, store.GameID{Tournament: "ПК-1", Game: "1-2"})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			for i := range g.Plies {
				g.Plies[i].Via = ""
			}
			plain, err := reading.GamePDN(sh, referee.Seat{Table: sh.Table(time.UTC), Game: g})
			if err != nil {
				t.Fatal(err)
			}
			if strings.ContainsAny(string(plain), "{}") {
				t.Errorf("the game by e-mail has comments:\n%s", plain)
			}
			if got := strings.NewReplacer(" {"+ch.Card+"}", "", " {"+ch.Call+"}", "").Replace(string(text)); got != string(plain) {
				t.Errorf("besides its comments the PDN differs:\n%s\nby e-mail:\n%s", got, plain)
			}
		})
	}
}

// TestRegisteredChannels: the letter telling the judge and the director that a tournament is
// registered lists each game's players with their addresses, and a player by post or telephone
// with how he plays; a player by post without an address has none written.
func TestRegisteredChannels(t *testing.T) {
	db, _ := channelStore(t, "ru")
	var body string
	for _, l := range mailedSince(t, db, 0) {
		if l.to == "judge@club.example" {
			body = l.body
		}
	}
	for _, want := range []string{
		"  1-2    Абрамов Алексей (по почте) – Белов Борис (по телефону) <belov@club.example>\n",
		"  2-3    Белов Борис (по телефону) <belov@club.example> – Васильев Виктор <vasiliev@club.example>\n",
		"  3-1    Васильев Виктор <vasiliev@club.example> – Абрамов Алексей (по почте)\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the judge's letter lacks %q:\n%s", want, body)
		}
	}
}

// TestCardShown: a card the captain enters (postald card) is marked in judge show and commented
// in the PDN; the move White sent by e-mail is not.
func TestCardShown(t *testing.T) {
	now := time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC)
	db, o, from := playerOffice(t, &now)
	sh, err := CreateTournament(db, from, []byte(`
[tournament]
code = "ПЧ-2"
name = "Post"
variant = "russian"
start = 2026-11-05
end = 2027-10-31
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
postal_address = "Турнирный секретарь, а/я 12, Тула"

[regulation]
zone = "Europe/Moscow"

[[player]]
number = 1
name = "Иванов Иван"
email = "white@club.example"

[[player]]
number = 2
name = "Петров Пётр"
channel = "post"
postal_address = "ул. Садовая, 5, Калуга"
`), now)
	if err != nil {
		t.Fatal(err)
	}
	now = time.Date(2026, 11, 6, 9, 0, 0, 0, time.UTC)
	send(t, o, 1, now, "white@club.example", "ПЧ-2 партия 1-2",
		"Турнир ПЧ-2, партия 1-2.\nМой ход: 1. c3-d4\nДаты: 06.11.2026\nВремя: 0/0")
	rep, err := o.Run(reading.CardsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var seqs []uint64
	for _, c := range replyOf[*reading.CardsReply](t, rep).Cards {
		seqs = append(seqs, c.Seq)
	}
	now = time.Date(2026, 11, 7, 15, 0, 0, 0, time.UTC)
	if _, err := o.Run(PostRequest{Seqs: seqs, On: day(t, "2026-11-07")}); err != nil {
		t.Fatal(err)
	}
	now = time.Date(2026, 11, 12, 10, 0, 0, 0, time.UTC)
	card := CardRequest{Game: sh.Code + "/1-2", From: "2", Postmark: day(t, "2026-11-10"), Received: day(t, "2026-11-12"),
		Text: "Турнир ПЧ-2, партия 1-2.\nВаш ход 1. c3-d4 получил.\nМой ход: 1... f6-g5\nДаты: 07.11.2026 / 07.11.2026 / 10.11.2026\nВремя: 0/3\nПетров"}
	if rep, err = o.Run(card); err != nil || replyOf[*CardEntered](t, rep).Verdict != "accepted" {
		t.Fatalf("the card: %+v, %v", replyOf[*CardEntered](t, rep), err)
	}
	if rep, err = o.Run(reading.ShowRequest{Game: "1-2"}); err != nil {
		t.Fatal(err)
	}
	v := replyOf[*reading.GameView](t, rep)
	if len(v.Plies) != 2 || v.Plies[0].Mark != "" || v.Plies[0].Via != "" || v.Plies[1].Mark != "открытка" || v.Plies[1].Via != referee.ChannelPost {
		t.Errorf("judge show: %+v", v.Plies)
	}
	if v.WhiteBy != "" || v.BlackBy != "по почте" {
		t.Errorf("judge show: White %q, Black %q", v.WhiteBy, v.BlackBy)
	}
	if rep, err = o.Run(reading.ExportRequest{Game: "1-2"}); err != nil {
		t.Fatal(err)
	}
	if want := "1. c3-d4 f6-g5 {открытка} *"; !strings.Contains(string(replyOf[*reading.ExportReply](t, rep).PDN), want) {
		t.Errorf("the PDN lacks %q:\n%s", want, replyOf[*reading.ExportReply](t, rep).PDN)
	}
}
