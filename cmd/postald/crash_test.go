package main

import (
	"bytes"
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

	"postald/internal/daemon"
	"postald/internal/mailtest"
	"postald/internal/referee"
	"postald/internal/store"
)

// TestCrashBurst proves the reliability contract against the real servers: a burst of letters in
// the tournament's Dovecot mailbox is processed by `postald serve` while it is killed with
// SIGKILL at random moments and restarted, again and again. The outcome must equal that of an
// uninterrupted run of the same letters: the same games, every letter applied exactly once,
// every archive chain intact, and every letter postald had to send in its recipient's mailbox,
// with at most one duplicate per kill.
func TestCrashBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test runs the daemon against the mail stack for about a minute")
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
	clean.drain(t, 90*time.Second)
	cleanTook := time.Since(began)
	t.Logf("uninterrupted run: %v", cleanTook.Round(time.Millisecond))

	// The same burst, with kills. A kill comes at a random moment from the daemon's start (while
	// it opens the store, logs in, fetches, decides, commits, moves, sends); the longest wait is
	// a fraction of the uninterrupted run, so that the burst takes many kills to get through.
	crash := newCrashRun(t, st, bin, b, "crash")
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	t.Logf("kill schedule seed %d", seed)
	maxWait := max(cleanTook/12, 300*time.Millisecond)
	const maxKills = 50
	limit := time.Now().Add(80 * time.Second)
	var kills, inFlight, unsent int
	for kills < maxKills && time.Now().Before(limit) {
		p := crash.start(t)
		time.Sleep(time.Duration(rng.Int64N(int64(maxWait))))
		p.kill(t)
		kills++
		s := crash.state(t)
		if s.pendingIn > 0 {
			inFlight++ // killed between a letter's record and its decision's commit
		}
		if s.pendingOut > 0 {
			unsent++
		}
		if s.drained() {
			break
		}
	}
	s := crash.state(t)
	t.Logf("%d kills (wait up to %v): %d with a letter in flight, %d with letters unsent; after the last: %s",
		kills, maxWait.Round(time.Millisecond), inFlight, unsent, s)
	crash.drain(t, 90*time.Second)

	// The games: equal to the uninterrupted run's, and as the rules make them.
	cleanDB, crashDB := clean.open(t), crash.open(t)
	for _, g := range b.Games {
		id := store.GameID{Tournament: b.Code, Game: g.Name}
		want, got := loadGame(t, cleanDB, id), loadGame(t, crashDB, id)
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
	cleanOut, crashOut := outbox(t, cleanDB), outbox(t, crashDB)
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
	if want := fmt.Sprintf("%d players, %d games", len(b.Players), len(b.Games)); !strings.Contains(string(out), want) {
		t.Fatalf("%s run: postald tournament create says %q, want %q", name, out, want)
	}
	r.imap = st.Dial(t, st.Tournament)
	appendLetters(t, r.imap, r.inbox, b.Letters)
	return r
}

// child is a running `postald serve`.
type child struct {
	cmd  *exec.Cmd
	done chan struct{}
	err  error // how it exited, once done is closed
	run  *crashRun
}

func (r *crashRun) start(t *testing.T) *child {
	t.Helper()
	cmd := exec.Command(r.bin, "serve", "-config", r.config)
	cmd.Stdout, cmd.Stderr = r.log, r.log
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s run: start postald serve: %v", r.name, err)
	}
	c := &child{cmd: cmd, done: make(chan struct{}), run: r}
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
func (c *child) kill(t *testing.T) {
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
func (c *child) stop(t *testing.T) {
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
// nothing received and unfinished, nothing left to send. It is stopped with SIGTERM only once
// the mailbox is empty and the sender has had a moment, and started again if the store still
// has letters to send.
func (r *crashRun) drain(t *testing.T, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		p := r.start(t)
		for mailboxSize(t, r.imap, r.inbox) > 0 && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
		}
		time.Sleep(time.Second)
		p.stop(t)
		s := r.state(t)
		if s.drained() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s run: not drained after %v: %s\n%s", r.name, timeout, s, r.logTail())
		}
	}
}

// runState is how far a stopped daemon got.
type runState struct {
	inbox      int // letters in the tournament's mailbox
	pendingIn  int // letters received and not finished (a kill between record and commit)
	pendingOut int // letters in the outbox not sent yet
	next       time.Time
}

func (s runState) drained() bool { return s.inbox == 0 && s.pendingIn == 0 && s.pendingOut == 0 }

func (s runState) String() string {
	return fmt.Sprintf("%d letters in the mailbox, %d in flight, %d to send (next attempt %s)",
		s.inbox, s.pendingIn, s.pendingOut, s.next.Format(time.TimeOnly))
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

// logTail returns the end of the daemon's log.
func (r *crashRun) logTail() string {
	b, _ := os.ReadFile(r.log.Name())
	if len(b) > 8000 {
		b = b[len(b)-8000:]
	}
	return string(b)
}

func (b *burst) messageIDs() []string {
	ids := make([]string, len(b.Letters))
	for i, l := range b.Letters {
		ids[i] = l.MessageID
	}
	slices.Sort(ids)
	return ids
}

func loadGame(t *testing.T, db *store.DB, id store.GameID) referee.Game {
	t.Helper()
	var g referee.Game
	err := db.View(func(tx *store.Tx) error {
		var err error
		g, err = daemon.LoadGame(tx, id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checkBurstGame checks a game after its burst against what the rules make of its letters,
// worked out by hand: the opening's moves in order, one history entry per letter with its
// verdict, and the clocks. Each move comes a day after the partner's, so every move costs its
// player one day, but White's first, made on the start date (4.3.2): White 4 days for his 5
// moves, Black 5 for his; a stopped letter adds 6 penalty days (4.2.11) to its sender.
func checkBurstGame(t *testing.T, b *burst, g referee.Game) {
	t.Helper()
	i := slices.IndexFunc(b.Games, func(x burstGame) bool { return x.Name == g.Name })
	open := burstOpenings[i%len(burstOpenings)][:b.Plies]
	var moves []string
	for _, p := range g.Plies {
		moves = append(moves, p.Text)
	}
	if !slices.Equal(moves, open) {
		t.Errorf("game %s: moves %v, want %v", g.Name, moves, open)
	}
	var want, got []string
	white, black := 4, 5
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
		clock         interface{ days() (int, int, int) }
		days, penalty int
	}{
		{"White", clockOf(g.WhiteClock.Days, g.WhiteClock.Penalty, g.WhiteClock.Moves), white + whitePen, whitePen},
		{"Black", clockOf(g.BlackClock.Days, g.BlackClock.Penalty, g.BlackClock.Moves), black + blackPen, blackPen},
	} {
		days, pen, moves := c.clock.days()
		if days != c.days || pen != c.penalty || moves != b.Plies/2 {
			t.Errorf("game %s: %s's clock %d days (%d penalty), %d moves; want %d (%d), %d",
				g.Name, c.side, days, pen, moves, c.days, c.penalty, b.Plies/2)
		}
	}
	if g.Status != referee.StatusPlaying {
		t.Errorf("game %s: status %q, want %q", g.Name, g.Status, referee.StatusPlaying)
	}
}
