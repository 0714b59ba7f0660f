package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The crash test re-executes the test binary as a child that processes a
// stream of letters into a store; the parent kills it with SIGKILL at random
// instants, restarts it, and at the end compares the file with one written
// by an uninterrupted run.
const (
	envCrashDB      = "POSTALD_STORE_CRASH_DB"
	envCrashSentLog = "POSTALD_STORE_CRASH_SENTLOG"
	envCrashBatch   = "POSTALD_STORE_CRASH_BATCH"
	envCrashLetters = "POSTALD_STORE_CRASH_LETTERS"
)

// envHoldDB makes the test binary a process that opens the store, says
// "ready" and holds it until it is killed.
const envHoldDB = "POSTALD_STORE_HOLD_DB"

func TestMain(m *testing.M) {
	if path := os.Getenv(envHoldDB); path != "" {
		db, err := Open(path, Options{})
		if err != nil {
			fmt.Fprintln(os.Stderr, "hold:", err)
			os.Exit(3)
		}
		fmt.Println("ready")
		time.Sleep(time.Hour)
		db.Close()
		os.Exit(0)
	}
	if path := os.Getenv(envArchiveDB); path != "" {
		if err := archiveChild(path); err != nil {
			fmt.Fprintln(os.Stderr, "archive child:", err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	if path := os.Getenv(envCrashDB); path != "" {
		if err := crashChild(path); err != nil {
			fmt.Fprintln(os.Stderr, "crash child:", err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// delivery is one letter as the mailbox shows it: the same letter can be
// delivered twice (after a UIDVALIDITY change).
type delivery struct {
	ref    MessageRef
	letter int
}

// crashStream is the stream of deliveries: letters 1..n under UIDVALIDITY
// 7 up to two thirds, then the mailbox is renumbered (UIDVALIDITY 8) and
// shows again the last ten letters already seen before the rest.
func crashStream(n int) []delivery {
	k := 2 * n / 3
	var out []delivery
	for i := 1; i <= k; i++ {
		out = append(out, delivery{MessageRef{"Moves", 7, uint32(i)}, i})
	}
	uid := uint32(1)
	for i := max(1, k-9); i <= n; i++ {
		out = append(out, delivery{MessageRef{"Moves", 8, uid}, i})
		uid++
	}
	return out
}

var crashGames = []GameID{
	{"CRASH-2026", "1-2"}, {"CRASH-2026", "3-4"}, {"CRASH-2026", "5-6"}, {"CRASH-2026", "7-8"}, {"CRASH-2026", "9-10"},
}

// crashLetter is letter i: even letters carry a Message-ID, odd ones do not
// (they are recognised by their bytes).
func crashLetter(i int) (msgID string, raw []byte) {
	if i%2 == 0 {
		msgID = fmt.Sprintf("crash-%d@example.org", i)
	}
	return msgID, letter(msgID, fmt.Sprintf("letter %d: My move: %d. c3-d4", i, i))
}

// crashState is the game state of the crash test: the letters applied, in
// order. A letter lost or applied twice shows here.
type crashState struct {
	Letters []int `json:"letters"`
}

// crashChild processes the whole stream into the store at path, skipping
// what is already done, and drains the outbox after each step.
func crashChild(path string) error {
	n, err := strconv.Atoi(os.Getenv(envCrashLetters))
	if err != nil {
		return err
	}
	batch, err := strconv.Atoi(os.Getenv(envCrashBatch))
	if err != nil {
		return err
	}
	sentLog, err := os.OpenFile(os.Getenv(envCrashSentLog), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer sentLog.Close()
	db, err := Open(path, Options{Timeout: 10 * time.Second})
	if err != nil {
		return err
	}
	defer db.Close()

	stream := crashStream(n)
	base := time.Date(2026, 1, 10, 8, 0, 0, 0, time.UTC)
	nowOf := func(d int) time.Time { return base.Add(time.Duration(d) * time.Hour) }
	for start := 0; start < len(stream); start += batch {
		end := min(start+batch, len(stream))
		// Skip a step whose deliveries are all known and finished, as the
		// daemon does before fetching a letter's body.
		todo := false
		err := db.View(func(tx *Tx) error {
			for _, d := range stream[start:end] {
				in, err := tx.Inbound(d.ref)
				if isNotFound(err) || (err == nil && !in.IsFinished()) {
					todo = true
					return nil
				}
				if err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		if todo {
			err := db.Update(func(tx *Tx) error {
				for j, d := range stream[start:end] {
					if err := crashApply(tx, d, nowOf(start+j)); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		if err := crashDrain(db, sentLog, nowOf(end-1)); err != nil {
			return err
		}
	}
	return db.VerifyAll()
}

// crashApply decides letter d on its game's state inside the transaction,
// as the daemon does, and applies it.
func crashApply(tx *Tx, d delivery, now time.Time) error {
	g := crashGames[d.letter%len(crashGames)]
	var st crashState
	if cur, err := tx.Game(g); err == nil {
		if err := json.Unmarshal(cur.Data, &st); err != nil {
			return err
		}
	} else if !isNotFound(err) {
		return err
	}
	st.Letters = append(st.Letters, d.letter)
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	msgID, raw := crashLetter(d.letter)
	next := now.Add(72 * time.Hour)
	forward := Outgoing{From: "moves@club.example", To: []string{"partner@example.net"}, Game: g,
		Raw: fmt.Appendf(nil, "Subject: %s\r\n\r\nforwarded letter %d\r\n", g, d.letter), Verdict: "accepted", Move: d.letter}
	_, err = tx.ApplyLetter(LetterOutcome{
		Ref: d.ref, MessageID: msgID, Raw: raw, Received: now, Now: now.Add(time.Second),
		Game: g, Move: d.letter, Verdict: "accepted",
		State: &GameState{Format: 1, Data: data}, NextEvent: &next,
		Outgoing: []Outgoing{forward},
		Compose: func(r Receipt) ([]Outgoing, error) {
			return []Outgoing{{From: "moves@club.example", To: []string{"player@example.org"}, Game: g,
				Raw: fmt.Appendf(nil, "Subject: %s\r\n\r\nreceipt %s\r\n", g, r), Verdict: "accepted", Move: d.letter}}, nil
		},
	})
	return err
}

// crashDrain "sends" every due letter: it logs its Message-ID (the SMTP
// server accepted it), then marks it sent, one transaction per letter.
func crashDrain(db *DB, sentLog *os.File, now time.Time) error {
	var due []OutboxItem
	if err := db.View(func(tx *Tx) (err error) {
		due, err = tx.Due(now.Add(time.Second), 0)
		return err
	}); err != nil {
		return err
	}
	for _, it := range due {
		if _, err := sentLog.WriteString(it.MessageID + "\n"); err != nil {
			return err
		}
		if err := db.Update(func(tx *Tx) error { return tx.MarkSent(it.Seq, now.Add(2*time.Second)) }); err != nil {
			return err
		}
	}
	return nil
}

// runChild runs the child on path until it exits or is killed after delay
// (no kill when delay < 0). It reports whether the child finished.
func runChild(t *testing.T, path, sentLog string, n, batch int, delay time.Duration) bool {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(),
		envCrashDB+"="+path, envCrashSentLog+"="+sentLog,
		envCrashBatch+"="+strconv.Itoa(batch), envCrashLetters+"="+strconv.Itoa(n))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var kill <-chan time.Time
	if delay >= 0 {
		kill = time.After(delay)
	}
	limit := time.After(2 * time.Minute)
	for {
		select {
		case err := <-done:
			var ee *exec.ExitError
			if errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled() {
				return false
			}
			if err != nil {
				t.Fatalf("child: %v\n%s", err, stderr.String())
			}
			return true
		case <-kill:
			cmd.Process.Signal(syscall.SIGKILL)
			kill = nil
		case <-limit:
			cmd.Process.Signal(syscall.SIGKILL)
			t.Fatalf("child did not finish in 2 minutes\n%s", stderr.String())
		}
	}
}

func TestCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("crash test re-executes the test binary many times")
	}
	letters, kills := 300, 100
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	frozen, err := os.ReadFile(filepath.Join("testdata", "schema-v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, batch := range []int{1, 8} {
		t.Run(fmt.Sprintf("batch=%d", batch), func(t *testing.T) {
			dir := t.TempDir()
			// Both runs start from the same version-1 file, so that the first
			// run also migrates it (a kill can land in the migration), and
			// both share the file's instance name.
			ref, crashed := filepath.Join(dir, "ref.db"), filepath.Join(dir, "crashed.db")
			for _, p := range []string{ref, crashed} {
				if err := os.WriteFile(p, frozen, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			began := time.Now()
			if !runChild(t, ref, filepath.Join(dir, "ref.sent"), letters, batch, -1) {
				t.Fatal("uninterrupted run was killed")
			}
			whole := time.Since(began)
			// A run with nothing left to do: the cost of a restart.
			began = time.Now()
			if !runChild(t, ref, filepath.Join(dir, "ref.sent"), letters, batch, -1) {
				t.Fatal("idle run was killed")
			}
			restart := time.Since(began)

			// Kill at a random instant up to a restart's cost plus a 25th of
			// a whole run: each run gets a little further, so the kills land
			// all along the stream (and some during the restart itself).
			killed := 0
			budget := time.Now().Add(15 * time.Second)
			for range kills {
				if time.Now().After(budget) {
					break
				}
				delay := time.Duration(rng.Int64N(int64(restart + whole/25)))
				if runChild(t, crashed, filepath.Join(dir, "crashed.sent"), letters, batch, delay) {
					break
				}
				killed++
			}
			if !runChild(t, crashed, filepath.Join(dir, "crashed.sent"), letters, batch, -1) {
				t.Fatal("final run was killed")
			}
			t.Logf("%d letters, %d deliveries, uninterrupted run %v, restart %v, killed %d times", letters, len(crashStream(letters)), whole, restart, killed)
			checkCrashResult(t, ref, crashed, filepath.Join(dir, "ref.sent"), filepath.Join(dir, "crashed.sent"), letters, killed)
		})
	}
}

func checkCrashResult(t *testing.T, ref, crashed, refSent, crashedSent string, letters, killed int) {
	open := func(path string) *DB {
		db, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { closeChecked(t, db) })
		return db
	}
	refDB, crashedDB := open(ref), open(crashed)
	if a, b := dumpState(t, refDB), dumpState(t, crashedDB); a != b {
		t.Errorf("the killed run's file differs from the uninterrupted run's:\n%s", firstDiff(a, b))
	}

	// No letter lost, none applied twice: each game holds its letters once,
	// in order.
	view(t, crashedDB, func(tx *Tx) error {
		for gi, g := range crashGames {
			st, err := tx.Game(g)
			if err != nil {
				return err
			}
			var got crashState
			if err := json.Unmarshal(st.Data, &got); err != nil {
				return err
			}
			var want []int
			for i := 1; i <= letters; i++ {
				if i%len(crashGames) == gi {
					want = append(want, i)
				}
			}
			if fmt.Sprint(got.Letters) != fmt.Sprint(want) {
				t.Errorf("game %s applied %v, want %v", g, got.Letters, want)
			}
			// Each letter: in, forward, acknowledgement.
			if n, err := tx.Verify(g); err != nil || n != uint64(3*len(want)) {
				t.Errorf("chain %s: %d entries, %v; want %d", g, n, err, 3*len(want))
			}
		}
		pending, err := tx.PendingInbound()
		for _, in := range pending {
			if in.Ref.Mailbox == "Moves" { // the version-1 file comes with a pending letter of its own
				t.Errorf("letter left pending: %v", in.Ref)
			}
		}
		due, err2 := tx.Due(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC), 0)
		if len(due) != 0 {
			t.Errorf("letters left unsent: %d", len(due))
		}
		return errors.Join(err, err2)
	})

	// Every letter was sent, and at most one letter more per kill twice.
	sentCount := func(path string) map[string]int {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]int{}
		for _, id := range strings.Fields(string(b)) {
			m[id]++
		}
		return m
	}
	refCount, crashedCount := sentCount(refSent), sentCount(crashedSent)
	if len(refCount) != 2*letters {
		t.Errorf("uninterrupted run sent %d letters, want %d", len(refCount), 2*letters)
	}
	extra := 0
	for id, n := range crashedCount {
		if refCount[id] != 1 {
			t.Errorf("killed run sent %s, which the uninterrupted run did not send once", id)
		}
		extra += n - 1
	}
	if len(crashedCount) != len(refCount) {
		t.Errorf("killed run sent %d distinct letters, want %d", len(crashedCount), len(refCount))
	}
	if extra > killed {
		t.Errorf("%d letters sent twice over %d kills: more than one per crash", extra, killed)
	}
	t.Logf("letters sent twice: %d over %d kills", extra, killed)
}

// firstDiff shows the first differing line of two dumps.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  uninterrupted %.200s\n  killed        %.200s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}

// TestOpen_InUseByAnotherProcess holds the file in another process and
// checks that Open names that process.
func TestOpen_InUseByAnotherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "postald.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envHoldDB+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
	}()
	line := make([]byte, 6)
	if _, err := io.ReadFull(out, line); err != nil || string(line) != "ready\n" {
		t.Fatalf("holder said %q, %v", line, err)
	}
	_, err = Open(path, Options{Timeout: 100 * time.Millisecond})
	want := fmt.Sprintf("store is in use by another postald (pid %d)", cmd.Process.Pid)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), want) {
		t.Fatalf("Open while another process holds the file: %v, want %q", err, want)
	}
	// Once the holder is gone (killed: no clean close), the file opens.
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	db, err := Open(path, Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	closeChecked(t, db)
}
