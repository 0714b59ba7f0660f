package office

import (
	"fmt"
	"log/slog"
	"mime"
	"net/mail"
	"path/filepath"
	"postald/internal/reading"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/daysclock"
	"postald/internal/mailwrite"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/trust"
)

// deliverySheet is a Russian tournament of two players: White writes from white@, Black has a
// second address (email2) unless second is false, and a postal address when post is true.
func deliverySheet(second, post bool) string {
	black := "\n[[player]]\nnumber = 2\nname = \"Петров Пётр\"\nemail = \"black@club.example\"\n"
	if second {
		black += "email2 = \"black2@home.example\"\n"
	}
	if post {
		black += "postal_address = \"190000, Санкт-Петербург, ул. Садовая, 1\"\n"
	}
	return `[tournament]
code = "Д-1"
name = "Доставка"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = "ru"
address = "moves@club.example"
judge = "judge@club.example"
director = "td@club.example"
rounds = 1

[regulation]
zone = "Europe/Moscow"

[[player]]
number = 1
name = "Иванов Иван"
email = "white@club.example"
` + black
}

// deliveryDesk is an office with one game, 1-2, whose letters a test follows.
type deliveryDesk struct {
	t    testing.TB
	db   *store.DB
	o    *Office
	now  time.Time
	uid  uint32
	id   store.GameID
	from mail.Address
}

func newDeliveryDesk(t testing.TB, second, post bool) *deliveryDesk {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "postald.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	d := &deliveryDesk{t: t, db: db, now: time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC),
		from: mail.Address{Name: "Секретарь", Address: "moves@club.example"}}
	d.open()
	sh, err := CreateTournament(db, d.from, []byte(deliverySheet(second, post)), d.now)
	if err != nil {
		t.Fatal(err)
	}
	d.id = store.GameID{Tournament: sh.Code, Game: "1-2"}
	// The start letters went through a server that offered no notifications.
	if err := db.Update(func(tx *store.Tx) error {
		due, err := tx.Due(d.now, 0)
		for _, it := range due {
			if err := tx.MarkSent(it.Seq, d.now); err != nil {
				return err
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return d
}

// open makes the desk's office on its store.
func (d *deliveryDesk) open() {
	d.o = New(Options{Store: d.db, From: d.from, Limits: config.Defaults().Limits, Trust: config.Trust{FromOnly: true},
		Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return d.now }, Delivery: config.Defaults().Delivery})
}

// damageGame flips a byte of game 1-2's record, as a failing disk would, and opens the store
// and the office again: the game can no longer be read.
func (d *deliveryDesk) damageGame() {
	d.t.Helper()
	path := d.db.Path()
	d.db.Close()
	damageGames(d.t, path, d.id.Key())
	var err error
	if d.db, err = store.Open(path, store.Options{SkipCheck: true, NoSync: true}); err != nil {
		d.t.Fatal(err)
	}
	d.t.Cleanup(func() { d.db.Close() })
	d.open()
}

// letter puts a letter in the office's mailbox and decides it.
func (d *deliveryDesk) letter(raw string) {
	d.t.Helper()
	d.uid++
	if err := d.o.Letter(Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: d.uid, Raw: []byte(raw), InternalDate: d.now, Size: int64(len(raw))}); err != nil {
		d.t.Fatal(err)
	}
}

// sendAll marks every letter due as sent with notifications asked for, as the daemon's sender
// does with a server that offers DSN, and returns them.
func (d *deliveryDesk) sendAll() []store.OutboxItem {
	d.t.Helper()
	var due []store.OutboxItem
	err := d.db.Update(func(tx *store.Tx) (err error) {
		if due, err = tx.Due(d.now, 0); err != nil {
			return err
		}
		for _, it := range due {
			if err := tx.MarkSentNotified(it.Seq, d.now, true); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		d.t.Fatal(err)
	}
	return due
}

// to returns the letter of items to address; it fails the test when there is none.
func (d *deliveryDesk) to(items []store.OutboxItem, addr string) store.OutboxItem {
	d.t.Helper()
	for _, it := range items {
		if len(it.To) > 0 && it.To[0] == addr {
			return it
		}
	}
	d.t.Fatalf("no letter to %s among %d", addr, len(items))
	return store.OutboxItem{}
}

// textsTo is every letter of items to addr, as its reader reads it, one after the other.
func (d *deliveryDesk) textsTo(items []store.OutboxItem, addr string) string {
	d.t.Helper()
	var b strings.Builder
	for _, it := range items {
		if len(it.To) > 0 && it.To[0] == addr {
			b.WriteString(sentText(d.t, d.db, it) + "\n")
		}
	}
	return b.String()
}

// item reads outbox item seq.
func (d *deliveryDesk) item(seq uint64) store.OutboxItem {
	d.t.Helper()
	var it store.OutboxItem
	if err := d.db.View(func(tx *store.Tx) (err error) { it, err = tx.OutboxItem(seq); return err }); err != nil {
		d.t.Fatal(err)
	}
	return it
}

// game reads game 1-2.
func (d *deliveryDesk) game() referee.Game {
	d.t.Helper()
	var g referee.Game
	if err := d.db.View(func(tx *store.Tx) (err error) { g, err = loadStored(tx, d.id); return err }); err != nil {
		d.t.Fatal(err)
	}
	return g
}

// dsn is a Postfix delivery status notification about a letter to rcpt: its envelope ID
// (envid, "" none), the action, the status and the server's answer, and the letter's
// Message-ID in the returned header.
func dsn(envid, rcpt, action, status, diag, messageID string) string {
	perMessage := "Reporting-MTA: dns; mail.club.example\r\n"
	if envid != "" {
		perMessage += "Original-Envelope-Id: " + envid + "\r\n"
	}
	return "Return-Path: <>\r\nFrom: MAILER-DAEMON@club.example (Mail Delivery System)\r\nTo: moves@club.example\r\n" +
		"Subject: Undelivered Mail Returned to Sender\r\nAuto-Submitted: auto-replied\r\n" +
		"Message-ID: <dsn." + fmt.Sprint(len(envid)+len(action)+len(messageID)) + "." + action + envid + "@club.example>\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n" +
		"--b\r\nContent-Type: text/plain\r\n\r\nThis is the mail system at host mail.club.example.\r\n\r\n" +
		"--b\r\nContent-Type: message/delivery-status\r\n\r\n" + perMessage + "\r\n" +
		"Final-Recipient: rfc822; " + rcpt + "\r\nAction: " + action + "\r\nStatus: " + status + "\r\n" +
		"Remote-MTA: dns; mx.far.example\r\nDiagnostic-Code: smtp; " + diag + "\r\n\r\n" +
		"--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <" + messageID + ">\r\nTo: " + rcpt + "\r\n\r\n--b--\r\n"
}

// token is the envelope ID of outbox item seq.
func (d *deliveryDesk) token(seq uint64) string {
	d.t.Helper()
	var tok string
	if err := d.db.View(func(tx *store.Tx) (err error) { tok, err = tx.Token(seq); return err }); err != nil {
		d.t.Fatal(err)
	}
	return tok
}

// sentText is letter it as its reader reads it.
func sentText(t testing.TB, db *store.DB, it store.OutboxItem) string {
	t.Helper()
	var text string
	err := db.View(func(tx *store.Tx) error {
		raw, err := tx.SentLetter(it)
		if err != nil {
			return err
		}
		text = string(raw)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return decodedText(t, text)
}

// decodedText is a letter as its reader reads it: subject and plain text.
func decodedText(t testing.TB, raw string) string {
	t.Helper()
	w, err := mailwrite.Read([]byte(raw))
	if err != nil {
		t.Fatalf("letter %q: %v", raw, err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(w.Header.Get("Subject"))
	return subject + "\n" + w.Text
}

// TestBounceStopsTheClock: Black's mail server returns White's forwarded move (552 5.2.2
// mailbox full). The report carries the letter's envelope ID: it is matched, archived with the
// game and never answered; the letter is failed with the server's words; Black's clock has not
// started (judge list: undelivered, no last day); White, the judge and the director are told; the
// letter goes at once to Black's second address. The success notice of that letter starts
// Black's clock on the day it came; judge show lists every letter's delivery.
func TestBounceStopsTheClock(t *testing.T) {
	d := newDeliveryDesk(t, true, false)
	d.now = d.now.Add(2 * time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	fwd := d.to(d.sendAll(), "black@club.example")
	if fwd.Brings == nil || fwd.Brings.Side != "black" || fwd.Brings.Plies != 1 {
		t.Fatalf("the forwarded move: %+v", fwd.Brings)
	}
	if g := d.game(); !g.BlackClock.Running() {
		t.Fatal("Black's clock does not run after the forward")
	}

	d.now = d.now.Add(30 * time.Minute)
	d.letter(dsn(d.token(fwd.Seq), "black@club.example", "failed", "5.2.2", "552 5.2.2 mailbox full", fwd.MessageID))
	it := d.item(fwd.Seq)
	if it.Delivery != store.DeliveryFailed || it.DeliveryNote != "5.2.2 mailbox full" || len(it.Reports) != 1 {
		t.Errorf("the letter's delivery: %s %q, reports %v", it.Delivery, it.DeliveryNote, it.Reports)
	}
	g := d.game()
	if g.BlackClock.Running() || g.BlackClock.Days != 0 || g.Undelivered != referee.Black {
		t.Errorf("Black's clock %+v, undelivered %q", g.BlackClock, g.Undelivered)
	}
	list, err := ask[*reading.ListReply](d.o, reading.ListRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if row := list.Games[0]; row.Undelivered != referee.Black || !row.LastDay.IsZero() {
		t.Errorf("judge list row: undelivered %q, last day %s", row.Undelivered, row.LastDay)
	}
	out := d.sendAll()
	white := sentText(t, d.db, d.to(out, "white@club.example"))
	for _, want := range []string{"ход не дошёл до партнёра", "black@club.example", "5.2.2 mailbox full", "второй адрес партнёра, black2@home.example", "п. 4.3.1"} {
		if !strings.Contains(white, want) {
			t.Errorf("White's letter lacks %q:\n%s", want, white)
		}
	}
	for _, who := range []string{"judge@club.example", "td@club.example"} {
		text := sentText(t, d.db, d.to(out, who))
		for _, want := range []string{"не доставлено", "black@club.example", "«5.2.2 mailbox full»", "mx.far.example",
			"Петров Пётр", "black2@home.example", "postald judge letter Д-1/1-2"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s's letter lacks %q:\n%s", who, want, text)
			}
		}
	}
	again := d.to(out, "black2@home.example")
	if again.Resends != fwd.Seq || again.Brings == nil || again.Brings.Plies != 1 {
		t.Errorf("the letter sent again: %+v", again)
	}
	if raw := sentText(t, d.db, again); !strings.Contains(raw, "1. c3-d4") {
		t.Errorf("the letter sent again is not the move:\n%s", raw)
	}
	for _, it := range out {
		if it.To[0] == "white@club.example" && strings.Contains(sentText(t, d.db, it), "Undelivered Mail") {
			t.Error("the report was answered")
		}
	}

	// The letter sent again reaches him the next day: his clock runs from then.
	d.now = d.now.Add(24 * time.Hour)
	d.letter(dsn(d.token(again.Seq), "black2@home.example", "delivered", "2.0.0", "250 2.0.0 Ok: queued", again.MessageID))
	g = d.game()
	if g.Undelivered != "" || g.BlackClock.Since != daysclock.DateOf(d.now, moscowZone(t)) {
		t.Errorf("after the success notice: undelivered %q, Black's clock from %s", g.Undelivered, g.BlackClock.Since)
	}
	reached := d.sendAll()
	if text := sentText(t, d.db, d.to(reached, "white@club.example")); !strings.Contains(text, "Ваш ход дошёл до партнёра") {
		t.Errorf("White is not told his move reached Black:\n%s", text)
	}

	view, err := ask[*reading.GameView](d.o, reading.ShowRequest{Game: d.id.Key()})
	if err != nil {
		t.Fatal(err)
	}
	states := map[string]store.DeliveryState{}
	var reportOn []uint64
	for _, l := range view.Letters {
		if l.Direction == "out" {
			states[l.To+"#"+fmt.Sprint(l.Resends != 0)] = l.Delivery
		}
		if l.ReportOn != 0 {
			reportOn = append(reportOn, l.ReportOn)
		}
	}
	if states["Петров Пётр <black@club.example>#false"] != store.DeliveryFailed && states["black@club.example#false"] != store.DeliveryFailed {
		t.Errorf("judge show: the forward's delivery %v", states)
	}
	if len(reportOn) != 2 || reportOn[0] != fwd.Archive {
		t.Errorf("judge show: reports about letters %v, want the forward #%d first", reportOn, fwd.Archive)
	}
}

// moscowZone is the zone of the delivery tests' tournament.
func moscowZone(t *testing.T) *time.Location {
	loc, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestForgedBounce: a report naming a real letter by its Message-ID but without its token, or
// with a token that does not verify, is held for the judge and listed (judge quarantine, the
// digest), and nothing changes: the letter stays sent, Black's clock runs.
func TestForgedBounce(t *testing.T) {
	d := newDeliveryDesk(t, true, false)
	d.now = d.now.Add(time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	fwd := d.to(d.sendAll(), "black@club.example")
	tok := d.token(fwd.Seq)
	forged := tok[:len(tok)-4] + "aaaa"
	d.letter(dsn("", "black@club.example", "failed", "5.2.2", "552 5.2.2 mailbox full", fwd.MessageID))
	d.letter(dsn(forged, "black@club.example", "failed", "5.1.1", "550 5.1.1 no such user", fwd.MessageID))
	if it := d.item(fwd.Seq); it.Delivery != store.DeliverySent || len(it.Reports) != 0 {
		t.Errorf("the letter: %s, reports %v", it.Delivery, it.Reports)
	}
	if g := d.game(); !g.BlackClock.Running() || g.Undelivered != "" {
		t.Errorf("Black's clock %+v, undelivered %q", g.BlackClock, g.Undelivered)
	}
	q, err := ask[*reading.QuarantineReply](d.o, reading.QuarantineRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Held) != 2 {
		t.Fatalf("held %d letters, want the two reports", len(q.Held))
	}
	for i, forgedToo := range []bool{false, true} {
		h, ok := decodeHold(q.Held[i].Held)
		if !ok || h.Kind != trust.HoldReport || h.Forged != forgedToo || h.N != int(fwd.Archive) || h.Game != d.id.Key() {
			t.Errorf("held report %d: %+v", i, h)
		}
		why := HeldWhy("ru", q.Held[i])
		if !strings.Contains(why, "ему не верят") || !strings.Contains(why, fmt.Sprintf("письмо № %d (Д-1/1-2)", fwd.Archive)) {
			t.Errorf("why report %d is held: %q", i, why)
		}
	}
	for _, it := range d.sendAll() {
		if it.To[0] != "judge@club.example" {
			t.Errorf("a held report was answered: a letter to %s", it.To[0])
		}
	}
}

// TestUndecidedReportChangesNothing: a delivery report whose decision fails half-way — the game
// its letter brought a move in cannot be read — is held for the judge, and nothing of the
// failed decision stays: the letter it reports on keeps its delivery state and records no
// report, and no letter about it goes out but the judge's notice.
func TestUndecidedReportChangesNothing(t *testing.T) {
	d := newDeliveryDesk(t, true, false)
	d.now = d.now.Add(time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	fwd := d.to(d.sendAll(), "black@club.example")
	d.damageGame()
	d.now = d.now.Add(30 * time.Minute)
	d.letter(dsn(d.token(fwd.Seq), "black@club.example", "failed", "5.2.2", "552 5.2.2 mailbox full", fwd.MessageID))
	if it := d.item(fwd.Seq); it.Delivery != store.DeliverySent || len(it.Reports) != 0 {
		t.Errorf("the forward after a report that could not be decided: %s, reports %v", it.Delivery, it.Reports)
	}
	q, err := ask[*reading.QuarantineReply](d.o, reading.QuarantineRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Held) != 1 {
		t.Fatalf("held %d letters, want the report", len(q.Held))
	}
	if h, ok := decodeHold(q.Held[0].Held); !ok || h.Kind != trust.HoldInternal || h.Fault == "" {
		t.Errorf("the report is held as %+v", h)
	}
	for _, it := range d.sendAll() {
		if it.To[0] != "judge@club.example" {
			t.Errorf("a letter to %s about a report that could not be decided", it.To[0])
		}
	}
}

// TestRefusedByTheSubmissionServer: the submission server refuses Black's address at RCPT (a
// typo in the start sheet): a failed delivery like a bounce, never only a log line. Black has no
// second address and no postal address: the judge decides; he sends the letter again to the
// right address (judge resend, a ruling), and when the server takes it without notifications
// Black's clock starts that day.
func TestRefusedByTheSubmissionServer(t *testing.T) {
	d := newDeliveryDesk(t, false, false)
	d.now = d.now.Add(time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	var fwd store.OutboxItem
	if err := d.db.View(func(tx *store.Tx) error {
		due, err := tx.Due(d.now, 0)
		fwd = d.to(due, "black@club.example")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	words := "5.1.1 <black@club.example>: Recipient address rejected: User unknown"
	if err := d.o.SendFailed(fwd.Seq, words, true); err != nil {
		t.Fatal(err)
	}
	if it := d.item(fwd.Seq); it.DeliveryOf() != store.DeliveryFailed || it.DeliveryNote != words {
		t.Errorf("refused letter: %+v", it)
	}
	if g := d.game(); g.Undelivered != referee.Black || g.BlackClock.Running() {
		t.Errorf("Black: undelivered %q, clock %+v", g.Undelivered, g.BlackClock)
	}
	out := d.sendAll()
	judge := sentText(t, d.db, d.to(out, "judge@club.example"))
	for _, want := range []string{"не принял сам почтовый сервер турнира", words, fmt.Sprintf("postald judge resend Д-1/1-2 %d", fwd.Archive)} {
		if !strings.Contains(judge, want) {
			t.Errorf("the judge's letter lacks %q:\n%s", want, judge)
		}
	}
	if white := d.textsTo(out, "white@club.example"); !strings.Contains(white, "решает судья") {
		t.Errorf("White's letter:\n%s", white)
	}

	d.now = d.now.Add(48 * time.Hour)
	rep, err := d.o.Run(ResendRequest{Game: "1-2", Letter: fwd.Archive, To: "black@club.example.org", Reason: "опечатка в адресе"})
	if err != nil {
		t.Fatal(err)
	}
	done := replyOf[*Resent](t, rep)
	if done.To != "black@club.example.org" || done.Letter != fwd.Archive {
		t.Errorf("resent: %+v", done)
	}
	if g := d.game(); g.Undelivered != referee.Black || g.BlackClock.Running() {
		t.Error("the ruling itself started Black's clock")
	}
	var resent store.OutboxItem
	var rulingToWhite string
	if err := d.db.Update(func(tx *store.Tx) error {
		due, err := tx.Due(d.now, 0)
		if err != nil {
			return err
		}
		for _, it := range due {
			if it.Seq == done.Outbox {
				resent = it
				if err := tx.MarkSentNotified(it.Seq, d.now, false); err != nil {
					return err
				}
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, it := range d.sendAll() {
		if it.To[0] == "white@club.example" {
			rulingToWhite = sentText(t, d.db, it)
		}
	}
	if !strings.Contains(rulingToWhite, fmt.Sprintf("Письмо № %d", fwd.Archive)) || !strings.Contains(rulingToWhite, "опечатка в адресе") {
		t.Errorf("the ruling to White:\n%s", rulingToWhite)
	}
	if err := d.o.Resent(resent.Seq); err != nil {
		t.Fatal(err)
	}
	if g := d.game(); g.Undelivered != "" || g.BlackClock.Since != daysclock.DateOf(d.now, moscowZone(t)) {
		t.Errorf("after the letter sent again went without notifications: undelivered %q, clock %+v", g.Undelivered, g.BlackClock)
	}
}

// TestBounceByPost: Black has no second address but a postal address: the move goes to him on a
// card for the captain, and his clock runs from its posting.
func TestBounceByPost(t *testing.T) {
	d := newDeliveryDesk(t, false, true)
	d.now = d.now.Add(time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	fwd := d.to(d.sendAll(), "black@club.example")
	d.letter(dsn(d.token(fwd.Seq), "black@club.example", "failed", "5.1.1", "550 5.1.1 unknown", fwd.MessageID))
	if g := d.game(); g.Posting != referee.Black || g.Undelivered != "" {
		t.Errorf("posting %q, undelivered %q", g.Posting, g.Undelivered)
	}
	var cards []store.OutboxItem
	if err := d.db.View(func(tx *store.Tx) (err error) { cards, err = tx.Cards(); return err }); err != nil {
		t.Fatal(err)
	}
	if len(cards) != 1 || cards[0].Resends != fwd.Seq || cards[0].Card.Player != 2 {
		t.Fatalf("cards %+v", cards)
	}
}

// TestLateLetters: a letter sent with notifications asked for and still without a report
// [delivery] warn_after later is listed to the judge and the director, once.
func TestLateLetters(t *testing.T) {
	d := newDeliveryDesk(t, true, false)
	d.now = d.now.Add(time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	fwd := d.to(d.sendAll(), "black@club.example")
	d.letter(dsn(d.token(fwd.Seq), "black@club.example", "delayed", "4.3.0", "451 4.3.0 try later", fwd.MessageID))
	if it := d.item(fwd.Seq); it.Delivery != store.DeliveryDelayed {
		t.Errorf("delayed report: %s", it.Delivery)
	}
	d.now = d.now.Add(23 * time.Hour)
	if err := d.o.Tick(); err != nil {
		t.Fatal(err)
	}
	for _, it := range d.sendAll() {
		if strings.Contains(sentText(t, d.db, it), "ещё не сообщили") {
			t.Errorf("told of a letter late before warn_after: to %s", it.To[0])
		}
	}
	d.now = d.now.Add(2 * time.Hour)
	if err := d.o.Tick(); err != nil {
		t.Fatal(err)
	}
	out := d.sendAll()
	judge := sentText(t, d.db, d.to(out, "judge@club.example"))
	for _, want := range []string{"не доставлен", "black@club.example", "задерживается", fmt.Sprintf("письмо № %d", fwd.Archive)} {
		if !strings.Contains(judge, want) {
			t.Errorf("the judge's list of late letters lacks %q:\n%s", want, judge)
		}
	}
	d.now = d.now.Add(48 * time.Hour)
	if err := d.o.Tick(); err != nil {
		t.Fatal(err)
	}
	for _, it := range d.sendAll() {
		if strings.Contains(sentText(t, d.db, it), "black@club.example") && it.To[0] == "judge@club.example" {
			t.Error("the late letter was listed twice")
		}
	}
}

// TestBounceByVERP: a bounce with no envelope ID (Exim's text, Mail.ru's) to the letter's own
// envelope sender (VERP, moves+TOKEN@) is matched by that address; the same bounce sent to the
// tournament's plain address proves nothing and is held.
func TestBounceByVERP(t *testing.T) {
	d := newDeliveryDesk(t, true, false)
	d.now = d.now.Add(time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	fwd := d.to(d.sendAll(), "black@club.example")
	exim := func(to string) string {
		return "Return-path: <>\r\nX-Failed-Recipients: black@club.example\r\nAuto-Submitted: auto-replied\r\n" +
			"From: Mail Delivery System <Mailer-Daemon@mx.remote.example>\r\nTo: " + to + "\r\n" +
			"Subject: Mail delivery failed: returning message to sender\r\nMessage-Id: <E1" + fmt.Sprint(len(to)) + "@mx.remote.example>\r\n\r\n" +
			"This message was created automatically by mail delivery software.\r\n\r\n" +
			"A message that you sent could not be delivered to one or more of its\r\nrecipients. This is a permanent error. The following address(es) failed:\r\n\r\n" +
			"  black@club.example\r\n    host mx.club.example [192.0.2.1]: 550 5.1.1 <black@club.example>: no such user\r\n\r\n" +
			"------ This is a copy of the message, including all the headers. ------\r\n\r\n" +
			"Message-ID: <" + fwd.MessageID + ">\r\nTo: black@club.example\r\n\r\n1. c3-d4\r\n"
	}
	d.letter(exim("moves@club.example"))
	if it := d.item(fwd.Seq); it.Delivery != store.DeliverySent {
		t.Errorf("a bounce to the plain address changed the letter: %s", it.Delivery)
	}
	d.letter(exim(store.VERP("moves@club.example", "+", d.token(fwd.Seq))))
	if it := d.item(fwd.Seq); it.Delivery != store.DeliveryFailed || !strings.Contains(it.DeliveryNote, "5.1.1") {
		t.Errorf("the bounce to the letter's own envelope sender: %s %q", it.Delivery, it.DeliveryNote)
	}
	if g := d.game(); g.Undelivered != referee.Black {
		t.Errorf("undelivered %q", g.Undelivered)
	}
}

// BenchmarkDeliveryReport measures a success notice decided, (*Office).Letter of a Postfix DSN
// about a forwarded move: read, its token verified, the letter's state recorded, the report
// archived with the game — the unit of work every letter postald sends brings back once.
func BenchmarkDeliveryReport(b *testing.B) {
	d := newDeliveryDesk(b, true, false)
	d.now = d.now.Add(time.Hour)
	d.letter("From: white@club.example\r\nTo: moves@club.example\r\nSubject: Д-1 1-2\r\nMessage-ID: <w1@club.example>\r\n\r\nМой ход: 1. c3-d4\r\n")
	fwd := d.to(d.sendAll(), "black@club.example")
	tok := d.token(fwd.Seq)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		raw := dsn(tok, "black@club.example", "delivered", "2.0.0", fmt.Sprintf("250 2.0.0 saved %d", i), fwd.MessageID)
		raw = strings.Replace(raw, "Message-ID: <dsn.", fmt.Sprintf("Message-ID: <dsn%d.", i), 1)
		d.letter(raw)
	}
}
