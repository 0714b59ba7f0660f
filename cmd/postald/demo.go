package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"

	"postald/internal/config"
	"postald/internal/daemon"
	"postald/internal/localmail"
	"postald/internal/mailbox"
	"postald/internal/mailwrite"
	"postald/internal/office"
	"postald/internal/referee"
	"postald/internal/store"
)

// The demo tournament: two players, Russian column checkers, the seed's own sample game
// (Ivanov – Petrov, seed 000, section 1) played by letters.
const demoSheet = `
[tournament]
code = "DEMO-2026"
name = "postald demonstration"
variant = "column"
start = 2026-11-02
end = 2027-10-31
language = "en"
address = "moves@postald.demo"
judge = "judge@postald.demo"
director = "director@postald.demo"
rounds = 1

[regulation]
zone = "Europe/Moscow"

[[player]]
number = 1
name = "Ivan Ivanov"
email = "ivanov@postald.demo"

[[player]]
number = 2
name = "Peter Petrov"
email = "petrov@postald.demo"
`

// demoStep is one letter a scripted player sends, and what postald must make of it.
type demoStep struct {
	day     int    // days after the start date
	side    string // white (Ivanov) or black (Petrov)
	text    string
	verdict string // the X-Postald-Verdict of the answer to the sender
	note    string // what the step shows
}

var demoSteps = []demoStep{
	{0, "white", "Dear Peter,\n\nTournament DEMO-2026, game 1-2.\nMy move: 1. c3-b4\n\nRegards,\nIvan\n",
		"accepted", "White opens on the start date: no days charged (4.3.2)."},
	{2, "black", "Dear Ivan,\n\nReceived your 1. c3-b4.\nMy move: 1... b6-c5\nDates: 2026-11-02, 2026-11-02, 2026-11-04\nTime: 0/2\n\nPeter\n",
		"accepted", "Black answers two days later: 2 days charged (4.3.1)."},
	{3, "white", "Peter,\n\nReceived your 1... b6-c5.\nMy move: 2. b4-c5\nIf 2... a7-b6 then 3. b2-c3\nDates: 2026-11-04, 2026-11-04, 2026-11-05\nTime: 1/2\n\nIvan\n",
		"corrected", "2. b4-c5 is impossible, but the man on b4 has one legal move, b4-a5: postald plays it (4.2.10). The variant is stored (4.2.7)."},
	{5, "black", "Ivan,\n\nReceived your 2. b4-a5.\nMy move: 2... a7-b6 3. b2-c3 c5-b4 4. a3:a7 c7-b6\n\nPeter\n",
		"accepted", "Black plays into the variant: 3. b2-c3 is played for White at no cost to him (4.2.13), and Black writes White's forced capture 4. a3:a7 with his answer (4.2.4)."},
	{8, "white", "Peter,\n\nReceived your 2... a7-b6 3... c5-b4 4. a3:a7 c7-b6.\nMy move: 5. a5:e5 f6:b2 6. a1:c3\n\nIvan\n",
		"accepted", "White captures, writes Black's forced recapture and answers it (4.2.4)."},
	{10, "black", "Ivan,\n\nReceived your 5. a5:e5 f6:b2 6. a1:c3.\nMy move: 6... d8-c7\n\nPeter\n",
		"accepted", "A weak move (the seed's own comment)."},
	{13, "white", "Peter,\n\nReceived your 6... d8-c7.\nMy move: 7. g3-f4 e5:g3 8. h2:f4 g3:e5 9. e3:g5 h6:f4 10. d2-e3 f4:b4 11. b2:d4:f6:d8:a5:d2:h6\n\nIvan\n",
		"accepted", "The combination: every Black reply is forced, so White writes them all in one letter (4.2.4)."},
	{15, "black", "Ivan,\n\nReceived your 7. g3-f4 ... 11. b2:d4:f6:d8:a5:d2:h6.\nI resign.\n\nPeter\n",
		"notice", "Black resigns: the game ends 1-0."},
}

func runDemo(ctx context.Context, env *cmdEnv, args []string) error {
	fs := newFlagSet(env, "demo")
	verbose := fs.Bool("v", false, env.text().Flags.Verbose)
	if err := parseFlags(fs, env.stdout, args); err != nil {
		return err
	}
	logw := io.Discard
	if *verbose {
		logw = env.stderr
	}
	dir, err := os.MkdirTemp("", "postald-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	return demo(ctx, env.stdout, slog.New(slog.NewTextHandler(logw, nil)), dir)
}

// demoClock is the demo's calendar: it jumps from one letter's day to the next.
type demoClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *demoClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *demoClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// localRig is postald running in this process on localmail's IMAP and SMTP servers, with a
// calendar of its own: the setup of the demo and of fast end-to-end tests.
type localRig struct {
	clock   *demoClock
	srv     *localmail.Server
	db      *store.DB
	d       *daemon.Daemon
	sender  *mailbox.Sender
	from    mail.Address
	domain  string
	users   map[string]string // address → password
	readers map[string]*demoReader
	cancel  context.CancelFunc
	done    chan error
}

// startRig starts postald with its store in dir, the mail users given (local parts; "moves" is
// postald's own address) and the calendar at now.
func startRig(ctx context.Context, dir string, log *slog.Logger, domain string, users []string, now time.Time) (*localRig, error) {
	return startRigWith(ctx, dir, log, domain, users, now, nil)
}

// startRigWith is startRig with the endgame databases eg at hand (nil: none).
func startRigWith(ctx context.Context, dir string, log *slog.Logger, domain string, users []string, now time.Time, eg referee.Endgames) (*localRig, error) {
	r := &localRig{clock: &demoClock{t: now}, domain: domain, users: map[string]string{}, readers: map[string]*demoReader{}, done: make(chan error, 1)}
	for _, u := range append([]string{"moves"}, users...) {
		r.users[u+"@"+domain] = u + "-pw"
	}
	var err error
	if r.srv, err = localmail.Start(r.users, r.clock.Now); err != nil {
		return nil, err
	}
	if r.db, err = store.Open(filepath.Join(dir, "postald.db"), store.Options{Logger: log}); err != nil {
		r.srv.Close()
		return nil, err
	}
	r.from = mail.Address{Name: "Tournament secretary", Address: "moves@" + domain}
	if r.sender, err = mailbox.NewSender(mailbox.SMTPOptions{Address: r.srv.SMTPAddr, TLS: mailbox.TLSNone, From: r.from.String()}); err != nil {
		r.close()
		return nil, err
	}
	// from_only: a closed test setup. The in-process servers take mail only from this process,
	// and they write no Authentication-Results field; a real server must (docs/trust.md).
	r.d = daemon.New(daemon.Options{Store: r.db, Sender: r.sender, From: r.from, Limits: config.Defaults().Limits,
		Trust: config.Trust{FromOnly: true}, Logger: log, Now: r.clock.Now, Endgames: eg})
	w, err := mailbox.NewWatcher(mailbox.IMAPOptions{Address: r.srv.IMAPAddr, TLS: mailbox.TLSNone,
		Username: r.from.Address, Password: r.users[r.from.Address]}, r.d.Handle)
	if err != nil {
		r.close()
		return nil, err
	}
	w.Logger = log
	w.HandleBatch = r.d.HandleBatch // as postald serve takes letters
	ctx, r.cancel = context.WithCancel(ctx)
	go func() { r.done <- r.d.Run(ctx, w) }()
	for _, u := range users {
		addr := u + "@" + domain
		rd, err := newDemoReader(r.srv.IMAPAddr, addr, r.users[addr])
		if err != nil {
			r.close()
			return nil, err
		}
		r.readers[u] = rd
	}
	return r, nil
}

// close stops the daemon and the servers and closes the store.
func (r *localRig) close() error {
	var err error
	if r.cancel != nil {
		r.cancel()
		err = <-r.done
	}
	for _, rd := range r.readers {
		rd.close()
	}
	if r.sender != nil {
		r.sender.Close()
	}
	return errors.Join(err, r.db.Close(), r.srv.Close())
}

// create registers a tournament as `postald tournament create` does and waits for the start letters.
func (r *localRig) create(ctx context.Context, sheet string) error {
	if err := r.d.Do(ctx, func() error {
		_, err := office.CreateTournament(r.db, r.from, []byte(sheet), r.clock.Now())
		return err
	}); err != nil {
		return err
	}
	r.d.Kick()
	return r.settle(ctx)
}

// send mails a player's letter to postald and waits until postald has answered it.
func (r *localRig) send(ctx context.Context, user, subject, text string, n int) (string, error) {
	sender := user + "@" + r.domain
	raw := demoLetter(sender, r.from.Address, subject, text, r.clock.Now(), n)
	c, err := smtp.Dial(r.srv.SMTPAddr)
	if err != nil {
		return "", err
	}
	defer c.Close()
	if err := c.SendMail(sender, []string{r.from.Address}, strings.NewReader(raw)); err != nil {
		return "", err
	}
	return raw, r.settle(ctx)
}

// wait lets the calendar reach t and the daemon do what falls due by then.
func (r *localRig) wait(ctx context.Context, t time.Time) error {
	r.clock.set(t)
	r.d.Kick()
	// The timer takes its turn on the owner goroutine: it has when no game's deadline is due
	// any more (on a loaded machine that takes longer than any fixed pause).
	err := poll(ctx, "the deadlines due by "+t.Format(time.DateTime)+" were not handled", func() (bool, error) {
		var due []store.GameEvent
		err := r.db.View(func(tx *store.Tx) (err error) {
			due, err = tx.EventsDue(t)
			return err
		})
		return len(due) == 0, err
	})
	if err != nil {
		return err
	}
	return r.settle(ctx)
}

func (r *localRig) settle(ctx context.Context) error {
	return demoSettle(ctx, r.srv, r.db, r.from.Address)
}

// demo plays the demonstration game with its store in dir.
func demo(ctx context.Context, out io.Writer, log *slog.Logger, dir string) error {
	moscow, err := time.LoadLocation("Europe/Moscow")
	if err != nil {
		return err
	}
	start := time.Date(2026, 11, 2, 10, 0, 0, 0, moscow)
	const domain = "postald.demo"
	r, err := startRig(ctx, dir, log, domain, []string{"ivanov", "petrov", "judge", "director"}, start.Add(-24*time.Hour))
	if err != nil {
		return err
	}
	defer r.close()

	fmt.Fprintf(out, "postald demo: a correspondence game of Russian column checkers played by e-mail.\n")
	fmt.Fprintf(out, "An IMAP and an SMTP server run inside this process on 127.0.0.1; the store is %s.\n", dir)
	fmt.Fprintf(out, "The game is the seed's sample game, Ivanov – Petrov, written as letters.\n\n")

	fmt.Fprintf(out, "══ %s: the director registers the tournament; postald sends the start letters\n\n", r.clock.Now().Format("2006-01-02"))
	if err := r.create(ctx, demoSheet); err != nil {
		return err
	}
	for _, u := range []string{"ivanov", "petrov"} {
		if _, err := r.readers[u].printNew(out); err != nil {
			return err
		}
	}

	var failures []string
	for i, st := range demoSteps {
		r.clock.set(start.AddDate(0, 0, st.day).Add(time.Duration(i) * time.Minute))
		who := map[string]string{"white": "ivanov", "black": "petrov"}[st.side]
		fmt.Fprintf(out, "══ %s: %s@%s writes\n   (%s)\n\n", r.clock.Now().Format("2006-01-02"), who, domain, st.note)
		raw, err := r.send(ctx, who, "DEMO-2026 game 1-2", st.text, i)
		if err != nil {
			return err
		}
		printLetter(out, "→ moves@"+domain, raw)
		var verdict string
		for _, u := range []string{"ivanov", "petrov", "judge", "director"} {
			got, err := r.readers[u].printNew(out)
			if err != nil {
				return err
			}
			if u == who && len(got) > 0 {
				verdict = got[0]
			}
		}
		if verdict != st.verdict {
			failures = append(failures, fmt.Sprintf("letter %d from %s: postald answered %q, the demo expects %q", i+1, who, verdict, st.verdict))
		}
	}

	var summary string
	err = r.db.View(func(tx *store.Tx) error {
		st, err := office.LoadGame(tx, store.GameID{Tournament: "DEMO-2026", Game: "1-2"})
		if err != nil {
			return err
		}
		g := st.Game
		summary = fmt.Sprintf("game 1-2: %s, result %s; moves: %s; days used White/Black %s",
			g.StatusText(), g.Result, strings.Join(g.MoveList(), " "), g.Time())
		if g.Result != "1-0" {
			failures = append(failures, "the game should have ended 1-0, it is "+g.Result.String())
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "══ the end\n%s\n", summary)
	if err := r.db.VerifyAll(); err != nil {
		failures = append(failures, "archive: "+err.Error())
	} else {
		fmt.Fprintln(out, "every letter in and out is archived in a hash chain that verifies")
	}
	if len(failures) > 0 {
		return errors.New("the demo did not go as it should:\n  " + strings.Join(failures, "\n  "))
	}
	return nil
}

// demoSettle waits until postald has taken every letter from its mailbox and sent everything
// its outbox holds.
func demoSettle(ctx context.Context, srv *localmail.Server, db *store.DB, box string) error {
	return poll(ctx, "postald did not answer", func() (bool, error) {
		n, err := srv.Count(box, "INBOX")
		if err != nil || n > 0 {
			return false, err
		}
		pending := false
		err = db.View(func(tx *store.Tx) error {
			_, pending = tx.NextAttempt()
			return nil
		})
		return !pending, err
	})
}

// poll asks done every 20 ms until it is true, for at most 20 seconds; what names what did not
// happen then.
func poll(ctx context.Context, what string, done func() (bool, error)) error {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		ok, err := done()
		if err != nil || ok {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	return errors.New(what + " within 20 seconds")
}

func demoLetter(from, to, subject, text string, date time.Time, n int) string {
	return "From: " + from + "\r\nTo: " + to + "\r\nSubject: " + subject +
		"\r\nDate: " + date.Format(time.RFC1123Z) +
		fmt.Sprintf("\r\nMessage-ID: <demo-%d.%s>", n+1, from) +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(text, "\n", "\r\n")
}

// demoReader reads one person's mailbox over IMAP, as his mail client would.
type demoReader struct {
	c    *imapclient.Client
	addr string
	seen uint32
}

func newDemoReader(imapAddr, addr, pw string) (*demoReader, error) {
	c, err := imapclient.DialInsecure(imapAddr, nil)
	if err != nil {
		return nil, err
	}
	if err := c.Login(addr, pw).Wait(); err != nil {
		c.Close()
		return nil, err
	}
	return &demoReader{c: c, addr: addr}, nil
}

func (r *demoReader) close() { r.c.Close() }

// printNew prints the letters that arrived since the last call and returns their verdicts.
func (r *demoReader) printNew(out io.Writer) ([]string, error) {
	sel, err := r.c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, err
	}
	if sel.NumMessages <= r.seen {
		return nil, nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	var set imap.SeqSet
	set.AddRange(r.seen+1, sel.NumMessages)
	msgs, err := r.c.Fetch(set, &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		return nil, err
	}
	r.seen = sel.NumMessages
	var verdicts []string
	for _, m := range msgs {
		raw := string(m.FindBodySection(sec))
		verdicts = append(verdicts, printLetter(out, "← "+r.addr, raw))
	}
	return verdicts, nil
}

// printLetter prints a letter's useful headers and its text, and returns its X-Postald-Verdict.
func printLetter(out io.Writer, who, raw string) string {
	w, err := mailwrite.Read([]byte(raw))
	if err != nil {
		fmt.Fprintf(out, "%s: unreadable letter: %v\n\n", who, err)
		return ""
	}
	m := w
	fmt.Fprintf(out, "┌─ %s   %s\n", who, w.Subject)
	var tags []string
	for _, h := range []string{"X-Postald-Verdict", "X-Postald-Clause", "X-Postald-Time"} {
		if v := m.Header.Get(h); v != "" {
			tags = append(tags, h+": "+v)
		}
	}
	if len(tags) > 0 {
		fmt.Fprintf(out, "│ %s\n", strings.Join(tags, "   "))
	}
	for _, line := range strings.Split(strings.TrimRight(strings.ReplaceAll(w.Text, "\r\n", "\n"), "\n"), "\n") {
		fmt.Fprintf(out, "│ %s\n", line)
	}
	for _, f := range w.Files {
		fmt.Fprintf(out, "│ [%s]\n", f)
	}
	fmt.Fprintln(out, "└─")
	fmt.Fprintln(out)
	return m.Header.Get("X-Postald-Verdict")
}
