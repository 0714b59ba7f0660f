package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/mail"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"postald/internal/config"
	"postald/internal/mailtest"
	"postald/internal/office"
	"postald/internal/store"
)

// The end-to-end benchmarks run the daemon in this process against the real servers: letters
// are appended to the tournament's Dovecot mailbox, read by postald over IMAP (STARTTLS, IDLE),
// decided and committed to a store that fsyncs, and answered and forwarded through Postfix's
// submission port (STARTTLS, AUTH) into the players' Dovecot mailboxes.

// BenchmarkEndToEndBurst measures the throughput of a backlog: a whole tournament's letters
// (5 players, 10 games, 10 moves each: 100 letters) wait in the mailbox when the daemon starts,
// as after an outage. Each iteration has a fresh store and mailbox; its time runs from the
// daemon's start until every answer and forwarded copy is in its recipient's mailbox. Besides
// letters/s end to end it reports the rates of the two stages on the way, each counted from the
// start to its last event: committed-letters/s (the mailbox's letters decided and committed)
// and sent-letters/s (the outbox's letters — start letters, answers, forwarded copies —
// accepted by Postfix).
func BenchmarkEndToEndBurst(b *testing.B) {
	st := mailtest.Load(b)
	st.RequireSMTP(b)
	players := stackPlayers(b, st, 5)
	var letters, sent int
	var committed, sending, delivered time.Duration
	for b.Loop() {
		b.StopTimer()
		bd := newBenchDaemon(b, st)
		bu := newBurst(b, mailtest.Unique("BB"), st.Address(st.Tournament), benchStart(), players, 10, false)
		bd.register(b, bu)
		appendLetters(b, bd.imap, bd.inbox, bu.Letters)
		recipients := map[string]*inboxWatcher{}
		for _, p := range bu.Players {
			u, _, _ := strings.Cut(p.Email, "@")
			w := &inboxWatcher{c: st.Dial(b, u)}
			w.mark(b)
			recipients[u] = w
		}
		b.StartTimer()
		start := time.Now()
		bd.run(b)
		for bd.events.count("letter") < len(bu.Letters) {
			time.Sleep(10 * time.Millisecond)
		}
		addrs := map[string]bool{}
		for _, p := range bu.Players {
			addrs[strings.ToLower(p.Email)] = true
		}
		outbox, watched := bd.outboxSize(b, addrs)
		for bd.events.count("sent") < outbox {
			time.Sleep(10 * time.Millisecond)
		}
		for {
			n := 0
			for _, w := range recipients {
				for _, k := range copiesOf(b, w.c, bd.db.Instance(), w.next) {
					n += k
				}
			}
			if n >= watched {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		delivered += time.Since(start)
		b.StopTimer()
		committed += bd.events.last("letter").Sub(start)
		sending += bd.events.last("sent").Sub(start)
		letters += len(bu.Letters)
		sent += outbox
		bd.stop(b)
		b.StartTimer()
	}
	b.ReportMetric(float64(letters)/delivered.Seconds(), "letters/s")
	b.ReportMetric(float64(letters)/committed.Seconds(), "committed-letters/s")
	b.ReportMetric(float64(sent)/sending.Seconds(), "sent-letters/s")
}

// BenchmarkEndToEndLatency measures, one letter at a time, the time from a move letter's arrival
// (its APPEND to the tournament's mailbox completed) to its forwarded copy being in the partner's
// Dovecot mailbox, with the daemon waiting in IDLE. The percentiles are over the iterations of
// one run (use -benchtime=Nx with N ≥ 20 for a meaningful p99). The time is split into three
// stages, each reported at its median: pickup (arrival to the letter's commit: IDLE's
// notification, fetch, decision, commit), send (commit to Postfix accepting the forwarded copy)
// and deliver (Postfix to the copy seen in Dovecot; the observer polls every 5 ms).
func BenchmarkEndToEndLatency(b *testing.B) {
	st := mailtest.Load(b)
	st.RequireSMTP(b)
	players := stackPlayers(b, st, 5)
	bd := newBenchDaemon(b, st)
	bd.run(b)
	watchers := map[string]*inboxWatcher{}
	for _, p := range players {
		u, _, _ := strings.Cut(p.Email, "@")
		watchers[p.Email] = &inboxWatcher{c: st.Dial(b, u)}
	}
	var queue []burstLetter
	var total, pickup, send, deliver []time.Duration
	for b.Loop() {
		if len(queue) == 0 {
			bu := newBurst(b, mailtest.Unique("BL"), st.Address(st.Tournament), benchStart(), players, 10, false)
			bd.register(b, bu)
			queue = bu.Letters
		}
		l := queue[0]
		queue = queue[1:]
		w := watchers[l.To]
		w.mark(b)
		appendLetters(b, bd.imap, bd.inbox, []burstLetter{l})
		arrived := time.Now()
		fwd, seen, ok := w.await(b, l.MessageID, 30*time.Second)
		if !ok {
			b.Fatalf("letter %s from %s: no copy reached %s after 30s; %s", l.MessageID, l.From, l.To, bd.events.decided(l.MessageID))
		}
		total = append(total, seen.Sub(arrived))
		committedAt, ok1 := bd.events.at("letter", l.MessageID)
		sentAt, ok2 := bd.events.at("sent", fwd)
		if ok1 && ok2 {
			pickup = append(pickup, committedAt.Sub(arrived))
			send = append(send, sentAt.Sub(committedAt))
			deliver = append(deliver, seen.Sub(sentAt))
		}
	}
	b.ReportMetric(quantileMS(total, 0.50), "p50-ms")
	b.ReportMetric(quantileMS(total, 0.99), "p99-ms")
	b.ReportMetric(quantileMS(pickup, 0.50), "pickup-p50-ms")
	b.ReportMetric(quantileMS(send, 0.50), "send-p50-ms")
	b.ReportMetric(quantileMS(deliver, 0.50), "deliver-p50-ms")
}

// quantileMS returns the q-quantile of ds in milliseconds (nearest rank).
func quantileMS(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := max(int(math.Ceil(q*float64(len(s))))-1, 0)
	return float64(s[i]) / float64(time.Millisecond)
}

// benchStart is the start date of a benchmark's tournament: two weeks ago, so that every
// postmark of its letters is in the past.
func benchStart() time.Time {
	return time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -14)
}

// benchDaemon is a postald in this process with its own store and mailboxes on the stack.
type benchDaemon struct {
	st               *mailtest.Stack
	cfg              *config.Config
	db               *store.DB
	inbox, processed string
	imap             *imapclient.Client // the tournament's account, as the master user
	events           *eventLog
	cancel           context.CancelFunc
	done             chan error
}

func newBenchDaemon(tb testing.TB, st *mailtest.Stack) *benchDaemon {
	tb.Helper()
	d := &benchDaemon{st: st, events: &eventLog{t: map[string]time.Time{}, n: map[string]int{}, lastT: map[string]time.Time{}, what: map[string]string{}}}
	d.inbox = st.TempMailbox(tb, st.Tournament, "bench-in-")
	d.processed = st.TempMailbox(tb, st.Tournament, "bench-done-")
	dir := tb.TempDir()
	user := st.Address(st.Tournament)
	d.cfg = &config.Config{
		Store:   config.Store{Path: filepath.Join(dir, "postald.db")},
		IMAP:    config.Server{Address: st.IMAPAddr, TLS: "starttls", Username: user, Password: st.Password(st.Tournament), Mailbox: d.inbox, Processed: d.processed},
		SMTP:    config.Server{Address: st.SubmissionAddr, TLS: "starttls", Username: user, Password: st.Password(st.Tournament), From: "Secretary <" + user + ">"},
		TLS:     config.TLS{CAFile: st.CAFile},
		Control: config.Control{Socket: filepath.Join(dir, "control.sock")},
		Daemon:  config.Daemon{PollInterval: config.Duration{Duration: time.Second}},
		Limits:  config.Defaults().Limits,
		// from_only: a closed test setup; the test appends the letters to the mailbox itself
		Trust: config.Trust{FromOnly: true},
	}
	db, err := store.Open(d.cfg.Store.Path, store.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	d.db = db
	d.imap = st.Dial(tb, st.Tournament)
	return d
}

// register registers the burst's tournament: in the store while the daemon is stopped, through
// the control socket while it runs.
func (d *benchDaemon) register(tb testing.TB, bu *burst) {
	tb.Helper()
	sheet := bu.sheet(d.st.Address(d.st.Tournament), d.st.Address("judge"), d.st.Address("director"))
	if d.done == nil {
		from, _ := mail.ParseAddress(d.cfg.SMTP.From)
		if _, err := office.CreateTournament(d.db, *from, []byte(sheet), time.Now()); err != nil {
			tb.Fatal(err)
		}
		return
	}
	var out bytes.Buffer
	code, err := controlCall(d.cfg.Control.Socket, []string{"tournament", "create", "-sheet", writeSheet(tb, sheet)}, &out)
	if err != nil || code != 0 {
		tb.Fatalf("tournament create through the control socket: code %d, %v: %s", code, err, out.String())
	}
}

// run starts the daemon and waits until its control socket answers.
func (d *benchDaemon) run(tb testing.TB) {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel, d.done = cancel, make(chan error, 1)
	log := slog.New(d.events)
	go func() { d.done <- serve(ctx, d.cfg, d.db, log, time.Now) }()
	tb.Cleanup(func() { d.stop(tb) })
}

// stop stops the daemon, if it runs.
func (d *benchDaemon) stop(tb testing.TB) {
	tb.Helper()
	if d.cancel == nil {
		return
	}
	d.cancel()
	d.cancel = nil
	if err := <-d.done; err != nil {
		tb.Errorf("serve: %v", err)
	}
}

// outboxSize returns how many letters the outbox holds in all, and how many of them go to one of
// the addresses in to (the letters a benchmark waits for in those mailboxes; the judge and the
// director get letters too, the tournament's registration among them).
func (d *benchDaemon) outboxSize(tb testing.TB, to map[string]bool) (all, watched int) {
	tb.Helper()
	err := d.db.View(func(tx *store.Tx) error {
		for seq := uint64(1); ; seq++ {
			it, err := tx.OutboxItem(seq)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			} else if err != nil {
				return err
			}
			all++
			for _, a := range it.To {
				if to[strings.ToLower(a)] {
					watched++
					break
				}
			}
		}
	})
	if err != nil {
		tb.Fatal(err)
	}
	return all, watched
}

// eventLog is the daemon's logger in the benchmarks: it keeps when each letter was decided
// ("letter", logged once its transaction committed) and each outgoing letter
// accepted by the mail server ("sent"), by Message-ID, and prints warnings and errors.
type eventLog struct {
	mu    sync.Mutex
	t     map[string]time.Time // "letter " or "sent " + Message-ID → when
	n     map[string]int       // "letter" or "sent" → how many
	lastT map[string]time.Time // "letter" or "sent" → the latest
	what  map[string]string    // "letter " + Message-ID → its verdict, clause, quarantine
}

func (l *eventLog) Enabled(_ context.Context, level slog.Level) bool { return level >= slog.LevelInfo }

func (l *eventLog) Handle(_ context.Context, r slog.Record) error {
	if r.Level >= slog.LevelWarn {
		var s strings.Builder
		r.Attrs(func(a slog.Attr) bool {
			fmt.Fprintf(&s, " %s=%v", a.Key, a.Value)
			return true
		})
		fmt.Printf("postald %s: %s%s\n", r.Level, r.Message, s.String())
		return nil
	}
	if r.Message != "letter" && r.Message != "sent" {
		return nil
	}
	var id string
	var what strings.Builder
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "message_id":
			id = a.Value.String()
		case "verdict", "clause", "quarantine":
			fmt.Fprintf(&what, " %s=%q", a.Key, a.Value)
		}
		return true
	})
	l.mu.Lock()
	defer l.mu.Unlock()
	l.t[r.Message+" "+id] = r.Time
	l.what[r.Message+" "+id] = what.String()
	l.n[r.Message]++
	if r.Time.After(l.lastT[r.Message]) {
		l.lastT[r.Message] = r.Time
	}
	return nil
}

// decided returns what the log says of the decision on the letter with Message-ID id.
func (l *eventLog) decided(id string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if w, ok := l.what["letter "+id]; ok {
		return "decided:" + w
	}
	return "not decided"
}

func (l *eventLog) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *eventLog) WithGroup(string) slog.Handler      { return l }

// count returns how many letters the event happened to.
func (l *eventLog) count(event string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n[event]
}

// last returns when the event last happened.
func (l *eventLog) last(event string) time.Time {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.lastT[event]
}

// at returns when the event happened to the letter with Message-ID id.
func (l *eventLog) at(event, id string) (time.Time, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t, ok := l.t[event+" "+id]
	return t, ok
}

// inboxWatcher finds the letters that arrive in a player's INBOX after mark.
type inboxWatcher struct {
	c    *imapclient.Client
	next imap.UID // the INBOX's UIDNEXT at mark
}

func (w *inboxWatcher) mark(tb testing.TB) {
	tb.Helper()
	w.next = w.uidNext(tb)
}

func (w *inboxWatcher) uidNext(tb testing.TB) imap.UID {
	tb.Helper()
	st, err := w.c.Status("INBOX", &imap.StatusOptions{UIDNext: true}).Wait()
	if err != nil {
		tb.Fatalf("status INBOX: %v", err)
	}
	return st.UIDNext
}

// await polls the INBOX every 5 ms until a letter in reply to inReplyTo arrives, and returns its
// Message-ID and when it was seen; false after timeout.
func (w *inboxWatcher) await(tb testing.TB, inReplyTo string, timeout time.Duration) (string, time.Time, bool) {
	tb.Helper()
	deadline := time.Now().Add(timeout)
	sec := &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader,
		HeaderFields: []string{"Message-ID", "In-Reply-To"}, Peek: true}
	for time.Now().Before(deadline) {
		next := w.uidNext(tb)
		seen := time.Now()
		if next > w.next {
			if _, err := w.c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
				tb.Fatalf("examine INBOX: %v", err)
			}
			var set imap.UIDSet
			set.AddRange(w.next, next-1)
			msgs, err := w.c.Fetch(set, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
			if err != nil {
				tb.Fatalf("fetch INBOX: %v", err)
			}
			// STATUS is meant for mailboxes other than the selected one.
			if err := w.c.Unselect().Wait(); err != nil {
				tb.Fatalf("unselect INBOX: %v", err)
			}
			for _, m := range msgs {
				h, err := mail.ReadMessage(bytes.NewReader(append(m.FindBodySection(sec), "\r\n"...)))
				if err != nil {
					continue
				}
				if store.NormalizeMessageID(h.Header.Get("In-Reply-To")) == inReplyTo {
					return store.NormalizeMessageID(h.Header.Get("Message-ID")), seen, true
				}
			}
			w.next = next
		}
		time.Sleep(5 * time.Millisecond)
	}
	return "", time.Time{}, false
}
