package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/mailtest"
	"postald/internal/referee"
	"postald/internal/store"
)

// TestCrashDuringRevertAndBackup kills the daemon (SIGKILL, at random moments) while a judge
// reverts a letter and a backup is written through the control socket. After every kill the store
// verifies, the game is either as it was or wholly put back (never half), there is at most one
// revert in the rulings log, and a backup file that exists is a whole, verifying store. At the
// end the revert is done once and the game is exactly as it was before the letter.
func TestCrashDuringRevertAndBackup(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test kills and restarts the daemon against the mail stack")
	}
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	bin := buildPostald(t)
	b := newBurst(t, mailtest.Unique("RV"), st.Address(st.Tournament),
		time.Now().UTC().Truncate(24*time.Hour).AddDate(0, 0, -14), stackPlayers(t, st, 2), 10, true)
	r := newCrashRun(t, st, bin, b, "revert")
	r.drain(t, 90*time.Second)
	id := store.GameID{Tournament: b.Code, Game: b.Games[0].Name}
	path := filepath.Join(r.dir, "postald.db")

	// The letter to revert: the game's third letter received, and the game as it was before it.
	var n uint64
	var before, after referee.Game
	withStore(t, path, func(db *store.DB) {
		err := db.View(func(tx *store.Tx) error {
			seen := 0
			return tx.ArchiveEntries(id, 0, func(e store.ArchiveEntry) error {
				if e.Direction != store.In || n != 0 {
					return nil
				}
				st, ok, err := e.GameBefore()
				if err != nil || !ok {
					return err
				}
				if seen++; seen == 3 {
					n = e.Seq
					return json.Unmarshal(st.Data, &before)
				}
				return nil
			})
		})
		if err != nil || n == 0 {
			t.Fatalf("finding the letter to revert: %v (entry %d)", err, n)
		}
		after = storedGame(t, db, id)
	})
	args := []string{"judge", "revert", "-config", r.config, id.Game, strconv.FormatUint(n, 10),
		"-clause", "4.1.7", "-reason", "crash test: a forged letter"}

	pristine, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	reset := func() {
		t.Helper()
		if err := os.WriteFile(path, pristine, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// The revert goes through the daemon, over its control socket, as a judge's does while it
	// runs: ready waits until the socket answers.
	socket := filepath.Join(r.dir, "control.sock")
	ready := func() {
		t.Helper()
		for range 200 {
			var out bytes.Buffer
			if code, err := controlCall(socket, []string{"judge", "list"}, &out); err == nil && code == 0 {
				return
			}
			time.Sleep(25 * time.Millisecond)
		}
		t.Fatalf("the daemon's control socket does not answer\n%s", r.logTail())
	}
	// How long a revert takes once the daemon runs: the kills are spread over that time.
	p := r.start(t)
	ready()
	began := time.Now()
	revert := func() error {
		var err error
		for range 100 { // the daemon may still be starting
			if err = exec.Command(bin, args...).Run(); err == nil {
				return nil
			}
			time.Sleep(50 * time.Millisecond)
		}
		return err
	}
	if err := revert(); err != nil {
		t.Fatalf("revert without kills: %v", err)
	}
	took := time.Since(began)
	p.stop(t)

	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 2))
	t.Logf("kill seed %d; reverting letter #%d of %s through the socket takes %v", seed, n, id.Key(), took.Round(time.Millisecond))
	var trace []string // after each kill: the revert done (R) or not (-), a whole backup (B) or none (-)
	for kill := range 16 {
		reset() // every round starts before the revert
		p := r.start(t)
		ready()
		var wg sync.WaitGroup
		backup := filepath.Join(r.dir, fmt.Sprintf("backup-%d.db", kill))
		wg.Add(2)
		go func() { defer wg.Done(); revert() }() // refused, cut or done: the store says which
		go func() { defer wg.Done(); exec.Command(bin, "backup", "-config", r.config, backup).Run() }()
		time.Sleep(time.Duration(rng.Int64N(int64(took))))
		p.kill(t)
		wg.Wait()
		mark := ""
		withStore(t, path, func(db *store.DB) {
			if err := db.VerifyAll(); err != nil {
				t.Fatalf("kill %d: the store does not verify: %v", kill+1, err)
			}
			g := storedGame(t, db, id)
			reverts := countReverts(t, db, id)
			switch {
			case reverts > 1:
				t.Fatalf("kill %d: %d reverts in the rulings log, want at most one", kill+1, reverts)
			case reverts == 1 && !sameBoard(g, before):
				t.Fatalf("kill %d: the revert is logged but the game is not as before the letter:\n%s", kill+1, cmp.Diff(board(before), board(g)))
			case reverts == 0 && !sameBoard(g, after):
				t.Fatalf("kill %d: no revert logged but the game changed:\n%s", kill+1, cmp.Diff(board(after), board(g)))
			}
			mark = map[bool]string{true: "R", false: "-"}[reverts == 1]
		})
		if _, err := os.Stat(backup); err == nil {
			withStore(t, backup, func(db *store.DB) {
				if err := db.VerifyAll(); err != nil {
					t.Errorf("kill %d: the backup %s exists but does not verify: %v", kill+1, backup, err)
				}
			})
			mark += "B"
		} else {
			mark += "-"
		}
		trace = append(trace, mark)
	}
	t.Logf("after each kill: %v", trace)
	// The last round, whatever the kill left, ends with the revert done once.
	p = r.start(t)
	revert()
	p.stop(t)
	withStore(t, path, func(db *store.DB) {
		if g := storedGame(t, db, id); !sameBoard(g, before) || countReverts(t, db, id) != 1 {
			t.Errorf("at the end: %d reverts, game:\n%s", countReverts(t, db, id), cmp.Diff(board(before), board(g)))
		}
	})
}

// withStore opens the store at path read-only for fn and closes it, so that the daemon can take
// it again.
func withStore(t *testing.T, path string, fn func(*store.DB)) {
	t.Helper()
	db, err := store.Open(path, store.Options{ReadOnly: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer db.Close()
	fn(db)
}

// countReverts counts the revert rulings of game id.
func countReverts(t *testing.T, db *store.DB, id store.GameID) int {
	t.Helper()
	n := 0
	err := db.View(func(tx *store.Tx) error {
		rs, err := tx.Rulings(id)
		for _, r := range rs {
			if r.Kind == "revert" {
				n++
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// board is what a revert puts back, as the judge compares it: the moves, both clocks, the
// variants, the draw offer, the status and the result.
type boardView struct {
	Moves          []string
	White, Black   any
	Variants       any
	Draw           referee.Side
	Status, Result string
}

func board(g referee.Game) boardView {
	return boardView{g.MoveList(), g.WhiteClock, g.BlackClock, g.Variants, g.DrawOffer, string(g.Status), string(g.Result)}
}

func sameBoard(a, b referee.Game) bool { return cmp.Equal(board(a), board(b)) }
