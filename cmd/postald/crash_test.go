package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/google/go-cmp/cmp"

	"postald/internal/daysclock"
	"postald/internal/mailtest"
	"postald/internal/plural"
	"postald/internal/referee"
	"postald/internal/store"
	"postald/internal/tournament"
)

// TestCrashBurst proves the reliability contract against the real servers: a burst of letters in
// the tournament's Dovecot mailbox is processed by `postald serve` while it is killed with
// SIGKILL at random moments and restarted, again and again. The outcome must equal that of an
// uninterrupted run of the same letters: the same games, every letter applied exactly once,
// every archive chain intact, and every letter postald had to send in its recipient's mailbox,
// with at most one duplicate per kill.
func TestCrashBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test kills and restarts the daemon against the mail stack for half a minute")
	}
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	bin := buildPostald(t)
	b := newBurst(t, mailtest.Unique("CR"), st.Address(st.Tournament),
		time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -14), stackPlayers(t, st, 4), 10, true)
	t.Logf("tournament %s: %d games, %d letters", b.Code, len(b.Games), len(b.Letters))

	// The uninterrupted run: one daemon processes the whole burst.
	clean := newCrashRun(t, st, bin, b, "clean")
	began := time.Now()
	work := clean.drain(t, 90*time.Second).Sub(began)
	t.Logf("uninterrupted run: the last letter delivered after %v", work.Round(time.Millisecond))
	cleanDB := clean.open(t)
	cleanOut := outboxItems(t, cleanDB)

	// The same burst, with kills. A kill comes at a random moment from the daemon's start (while
	// it opens the store, logs in, fetches, decides, commits, moves, sends); the longest wait is
	// a start-up plus a small part of the uninterrupted run, so that the burst takes many kills to
	// get through.
	crash := newCrashRun(t, st, bin, b, "crash")
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	// A kill that finds no progress (the daemon had not got past its start) lengthens the
	// longest wait by an eighth, and one that finds more than a fortieth of the work done
	// shortens it by a quarter, so that the schedule suits the machine's speed and load.
	maxWait := 100*time.Millisecond + work/20
	t.Logf("kill schedule: seed %d, waits up to %v at first", seed, maxWait.Round(time.Millisecond))
	const maxKills = 50
	limit := time.Now().Add(80 * time.Second)
	var kills, inFlight, unsent int
	var trace []string // letters applied and sent after each kill
	prev := crash.state(t)
	for kills < maxKills && time.Now().Before(limit) {
		p := crash.start(t)
		time.Sleep(time.Duration(rng.Int64N(int64(maxWait))))
		p.kill(t)
		kills++
		s := crash.state(t)
		switch progress := s.applied - prev.applied + s.sent - prev.sent; {
		case progress == 0:
			maxWait += maxWait / 8
		case progress > (len(b.Letters)+len(cleanOut))/40:
			maxWait -= maxWait / 4
		}
		prev = s
		if s.pendingIn > 0 {
			inFlight++ // killed between a letter's record and its decision's commit
		}
		if s.pendingOut > 0 {
			unsent++
		}
		trace = append(trace, fmt.Sprintf("%d/%d", s.applied, s.sent))
		if s.drained() {
			break
		}
	}
	s := crash.state(t)
	t.Logf("%d kills (the longest wait at last %v): %d with a letter in flight, %d with letters unsent; "+
		"letters applied/sent after each: %s; after the last: %s",
		kills, maxWait.Round(time.Millisecond), inFlight, unsent, strings.Join(trace, " "), s)
	crash.drain(t, 90*time.Second)

	// The games: equal to the uninterrupted run's, and as the rules make them.
	crashDB := crash.open(t)
	for _, g := range b.Games {
		id := store.GameID{Tournament: b.Code, Game: g.Name}
		want, got := storedGame(t, cleanDB, id), storedGame(t, crashDB, id)
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("game %s after the kills differs from the uninterrupted run (-clean +crash):\n%s", g.Name, d)
		}
		checkBurstGame(t, b, got)
	}

	// Every letter applied exactly once, nothing left half done.
	checkInbound(t, b, crashDB)
	for name, db := range map[string]*store.DB{"clean": cleanDB, "crash": crashDB} {
		if err := db.VerifyAll(); err != nil {
			t.Errorf("%s run: archive: %v", name, err)
		}
		if err := db.Check(); err != nil {
			t.Errorf("%s run: bbolt: %v", name, err)
		}
	}

	// The same letters went out, each queued once.
	crashOut := outboxItems(t, crashDB)
	if d := cmp.Diff(outboxSummary(t, cleanOut), outboxSummary(t, crashOut)); d != "" {
		t.Errorf("outbox after the kills differs from the uninterrupted run (-clean +crash):\n%s", d)
	}

	// The tournament's mailbox is empty and every letter was moved once.
	for _, r := range []*crashRun{clean, crash} {
		if n := mailboxSize(t, r.imap, r.inbox); n != 0 {
			t.Errorf("%s run: %d letters left in the tournament's mailbox", r.name, n)
		}
		var ids []string
		for _, m := range mailtest.Messages(t, r.imap, r.processed) {
			ids = append(ids, store.NormalizeMessageID(m.Header("Message-ID")))
		}
		slices.Sort(ids)
		if want := b.messageIDs(); !slices.Equal(ids, want) {
			t.Errorf("%s run: processed mailbox holds %d letters %v, want the %d of the burst once each", r.name, len(ids), ids, len(want))
		}
	}

	// Every letter reached its recipient: once without kills, with at most one duplicate per kill.
	checkDelivered(t, st, cleanDB.Instance(), cleanOut, 0)
	checkDelivered(t, st, crashDB.Instance(), crashOut, kills)
	if t.Failed() {
		t.Logf("daemon log of the crash run:\n%s", crash.logTail())
	}
}

// buildPostald builds the postald binary into a temporary directory.
func buildPostald(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "postald")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// crashRun is one postald with its own store, configuration, mailboxes and log, serving a burst.
type crashRun struct {
	name             string
	st               *mailtest.Stack
	bin, dir, config string
	inbox, processed string
	imap             *imapclient.Client // the tournament's account, as the master user
	log              *os.File
	instance         string                        // the store's name, in every Message-ID it gives
	recipients       map[string]*imapclient.Client // the accounts postald writes to
}

// newCrashRun prepares a run: the tournament registered through the binary (the start letters
// queued), the burst in the tournament's mailbox, no daemon running yet.
func newCrashRun(t *testing.T, st *mailtest.Stack, bin string, b *burst, name string) *crashRun {
	t.Helper()
	r := &crashRun{name: name, st: st, bin: bin, dir: t.TempDir()}
	r.inbox = st.TempMailbox(t, st.Tournament, name+"-in-")
	r.processed = st.TempMailbox(t, st.Tournament, name+"-done-")
	r.config = stackFiles(t, st, r.dir, r.inbox, r.processed)
	log, err := os.OpenFile(filepath.Join(r.dir, "postald.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { log.Close() })
	r.log = log
	sheet := filepath.Join(r.dir, "sheet.toml")
	if err := os.WriteFile(sheet, []byte(b.sheet(st.Address(st.Tournament), st.Address("judge"), st.Address("director"))), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "tournament", "create", "-config", r.config, "-sheet", sheet).CombinedOutput()
	if err != nil {
		t.Fatalf("%s run: postald tournament create: %v\n%s", name, err, out)
	}
	players, games := plural.Word{One: "player", Many: "players"}, plural.Word{One: "game", Many: "games"}
	if want := players.Count(plural.English, len(b.Players)) + ", " + games.Count(plural.English, len(b.Games)); !strings.Contains(string(out), want) {
		t.Fatalf("%s run: postald tournament create says %q, want %q", name, out, want)
	}
	r.imap = st.Dial(t, st.Tournament)
	appendLetters(t, r.imap, r.inbox, b.Letters)
	db, err := store.Open(filepath.Join(r.dir, "postald.db"), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	r.instance = db.Instance()
	db.Close()
	r.recipients = map[string]*imapclient.Client{}
	for _, u := range []string{"judge", "director"} {
		r.recipients[u] = st.Dial(t, u)
	}
	for _, p := range b.Players {
		u, _, _ := strings.Cut(p.Email, "@")
		r.recipients[u] = st.Dial(t, u)
	}
	return r
}

// serveProcess is a running `postald serve`.
type serveProcess struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error // how it exited, once done is closed
	run  *crashRun
}

func (r *crashRun) start(t *testing.T) *serveProcess {
	t.Helper()
	cmd := exec.Command(r.bin, "serve", "-config", r.config)
	cmd.Stdout, cmd.Stderr = r.log, r.log
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s run: start postald serve: %v", r.name, err)
	}
	c := &serveProcess{cmd: cmd, done: make(chan struct{}), run: r}
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-c.done
	})
	return c
}

// kill ends the daemon with SIGKILL; it must not have stopped by itself before.
func (c *serveProcess) kill(t *testing.T) {
	t.Helper()
	select {
	case <-c.done:
		t.Fatalf("%s run: postald serve stopped by itself: %v\n%s", c.run.name, c.err, c.run.logTail())
	default:
	}
	c.cmd.Process.Signal(syscall.SIGKILL)
	<-c.done
}

// stop ends the daemon with SIGTERM: it must exit cleanly (status 0) within half a minute.
func (c *serveProcess) stop(t *testing.T) {
	t.Helper()
	c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(30 * time.Second):
		c.cmd.Process.Kill()
		<-c.done
		t.Fatalf("%s run: postald serve did not stop within 30s of SIGTERM\n%s", c.run.name, c.run.logTail())
	}
	if c.err != nil {
		t.Fatalf("%s run: postald serve after SIGTERM: %v\n%s", c.run.name, c.err, c.run.logTail())
	}
}

// drain runs the daemon until the burst is wholly processed: the tournament's mailbox empty,
// nothing received and unfinished, nothing left to send. The daemon is stopped with SIGTERM only
// once the mailbox is empty and its letters have stopped arriving in the recipients' mailboxes
// (a stop cuts a letter being sent, see TestStopKeepsOutboxDue), and started again if the store
// still has letters to send.
// It returns when the last letter was seen arriving.
func (r *crashRun) drain(t *testing.T, timeout time.Duration) time.Time {
	t.Helper()
	deadline := time.Now().Add(timeout)
	var last time.Time
	for {
		p := r.start(t)
		for mailboxSize(t, r.imap, r.inbox) > 0 && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
		}
		last = r.waitQuiet(t, deadline)
		p.stop(t)
		s := r.state(t)
		if s.drained() {
			return last
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s run: not drained after %v: %s\n%s", r.name, timeout, s, r.logTail())
		}
	}
}

// waitQuiet waits until no new letter of the run's store has reached its recipients for two
// seconds, or until deadline, and returns when the last one was seen.
func (r *crashRun) waitQuiet(t *testing.T, deadline time.Time) time.Time {
	t.Helper()
	last, since := -1, time.Now()
	for time.Now().Before(deadline) {
		n := 0
		for _, c := range r.recipients {
			for _, k := range copiesOf(t, c, r.instance, 1) {
				n += k
			}
		}
		if n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > 2*time.Second {
			return since
		}
		time.Sleep(250 * time.Millisecond)
	}
	return since
}

// runState is how far a stopped daemon got.
type runState struct {
	inbox      int // letters in the tournament's mailbox
	pendingIn  int // letters received and not finished (a kill between record and commit)
	pendingOut int // letters in the outbox not sent yet
	next       time.Time
	applied    int // letters received and archived
	sent       int // letters of the outbox sent
}

func (s runState) drained() bool { return s.inbox == 0 && s.pendingIn == 0 && s.pendingOut == 0 }

func (s runState) String() string {
	return fmt.Sprintf("%d letters in the mailbox, %d applied, %d in flight, %d sent, %d to send (next attempt %s)",
		s.inbox, s.applied, s.pendingIn, s.sent, s.pendingOut, s.next.Format(time.TimeOnly))
}

// state looks at the mailbox and, read-only, at the store of a stopped daemon.
func (r *crashRun) state(t *testing.T) runState {
	t.Helper()
	s := runState{inbox: mailboxSize(t, r.imap, r.inbox)}
	db, err := store.Open(filepath.Join(r.dir, "postald.db"), store.Options{ReadOnly: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("%s run: open the store after a stop: %v", r.name, err)
	}
	defer db.Close()
	err = db.View(func(tx *store.Tx) error {
		in, err := tx.PendingInbound()
		s.pendingIn = len(in)
		if err != nil {
			return err
		}
		out, err := tx.Due(time.Now().AddDate(1, 0, 0), 0)
		s.pendingOut = len(out)
		s.next, _ = tx.NextAttempt()
		if err != nil {
			return err
		}
		for seq := uint64(1); ; seq++ {
			it, err := tx.OutboxItem(seq)
			if errors.Is(err, store.ErrNotFound) {
				break
			}
			if err != nil {
				return err
			}
			if it.State == store.OutboxSent {
				s.sent++
			}
		}
		chains, err := tx.Chains()
		for _, c := range chains {
			if err != nil {
				break
			}
			err = tx.ArchiveEntries(c, 1, func(e store.ArchiveEntry) error {
				if e.Direction == store.In {
					s.applied++
				}
				return nil
			})
		}
		return err
	})
	if err != nil {
		t.Fatalf("%s run: %v", r.name, err)
	}
	return s
}

// open opens the store of the stopped daemon for the final checks.
func (r *crashRun) open(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(r.dir, "postald.db"), store.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("%s run: %v", r.name, err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// logTail returns the warnings and errors of the daemon's log and its last lines.
func (r *crashRun) logTail() string {
	b, _ := os.ReadFile(r.log.Name())
	var s strings.Builder
	for line := range strings.Lines(string(b)) {
		if strings.Contains(line, "level=WARN") || strings.Contains(line, "level=ERROR") {
			s.WriteString(line)
			if s.Len() > 8000 {
				s.WriteString("...\n")
				break
			}
		}
	}
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	s.WriteString("--- the log ends:\n")
	s.Write(b)
	return s.String()
}

func (b *burst) messageIDs() []string {
	ids := make([]string, len(b.Letters))
	for i, l := range b.Letters {
		ids[i] = l.MessageID
	}
	slices.Sort(ids)
	return ids
}

func storedGame(t *testing.T, db *store.DB, id store.GameID) referee.Game {
	t.Helper()
	var g referee.Game
	err := db.View(func(tx *store.Tx) error {
		var err error
		g, err = loadStored(tx, id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checkBurstGame checks a game after its burst against what the rules make of its letters,
// worked out by hand: the opening's moves in order, one history entry per letter with its
// verdict, and the clocks. The tournament is registered today, two weeks after its start date,
// so play starts for both players tomorrow, the day after they receive the start sheet (4.3.2):
// each player's first move, made before that, costs him nothing. Every later move comes a day
// after the partner's and costs one day (4.3.1): 4 days for each player's 5 moves. A stopped
// letter adds 6 penalty days (4.2.11) to its sender.
func checkBurstGame(t *testing.T, b *burst, g referee.Game) {
	t.Helper()
	i := slices.IndexFunc(b.Games, func(x tournament.Game) bool { return x.Name == g.Name })
	open := burstOpenings[i%len(burstOpenings)][:b.Plies]
	var moves []string
	for _, p := range g.Plies {
		moves = append(moves, p.Text)
	}
	if !slices.Equal(moves, open) {
		t.Errorf("game %s: moves %v, want %v", g.Name, moves, open)
	}
	var want, got []string
	white, black := 4, 4
	whitePen, blackPen := 0, 0
	for ply := range b.Plies {
		if _, ok := burstStops[[2]int{i, ply}]; ok {
			want = append(want, "rejected")
			if ply%2 == 0 {
				whitePen += 6
			} else {
				blackPen += 6
			}
		}
		want = append(want, "accepted")
	}
	for _, e := range g.History {
		got = append(got, string(e.Verdict))
	}
	if !slices.Equal(got, want) {
		t.Errorf("game %s: history verdicts %v, want %v", g.Name, got, want)
	}
	for _, c := range []struct {
		side          string
		clock         daysclock.Clock
		days, penalty int
	}{
		{"White", g.WhiteClock, white + whitePen, whitePen},
		{"Black", g.BlackClock, black + blackPen, blackPen},
	} {
		if c.clock.Days != c.days || c.clock.Penalty != c.penalty || c.clock.Moves != b.Plies/2 {
			t.Errorf("game %s: %s's clock %d days (%d penalty), %d moves; want %d (%d), %d; history:\n%s",
				g.Name, c.side, c.clock.Days, c.clock.Penalty, c.clock.Moves, c.days, c.penalty, b.Plies/2, historyText(g))
		}
	}
	if g.Status != referee.StatusPlaying {
		t.Errorf("game %s: status %q, want %q", g.Name, g.Status, referee.StatusPlaying)
	}
}

// checkInbound checks that every letter of the burst was applied exactly once: one archived copy
// each, its inbound record done with the verdict the rules give, nothing left in flight and
// nothing quarantined.
func checkInbound(t *testing.T, b *burst, db *store.DB) {
	t.Helper()
	verdict := map[string]string{}
	for _, l := range b.Letters {
		verdict[l.MessageID] = l.Verdict
	}
	archived := map[string]int{}
	err := db.View(func(tx *store.Tx) error {
		chains, err := tx.Chains()
		if err != nil {
			return err
		}
		for _, c := range chains {
			err := tx.ArchiveEntries(c, 1, func(e store.ArchiveEntry) error {
				if e.Direction != store.In {
					return nil
				}
				archived[e.MessageID]++
				if e.Ref == nil {
					t.Errorf("letter %s archived without its mailbox reference", e.MessageID)
					return nil
				}
				in, err := tx.Inbound(*e.Ref)
				if err != nil {
					return fmt.Errorf("inbound %s: %w", e.MessageID, err)
				}
				if in.State != store.InboundDone || in.Verdict != verdict[e.MessageID] {
					t.Errorf("letter %s: inbound %s, verdict %q; want done, %q", e.MessageID, in.State, in.Verdict, verdict[e.MessageID])
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		pending, err := tx.PendingInbound()
		if err != nil {
			return err
		}
		quarantined, err := tx.QuarantinedInbound()
		if err != nil {
			return err
		}
		if len(pending) > 0 || len(quarantined) > 0 {
			t.Errorf("%d letters left in flight, %d quarantined; want none", len(pending), len(quarantined))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range b.Letters {
		if n := archived[l.MessageID]; n != 1 {
			t.Errorf("letter %s archived %d times, want once", l.MessageID, n)
		}
	}
	if len(archived) != len(b.Letters) {
		t.Errorf("%d letters archived, want the %d of the burst", len(archived), len(b.Letters))
	}
}

// outboxItems returns every letter of a store's outbox, in order, with its bytes as sent; all
// must have been sent.
func outboxItems(t *testing.T, db *store.DB) []store.OutboxItem {
	t.Helper()
	var items []store.OutboxItem
	err := db.View(func(tx *store.Tx) error {
		for seq := uint64(1); ; seq++ {
			it, err := tx.OutboxItem(seq)
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			if it.State != store.OutboxSent {
				t.Errorf("outbox %d (%s to %v): %s, want sent (%s)", it.Seq, it.MessageID, it.To, it.State, it.LastError)
			}
			if it.Raw, err = tx.SentLetter(it); err != nil {
				return err
			}
			items = append(items, it)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return items
}

// outboxSummary describes each outgoing letter by what does not depend on when it was written:
// recipients, game, and the headers that say what it is about.
func outboxSummary(t *testing.T, items []store.OutboxItem) []string {
	t.Helper()
	var s []string
	for _, it := range items {
		m, err := mail.ReadMessage(bytes.NewReader(it.Raw))
		if err != nil {
			t.Fatalf("outbox %d: %v", it.Seq, err)
		}
		h := m.Header
		s = append(s, fmt.Sprintf("%d to %v game %s: %s | %s %s | in reply to %s", it.Seq, it.To, it.Game,
			h.Get("Subject"), h.Get("X-Postald-Verdict"), h.Get("X-Postald-Clause"), h.Get("In-Reply-To")))
	}
	return s
}

// checkDelivered waits until every letter of the outbox is in its recipient's INBOX, then checks
// that none came more than once beyond dups duplicates in all, and that no other letter carries
// the store's Message-IDs.
func checkDelivered(t *testing.T, st *mailtest.Stack, instance string, items []store.OutboxItem, dups int) {
	t.Helper()
	want := map[string][]string{} // user → Message-IDs
	for _, it := range items {
		for _, to := range it.To {
			user, _, _ := strings.Cut(to, "@")
			want[user] = append(want[user], it.MessageID)
		}
	}
	got := map[string]int{}
	deadline := time.Now().Add(30 * time.Second)
	for user, ids := range want {
		c := st.Dial(t, user)
		for {
			copies := copiesOf(t, c, instance, 1)
			missing := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return copies[id] > 0 })
			if len(missing) == 0 {
				for id, n := range copies {
					got[id] += n
				}
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("%d letters never reached %s: %v", len(missing), user, missing)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	extra := 0
	for _, it := range items {
		if n := got[it.MessageID]; n > 1 {
			extra += n - 1
			t.Logf("%s to %v delivered %d times", it.MessageID, it.To, n)
		}
		delete(got, it.MessageID)
	}
	if extra > dups {
		t.Errorf("%d duplicate deliveries, want at most %d", extra, dups)
	}
	for id, n := range got {
		t.Errorf("%s delivered %d times but is not in the outbox", id, n)
	}
	t.Logf("%d letters delivered, %d duplicates (at most %d allowed)", len(items), extra, dups)
}

// historyText lists a game's history, one decision a line.
func historyText(g referee.Game) string {
	var s strings.Builder
	for _, e := range g.History {
		fmt.Fprintf(&s, "\t%s %s %s %v %s\n", e.Date, e.From, e.Verdict, e.Clauses, e.Note)
	}
	return s.String()
}
