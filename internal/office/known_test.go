package office_test

import (
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"postald/internal/config"
	"postald/internal/office"
	"postald/internal/office/officetest"
	"postald/internal/reading"
	"postald/internal/store"
)

// knownCounts is what a Known holds that can be counted again from the store.
type knownCounts struct {
	Games       reading.Counts
	Due, Cards  int
	Tournaments map[string]reading.Counts
}

func countsOf(k *reading.Known, codes []string) knownCounts {
	c := knownCounts{Games: k.Games(), Tournaments: map[string]reading.Counts{}}
	c.Due, c.Cards = k.Outbox()
	for _, code := range codes {
		if _, n, ok := k.Tournament(code); ok {
			c.Tournaments[code] = n
		}
	}
	return c
}

// recounted is what the store holds, counted afresh.
func recounted(t *testing.T, db *store.DB, codes []string) knownCounts {
	t.Helper()
	k, err := reading.NewKnown(db, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return countsOf(k, codes)
}

// drain sends what the outbox holds due, as the daemon's sender does, telling k of each letter
// sent.
func drain(t *testing.T, db *store.DB, k *reading.Known, now time.Time) int {
	t.Helper()
	var sent int
	err := db.Update(func(tx *store.Tx) error {
		due, err := tx.Due(now, 0)
		if err != nil {
			return err
		}
		for _, it := range due {
			if err := tx.MarkSent(it.Seq, now); err != nil {
				return err
			}
		}
		sent = len(due)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for range sent {
		k.Sent()
	}
	return sent
}

// TestKnownKeptByTheUnitsOfWork: through a season played on an office — letters, cards, the
// captain's postings, rulings, ticks, the outbox drained now and then — what the office's Known
// holds (the games by status, in all and by tournament; the letters due and the cards waiting)
// is after every event what a fresh count of the store finds; a letter about one tournament
// gives it a new revision and leaves the other's.
func TestKnownKeptByTheUnitsOfWork(t *testing.T) {
	db, err := store.OpenMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := officetest.NewSeason(officetest.SeasonOptions{Tournaments: 2, Players: 5, Plies: 6, Seed: 3, RulingEvery: 30})
	if err != nil {
		t.Fatal(err)
	}
	clock := &officetest.Clock{}
	clock.Set(s.Register)
	k, err := reading.NewKnown(db, clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	limits := config.Defaults().Limits
	limits.LettersPerHour = 1 << 20
	o := office.New(office.Options{Store: db, From: mail.Address{Address: officetest.Address}, Limits: limits,
		Trust: config.Trust{FromOnly: true}, Now: clock.Now, Known: k})
	codes := s.Tournaments()
	for _, sheet := range s.Sheets {
		// Registered by the request the daemon runs: a transaction of its own, which the
		// office learns of at its next Sync.
		if _, err := o.Run(&office.CreateRequest{Sheet: sheet}); err != nil {
			t.Fatal(err)
		}
		if err := o.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := countsOf(k, codes), recounted(t, db, codes); !cmp.Equal(got, want) || want.Games.Playing != s.Games() {
		t.Fatalf("after the registrations (-known +store):\n%s", cmp.Diff(got, want))
	}
	events, moved := 0, 0
	for {
		ev, ok := s.Next()
		if !ok {
			break
		}
		before := map[string]reading.Revision{}
		for _, code := range codes {
			before[code], _, _ = k.Tournament(code)
		}
		if err := officetest.Play(ev, o, db, clock); err != nil {
			t.Fatal(err)
		}
		if events++; events%3 == 0 {
			drain(t, db, k, clock.Now())
		}
		if got, want := countsOf(k, codes), recounted(t, db, codes); !cmp.Equal(got, want) {
			t.Fatalf("after event %d (%s %s at %s) (-known +store):\n%s", events, ev.Kind, ev.Game, ev.At, cmp.Diff(got, want))
		}
		if ev.Kind != officetest.EventLetter {
			continue
		}
		moved++
		code, _, _ := strings.Cut(ev.Game, "/")
		for _, c := range codes {
			after, _, _ := k.Tournament(c)
			if changed := after != before[c]; changed != (c == code) {
				t.Fatalf("letter about %s: the revision of %s changed: %v", ev.Game, c, changed)
			}
		}
	}
	if moved == 0 {
		t.Fatal("no letter was played")
	}
	final := recounted(t, db, codes)
	if final.Games.Finished != s.Games() {
		t.Errorf("at the end of the season: %+v", final.Games)
	}
	t.Logf("%d events checked, %d of them letters", events, moved)

	// What else puts letters in the outbox: a stranger's letter held for the judge, the
	// digest of held letters a tick sends, the director's report.
	raw := "From: stranger@elsewhere.test\r\nTo: " + officetest.Address + "\r\nSubject: hello\r\nMessage-ID: <stranger@elsewhere.test>\r\n\r\nMy move: 1. c3-d4\r\n"
	if err := o.Letter(office.Incoming{Mailbox: "INBOX", UIDValidity: 1, UID: 1 << 30, Raw: []byte(raw), InternalDate: clock.Now(), Size: int64(len(raw))}); err != nil {
		t.Fatal(err)
	}
	clock.Set(clock.Now().Add(48 * time.Hour))
	if err := o.Tick(); err != nil {
		t.Fatal(err)
	}
	if _, err := o.Run(&office.ReportRequest{Send: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := countsOf(k, codes), recounted(t, db, codes); !cmp.Equal(got, want) || got.Due == 0 {
		t.Fatalf("after a held letter, a digest and the reports (-known +store):\n%s", cmp.Diff(got, want))
	}
	if n := drain(t, db, k, clock.Now()); n == 0 {
		t.Fatal("nothing to send")
	}
	if got, want := countsOf(k, codes), recounted(t, db, codes); !cmp.Equal(got, want) || got.Due != 0 {
		t.Fatalf("after the outbox was drained (-known +store):\n%s", cmp.Diff(got, want))
	}
}

// TestKnownRecount: a game written behind the office's units of work (Put) that no revision of
// the store shows is counted once Recount is called; a tournament registered behind them is
// found by the next unit of work even without Sync.
func TestKnownRecount(t *testing.T) {
	db, err := store.OpenMemory(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := officetest.NewSeason(officetest.SeasonOptions{Tournaments: 2, Players: 4, Plies: 4})
	if err != nil {
		t.Fatal(err)
	}
	clock := &officetest.Clock{}
	clock.Set(s.Register)
	k, err := reading.NewKnown(db, clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	from := mail.Address{Address: officetest.Address}
	limits := config.Defaults().Limits
	limits.LettersPerHour = 1 << 20
	o := office.New(office.Options{Store: db, From: from, Limits: limits, Trust: config.Trust{FromOnly: true}, Now: clock.Now, Known: k})
	codes := s.Tournaments()
	sh, err := office.CreateTournament(db, from, s.Sheets[0], clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := k.Tournament(sh.Code); ok {
		t.Fatal("a tournament registered behind the office is known before the office looked")
	}
	// The next unit of work, a tick, looks.
	if err := o.Tick(); err != nil {
		t.Fatal(err)
	}
	if got, want := countsOf(k, codes), recounted(t, db, codes); !cmp.Equal(got, want) {
		t.Fatalf("after a tick (-known +store):\n%s", cmp.Diff(got, want))
	}
	// A game ended by a tool: in play no more, which the store's revision shows.
	id := store.GameID{Tournament: sh.Code, Game: sh.Games()[0].Name}
	rev, _ := k.Game(id)
	err = db.Update(func(tx *store.Tx) error {
		st, err := office.LoadGame(tx, id)
		if err != nil {
			return err
		}
		st.Game.Status = "finished"
		st.Game.Reason = "forfeit"
		return office.Put(tx, from, id, sh, st, clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Sync(); err != nil {
		t.Fatal(err)
	}
	if got, want := countsOf(k, codes), recounted(t, db, codes); !cmp.Equal(got, want) || got.Games.Finished != 1 {
		t.Fatalf("after Sync (-known +store):\n%s", cmp.Diff(got, want))
	}
	if again, _ := k.Game(id); again == rev {
		t.Error("the game's revision did not change")
	}
	// A change that no revision shows is counted only when asked to.
	rev, _ = k.Game(id)
	err = db.Update(func(tx *store.Tx) error {
		st, err := office.LoadGame(tx, id)
		if err != nil {
			return err
		}
		st.Game.Reason = "annulled"
		return office.Put(tx, from, id, sh, st, clock.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Sync(); err != nil {
		t.Fatal(err)
	}
	if again, _ := k.Game(id); again != rev {
		t.Error("Sync gave a new revision where the store shows none")
	}
	if err := o.Recount(); err != nil {
		t.Fatal(err)
	}
	if again, _ := k.Game(id); again == rev {
		t.Error("Recount did not give the game a new revision")
	}
}
