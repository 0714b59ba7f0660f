package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"postald/internal/mailtest"
	"postald/internal/referee"
	"postald/internal/store"
)

// TestCrashBounceWhileKilled: postald forwards a move to full@far.test, whose server refuses it
// after Postfix took the letter, and is killed (SIGKILL) as the far server refuses it; Postfix's
// bounce arrives in the tournament's mailbox while no daemon runs. postald is then started and
// killed again at random moments while it takes the bounce, and at last left to run: the bounce
// is matched once — one report archived with the letter, the letter failed, the reader's clock
// stopped — and its letters (the mover's, the judge's, the director's) written once.
func TestCrashBounceWhileKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test kills and restarts the daemon against the mail stack")
	}
	st := mailtest.Load(t)
	st.RequireSMTP(t)
	far := startFar(t, st)
	full := "full@" + st.FarDomain
	far.answer(full, 552, [3]int{5, 2, 2}, "mailbox full")
	bin := buildPostald(t)

	r := &crashRun{name: "bounce", st: st, bin: bin, dir: t.TempDir()}
	r.inbox = st.TempMailbox(t, st.Tournament, "bounce-in-")
	r.processed = st.TempMailbox(t, st.Tournament, "bounce-done-")
	r.config = stackFiles(t, st, r.dir, r.inbox, r.processed)
	askForReports(t, r.config)
	log, err := os.OpenFile(filepath.Join(r.dir, "postald.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { log.Close() })
	r.log = log
	code := mailtest.Unique("BK")
	start := time.Now().AddDate(0, 0, -10)
	sheet := fmt.Sprintf(`[tournament]
code = %q
name = "bounce"
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
email = %q
`, code, start.Format(time.DateOnly), start.AddDate(1, 0, 0).Format(time.DateOnly), st.Address(st.Tournament),
		st.Address("judge"), st.Address("director"), st.Address("alice"), full)
	sheetFile := filepath.Join(r.dir, "sheet.toml")
	if err := os.WriteFile(sheetFile, []byte(sheet), 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "tournament", "create", "-config", r.config, "-sheet", sheetFile).CombinedOutput(); err != nil {
		t.Fatalf("postald tournament create: %v\n%s", err, out)
	}
	withStore(t, filepath.Join(r.dir, "postald.db"), func(db *store.DB) { r.instance = db.Instance() })
	r.imap = st.Dial(t, st.Tournament)
	move := "From: " + st.Address("alice") + "\r\nTo: " + st.Address(st.Tournament) + "\r\nSubject: " + code +
		" game 1-2\r\nMessage-ID: <" + mailtest.Unique("a") + "@players.test>\r\n\r\nMy move: 1. c3-d4\r\n"
	mailtest.Append(t, r.imap, r.inbox, []byte(move))

	// The daemon decides the move and forwards it; killed once the far server refused it.
	p := r.start(t)
	id := store.GameID{Tournament: code, Game: "1-2"}
	refused := func() int {
		far.mu.Lock()
		defer far.mu.Unlock()
		return far.refusedOf(full)
	}
	until(t, 90*time.Second, "the far server asked for "+full, func() bool { return refused() >= 2 }) // the start letter, the forward
	p.kill(t)

	// Postfix's bounce arrives while no daemon runs: into the mailbox the daemon watches.
	routeReports(t, st, r.instance, r.inbox)
	until(t, 90*time.Second, "Postfix's bounce of the forward in the mailbox postald watches", func() bool {
		for _, m := range inboxOf(t, st, r.inbox) {
			raw := string(m.Raw)
			if strings.Contains(raw, "Action: failed") && strings.Contains(raw, id.Key()) {
				return true
			}
		}
		return false
	})

	// Started and killed while it takes the bounce, then left to run.
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 2))
	t.Logf("kills: seed %d", seed)
	for range 4 {
		p := r.start(t)
		time.Sleep(time.Duration(200+rng.IntN(1000)) * time.Millisecond)
		p.kill(t)
	}
	p = r.start(t)
	path := filepath.Join(r.dir, "postald.db")
	until(t, 90*time.Second, "the bounce taken and the letters about it sent", func() bool {
		done := false
		var out strings.Builder
		code, err := controlCall(filepath.Join(r.dir, "control.sock"), []string{"judge", "show", "-json", id.Key()}, &out)
		if err == nil && code == 0 {
			done = strings.Contains(out.String(), `"delivery": "failed"`) && len(inboxOf(t, st, r.inbox)) == 0
		}
		if !done && time.Now().Second()%30 == 0 {
			var q strings.Builder
			controlCall(filepath.Join(r.dir, "control.sock"), []string{"judge", "quarantine"}, &q)
			t.Logf("DEBUG code %d err %v inbox %d\n%s\nquarantine:\n%s\n%s", code, err, len(inboxOf(t, st, r.inbox)), out.String(), q.String(), r.logTail())
		}
		return done
	})
	time.Sleep(2 * time.Second) // the sender sends what the bounce queued
	p.stop(t)

	withStore(t, path, func(db *store.DB) {
		err := db.View(func(tx *store.Tx) error {
			g, _, err := tx.LoadGame(id, nil)
			if err != nil {
				return err
			}
			if g.Undelivered != referee.Black || g.BlackClock.Running() {
				t.Errorf("game 1-2: undelivered %q, Black's clock %+v", g.Undelivered, g.BlackClock)
			}
			var toAlice, toJudge, toDirector int
			reports := map[string]int{} // the reports archived, by Message-ID
			var forward store.OutboxItem
			err = tx.ArchiveEntries(id, 1, func(e store.ArchiveEntry) error {
				switch {
				case e.Direction == store.In && e.Verdict == "report":
					reports[e.MessageID]++
				case e.Direction == store.Out && e.Outbox != 0:
					it, err := tx.OutboxItem(e.Outbox)
					if err != nil {
						return err
					}
					switch {
					case it.Brings != nil:
						forward = it
					case e.Verdict == "notice" && it.To[0] == st.Address("alice"):
						toAlice++
					case e.Verdict == "delivery" && it.To[0] == st.Address("judge"):
						toJudge++
					case e.Verdict == "delivery" && it.To[0] == st.Address("director"):
						toDirector++
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
			for mid, n := range reports {
				if n != 1 {
					t.Errorf("report %s archived %d times", mid, n)
				}
			}
			if len(forward.Reports) < 1 || forward.Delivery != store.DeliveryFailed {
				t.Errorf("%d reports on the forward (%s); want its bounce", len(forward.Reports), forward.Delivery)
			}
			if toAlice != 1 || toJudge != 1 || toDirector != 1 {
				t.Errorf("letters about the bounce: %d to Alice, %d to the judge, %d to the director; want one each", toAlice, toJudge, toDirector)
			}
			return db.VerifyAll()
		})
		if err != nil {
			t.Error(err)
		}
	})
}

// refusedOf counts the times the far server refused to (under f.mu).
func (f *farServer) refusedOf(to string) int { return f.refused[to] }

// inboxOf lists the messages of the tournament's mailbox.
func inboxOf(t *testing.T, st *mailtest.Stack, mailbox string) []mailtest.Mail {
	t.Helper()
	c := st.Dial(t, st.Tournament)
	defer c.Close()
	return mailtest.Messages(t, c, mailbox)
}

// askForReports turns on the delivery notices in the configuration at path, which stackFiles
// writes without them.
func askForReports(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := strings.Replace(string(b), "notify = false", "notify = true", 1)
	if cfg == string(b) {
		t.Fatal("stackFiles writes no [delivery] notify")
	}
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
}
