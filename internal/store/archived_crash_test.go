package store

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// envArchiveDB makes the test binary a process that archives the finished tournament of the
// store at its path and exits; each step of the move waits a little, so that a kill lands
// anywhere in it.
const envArchiveDB = "POSTALD_STORE_ARCHIVE_DB"

func archiveChild(path string) error {
	db, err := Open(path, Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	archiveStep = func(string) error {
		time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
		return nil
	}
	_, err = db.ArchiveTournament(finT.Tournament, t0.Add(48*time.Hour))
	return err
}

// TestArchiveTournament_Kill archives a tournament in a child process killed (SIGKILL) at a
// random instant, again and again: after every kill the store opens, checks, and either holds
// the tournament as before or has it archived in a file that verifies; the tournament reads the
// same either way; and a last uninterrupted run completes the move.
func TestArchiveTournament_Kill(t *testing.T) {
	if testing.Short() {
		t.Skip("kills processes")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "postald.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fillArchivable(t, db)
	want := tournamentView(t, db, finT.Tournament)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	moved, kills := false, 0
	for round := 0; round < 20 && !moved; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envArchiveDB+"="+path)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The kills sweep the move: each round a little later than the one before.
		time.AfterFunc(time.Duration(round*5+rand.IntN(5))*time.Millisecond, func() { cmd.Process.Kill() })
		err := cmd.Wait()
		if err == nil {
			moved = true
		} else if !strings.Contains(err.Error(), "killed") {
			t.Fatalf("round %d: the child failed: %v\n%s", round, err, stderr.String())
		} else {
			kills++
		}
		db, err := Open(path, Options{})
		if err != nil {
			t.Fatalf("round %d: the store after a kill: %v", round, err)
		}
		var archived bool
		view(t, db, func(tx *Tx) (err error) { _, archived, err = tx.Archived(finT.Tournament); return err })
		if got := tournamentView(t, db, finT.Tournament); got != want {
			t.Errorf("round %d (archived %v): the tournament reads differently", round, archived)
		}
		if archived {
			if err := db.VerifyArchived(finT.Tournament); err != nil {
				t.Errorf("round %d: %v", round, err)
			}
			moved = true
		}
		closeChecked(t, db)
	}
	t.Logf("%d kills before the move was done", kills)
	if !moved {
		db, err := Open(path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ArchiveTournament(finT.Tournament, t0.Add(48*time.Hour)); err != nil {
			t.Fatalf("the run after the kills: %v", err)
		}
		if got := tournamentView(t, db, finT.Tournament); got != want {
			t.Error("the tournament reads differently after the move")
		}
		closeChecked(t, db)
	}
	files, _ := filepath.Glob(filepath.Join(dir, ArchiveDirName, "*"))
	if len(files) != 1 || filepath.Base(files[0]) != ArchiveFileName(finT.Tournament, 0) {
		t.Errorf("archive directory after the move: %v", files)
	}
}
