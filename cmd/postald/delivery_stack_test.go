package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/mailwrite"
)

// farServer is the mail server of the far domain (far.test): Postfix relays that domain's mail to
// it over SMTP (scripts/mailstack), and it answers each recipient as the test says, as a remote
// server would: a full mailbox, a temporary failure, an unknown user.
type farServer struct {
	mu      sync.Mutex
	replies map[string]*smtp.SMTPError // a recipient's answer at RCPT; none: taken
	taken   []string
	refused map[string]int // the refusals given, by recipient
}

// startFar listens on the stack's far address until the test ends.
func startFar(t *testing.T, st *mailtest.Stack) *farServer {
	t.Helper()
	if st.FarAddr == "" {
		if mailtest.Required() {
			t.Fatal("the mail stack has no far domain (FAR_ADDR): scripts/mailstack/postfix-up.sh sets it")
		}
		t.Skip("the mail stack has no far domain (FAR_ADDR); start it again with scripts/mailstack/up.sh")
	}
	f := &farServer{replies: map[string]*smtp.SMTPError{}, refused: map[string]int{}}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return farSession{f}, nil }))
	srv.Domain = "mx." + st.FarDomain
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ { // a test before this one may still be closing it
		if ln, err = net.Listen("tcp", st.FarAddr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("the far server: %v", err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return f
}

// answer makes the far server answer RCPT TO:<to> with code, status and words; code 0 takes it.
func (f *farServer) answer(to string, code int, status [3]int, words string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if code == 0 {
		delete(f.replies, to)
		return
	}
	f.replies[to] = &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode(status), Message: words}
}

type farSession struct{ f *farServer }

func (s farSession) Mail(string, *smtp.MailOptions) error { return nil }
func (s farSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.f.mu.Lock()
	defer s.f.mu.Unlock()
	if r := s.f.replies[strings.ToLower(to)]; r != nil {
		s.f.refused[strings.ToLower(to)]++
		return r
	}
	s.f.taken = append(s.f.taken, to)
	return nil
}
func (s farSession) Data(r io.Reader) error { _, err := io.Copy(io.Discard, r); return err }
func (s farSession) Reset()                 {}
func (s farSession) Logout() error          { return nil }

// routeReports moves, until the test ends, the delivery reports about the letters of the store
// named instance from the tournament's INBOX, where Postfix delivers them to the envelope sender,
// into the mailbox the daemon watches: what a rule of the tournament's mailbox does where
// the daemon watches another than INBOX (the tests' daemons share the tournament's account).
// A report is told by the store's name, in the Message-ID of the letter it returns; only the
// letters that came since the test began are searched.
func routeReports(t *testing.T, st *mailtest.Stack, instance, to string) {
	t.Helper()
	c := st.Dial(t, st.Tournament)
	from, err := inboxNext(c)
	if err != nil {
		t.Fatal(err)
	}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			case <-time.After(200 * time.Millisecond):
			}
			if err := moveReports(c, from, instance, to); err != nil {
				t.Logf("routing the reports: %v", err)
				return
			}
		}
	}()
	t.Cleanup(func() { close(stop); <-done })
}

// inboxNext is the UID the next letter of the tournament's INBOX will have.
func inboxNext(c *imapclient.Client) (imap.UID, error) {
	data, err := c.Status("INBOX", &imap.StatusOptions{UIDNext: true}).Wait()
	if err != nil {
		return 0, err
	}
	return data.UIDNext, nil
}

// moveReports moves once the reports about instance's letters from INBOX, from UID from on, to
// mailbox to.
func moveReports(c *imapclient.Client, from imap.UID, instance, to string) error {
	if _, err := c.Select("INBOX", nil).Wait(); err != nil {
		return err
	}
	var since imap.UIDSet
	since.AddRange(from, 0) // from:*
	found, err := c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{since}, Text: []string{"." + instance + "@"}}, nil).Wait()
	if err != nil {
		return err
	}
	uids := found.AllUIDs()
	if len(uids) == 0 {
		return nil
	}
	_, err = c.Move(imap.UIDSetNum(uids...), to).Wait()
	return err
}

// deliveryStackSheet: alice (example.test, delivered by Postfix over LMTP to Dovecot) plays
// three partners whose mail fails in three ways: full@far.test, whose server refuses the
// mailbox at RCPT after Postfix took the letter; nobody@example.test, whom the submission
// server itself refuses; slow@far.test, whose server answers "try later" until the test says
// otherwise. Games (Berger): 1-4 and 2-3 in round 1, 4-3 and 1-2 in round 2, 2-4 and 3-1.
func deliveryStackSheet(g *stackGame) string {
	st := g.st
	return fmt.Sprintf(`
[tournament]
code = %q
name = "delivery"
variant = "russian"
start = %s
end = %s
language = "en"
address = %q
judge = %q
director = %q
[[player]]
number = 1
name = "Alice"
email = %q
[[player]]
number = 2
name = "Fred Full"
email = "full@%s"
[[player]]
number = 3
name = "Nobody"
email = %q
[[player]]
number = 4
name = "Sam Slow"
email = "slow@%s"
`, g.code, g.start.Format(time.DateOnly), g.start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address("alice"), st.FarDomain, st.Address("nobody"), st.FarDomain)
}

// shown is what the delivery test reads of judge show -json: the letters with their delivery.
type shown struct {
	Undelivered string `json:"undelivered"`
	LastDay     string `json:"last_day"`
	Letters     []struct {
		Seq          uint64 `json:"seq"`
		Dir          string `json:"dir"`
		To           string `json:"to"`
		MessageID    string `json:"message_id"`
		Verdict      string `json:"verdict"`
		Delivery     string `json:"delivery"`
		DeliveryNote string `json:"delivery_note"`
		Resends      uint64 `json:"resends"`
		ReportOn     uint64 `json:"report_on"`
	} `json:"letters"`
}

// judge runs a judge command through the control socket and returns what it printed; a
// command that fails fails the test.
func (g *stackGame) judge(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	code, err := controlCall(g.cfg.Control.Socket, append([]string{"judge"}, args...), &out)
	if err != nil || code != 0 {
		t.Fatalf("judge %s: code %d, %v: %s", strings.Join(args, " "), code, err, out.String())
	}
	return out.String()
}

// judgeJSON runs a judge command with -json through the control socket and decodes its output.
func (g *stackGame) judgeJSON(t *testing.T, v any, args ...string) {
	t.Helper()
	out := g.judge(t, args...)
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("judge %s: %v: %s", strings.Join(args, " "), err, out)
	}
}

// show is judge show -json of game.
func (g *stackGame) show(t *testing.T, game string) shown {
	t.Helper()
	var v shown
	g.judgeJSON(t, &v, "show", "-json", g.code+"/"+game)
	return v
}

// until polls what until it holds, or fails the test after timeout saying what it waited for.
func until(t *testing.T, timeout time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", timeout, what)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// letterTo returns the number and the delivery of the last letter of game g postald sent to addr
// with the verdict, as judge show gives them.
func letterTo(v shown, addr, verdict string) (seq uint64, delivery, note string) {
	for _, l := range v.Letters {
		if l.Dir == "out" && strings.Contains(l.To, addr) && (verdict == "" || l.Verdict == verdict) {
			seq, delivery, note = l.Seq, l.Delivery, l.DeliveryNote
		}
	}
	return seq, delivery, note
}

// appendLetter puts a player's letter about game into the tournament's mailbox, from any address.
func (g *stackGame) appendLetter(t *testing.T, from, game, text, token string) {
	t.Helper()
	raw := "From: " + from + "\r\nTo: " + g.st.Address(g.st.Tournament) + "\r\nSubject: " + g.code + " game " + game +
		"\r\nMessage-ID: <" + token + "@players.test>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text + "\r\n"
	g.st.Append(t, g.st.Tournament, g.inbox, []byte(raw))
}

// mailWith returns the texts of the letters in user's INBOX whose subject is subject and whose
// text holds every one of words.
func mailWith(t *testing.T, st *mailtest.Stack, user, subject string, words ...string) []string {
	t.Helper()
	var out []string
	c := st.Dial(t, user)
	defer c.Close() // a poll of many: not left open until the test ends
	for _, m := range mailtest.Messages(t, c, "INBOX") {
		w, err := mailwrite.Read(m.Raw)
		if err != nil || w.Subject != subject {
			continue
		}
		all := true
		for _, word := range words {
			all = all && strings.Contains(w.Text, word)
		}
		if all {
			out = append(out, w.Text)
		}
	}
	return out
}

// TestDeliveryThroughStack follows the fate of postald's letters through the real Postfix and
// Dovecot, with a per-letter envelope sender (VERP) and notifications asked for:
//   - a letter Postfix takes and delivers over LMTP: its success notice is matched, "delivered";
//   - Alice's move forwarded to full@far.test, whose server refuses the mailbox at RCPT after
//     Postfix took the letter: Postfix's bounce (a DSN) is matched by the letter's token, the
//     letter "failed" with the server's words, Fred's clock not started (judge list:
//     undelivered, no last day), Alice, the judge and the director told; the judge sends the
//     letter again to another address, its success notice starts Fred's clock;
//   - Fred's move forwarded to nobody@example.test, whom the submission server refuses at RCPT:
//     a failed delivery with the server's words, told to the judge, never only a log line;
//   - Alice's move to slow@far.test, whose server says "try later": Postfix's delay warning
//     makes it "delayed", and when the server refuses for good, Postfix's bounce "failed";
//   - a stranger's DSN naming a real letter's Message-ID without its token: held and listed for
//     the judge, and nothing changes.
func TestDeliveryThroughStack(t *testing.T) {
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	far := startFar(t, st)
	full, slow := "full@"+st.FarDomain, "slow@"+st.FarDomain
	far.answer(full, 552, [3]int{5, 2, 2}, "mailbox full")
	far.answer(slow, 451, [3]int{4, 3, 0}, "try later")
	g := startStackGameOn(t, t.TempDir(), deliveryStackSheet, false, nil, func(c *config.Config) {
		c.Delivery = config.Defaults().Delivery
		c.Delivery.VERP = true
	})
	routeReports(t, st, g.db.Instance(), g.inbox)
	const wait = 90 * time.Second

	// Alice's move in 1-2: acknowledged to her (LMTP: delivered), forwarded to Fred (bounced).
	g.appendLetter(t, st.Address("alice"), "1-2", "My move: 1. c3-d4", mailtest.Unique("a12"))
	var fwd uint64
	until(t, wait, "the forward to full@far.test failed and Alice's acknowledgement delivered", func() bool {
		v := g.show(t, "1-2")
		var fd, ad string
		fwd, fd, _ = letterTo(v, full, "accepted")
		_, ad, _ = letterTo(v, st.Address("alice"), "accepted")
		return fd == "failed" && ad == "delivered"
	})
	v := g.show(t, "1-2")
	if _, _, note := letterTo(v, full, "accepted"); !strings.Contains(note, "5.2.2") || !strings.Contains(note, "mailbox full") {
		t.Errorf("the forward's delivery note %q: want the far server's words", note)
	}
	reports := 0
	for _, l := range v.Letters {
		if l.ReportOn == fwd {
			reports++
		}
	}
	if reports != 1 {
		t.Errorf("%d reports archived about the forward #%d, want Postfix's one", reports, fwd)
	}
	var list []struct {
		Game        string `json:"game"`
		Undelivered string `json:"undelivered"`
		LastDay     string `json:"last_day"`
	}
	g.judgeJSON(t, &list, "list", "-json")
	for _, r := range list {
		if r.Game == g.code+"/1-2" && (r.Undelivered != "black" || r.LastDay != "") {
			t.Errorf("judge list -json: 1-2 undelivered %q, last day %q; want black and none", r.Undelivered, r.LastDay)
		}
	}
	subject := g.code + ", game 1-2: your move did not reach your partner"
	until(t, wait, "Alice told her move did not reach Fred", func() bool {
		return len(mailWith(t, st, "alice", subject, full, "5.2.2 mailbox full", "The judge decides")) == 1
	})
	for _, who := range []string{"judge", "director"} {
		until(t, wait, who+" told of the letter to "+full, func() bool {
			return len(mailWith(t, st, who, g.code+": a letter to "+full+" was not delivered",
				fmt.Sprintf("game %s/1-2, letter %d", g.code, fwd), "5.2.2 mailbox full", "judge resend")) == 1
		})
	}

	// The judge sends it again to Fred's other address (erin's mailbox here): its success notice
	// starts Fred's clock.
	var out bytes.Buffer
	if code, err := controlCall(g.cfg.Control.Socket, []string{"judge", "resend", g.code + "/1-2", fmt.Sprint(fwd),
		"-to", st.Address("erin"), "-reason", "his mailbox is full"}, &out); err != nil || code != 0 {
		t.Fatalf("judge resend: %d, %v: %s", code, err, out.String())
	}
	until(t, wait, "the letter sent again delivered and Fred's clock started", func() bool {
		v := g.show(t, "1-2")
		_, d, _ := letterTo(v, st.Address("erin"), "accepted")
		return d == "delivered" && v.Undelivered == "" && v.LastDay != ""
	})

	// Fred's move in 2-3, forwarded to nobody@example.test: the submission server refuses him.
	g.appendLetter(t, full, "2-3", "My move: 1. c3-d4", mailtest.Unique("f23"))
	until(t, wait, "the forward to nobody refused", func() bool {
		_, d, note := letterTo(g.show(t, "2-3"), st.Address("nobody"), "accepted")
		return d == "failed" && strings.Contains(note, "5.1.1")
	})
	until(t, wait, "the judge told of the refusal", func() bool {
		return len(mailWith(t, st, "judge", g.code+": a letter to "+st.Address("nobody")+" was not delivered",
			"game "+g.code+"/2-3", "did not take it", "5.1.1")) == 1
	})

	// Alice's move in 1-4, forwarded to Sam: delayed, then refused for good.
	g.appendLetter(t, st.Address("alice"), "1-4", "My move: 1. c3-d4", mailtest.Unique("a14"))
	until(t, wait, "the forward to slow@far.test delayed", func() bool {
		_, d, _ := letterTo(g.show(t, "1-4"), slow, "accepted")
		return d == "delayed"
	})
	far.answer(slow, 550, [3]int{5, 1, 1}, "no such user")
	until(t, wait, "the forward to slow@far.test failed", func() bool {
		_, d, note := letterTo(g.show(t, "1-4"), slow, "accepted")
		return d == "failed" && strings.Contains(note, "5.1.1")
	})

	// A stranger's bounce naming Alice's acknowledgement by its Message-ID, without its token.
	v = g.show(t, "1-2")
	ack, _, _ := letterTo(v, st.Address("alice"), "accepted")
	var ackID string
	for _, l := range v.Letters {
		if l.Seq == ack {
			ackID = l.MessageID
		}
	}
	forged := "Return-Path: <>\r\nFrom: MAILER-DAEMON@elsewhere.test\r\nTo: " + st.Address(st.Tournament) +
		"\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <" + mailtest.Unique("forged") + "@elsewhere.test>\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=\"b\"\r\n\r\n" +
		"--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; elsewhere.test\r\n\r\n" +
		"Final-Recipient: rfc822; " + st.Address("alice") + "\r\nAction: failed\r\nStatus: 5.2.2\r\n\r\n" +
		"--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <" + ackID + ">\r\n\r\n--b--\r\n"
	g.st.Append(t, g.st.Tournament, g.inbox, []byte(forged))
	var held []struct {
		Reason string `json:"reason"`
	}
	until(t, wait, "the forged bounce held", func() bool {
		g.judgeJSON(t, &held, "quarantine", "-json")
		for _, h := range held {
			if strings.Contains(h.Reason, "without the token of a letter postald sent") && strings.Contains(h.Reason, fmt.Sprintf("letter %d", ack)) {
				return true
			}
		}
		return false
	})
	if _, d, _ := letterTo(g.show(t, "1-2"), st.Address("alice"), "accepted"); d != "delivered" {
		t.Errorf("the acknowledgement the forged bounce names is now %q, want delivered as before", d)
	}
}
