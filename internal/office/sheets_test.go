package office

import (
	"bytes"
	"postald/internal/reading"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"postald/internal/store"
)

// roster returns the roster the office holds.
func (r *letterBench) roster() *reading.Roster { return r.o.desk.Index.Held() }

// inbound returns the record of the rig's last letter.
func (r *letterBench) inbound(t *testing.T) store.Inbound {
	t.Helper()
	var in store.Inbound
	if err := r.db.View(func(tx *store.Tx) error {
		var err error
		in, err = tx.Inbound(store.MessageRef{Mailbox: "INBOX", UIDValidity: 1, UID: r.uid})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return in
}

// TestRosterFollowsTheStore: the office parses the sheets once and reads them again only when
// the store's tournaments changed — a tournament registered, every game of it finished, one game
// put back in play, a sheet stored again — whoever changed them (here without the office, as a
// judge's command run in another process does).
func TestRosterFollowsTheStore(t *testing.T) {
	r := openRig(t, 1, 6)
	r.play(t, 0)
	first := r.roster()
	r.play(t, 1)
	r.checkAccepted(t, 2)
	if r.roster() != first {
		t.Error("the roster was read again though the store's tournaments did not change")
	}

	// A tournament registered without the office: its players' letters are decided.
	sh, err := CreateTournament(r.db, r.from, []byte(benchSheet(1, "z")), r.now)
	if err != nil {
		t.Fatal(err)
	}
	other := *r
	other.sheet, other.uid = sh, 1000
	for _, g := range sh.Games() {
		if g.White == 1 {
			other.id = store.GameID{Tournament: sh.Code, Game: g.Name}
			other.white, other.black = sh.Players[0].Email, sh.Players[g.Black-1].Email
			break
		}
	}
	other.play(t, 0)
	other.checkAccepted(t, 1)
	if r.roster() == first {
		t.Error("the roster was not read again after a tournament was registered")
	}

	// Every game of it finished: it has no game in play. A letter of its player, who has no
	// game in play anywhere, is still answered (the game is over), never held silently, and
	// changes nothing.
	snap := other.game(t)
	finishAll(t, r.db, r.from, sh, r.now)
	before := other.game(t)
	other.play(t, 1)
	if in := other.inbound(t); in.State != store.InboundDone {
		t.Errorf("a letter of a finished tournament: %s (%s), want it decided and answered", in.State, in.Reason)
	}
	if after := other.game(t); len(after.Plies) != len(before.Plies) || after.Status != before.Status {
		t.Errorf("a letter after the game's end changed it: %d plies %s, was %d %s", len(after.Plies), after.Status, len(before.Plies), before.Status)
	}
	// One game put back in play: it is decided again.
	if err := r.db.Update(func(tx *store.Tx) error {
		return putGame(tx, r.from, other.id, sh, snap, r.now)
	}); err != nil {
		t.Fatal(err)
	}
	other.play(t, 1)
	other.checkAccepted(t, 1)

	// A sheet stored again with a player's new address: the new address is his.
	changed := strings.Replace(benchSheet(1, "z"), "z03@postald.test", "z03@new.example", 1)
	if err := r.db.Update(func(tx *store.Tx) error {
		return tx.PutTournament(sh.Code, store.Sheet{Format: "toml", Data: []byte(changed), Created: r.now})
	}); err != nil {
		t.Fatal(err)
	}
	if err := r.db.View(func(tx *store.Tx) error {
		regs, err := r.o.registrations(tx, "Z03@NEW.example")
		if err != nil || len(regs) != 1 || regs[0].Player.Number != 3 {
			t.Errorf("registrations of the new address: %+v, %v", regs, err)
		}
		if regs, _ := r.o.registrations(tx, "z03@postald.test"); len(regs) != 0 {
			t.Errorf("the old address is still registered: %+v", regs)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// The first tournament's sheet was parsed once: an unchanged sheet is kept.
	if a, b := first.Entry(r.sheet.Code).Sheet, r.roster().Entry(r.sheet.Code).Sheet; a != b {
		t.Error("an unchanged sheet was parsed again")
	}
}

// damageGames flips a byte of every game record of the closed store at path whose key begins
// with prefix, as a failing disk would, and returns their keys; none found fails the test.
func damageGames(t testing.TB, path, prefix string) []string {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var damaged []string
	err = b.Update(func(tx *bolt.Tx) error {
		games := tx.Bucket([]byte("games"))
		var keys [][]byte
		games.ForEach(func(k, _ []byte) error {
			if bytes.HasPrefix(k, []byte(prefix)) {
				keys = append(keys, bytes.Clone(k))
			}
			return nil
		})
		for _, k := range keys {
			v := bytes.Clone(games.Get(k))
			v[len(v)-2] ^= 1
			if err := games.Put(k, v); err != nil {
				return err
			}
			damaged = append(damaged, string(k))
		}
		return nil
	})
	b.Close()
	if err != nil || len(damaged) == 0 {
		t.Fatalf("damaging the games %s*: %d records, %v", prefix, len(damaged), err)
	}
	return damaged
}

// TestFinishedTournamentNotRead: a letter does not read the games of a tournament with no game
// in play, even when its sender plays in it. Every game record of such a tournament is damaged
// here; the letter about the sender's game in the other tournament is accepted all the same.
func TestFinishedTournamentNotRead(t *testing.T) {
	r := openRig(t, 2, 4) // B-001: the same players, every game finished
	path := r.db.Path()
	r.db.Close()
	damaged := damageGames(t, path, "B-001/")
	var err error
	if r.db, err = store.Open(path, store.Options{SkipCheck: true, NoSync: true}); err != nil {
		t.Fatal(err)
	}
	defer r.db.Close()
	r.o = r.office()
	r.play(t, 0)
	r.checkAccepted(t, 1)
	id, err := store.ParseGameID(damaged[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.db.Verify(id); err == nil {
		t.Error("the damage is not found: the test shows nothing")
	}
}
