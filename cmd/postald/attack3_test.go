package main

import (
	"bytes"
	"fmt"
	"mime"
	"strings"
	"testing"
	"time"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The attacks of this file go through the real Dovecot and Postfix, and where postald's own
// DKIM, SPF and DMARC check is involved through the test's DNS server: one header read one way,
// letters for this mailbox only, replays, a letter that would halt the mailbox, auto-replies.

// TestFromAboveTheSignedOneThroughPostfix: an attacker with an address at the players' own
// provider sends his own letter, signed by the provider's key over his own From, with Black's
// From written above the signed one: once past 2,100 filler fields (where a header reader that
// stopped at 2,000 fields saw one From, the DKIM verifier the other, and judged it "dkim
// aligned"), once alone. Both are held for their two From fields (and the first would be for
// its 2,103 fields), and Black's game is untouched.
func TestFromAboveTheSignedOneThroughPostfix(t *testing.T) {
	g, key := ownCheckGame(t)
	st := g.st
	attacker := "carol" // an address of the players' provider, in no game
	for _, c := range []struct {
		name   string
		filler int
		why    string
	}{
		{"past 2,100 filler fields", 2100, "2 From fields"},
		{"alone", 0, "2 From fields"},
	} {
		token := mailtest.Unique("above-")
		signed := key.Sign(t, g.moveLetter(attacker, token, "I resign."))
		raw := append([]byte("From: "+st.Address(g.black)+"\r\n"+strings.Repeat("X-Filler: padding\r\n", c.filler)), signed...)
		g.sendUnauthenticated(t, st.Address(attacker), st.Address(st.Tournament), raw)
		g.toDaemon(t, st.WaitMessage(t, st.Tournament, "INBOX", token, 30*time.Second))
		if reason := g.heldReason(t, token); !strings.Contains(reason, c.why) {
			t.Errorf("%s: held for %q, want %q", c.name, reason, c.why)
		}
	}
	if res, n := g.game(t); res != "*" || n != 0 {
		t.Errorf("after the forged resignations: result %q, %d moves; want the game untouched", res, n)
	}
}

// fourPlayers is the start sheet of a four-player round-robin of the stack's players, White
// (g.white) number 1, Black number 2.
func fourPlayers(g *trustGame) string {
	st := g.st
	ps := st.Players()
	start := time.Now().AddDate(0, 0, -10)
	var b strings.Builder
	fmt.Fprintf(&b, "[tournament]\ncode = %q\nname = \"replays\"\nvariant = \"column\"\nstart = %s\nend = %s\nlanguage = \"en\"\n"+
		"address = %q\njudge = %q\ndirector = %q\n", g.code, start.Format(time.DateOnly), start.AddDate(1, 0, 0).Format(time.DateOnly),
		st.Address(st.Tournament), st.Address("judge"), st.Address("director"))
	for i, p := range ps[:4] {
		fmt.Fprintf(&b, "[[player]]\nnumber = %d\nname = \"Player %d\"\nemail = %q\n", i+1, i+1, st.Address(p))
	}
	return b.String()
}

// whiteGames returns the games of the sheet in which player 1 has White.
func whiteGames(t *testing.T, sheet string) []string {
	t.Helper()
	sh, err := tournament.ParseSheet([]byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, gm := range sh.Games() {
		if gm.White == 1 {
			out = append(out, gm.Name)
		}
	}
	return out
}

// letter is a player's letter as his mail program writes it, with the given recipient,
// Subject and text.
func (g *trustGame) letter(from, to, subject, token, text string) []byte {
	st := g.st
	return []byte("From: " + st.Address(from) + "\r\nTo: " + to + "\r\nSubject: " + subject + "\r\n" +
		"Date: " + time.Now().Format(time.RFC1123Z) + "\r\nMessage-ID: <" + token + "@" + st.Domain + ">\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n\r\n" + text + "\r\n")
}

// plies returns the number of plies of game of the tournament.
func (g *trustGame) plies(t *testing.T, game string) int {
	t.Helper()
	n := 0
	err := g.db.View(func(tx *store.Tx) error {
		gm, err := office.LoadGame(tx, store.GameID{Tournament: g.code, Game: game})
		n = len(gm.Plies)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestReplayedLetterThroughPostfix: White's genuine letter, signed by his provider, moves in
// one of his games and is accepted. Whoever holds a copy of it then tries it elsewhere: the
// accepted letter again with spaces at the ends of its lines (which the signature's relaxed
// canonicalization ignores, so it still verifies); his letter to somebody else, signed as sent,
// put into the tournament's mailbox; and the accepted one with a new Subject (another of White's
// games) and Message-ID written above the signed ones. Each is held: a replay of a Message-ID
// decided before (the judge told), not addressed to the tournament (White told where to
// write), two Subjects; White's other game stays as it was and his first game holds his one
// move.
func TestReplayedLetterThroughPostfix(t *testing.T) {
	var sheet string
	g, key, _ := ownCheckGameWith(t, func(g *trustGame) string { sheet = fourPlayers(g); return sheet })
	st := g.st
	games := whiteGames(t, sheet)
	if len(games) < 2 {
		t.Fatalf("player 1 has White in %v, want two games", games)
	}
	first, other := games[0], games[1]
	tournamentAddr := st.Address(st.Tournament)

	genuine := mailtest.Unique("genuine-")
	signed := key.Sign(t, g.letter(g.white, tournamentAddr, g.code+" game "+first, genuine, "My move: 1. c3-b4"))
	g.sendUnauthenticated(t, st.Address(g.white), tournamentAddr, signed)
	delivered := st.WaitMessage(t, st.Tournament, "INBOX", genuine, 30*time.Second)
	g.toDaemon(t, delivered)
	if ack := st.WaitMessage(t, g.white, "INBOX", genuine, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Fatalf("the genuine letter: verdict %q, want accepted", ack.Header("X-Postald-Verdict"))
	}

	// The accepted letter again, its lines ending in spaces: the signature still verifies.
	spaced := bytes.Replace(delivered.Raw, []byte("c3-b4\r\n"), []byte("c3-b4   \r\n"), 1)
	st.Append(t, st.Tournament, g.inbox, spaced)
	// (The judge hears of one sender's held letters once an hour: this is the first.)
	notice := waitNotice(t, st, "judge", g.code+": letter held from "+st.Address(g.white), genuine, 30*time.Second)
	if !strings.Contains(notice, "a replay") {
		t.Errorf("the judge's notice of the replay does not say so:\n%s", notice)
	}

	// His letter to somebody else, as signed.
	elsewhere := mailtest.Unique("elsewhere-")
	toFriend := key.Sign(t, g.letter(g.white, st.Address("erin"), g.code+" game "+other, elsewhere, "My move: 1. c3-b4"))
	st.Append(t, st.Tournament, g.inbox, toFriend)
	if reason := g.heldReason(t, elsewhere); !strings.Contains(reason, "not to the tournament's address "+tournamentAddr) {
		t.Errorf("his letter to somebody else is held for %q, want not addressed to the tournament", reason)
	}
	note := waitNotice(t, st, g.white, g.code+": your letter was not read", tournamentAddr, 30*time.Second)
	if !strings.Contains(note, "not addressed to the tournament") || !strings.Contains(note, tournamentAddr) {
		t.Errorf("the player's note does not say where to write:\n%s", note)
	}

	// A new Subject and Message-ID above the signed ones.
	resubject := mailtest.Unique("resubject-")
	st.Append(t, st.Tournament, g.inbox, append([]byte("Subject: "+g.code+" game "+other+"\r\nMessage-ID: <"+resubject+"@"+st.Domain+">\r\n"), delivered.Raw...))
	if reason := g.heldReason(t, resubject); !strings.Contains(reason, "a letter has at most one") {
		t.Errorf("the letter with a new Subject above the signed one is held for %q, want the field written twice", reason)
	}

	if n := g.plies(t, first); n != 1 {
		t.Errorf("game %s holds %d plies, want the one move", first, n)
	}
	if n := g.plies(t, other); n != 0 {
		t.Errorf("game %s holds %d plies, want none: the replay moved in it", other, n)
	}
}

// TestHostileDNSHaltsNothingThroughDovecot: a stranger's letter signed for a domain whose DNS
// answers SERVFAIL lies first in the mailbox, White's signed move behind it. The move is decided
// and answered at once while the stranger's letter waits in the mailbox; after its tries
// ([limits] check_attempts) it is held, judge quarantine lists it, and the judge is told once.
func TestHostileDNSHaltsNothingThroughDovecot(t *testing.T) {
	g, key, dns := ownCheckGameWith(t, trustSheet, func(c *config.Config) {
		c.Limits.CheckAttempts = 3
		c.Limits.CheckBackoff = config.Duration{Duration: time.Second}
	})
	st := g.st
	hostile := mailtest.NewDKIMKey(t, "hostile.example", "sel")
	dns.Fail(hostile.Name(), true)
	dns.Fail("_dmarc.hostile.example", true)
	dns.Fail("hostile.example", true)

	stranger := mailtest.Unique("servfail-")
	raw := hostile.Sign(t, []byte("From: someone@hostile.example\r\nTo: "+st.Address(st.Tournament)+"\r\nSubject: "+g.code+" game 1-2\r\n"+
		"Date: "+time.Now().Format(time.RFC1123Z)+"\r\nMessage-ID: <"+stranger+"@hostile.example>\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\nI resign for White.\r\n"))
	st.Append(t, st.Tournament, g.inbox, raw)
	move := mailtest.Unique("behind-")
	st.Append(t, st.Tournament, g.inbox, key.Sign(t, g.moveLetter(g.white, move, "My move: 1. c3-b4")))
	if ack := st.WaitMessage(t, g.white, "INBOX", move, 30*time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Fatalf("the move behind the stranger's letter: verdict %q, want accepted", ack.Header("X-Postald-Verdict"))
	}
	if reason := g.heldReason(t, stranger); !strings.Contains(reason, "could not be done, tried 3 times") {
		t.Errorf("the stranger's letter is held for %q, want its tries named", reason)
	}
	// The letter behind it was decided first, while it waited in the mailbox.
	var moved, held time.Time
	g.db.View(func(tx *store.Tx) error {
		q, _ := tx.QuarantinedInbound()
		for _, in := range q {
			if strings.HasPrefix(in.MessageID, stranger) {
				held = in.Finished
			}
		}
		return nil
	})
	if ack := st.WaitMessage(t, g.white, "INBOX", move, time.Second); ack.Header("X-Postald-Verdict") != "accepted" {
		t.Errorf("the move's answer: %q", ack.Header("X-Postald-Verdict"))
	}
	if in := inboundOf(t, g.db, move+"@"+st.Domain); in.State != store.InboundDone {
		t.Errorf("the move: %q, want decided", in.State)
	} else {
		moved = in.Finished
	}
	if !moved.Before(held) {
		t.Errorf("the move was decided at %v, the stranger's letter held at %v: want the move first", moved, held)
	}
	var out bytes.Buffer
	if code, err := controlCall(g.cfg.Control.Socket, []string{"judge", "quarantine"}, &out); err != nil || code != 0 || !strings.Contains(out.String(), stranger) {
		t.Errorf("judge quarantine: %d %v, does not list the letter:\n%s", code, err, out.String())
	}
	notice := waitNotice(t, st, "judge", "its sender could not be checked", "someone@hostile.example", 30*time.Second)
	if !strings.Contains(notice, "SERVFAIL") && !strings.Contains(notice, "server misbehaving") {
		t.Errorf("the judge's notice does not say what the DNS answered:\n%s", notice)
	}
	if res, n := g.game(t); res != "*" || n != 1 {
		t.Errorf("the game: result %q, %d moves; want White's move alone", res, n)
	}
}

// TestAutoReplyThroughDovecot: White's mail program answers postald's acknowledgement by itself
// with a Subject «Автоответ: …» and no field of automatic mail, five times: each is kept, none is
// answered, none read as a leave notice. White's own short replies to the acknowledgement,
// «Я в отпуске.» without dates, four times within the day: answered once.
func TestAutoReplyThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	for _, u := range []string{g.white, g.black} {
		g.st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	st := g.st
	token := mailtest.Unique("moved-")
	g.send(t, g.white, "My move: 1. c3-b4", token, 0)
	ack := st.WaitMessage(t, g.white, "INBOX", token, 30*time.Second)
	ackID := strings.Trim(ack.Header("Message-ID"), "<> ")
	if ackID == "" {
		t.Fatal("the acknowledgement has no Message-ID")
	}
	reply := func(subject, text, tok string) {
		raw := "From: " + st.Address(g.white) + "\r\nTo: " + st.Address(st.Tournament) + "\r\nSubject: " + subject +
			"\r\nMessage-ID: <" + tok + "@players.test>\r\nIn-Reply-To: <" + ackID + ">\r\nReferences: <" + ackID + ">" +
			"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text + "\r\n"
		st.Append(t, st.Tournament, g.inbox, []byte(raw))
	}
	auto := mime.BEncoding.Encode("utf-8", "Автоответ: Re: "+ack.Header("Subject"))
	var autos []string
	for range 5 {
		tok := mailtest.Unique("autoreply-")
		autos = append(autos, tok)
		reply(auto, "Я в отпуске, отвечу после возвращения.", tok)
	}
	for _, tok := range autos {
		if reason := heldReasonOf(t, g.db, tok); !strings.Contains(reason, "auto-reply (Subject: Автоответ") {
			t.Errorf("the auto-reply %s is held for %q, want recognised by its Subject", tok, reason)
		}
	}
	var own []string
	for range 4 {
		tok := mailtest.Unique("holiday-")
		own = append(own, tok)
		reply("Re: "+ack.Header("Subject"), "Я в отпуске.", tok)
	}
	time.Sleep(3 * time.Second) // time for any answer to come back through Postfix
	deadline := time.Now().Add(30 * time.Second)
	for countTokens(t, st, g.white, own) < 1 && time.Now().Before(deadline) {
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(2 * time.Second)
	if n := countTokens(t, st, g.white, own); n != 1 {
		t.Errorf("White got %d answers to four replies to postald's letter without a move, want one", n)
	}
	if n := countTokens(t, st, g.white, autos); n != 0 {
		t.Errorf("White got %d answers to the auto-replies, want none", n)
	}
	if n := countTokens(t, st, "judge", autos); n > 1 {
		t.Errorf("the judge got %d notices of the auto-replies, want one at most within the hour", n)
	}
}

// countTokens counts the letters in user's INBOX that name any of tokens.
func countTokens(t *testing.T, st *mailtest.Stack, user string, tokens []string) int {
	t.Helper()
	n := 0
	for _, m := range st.Messages(t, user, "INBOX") {
		for _, tok := range tokens {
			if bytes.Contains(m.Raw, []byte(tok)) {
				n++
				break
			}
		}
	}
	return n
}

// heldReasonOf waits for the letter with token in its Message-ID to be held and returns why.
func heldReasonOf(t *testing.T, db *store.DB, token string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var reason string
		db.View(func(tx *store.Tx) error {
			q, err := tx.QuarantinedInbound()
			for _, in := range q {
				if strings.HasPrefix(in.MessageID, token) {
					reason = in.Reason
				}
			}
			return err
		})
		if reason != "" {
			return reason
		}
		if time.Now().After(deadline) {
			t.Fatalf("the letter %s is not held after 30s", token)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestHeaderTricksThroughDovecot: letters in White's name that show a mail program one thing and
// a checker another, or are not his letter to this tournament: an automatic reply that takes its
// Auto-Submitted back in a second field, Precedence: auto_reply, X-Autorespond, two Date fields,
// two To fields, the tournament's address only as a display name, a letter sent with the
// tournament in Bcc, and a header of 2,001 fields with no field twice. Each is held for what it
// is; none moves, and White is answered only where a note helps him (Bcc: write to the address).
func TestHeaderTricksThroughDovecot(t *testing.T) {
	g := startStackGame(t)
	st := g.st
	for _, u := range []string{g.white, g.black} {
		st.WaitMessage(t, u, "INBOX", g.code+": start of the tournament", 30*time.Second)
	}
	addr := st.Address(st.Tournament)
	base := func(header, token string) []byte {
		return []byte(header + "Subject: " + g.code + " game 1-2\r\nMessage-ID: <" + token + "@players.test>\r\n" +
			"Content-Type: text/plain; charset=utf-8\r\n\r\nMy move: 1. c3-b4\r\n")
	}
	from := "From: " + st.Address(g.white) + "\r\n"
	to := "To: " + addr + "\r\n"
	tests := []struct {
		name, header, why string
		note              string // what White's note says (the first note of the hour alone goes out)
	}{
		{"Bcc", from + "To: " + st.Address("erin") + "\r\n", "not to the tournament's address " + addr, "write to that address"},
		{"Auto-Submitted taken back", from + to + "Auto-Submitted: auto-replied\r\nAuto-Submitted: no\r\n", "automatic letter (Auto-Submitted: auto-replied)", ""},
		{"Precedence: auto_reply", from + to + "Precedence: auto_reply\r\n", "Precedence: auto_reply", ""},
		{"X-Autorespond", from + to + "X-Autorespond: on holiday\r\n", "auto-reply (X-Autorespond", ""},
		{"two Date fields", from + to + "Date: Mon, 1 Dec 2025 10:00:00 +0300\r\nDate: " + time.Now().Format(time.RFC1123Z) + "\r\n", "2 Date fields", ""},
		{"two To fields", from + to + "To: someone@elsewhere.example\r\n", "2 To fields", ""},
		{"the address as a display name", from + "To: \"" + addr + "\" <someone@elsewhere.example>\r\n", "not to the tournament's address", ""},
		{"2,001 fields", from + to + strings.Repeat("X-Trace: hop\r\n", 1996), "a header of 2001 fields is over the limit of 2000", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			token := mailtest.Unique("trick-")
			st.Append(t, st.Tournament, g.inbox, base(tt.header, token))
			if reason := heldReasonOf(t, g.db, token); !strings.Contains(reason, tt.why) {
				t.Errorf("held for %q, want %q", reason, tt.why)
			}
			if tt.note != "" {
				if note := waitNotice(t, st, g.white, g.code+": your letter was not read", addr, 30*time.Second); !strings.Contains(note, tt.note) {
					t.Errorf("White's note does not say %q:\n%s", tt.note, note)
				}
			}
		})
	}
	if res, moves := gameState(t, g); res != "*" || moves != 0 {
		t.Errorf("the game: result %q, %d plies; want it untouched", res, moves)
	}
}

// inboundOf returns the record of the letter with Message-ID id.
func inboundOf(t *testing.T, db *store.DB, id string) store.Inbound {
	t.Helper()
	var found store.Inbound
	err := db.View(func(tx *store.Tx) error {
		recs, err := tx.EarlierWithMessageID(id, store.MessageRef{})
		if len(recs) > 0 {
			found = recs[0]
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}
