package store

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRulings(t *testing.T) {
	db := openTemp(t)
	other := GameID{Tournament: "CT-2026/10", Game: "1-2"} // its code starts like CT-2026/1's
	whole := GameID{Tournament: "CT-2026/1"}
	in := []Ruling{
		{Game: game37, Time: t0, Entry: ruled("penalty"), Clause: "4.2.10", Reason: "late reply", Judge: "Petrov"},
		{Game: other, Time: t0.Add(time.Hour), Entry: ruled("forfeit"), Clause: "4.3.5", Reason: "no reply"},
		{Game: whole, Time: t0.Add(2 * time.Hour), Entry: Withdrawal{Player: 7, Played: 3, Games: 5, Clause: "1.10.3"}, Reason: "illness"},
		{Game: game12, Time: t0.Add(3 * time.Hour), Entry: ruled("adjudicate"), Reason: "end date"},
		{Game: game37, Time: t0.Add(4 * time.Hour), Entry: ruled("annul"), Reason: "ruling 1 was wrong"},
	}
	update(t, db, func(tx *Tx) error {
		for i, r := range in {
			got, err := tx.AppendRuling(r)
			if err != nil {
				return err
			}
			if got.Seq != uint64(i+1) {
				t.Errorf("ruling %d got sequence %d", i+1, got.Seq)
			}
			in[i].Seq, in[i].Kind = got.Seq, got.Kind
		}
		return nil
	})
	tests := []struct {
		g    GameID
		want []uint64
	}{
		{game37, []uint64{1, 5}},
		{game12, []uint64{4}},
		{whole, []uint64{1, 3, 4, 5}}, // the tournament's own and its games', in order; not CT-2026/10's
		{GameID{Tournament: "CT-2026/10"}, []uint64{2}},
		{GameID{}, []uint64{1, 2, 3, 4, 5}},
		{GameID{Tournament: "CT-2027"}, nil},
	}
	view(t, db, func(tx *Tx) error {
		for _, tc := range tests {
			got, err := tx.Rulings(tc.g)
			if err != nil {
				return err
			}
			var gotSeqs []uint64
			for _, r := range got {
				gotSeqs = append(gotSeqs, r.Seq)
				if !reflect.DeepEqual(r, in[r.Seq-1]) {
					t.Errorf("ruling %d read back as %+v, want %+v", r.Seq, r, in[r.Seq-1])
				}
			}
			if !reflect.DeepEqual(gotSeqs, tc.want) {
				t.Errorf("Rulings(%v) = %v, want %v", tc.g, gotSeqs, tc.want)
			}
		}
		return nil
	})
	if err := db.Update(func(tx *Tx) error {
		_, err := tx.AppendRuling(Ruling{Game: game37, Entry: ruled("penalty")})
		return err
	}); !errors.Is(err, ErrInvalid) {
		t.Errorf("ruling without a time: %v, want ErrInvalid", err)
	}
}

// TestRulings_AppendOnly checks that the store offers no way to change or
// remove a ruling: the only methods that touch rulings append and read.
func TestRulings_AppendOnly(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[*Tx](), reflect.TypeFor[*DB]()} {
		for i := range typ.NumMethod() {
			name := typ.Method(i).Name
			if strings.Contains(name, "Ruling") && name != "AppendRuling" && name != "Rulings" {
				t.Errorf("%v has method %s: the rulings log must be append-only", typ, name)
			}
		}
	}
	// And appending never touches earlier entries.
	db := openTemp(t)
	update(t, db, func(tx *Tx) error {
		_, err := tx.AppendRuling(Ruling{Game: game37, Time: t0, Entry: ruled("penalty"), Reason: "first"})
		return err
	})
	before := dumpBucket(t, db, bucketRulings)
	update(t, db, func(tx *Tx) error {
		_, err := tx.AppendRuling(Ruling{Game: game37, Time: t0, Entry: ruled("annul"), Reason: "second"})
		return err
	})
	after := dumpBucket(t, db, bucketRulings)
	entries := 0
	for line := range strings.Lines(before) {
		if strings.HasPrefix(line, "rulings seq=") {
			continue
		}
		entries++
		if !strings.Contains(after, line) {
			t.Errorf("appending changed an earlier ruling:\nbefore %safter\n%s", line, after)
		}
	}
	if entries != 1 || strings.Count(after, "\n") != 3 {
		t.Errorf("rulings before:\n%s\nafter:\n%s", before, after)
	}
}

// dumpBucket is the part of dump about one bucket.
func dumpBucket(t *testing.T, db *DB, name []byte) string {
	var out []string
	for line := range strings.Lines(dump(t, db)) {
		if strings.HasPrefix(line, string(name)+" ") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "")
}

func TestEvents(t *testing.T) {
	db := openTemp(t)
	g3 := GameID{Tournament: "CT-2026/2"} // the tournament itself: its end date
	update(t, db, func(tx *Tx) error {
		return errors.Join(
			tx.SetNextEvent(game37, t0.Add(48*time.Hour)),
			tx.SetNextEvent(game12, t0.Add(24*time.Hour)),
			tx.SetNextEvent(g3, t0.Add(72*time.Hour)),
		)
	})
	earliest := func() (GameEvent, bool) {
		var ev GameEvent
		var ok bool
		view(t, db, func(tx *Tx) (err error) {
			ev, ok, err = tx.EarliestEvent()
			return err
		})
		return ev, ok
	}
	if ev, ok := earliest(); !ok || ev.Game != game12 || !ev.At.Equal(t0.Add(24*time.Hour)) {
		t.Errorf("earliest %+v %v, want 1-2 at +24h", ev, ok)
	}
	// 1-2 moved later: 3-7 is now first, and 1-2 is not listed twice.
	update(t, db, func(tx *Tx) error { return tx.SetNextEvent(game12, t0.Add(96*time.Hour)) })
	if ev, _ := earliest(); ev.Game != game37 {
		t.Errorf("earliest after moving 1-2: %+v", ev)
	}
	view(t, db, func(tx *Tx) error {
		got, err := tx.EventsDue(t0.Add(100 * time.Hour))
		want := []GameEvent{
			{game37, t0.Add(48 * time.Hour)},
			{g3, t0.Add(72 * time.Hour)},
			{game12, t0.Add(96 * time.Hour)},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("EventsDue (-want +got):\n%s", diff)
		}
		due, err2 := tx.EventsDue(t0.Add(48 * time.Hour))
		if len(due) != 1 || due[0].Game != game37 {
			t.Errorf("EventsDue at exactly 3-7's instant: %+v", due)
		}
		return errors.Join(err, err2)
	})
	// Cleared: gone from both indexes.
	update(t, db, func(tx *Tx) error {
		return errors.Join(tx.SetNextEvent(game37, time.Time{}), tx.SetNextEvent(game37, time.Time{}))
	})
	view(t, db, func(tx *Tx) error {
		if _, ok := tx.NextEvent(game37); ok {
			t.Error("3-7 still has a next event")
		}
		if at, ok := tx.NextEvent(game12); !ok || !at.Equal(t0.Add(96*time.Hour)) {
			t.Errorf("1-2's next event %v %v", at, ok)
		}
		return nil
	})
	if ev, _ := earliest(); ev.Game != g3 {
		t.Errorf("earliest after clearing 3-7: %+v", ev)
	}
	update(t, db, func(tx *Tx) error {
		return errors.Join(tx.SetNextEvent(game12, time.Time{}), tx.SetNextEvent(g3, time.Time{}))
	})
	if _, ok := earliest(); ok {
		t.Error("an earliest event with none set")
	}
}

func TestParseGameID(t *testing.T) {
	tests := []struct {
		in   string
		want GameID
		ok   bool
	}{
		{"CT-2026/1/3-7", GameID{"CT-2026/1", "3-7"}, true},
		{"СТ-2026/1/0307", GameID{"СТ-2026/1", "0307"}, true},
		{"T/g", GameID{"T", "g"}, true},
		{"T", GameID{}, false},
		{"/3-7", GameID{}, false},
		{"T/", GameID{}, false},
		{"", GameID{}, false},
		{"T\x00/g", GameID{}, false},
		{"T/\xff", GameID{}, false},
	}
	for _, tc := range tests {
		got, err := ParseGameID(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseGameID(%q) = %+v, %v", tc.in, got, err)
		}
		if err == nil && got.Key() != tc.in {
			t.Errorf("ParseGameID(%q).Key() = %q", tc.in, got.Key())
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseGameID(%q): %v, want ErrInvalid", tc.in, err)
		}
	}
}

func TestGames(t *testing.T) {
	db := openTemp(t)
	ids := []GameID{
		{"T", "1-2"}, {"T", "3-4"}, {"T/1", "1-2"}, {"T1", "1-2"}, {"U", "1-2"},
	}
	update(t, db, func(tx *Tx) error {
		for i, g := range ids {
			if err := tx.PutGame(g, GameState{Format: uint16(i), Data: []byte(g.Key())}); err != nil {
				return err
			}
		}
		return nil
	})
	view(t, db, func(tx *Tx) error {
		got, err := tx.Games("T")
		if diff := cmp.Diff([]GameID{{"T", "1-2"}, {"T", "3-4"}}, got); diff != "" {
			t.Errorf("Games(T) (-want +got):\n%s", diff)
		}
		all, err2 := tx.Games("")
		if len(all) != len(ids) {
			t.Errorf("Games() = %v", all)
		}
		st, err3 := tx.Game(GameID{"T/1", "1-2"})
		if st.Format != 2 || string(st.Data) != "T/1/1-2" {
			t.Errorf("game T/1/1-2: %+v", st)
		}
		_, err4 := tx.Game(GameID{"T", "9-9"})
		if !errors.Is(err4, ErrNotFound) {
			t.Errorf("missing game: %v, want ErrNotFound", err4)
		}
		return errors.Join(err, err2, err3)
	})
	for _, bad := range []GameID{{}, {"T", ""}, {"T", "1/2"}, {"", "1-2"}} {
		if err := db.Update(func(tx *Tx) error { return tx.PutGame(bad, GameState{}) }); !errors.Is(err, ErrInvalid) {
			t.Errorf("PutGame(%+v): %v, want ErrInvalid", bad, err)
		}
	}
}

func TestTournaments(t *testing.T) {
	db := openTemp(t)
	sheet := Sheet{Format: "toml", Data: []byte("[tournament]\ncode = \"СТ-2026/1\"\n"), Created: t0}
	update(t, db, func(tx *Tx) error {
		return errors.Join(tx.PutTournament("СТ-2026/1", sheet), tx.PutTournament("CT-2026/2", Sheet{Format: "json", Data: []byte("{}"), Created: t0}))
	})
	view(t, db, func(tx *Tx) error {
		got, err := tx.Tournament("СТ-2026/1")
		if diff := cmp.Diff(sheet, got); diff != "" {
			t.Errorf("sheet (-want +got):\n%s", diff)
		}
		codes, err2 := tx.Tournaments()
		if diff := cmp.Diff([]string{"CT-2026/2", "СТ-2026/1"}, codes); diff != "" {
			t.Errorf("codes (-want +got):\n%s", diff)
		}
		_, err3 := tx.Tournament("nope")
		if !errors.Is(err3, ErrNotFound) {
			t.Errorf("missing tournament: %v", err3)
		}
		return errors.Join(err, err2)
	})
	if err := db.Update(func(tx *Tx) error { return tx.PutTournament("X", Sheet{Format: "yaml"}) }); !errors.Is(err, ErrInvalid) {
		t.Errorf("yaml sheet: %v, want ErrInvalid", err)
	}
}
