package daemon

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postald/internal/config"
	"postald/internal/localmail"
	"postald/internal/mailbox"
	"postald/internal/mailwrite"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// The tournament of the trust tests: three players, so that a player can name a game of two
// others.
const trustSheet = `
[tournament]
code = "TT-2026"
name = "trust test"
variant = "russian"
start = 2026-11-02
end = 2027-10-31
language = "en"
address = "moves@postald.test"
judge = "judge@postald.test"
director = "director@postald.test"
rounds = 1

[regulation]
zone = "Europe/Moscow"

[[player]]
number = 1
name = "Ivan Ivanov"
email = "ivanov@postald.test"

[[player]]
number = 2
name = "Peter Petrov"
email = "petrov@postald.test"

[[player]]
number = 3
name = "Sidor Sidorov"
email = "sidorov@postald.test"
`

const (
	trustDomain = "postald.test"
	authserv    = "mx.postald.test"
	goodAuth    = "Authentication-Results: " + authserv + "; dkim=pass header.d=" + trustDomain + "\r\n"
)

var trustUsers = []string{"moves", "ivanov", "petrov", "sidorov", "judge", "director", "stranger", "mailer-daemon"}

// rig is a daemon running against in-process IMAP and SMTP servers, as `postald serve` runs it.
type rig struct {
	t      *testing.T
	srv    *localmail.Server
	db     *store.DB
	dbPath string
	socket string
	clock  *testClock
	logs   *syncBuffer
	pw     map[string]string
	sheet  *tournament.Sheet
	stop   func() error
	seen   map[string]int // letters already read from each mailbox
	nextID int
}

type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startRig(t *testing.T, limits config.Limits, tr config.Trust) *rig {
	t.Helper()
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{t: t, clock: &testClock{t: time.Date(2026, 11, 2, 10, 0, 0, 0, moscow)}, logs: &syncBuffer{},
		pw: map[string]string{}, seen: map[string]int{}}
	for _, u := range trustUsers {
		r.pw[u+"@"+trustDomain] = "pw-" + u + "-Zq8#secret"
	}
	r.srv, err = localmail.Start(r.pw, r.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.srv.Close() })
	dir := t.TempDir()
	r.dbPath = filepath.Join(dir, "postald.db")
	r.socket = filepath.Join(dir, "run", "control.sock")
	r.db, err = store.Open(r.dbPath, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.db.Close() })
	from := mail.Address{Name: "TT-2026 secretary", Address: "moves@" + trustDomain}
	r.sheet = registerTournament(t, r.db, from, r.clock.Now())

	log := slog.New(slog.NewTextHandler(r.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	sender, err := mailbox.NewSender(mailbox.SMTPOptions{Address: r.srv.SMTPAddr, TLS: mailbox.TLSNone, From: from.String()})
	if err != nil {
		t.Fatal(err)
	}
	d := New(Options{Store: r.db, Sender: sender, From: from, Limits: limits, Trust: tr,
		ControlSocket: r.socket, Logger: log, Now: r.clock.Now})
	w, err := mailbox.NewWatcher(mailbox.IMAPOptions{Address: r.srv.IMAPAddr, TLS: mailbox.TLSNone,
		Username: from.Address, Password: r.pw[from.Address]}, d.Handle)
	if err != nil {
		t.Fatal(err)
	}
	w.Logger = log
	w.MaxMessageBytes = int64(limits.MaxMessageBytes) // as serve does
	w.RetryMin, w.RetryMax = 10*time.Millisecond, 100*time.Millisecond
	// Polling, not IDLE: the tests wait for the mailbox to empty, and a poll every 20 ms
	// cannot miss a letter whatever the machine's load.
	w.DisableIdle, w.PollInterval = true, 20*time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx, w) }()
	stopped := false
	r.stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		return <-done
	}
	t.Cleanup(func() { r.stop() })
	r.settle()
	return r
}

// registerTournament stores the sheet and its games as `postald tournament create` does (the
// start letters aside).
func registerTournament(t *testing.T, db *store.DB, from mail.Address, now time.Time) *tournament.Sheet {
	t.Helper()
	sh, err := tournament.ParseSheet([]byte(trustSheet))
	if err != nil {
		t.Fatal(err)
	}
	loc, err := time.LoadLocation(sh.Regulation.Zone)
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *store.Tx) error {
		if err := tx.PutTournament(sh.Code, store.Sheet{Format: "toml", Data: []byte(trustSheet), Created: now}); err != nil {
			return err
		}
		table := sh.Table(loc)
		for _, pr := range sh.Games() {
			dec, err := referee.Open(table, pr.Name, now)
			if err != nil {
				return err
			}
			if err := office.Record(tx, from, store.GameID{Tournament: sh.Code, Game: pr.Name}, sh, table, dec, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// gameOf returns the name of the game between players a and b and whether a has White.
func (r *rig) gameOf(a, b int) (string, bool) {
	for _, g := range r.sheet.Games() {
		if g.White == a && g.Black == b || g.White == b && g.Black == a {
			return g.Name, g.White == a
		}
	}
	r.t.Fatalf("no game between %d and %d", a, b)
	return "", false
}

// deliver puts a letter into postald's INBOX, as the receiving server does (the in-process SMTP
// server would refuse the lines over 2,000 bytes a hostile letter has), and waits until postald
// has processed it and sent everything it queued.
func (r *rig) deliver(raw string) {
	r.t.Helper()
	if err := r.srv.Deliver([]byte(raw), []string{"moves@" + trustDomain}); err != nil {
		r.t.Fatal(err)
	}
	r.settle()
}

// settle waits until postald's INBOX is empty and its outbox holds nothing pending.
func (r *rig) settle() {
	r.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		n, err := r.srv.Count("moves@"+trustDomain, "INBOX")
		if err != nil {
			r.t.Fatal(err)
		}
		pending := false
		if n == 0 {
			r.db.View(func(tx *store.Tx) error {
				_, pending = tx.NextAttempt()
				return nil
			})
		}
		if n == 0 && !pending {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	n, _ := r.srv.Count("moves@"+trustDomain, "INBOX")
	var pending []string
	r.db.View(func(tx *store.Tx) error {
		due, err := tx.Due(r.clock.Now().Add(100*24*time.Hour), 0)
		for _, it := range due {
			pending = append(pending, fmt.Sprintf("%d to %v: %d attempts, next %v, %s", it.Seq, it.To, it.Attempts, it.NextAttempt, it.LastError))
		}
		return err
	})
	logs := r.logs.String()
	r.t.Fatalf("postald did not take its mail within 30 seconds: %d letters in its INBOX, outbox pending %q; log tail:\n%s",
		n, pending, logs[max(0, len(logs)-3000):])
}

// letter is a message received by one of the rig's users.
type letter struct {
	header mail.Header
	body   string
}

// newMail returns the letters a user received since the last call.
func (r *rig) newMail(user string) []letter {
	r.t.Helper()
	addr := user + "@" + trustDomain
	c, err := imapclient.DialInsecure(r.srv.IMAPAddr, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	defer c.Close()
	if err := c.Login(addr, r.pw[addr]).Wait(); err != nil {
		r.t.Fatal(err)
	}
	sel, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		r.t.Fatal(err)
	}
	from := uint32(r.seen[user])
	if sel.NumMessages <= from {
		return nil
	}
	r.seen[user] = int(sel.NumMessages)
	sec := &imap.FetchItemBodySection{Peek: true}
	var set imap.SeqSet
	set.AddRange(from+1, sel.NumMessages)
	msgs, err := c.Fetch(set, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		r.t.Fatal(err)
	}
	var out []letter
	for _, m := range msgs {
		w, err := mailwrite.Read(m.FindBodySection(sec))
		if err != nil {
			r.t.Fatal(err)
		}
		out = append(out, letter{header: w.Header, body: strings.ReplaceAll(w.Text, "\r\n", "\n")})
	}
	return out
}

// inbound returns the store's record of the letter with Message-ID id.
func (r *rig) inbound(id string) store.Inbound {
	r.t.Helper()
	var found store.Inbound
	err := r.db.View(func(tx *store.Tx) error {
		q, err := tx.QuarantinedInbound()
		if err != nil {
			return err
		}
		for _, in := range q {
			if in.MessageID == id {
				found = in
			}
		}
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return found
}

// compose writes a letter from addr with the given extra header lines and body.
func (r *rig) compose(from, extra, body string) (id, raw string) {
	r.nextID++
	id = fmt.Sprintf("trust-%d@%s", r.nextID, trustDomain)
	raw = extra + "From: " + from + "\r\nTo: moves@" + trustDomain + "\r\nSubject: TT-2026\r\n" +
		"Date: " + r.clock.Now().Format(time.RFC1123Z) + "\r\nMessage-ID: <" + id + ">\r\n"
	if !strings.Contains(extra, "Content-Type:") {
		raw += "Content-Type: text/plain; charset=utf-8\r\n"
	}
	return id, raw + "\r\n" + strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\n", "\r\n")
}

func nested(depth int) string {
	var b strings.Builder
	for i := range depth {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=\"n%d\"\r\n\r\n--n%d\r\n", i, i)
	}
	b.WriteString("Content-Type: text/plain\r\n\r\nMy move: 1. c3-d4\r\n")
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&b, "--n%d--\r\n", i)
	}
	return b.String()
}

func manyParts(n int) string {
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=\"p\"\r\n\r\n")
	for range n {
		b.WriteString("--p\r\nContent-Type: text/plain\r\n\r\nx\r\n")
	}
	b.WriteString("--p--\r\n")
	return b.String()
}

var receiptRE = regexp.MustCompile(`Receipt: (\S+) #(\d+), move (\d+), sha256:([0-9a-f]{64})`)

// TestHostileLetters sends the daemon every kind of letter it must not apply or not answer, one
// after another, then a player's ordinary letter, which must still be accepted.
// A letter that names a registered player as its sender but is not shown to come from him is
// held, and the player is told (at most once an hour): if he wrote it he knows to write again
// from his own account, if not that someone writes in his name.
func TestHostileLetters(t *testing.T) {
	limits := config.Defaults().Limits
	r := startRig(t, limits, config.Trust{AuthservID: authserv, Require: []string{"dkim"}, Verdict: config.VerdictServer})
	ivanov, petrov := "ivanov@"+trustDomain, "petrov@"+trustDomain
	others, _ := r.gameOf(2, 3)
	bigLine := strings.Repeat("x", 10_000_000)
	tests := []struct {
		name      string
		from      string // the From address
		extra     string // header lines above From
		body      string
		hour      bool   // the letter comes within the hour of the one before
		reason    string // a piece of the quarantine reason
		toSender  int    // letters the sender gets
		toJudge   int    // notices the judge gets
		judgeSays string // a piece of the judge's notice
	}{
		{name: "spoofed From: the receiving server's DKIM verdict fails", from: ivanov,
			extra: "Authentication-Results: " + authserv + "; dkim=fail header.d=" + trustDomain + "\r\n",
			body:  "My move: 1. c3-d4\n", reason: "dkim: fail", toSender: 1, toJudge: 1, judgeSays: "dkim: fail"},
		{name: "spoofed From: a forged pass below the server's own verdict", from: ivanov,
			extra: "Authentication-Results: " + authserv + "; dkim=none\r\nAuthentication-Results: " + authserv + "; dkim=pass header.d=" + trustDomain + "\r\n",
			body:  "My move: 1. c3-d4\n", reason: "dkim: none", toSender: 1, toJudge: 1, judgeSays: "dkim: none"},
		{name: "spoofed From: a DKIM pass of another domain", from: petrov,
			extra: "Authentication-Results: " + authserv + "; dkim=pass header.d=evil.example\r\n",
			body:  "My move: 1. c3-d4\n", reason: "evil.example", toSender: 1, toJudge: 1, judgeSays: "evil.example"},
		{name: "spoofed From: no verdict of the receiving server", from: petrov,
			extra: "Authentication-Results: relay.evil.example; dkim=pass header.d=" + trustDomain + "\r\n",
			body:  "My move: 1. c3-d4\n", reason: "no Authentication-Results field from " + authserv, toSender: 1,
			// the notice about the held letter, and the daily one: the server did not stamp it
			toJudge: 2},
		{name: "two From fields", from: "ivanov@" + trustDomain + "\r\nFrom: petrov@" + trustDomain, extra: goodAuth,
			body: "My move: 1. c3-d4\n", reason: "2 From fields", toSender: 1, toJudge: 1},
		{name: "a stranger", from: "stranger@" + trustDomain, extra: goodAuth,
			body: "My move: 1. c3-d4\n", reason: "not from a registered player"},
		{name: "a registered player in another player's game", from: ivanov, extra: goodAuth,
			body:   "Tournament TT-2026, game " + others + ".\nMy move: 1. c3-d4\n",
			reason: "names game TT-2026/" + others, toSender: 1, toJudge: 1, judgeSays: "TT-2026/" + others},
		{name: "an auto-reply", from: petrov, extra: goodAuth + "Auto-Submitted: auto-replied\r\n",
			body: "I am away until December.\n", reason: "Auto-Submitted: auto-replied", toJudge: 1},
		{name: "a vacation notice without Auto-Submitted", from: petrov, extra: goodAuth + "X-Autoreply: yes\r\nPrecedence: junk\r\n",
			body: "I am away until December.\n", reason: "Precedence: junk", toJudge: 1},
		{name: "a bounce", from: "MAILER-DAEMON@" + trustDomain,
			extra: "Return-Path: <>\r\n" + goodAuth + "Content-Type: multipart/report; report-type=delivery-status; boundary=\"r\"\r\n",
			body:  "--r\nContent-Type: text/plain\n\nDelivery failed.\n--r\nContent-Type: message/delivery-status\n\nAction: failed\n--r--\n",
			// It carries no token of a letter postald sent (office/delivery.go): held, never believed.
			reason: "a delivery report without the token of a letter postald sent"},
		{name: "a mail loop: postald's own headers from a player", from: ivanov,
			extra: goodAuth + "X-Postald-Game: TT-2026/1-2\r\nX-Postald-Verdict: accepted\r\n",
			body:  "My move: 1. c3-d4\n", reason: "postald's own letter came back", toJudge: 1},
		{name: "a mail loop: postald's own From", from: "moves@" + trustDomain, extra: goodAuth,
			body: "Your move was accepted.\n", reason: "postald's own address"},
		{name: "an oversized letter", from: ivanov, extra: goodAuth,
			body:   "My move: 1. c3-d4\n" + strings.Repeat("padding line of an oversized letter\n", 11<<20/36),
			reason: "over the limit of 10485760", toSender: 1, toJudge: 1, judgeSays: "over the limit"},
		{name: "a second oversized letter within the hour: kept, not answered again", from: ivanov, extra: goodAuth,
			body:   "My move: 1. c3-d4\n" + strings.Repeat("padding line of an oversized letter\n", 11<<20/36),
			hour:   true,
			reason: "over the limit of 10485760"},
		{name: "a MIME bomb: deep nesting", from: ivanov, extra: goodAuth + nested(200)[:strings.Index(nested(200), "\r\n\r\n")+2],
			body:   nested(200)[strings.Index(nested(200), "\r\n\r\n")+4:],
			reason: "more than 100 MIME parts", toSender: 1, toJudge: 1},
		{name: "a MIME bomb: thousands of parts", from: petrov, extra: goodAuth + "Content-Type: multipart/mixed; boundary=\"p\"\r\n",
			body:   manyParts(5000)[strings.Index(manyParts(5000), "\r\n\r\n")+4:],
			reason: "more than 100 MIME parts", toSender: 1, toJudge: 1},
		{name: "a MIME bomb: a 10 MB line", from: petrov, extra: goodAuth,
			body:   "My move: 1. c3-d4\n" + bigLine + "\n",
			reason: "a line of 10000000 bytes", toSender: 1, toJudge: 1},
	}
	inboundCount := func() int {
		n := 0
		r.db.View(func(tx *store.Tx) error {
			q, _ := tx.QuarantinedInbound()
			n = len(q)
			return nil
		})
		return n
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r.t = t
			if !tt.hour {
				r.clock.Add(2 * time.Hour) // every hourly window starts afresh
			}
			before := inboundCount()
			sender := strings.ToLower(strings.SplitN(tt.from, "\r\n", 2)[0])
			user, _, _ := strings.Cut(sender, "@")
			id, raw := r.compose(tt.from, tt.extra, tt.body)
			r.deliver(raw)
			in := r.inbound(id)
			if in.State != store.InboundQuarantined || !strings.Contains(in.Reason, tt.reason) {
				t.Fatalf("letter %s: state %q, reason %q; want quarantined for %q", id, in.State, in.Reason, tt.reason)
			}
			if got := inboundCount(); got != before+1 {
				t.Errorf("%d letters quarantined, want 1: postald answered itself", got-before)
			}
			var got []letter
			if user != "moves" {
				got = r.newMail(user)
			}
			if len(got) != tt.toSender {
				t.Errorf("the sender got %d letters, want %d", len(got), tt.toSender)
			}
			for _, l := range got {
				if l.header.Get("In-Reply-To") != "<"+id+">" || !strings.Contains(l.body, fmt.Sprintf("Receipt: quarantine, letter #%d, sha256:", in.Archive)) {
					t.Errorf("the note to the sender does not answer his letter with its receipt:\n%s", l.body)
				}
				if !strings.Contains(l.header.Get("Auto-Submitted"), "auto-replied") {
					t.Errorf("the note to the sender is not marked Auto-Submitted")
				}
			}
			for _, other := range []string{"ivanov", "petrov", "sidorov", "director", "stranger", "mailer-daemon"} {
				if other != user {
					if n := len(r.newMail(other)); n > 0 {
						t.Errorf("%s got %d letters about a letter that is not applied", other, n)
					}
				}
			}
			// The daily digest of held letters (digest.go) comes on its own schedule: it is no
			// notice about this letter.
			notices := slices.DeleteFunc(r.newMail("judge"), func(l letter) bool {
				return strings.HasPrefix(l.header.Get("Subject"), "postald: letters held")
			})
			for _, l := range append(got, notices...) {
				t.Logf("%s → %s: %s\n%s", l.header.Get("From"), l.header.Get("To"), l.header.Get("Subject"), l.body)
			}
			if len(notices) != tt.toJudge {
				t.Fatalf("the judge got %d notices, want %d", len(notices), tt.toJudge)
			}
			for _, n := range notices {
				if !strings.Contains(n.body, sender) || !strings.Contains(n.body, tt.judgeSays) ||
					!strings.Contains(n.body, fmt.Sprintf("Receipt: quarantine, letter #%d, ", in.Archive)) {
					t.Errorf("the judge's notice does not name the sender %s, %q and the letter's receipt #%d:\n%s", sender, tt.judgeSays, in.Archive, n.body)
				}
			}
		})
	}
	r.t = t

	// After all that, a player's ordinary letter is accepted, and his acknowledgement quotes a
	// receipt that the archive bears out.
	r.clock.Add(2 * time.Hour)
	game, white := r.gameOf(1, 2)
	from, partner, move := ivanov, "petrov", "1. c3-d4"
	if !white {
		from, partner = petrov, "ivanov"
	}
	id, raw := r.compose(from, goodAuth, "Tournament TT-2026, game "+game+".\nMy move: "+move+"\n")
	r.deliver(raw)
	user, _, _ := strings.Cut(from, "@")
	acks := r.newMail(user)
	if len(acks) != 1 || acks[0].header.Get("X-Postald-Verdict") != "accepted" {
		t.Fatalf("the player got %d letters, want one acknowledgement: %+v", len(acks), acks)
	}
	if n := len(r.newMail(partner)); n != 1 {
		t.Errorf("the partner got %d letters, want the forwarded move", n)
	}
	m := receiptRE.FindStringSubmatch(acks[0].body)
	if m == nil {
		t.Fatalf("the acknowledgement quotes no receipt:\n%s", acks[0].body)
	}
	if m[1] != "TT-2026/"+game || m[3] != "1" {
		t.Errorf("receipt for %s move %s, want TT-2026/%s move 1", m[1], m[3], game)
	}
	var seq uint64
	fmt.Sscan(m[2], &seq)
	var entry store.ArchiveEntry
	r.db.View(func(tx *store.Tx) error {
		return tx.ArchiveEntries(store.GameID{Tournament: "TT-2026", Game: game}, seq, func(e store.ArchiveEntry) error {
			if e.Seq == seq {
				entry = e
			}
			return nil
		})
	})
	if entry.Hash.String() != m[4] || entry.MessageID != id || entry.Direction != store.In || string(entry.Raw) != raw {
		t.Errorf("archive entry %d: hash %s, message %s, %s; want the letter %s with the acknowledged hash %s",
			seq, entry.Hash, entry.MessageID, entry.Direction, id, m[4])
	}

	if err := r.db.VerifyAll(); err != nil {
		t.Errorf("VerifyAll: %v", err)
	}
	t.Run("store file and control socket are owner-only", func(t *testing.T) {
		r.t = t
		r.checkFiles()
	})
	r.t = t
	if err := r.stop(); err != nil {
		t.Errorf("the daemon stopped with %v", err)
	}
	t.Run("no password in the log", func(t *testing.T) {
		r.t = t
		r.checkLogs()
	})
}

// checkFiles checks the modes of the store file and of the control socket while the daemon runs.
func (r *rig) checkFiles() {
	r.t.Helper()
	st, err := os.Stat(r.dbPath)
	if err != nil {
		r.t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		r.t.Errorf("store file mode %v, want 0600", st.Mode().Perm())
	}
	st, err = os.Stat(r.socket)
	if err != nil {
		r.t.Fatalf("control socket: %v", err)
	}
	if st.Mode()&os.ModeSocket == 0 || st.Mode().Perm() != 0o600 {
		r.t.Errorf("control socket mode %v, want a socket with 0600", st.Mode())
	}
}

// checkLogs checks that the daemon logged and that no password appears in what it logged.
func (r *rig) checkLogs() {
	r.t.Helper()
	logs := r.logs.String()
	if !strings.Contains(logs, "msg=letter ") {
		r.t.Errorf("the daemon logged no letter:\n%.2000s", logs)
	}
	for addr, pw := range r.pw {
		if strings.Contains(logs, pw) || strings.Contains(logs, "Zq8#secret") {
			r.t.Errorf("the log holds the password of %s", addr)
		}
	}
}

// TestRateLimits: letters beyond letters_per_hour are held, answers of any kind beyond
// answers_per_hour are not sent, and both windows slide; a player's move letter is decided over
// either limit.
func TestRateLimits(t *testing.T) {
	limits := config.Defaults().Limits
	limits.LettersPerHour, limits.AnswersPerHour = 4, 3
	r := startRig(t, limits, config.Trust{FromOnly: true}) // a closed test setup: the test delivers every letter
	game, white := r.gameOf(1, 2)
	from, user := "ivanov@"+trustDomain, "ivanov"
	if !white {
		from, user = "petrov@"+trustDomain, "petrov"
	}
	partner := map[string]string{"ivanov": "petrov", "petrov": "ivanov"}[user]
	move := "Tournament TT-2026, game " + game + ".\nMy move: 1. c3-d4\n"
	chatter := "Tournament TT-2026, game " + game + ".\nA word about the weather, without a move.\n"
	var ids []string
	for i := range 5 {
		r.clock.Add(time.Minute)
		text := chatter
		if i == 0 {
			text = move
		}
		id, raw := r.compose(from, "", text)
		ids = append(ids, id)
		r.deliver(raw)
		if i == 0 {
			r.newMail(partner) // the forwarded move
		}
	}
	// Letters 1–4 are read (the first is accepted, the others without a move are answered once);
	// the fifth is over letters_per_hour and gets the note about the limit, the last answer
	// answers_per_hour leaves. The answer to the move is sent whatever answers_per_hour says.
	for i, id := range ids[:4] {
		if in := r.inbound(id); in.State == store.InboundQuarantined {
			t.Errorf("letter %d held: %s", i+1, in.Reason)
		}
	}
	if in := r.inbound(ids[4]); in.State != store.InboundQuarantined || !strings.Contains(in.Reason, "more than 4 letters") {
		t.Errorf("letter 5: %q %q, want held for more than 4 letters within an hour", in.State, in.Reason)
	}
	if got := len(r.newMail(user)); got != 3 {
		t.Errorf("the player got %d letters within the hour, want the acceptance, one answer to the letters without a move (one a day) and the note about letter 5", got)
	}
	if got := len(r.newMail("judge")); got != 1 {
		t.Errorf("the judge got %d notices, want 1 about letter 5", got)
	}
	// A sixth within the hour, without a move: held, and nobody is told again.
	r.clock.Add(time.Minute)
	id, raw := r.compose(from, "", chatter)
	r.deliver(raw)
	if in := r.inbound(id); in.State != store.InboundQuarantined {
		t.Errorf("letter 6 not held: %q", in.State)
	}
	if n, j := len(r.newMail(user)), len(r.newMail("judge")); n+j != 0 {
		t.Errorf("letter 6: %d answers and %d notices, want none within the hour", n, j)
	}
	// A seventh within the hour, with his moves: decided over both limits, but not answered:
	// the hour's three answers are spent.
	r.clock.Add(time.Minute)
	id, raw = r.compose(from, "", move)
	r.deliver(raw)
	if in := r.inbound(id); in.State == store.InboundQuarantined {
		t.Errorf("a move letter over letters_per_hour held: %s", in.Reason)
	}
	if got := len(r.newMail(user)); got != 0 {
		t.Errorf("the move letter over the limits: the player got %d answers, want none over answers_per_hour", got)
	}
	// An hour after the first letters, the windows have moved on.
	r.clock.Add(time.Hour)
	id, raw = r.compose(from, "", move)
	r.deliver(raw)
	if in := r.inbound(id); in.State == store.InboundQuarantined {
		t.Errorf("letter 8, an hour later, held: %s", in.Reason)
	}
	if got := len(r.newMail(user)); got != 1 {
		t.Errorf("letter 8: the player got %d answers, want 1", got)
	}
	if err := r.db.VerifyAll(); err != nil {
		t.Errorf("VerifyAll: %v", err)
	}
}

// TestReceiptLine: the line an answer ends with, in both languages, the instant in the

// TestUnstampedNotice: letters without a field of the configured receiving server are held,
// and the judge is told once a day (and it is logged) that the server does not stamp them;
// a daemon with no [trust] setting believes nobody.
func TestUnstampedNotice(t *testing.T) {
	r := startRig(t, config.Defaults().Limits, config.Trust{AuthservID: authserv, Require: []string{"dkim"}, Verdict: config.VerdictServer})
	const subject = "letters arrive without an Authentication-Results field of " + authserv
	daily := func() int {
		n := 0
		for _, l := range r.newMail("judge") {
			if strings.Contains(l.header.Get("Subject"), subject) {
				if !strings.Contains(l.body, "docs/trust.md") || !strings.Contains(l.body, "forged") {
					t.Errorf("the daily notice does not say what is wrong and where to read:\n%s", l.body)
				}
				n++
			}
		}
		return n
	}
	forged := "Authentication-Results: " + authserv + "; dkim=pass header.d=" + trustDomain + "\r\n"
	send := func(extra string) store.Inbound {
		r.clock.Add(2 * time.Hour) // past the hourly limits of the notices about one sender
		id, raw := r.compose("ivanov@"+trustDomain, extra, "I resign.\n")
		r.deliver(raw)
		return r.inbound(id)
	}
	if in := send(""); in.State != store.InboundQuarantined || !strings.Contains(in.Reason, "no Authentication-Results field from "+authserv) {
		t.Fatalf("a letter without the server's field: %q %q, want held", in.State, in.Reason)
	}
	if n := daily(); n != 1 {
		t.Fatalf("the judge got %d daily notices, want 1", n)
	}
	if !strings.Contains(r.logs.String(), "without an Authentication-Results field of the receiving server") {
		t.Error("the daily notice is not logged")
	}
	// Within the day: held, no second notice; a letter with the server's field: no notice.
	if in := send(""); in.State != store.InboundQuarantined {
		t.Errorf("the second letter without a field was not held")
	}
	if in := send(goodAuth); in.State == store.InboundQuarantined {
		t.Errorf("a letter with the server's pass was held: %s", in.Reason)
	}
	if n := daily(); n != 0 {
		t.Errorf("within the day the judge got %d more daily notices, want 0", n)
	}
	// A day later the next letter without one brings the notice again.
	r.clock.Add(24 * time.Hour)
	send("")
	if n := daily(); n != 1 {
		t.Errorf("a day later the judge got %d daily notices, want 1", n)
	}
	r.stop()

	// No [trust] at all: nobody is believed, not even with a pass of some server.
	r = startRig(t, config.Defaults().Limits, config.Trust{})
	_, white := r.gameOf(1, 2)
	from := "ivanov@" + trustDomain
	if !white {
		from = "petrov@" + trustDomain
	}
	id, raw := r.compose(from, forged, "My move: 1. c3-d4\n")
	r.deliver(raw)
	if in := r.inbound(id); in.State != store.InboundQuarantined || !strings.Contains(in.Reason, "docs/trust.md") {
		t.Errorf("without [trust]: %q %q, want held, naming docs/trust.md", in.State, in.Reason)
	}
}
